// Passenger count (spec 9: 1 to 16) as a stepper: two buttons around a live number.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  label: string;
  value: number;
  min?: number;
  max: number;
  onChange(value: number): void;
}

export function PassengerPicker({ label, value, min = 1, max, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="picker-field">
      <span className="field-label" id={id}>
        {label}
      </span>
      <div className="stepper" role="group" aria-labelledby={id}>
        <button
          type="button"
          className="icon-button"
          aria-label={t('picker.fewer')}
          disabled={value <= min}
          onClick={() => onChange(value - 1)}
        >
          −
        </button>
        <output className="stepper-value" aria-live="polite">
          {t('picker.passengers', { count: value })}
        </output>
        <button
          type="button"
          className="icon-button"
          aria-label={t('picker.more')}
          disabled={value >= max}
          onClick={() => onChange(value + 1)}
        >
          +
        </button>
      </div>
    </div>
  );
}
