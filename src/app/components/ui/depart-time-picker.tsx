// The pickup time picker of spec 2: a calendar, then the day's slots (15 minutes apart, or the configured
// pickup_time_step_minutes of spec 9); past slots are disabled.
// Shows and returns the spec's text form "HH:mm d/M/yyyy" in Vietnam time. Its open state belongs to the
// form, which can also open it (the "Depart time was over" dialog's re-pick button).
import { Suspense, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { systemValue } from '../../../shared/domain/system-config';
import { formatVnDate } from '../../../shared/domain/vn-time';
import { useSystemConfig } from '../../lib/config-store';
import { whenIdle } from '../../lib/use-when-idle';
import { Dialog } from './dialog';
import { lazyPart } from './load-error';
import { withMessages } from '../../lib/i18n';
import type { LeadService } from '../../../shared/domain/lead-time';

// The calendar and the slots load when the browser is idle after the first paint, or at the first opening.
const loadCalendar = () => import('./depart-time-calendar').then((module) => ({ default: module.PickerBody }));
// Opened, it brings the messages of the lazy screens too (the lead time's line is one of them).
const PickerBody = lazyPart(withMessages(loadCalendar));

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  open: boolean;
  onOpenChange(open: boolean): void;
  invalid?: boolean;
  /** The service's minimum lead time in minutes: sooner slots are not offered. */
  leadMinutes?: number;
  /** The service whose lead time it is (the picker says why the soonest slots are not offered). */
  leadService?: LeadService;
}

export function DepartTimePicker({ label, value, onChange, open, onOpenChange, invalid, leadMinutes, leadService }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  const [title, setTitle] = useState('');
  // spec 9 pickup_time_step_minutes from the served config (15 until it answers).
  const system = useSystemConfig();
  useEffect(() => whenIdle(() => void loadCalendar().catch(() => {})), []);
  return (
    <div className={`picker-field${invalid ? ' invalid' : ''}`}>
      <span className="field-label" id={labelId}>
        {label}
      </span>
      <button
        type="button"
        className="field-input picker-button"
        aria-haspopup="dialog"
        aria-labelledby={`${labelId} ${labelId}-value`}
        aria-invalid={invalid || undefined}
        onClick={() => {
          setTitle('');
          onOpenChange(true);
        }}
      >
        <span id={`${labelId}-value`}>{value || t('picker.choose_time')}</span>
      </button>
      <Dialog open={open} title={title || t('picker.choose_day')} onClose={() => onOpenChange(false)} sheet>
        <Suspense fallback={<p role="status">{t('picker.loading')}</p>}>
          <PickerBody
            value={value}
            stepMinutes={system.pickup_time_step_minutes}
            horizonDays={systemValue(system, 'booking_horizon_days')}
            leadMinutes={leadMinutes}
            leadService={leadService}
            onStep={(step, day) => setTitle(step === 'day' ? '' : t('picker.choose_hour', { day: formatVnDate(day) }))}
            onPick={(text) => {
              onChange(text);
              onOpenChange(false);
            }}
          />
        </Suspense>
      </Dialog>
    </div>
  );
}
