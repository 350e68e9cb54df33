// Hourly hire duration (spec 9): 2 to 12 hours, 24 hours shows as 1 day, more as days.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { durationParts } from '../../../shared/domain/trip-search';

interface Props {
  label: string;
  value: number;
  options: readonly number[];
  onChange(value: number): void;
}

export function useDurationLabel() {
  const { t } = useTranslation();
  return (hours: number) => {
    const parts = durationParts(hours);
    return parts.unit === 'days' ? t('picker.days', { count: parts.count }) : t('picker.hours', { count: parts.count });
  };
}

export function DurationPicker({ label, value, options, onChange }: Props) {
  const id = useId();
  const durationLabel = useDurationLabel();
  return (
    <div className="picker-field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <select id={id} className="field-input" value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((hours) => (
          <option key={hours} value={hours}>
            {durationLabel(hours)}
          </option>
        ))}
      </select>
    </div>
  );
}
