/**
 * A choice of two or three ways shown as a row of buttons, the chosen one pressed (a login or
 * registration method, a transfer's direction, a period's length); the group is named for screen
 * readers.
 */
export function Segmented<V extends string | number>({ label, value, options, onChange }: { label: string; value: V; options: readonly { value: V; label: string }[]; onChange: (value: V) => void }) {
  return (
    <div className="segmented" role="group" aria-label={label}>
      {options.map((o) => (
        <button key={o.value} type="button" aria-pressed={value === o.value} onClick={() => onChange(o.value)}>
          {o.label}
        </button>
      ))}
    </div>
  );
}
