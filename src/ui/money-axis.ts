/**
 * The overview chart's money axis (DailyChart.tsx): every tick in the one money format of the
 * reports (symbol, grouping, two decimals), on an axis as wide as its widest tick. A fixed width
 * cut the symbol off the wider ticks at the canvas' edge, so the axis read "$0.00" beside
 * "2,000.00".
 */
import type uPlot from 'uplot';

/** Tick length and the gap between tick and label (uPlot's defaults, set here so the width adds up). */
const TICK = 10;
const GAP = 5;
/** Room left of the widest label. */
const PAD = 4;

/** The y axis's options: labels from `format`, the axis as wide as the widest of them (`measure`: CSS pixels). */
export function moneyAxis(format: (n: number) => string, measure?: (text: string, font: string) => number): Pick<uPlot.Axis, 'values' | 'size' | 'gap' | 'ticks'> {
  return {
    values: (_u, ticks) => ticks.map((t) => format(t)),
    gap: GAP,
    ticks: { size: TICK },
    size: (self, values, axisIdx, cycleNum) => {
      const axis = self.axes[axisIdx] as uPlot.Axis & { _size?: number; font?: string | [string, number] };
      // uPlot sizes the axes again until they settle; after two rounds keep the last width.
      if (cycleNum > 1 && axis._size) return axis._size;
      const font = Array.isArray(axis.font) ? axis.font[0] : (axis.font ?? '12px system-ui');
      const widest = Math.max(0, ...(values ?? []).map((v) => (measure ?? canvasMeasure(self))(v, font)));
      return Math.ceil(TICK + GAP + widest + PAD);
    },
  };
}

/** Text width on the chart's own canvas, in CSS pixels (uPlot's font sizes are scaled by the pixel ratio). */
function canvasMeasure(self: uPlot) {
  return (text: string, font: string) => {
    self.ctx.font = font;
    return self.ctx.measureText(text).width / (globalThis.devicePixelRatio || 1);
  };
}
