// One price-list filter as a chip: a native select over the chip, so a tap opens the phone's own
// picker and a screen reader hears the label and the value; the chip shows the label until a value other than the default is chosen.
import { useId } from 'react';

export function FilterChip({
  label,
  value,
  options,
  active,
  showValue = active,
  onChange,
}: {
  label: string;
  value: string | number;
  options: { value: string | number; label: string }[];
  /** A value other than the list's default: the chip shows it, highlighted, instead of the label. */
  active: boolean;
  /** Show the value even when it is the default (the hourly duration, a part of the search). */
  showValue?: boolean;
  onChange(value: string): void;
}) {
  const id = useId();
  const chosen = options.find((option) => String(option.value) === String(value));
  return (
    <div className={`filter-chip${active ? ' active' : ''}`}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <span className="filter-chip-text" aria-hidden="true">
        {showValue && chosen ? chosen.label : label}
        <svg className="filter-chip-caret" width="12" height="12" viewBox="0 0 12 12" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </span>
      <select id={id} className="filter-chip-select" value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
