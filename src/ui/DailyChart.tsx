/**
 * A day-by-day chart of money figures (the agents' team overview, the console's dashboard), drawn by
 * uPlot (a small, well-kept canvas chart library), loaded only when a chart is shown. The
 * canvas is an image with a text alternative; the same figures are in a table beside it.
 */
import { useEffect, useRef, useState } from 'react';
import { addStylesheet } from './stylesheets.ts';
import { moneyAxis } from './money-axis.ts';

export interface ChartSeries {
  label: string;
  values: number[];
  /** A CSS colour. */
  stroke: string;
}

export function DailyChart({
  days,
  series,
  label,
  loading,
  format,
  dayName,
}: {
  days: string[];
  series: ChartSeries[];
  label: string;
  loading: string;
  format: (n: number) => string;
  /** A day's short name on the axis. */
  dayName: (day: string) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let chart: { destroy(): void; setSize(s: { width: number; height: number }): void } | null = null;
    let live = true;
    let observer: ResizeObserver | null = null;
    void (async () => {
      const [{ default: UPlot }, css] = await Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css?url')]);
      await addStylesheet(css.default);
      if (!live || !box.current) return;
      const el = box.current;
      const width = () => Math.max(260, el.clientWidth);
      const height = () => (el.clientWidth < 520 ? 220 : 280);
      // Each day at its UTC midnight, drawn in UTC: its tick shows the day whatever the viewer's zone.
      const xs = days.map((d) => Date.parse(`${d}T00:00:00Z`) / 1000);
      chart = new UPlot(
        {
          width: width(),
          height: height(),
          tzDate: (ts: number) => UPlot.tzDate(new Date(ts * 1000), 'UTC'),
          // The legend names the lines; the figures themselves are in the table beside the chart.
          legend: { show: true, live: false },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: true } },
          axes: [
            {
              stroke: 'currentColor',
              grid: { stroke: 'rgba(127,127,127,.15)' },
              // Whole days only: each day, or each week when a day's label would not fit.
              incrs: [86_400, 7 * 86_400],
              values: (_u: unknown, ticks: number[]) => ticks.map((t) => dayName(new Date(t * 1000).toISOString().slice(0, 10))),
            },
            { stroke: 'currentColor', ...moneyAxis(format), grid: { stroke: 'rgba(127,127,127,.15)' } },
          ],
          series: [{ label: '' }, ...series.map((s) => ({ label: s.label, stroke: s.stroke, width: 2, value: (_u: unknown, v: number | null) => (v === null ? '' : format(v)) }))],
        },
        [xs, ...series.map((s) => s.values)],
        el,
      );
      setReady(true);
      observer = new ResizeObserver(() => chart?.setSize({ width: width(), height: height() }));
      observer.observe(el);
    })();
    return () => {
      live = false;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [days, series, format, dayName]);
  return (
    <figure className="agent-chart">
      <div ref={box} role="img" aria-label={label} />
      {!ready && (
        <p className="muted" role="status">
          {loading}
        </p>
      )}
    </figure>
  );
}
