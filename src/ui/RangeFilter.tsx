/**
 * The period picker of record lists (spec 9): 7 or 30 days, previous and next, or two dates (at
 * most 31 days). Its state is a store (stores/range-picker.ts); its words are the kit's
 * (`UiWordsContext`, words.tsx); the look is the member centre's sheet (`wl-range`).
 */
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { fill } from '../kernel/i18n/browser.ts';
import { dayLabel, today } from './dates.ts';
import { MAX_RANGE_DAYS, RANGE_SPANS, type DayRange, type RangeSpan } from './ranges.ts';
import { Segmented } from './Segmented.tsx';
import { createRangePicker } from './stores/range-picker.ts';
import { useUiWords } from './words.tsx';
import listsCss from './lists.css?url';
import { addStylesheet } from './stylesheets.ts';

void addStylesheet(listsCss);

/** The period picker: `value` is the period shown, `onChange` gets the one to show next. */
export function RangeFilter({ value, onChange }: { value: DayRange; onChange: (r: DayRange) => void }) {
  const { lang, common } = useUiWords();
  const words = common.range;
  const ids = useId();
  const [picker] = useState(() => createRangePicker(value));
  const { span, draft, problem } = useStore(picker.$picker);
  const now = today();
  useEffect(() => picker.follow(value), [picker, value]);

  const pick = (s: RangeSpan) => onChange(picker.pick(s, now));
  const shift = (dir: -1 | 1) => onChange(picker.shift(value, dir, now));
  const apply = (next: DayRange) => {
    const shown = picker.type(next, now);
    if (shown) onChange(shown);
  };
  const issue = problem === null ? null : problem === 'tooLong' ? fill(words.tooLong, { max: MAX_RANGE_DAYS }) : words[problem];

  return (
    <fieldset className="wl-range" aria-describedby={issue ? `${ids}-err` : undefined}>
      <legend className="sr-only">{words.label}</legend>
      <div className="wl-range-row">
        <Segmented label={words.span} value={span} onChange={pick} options={RANGE_SPANS.map((s) => ({ value: s, label: fill(words.lastDays, { days: s }) }))} />
        <div className="wl-range-step">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => shift(-1)}>
            <span aria-hidden="true">‹ </span>
            {fill(words.previous, { days: span })}
          </button>
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => shift(1)} disabled={value.to >= now}>
            {fill(words.next, { days: span })}
            <span aria-hidden="true"> ›</span>
          </button>
        </div>
      </div>
      <div className="wl-range-row">
        <label className="wl-date">
          <span>{words.from}</span>
          <input type="date" value={draft.from} max={now} onChange={(e) => apply({ ...draft, from: e.target.value })} aria-invalid={issue ? true : undefined} />
        </label>
        <label className="wl-date">
          <span>{words.to}</span>
          <input type="date" value={draft.to} max={now} onChange={(e) => apply({ ...draft, to: e.target.value })} aria-invalid={issue ? true : undefined} />
        </label>
        <p className="wl-range-now" aria-live="polite">
          {fill(words.showing, { from: dayLabel(value.from, lang), to: dayLabel(value.to, lang) })}
        </p>
      </div>
      {issue && (
        <p className="field-error" id={`${ids}-err`}>
          {issue}
        </p>
      )}
    </fieldset>
  );
}
