// The inside of the pickup time picker (spec 2): a calendar, then the day's slots; past slots are disabled. A chunk of
// its own: the home page paints without it, it loads when idle after that or at the picker's first opening.
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { latestDepartAt, maxDepartDay, minDepartDay, timeSlots } from '../../../shared/domain/depart-time';
import { earliestDepartAt, type LeadService } from '../../../shared/domain/lead-time';
import { leadTimeText } from './lead-time-text';
import {
  VN_TIME_ZONE,
  daysInMonth,
  formatVnDate,
  formatVnDateTime,
  parseVnDateTime,
  vnDate,
  vnParts,
  vnStartOfDay,
} from '../../../shared/domain/vn-time';

function monthCells(year: number, month: number): (Date | null)[] {
  const lead = (vnParts(vnDate(year, month, 1)).weekday + 6) % 7; // weeks start on Monday in Vietnam
  const cells: (Date | null)[] = Array.from({ length: lead }, () => null);
  for (let day = 1; day <= daysInMonth(year, month); day++) cells.push(vnDate(year, month, day));
  return cells;
}

/** Midnight of the first day of the Vietnam month that holds `at`, moved by `months`. */
const startOfMonth = (at: Date | number, months = 0) => {
  const { year, month } = vnParts(at);
  return vnDate(year, month + months, 1);
};

export function PickerBody({
  value,
  stepMinutes,
  horizonDays,
  leadMinutes = 0,
  leadService,
  onPick,
  onStep,
}: {
  value: string;
  stepMinutes: number;
  /** The configured booking horizon (the server refuses departures past it). */
  horizonDays: number;
  /** The service's minimum lead time: slots sooner than this after now are not offered. */
  leadMinutes?: number;
  /** The service whose lead time it is: the picker says why the soonest slots are not offered. */
  leadService?: LeadService;
  onPick(value: string): void;
  onStep(step: 'day' | 'time', day: Date): void;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language === 'en' ? 'en-GB' : 'vi-VN';
  // Fresh each time the dialog opens: "now" is the moment it opened.
  const [now] = useState(() => Date.now());
  // The last instant not offered: a slot must be later than it (now, plus the lead time less a millisecond).
  const closed = leadMinutes > 0 ? earliestDepartAt(now, leadMinutes).getTime() - 1 : now;
  const [day, setDay] = useState(() => {
    const current = parseVnDateTime(value);
    return current && current.getTime() > closed ? vnStartOfDay(current) : minDepartDay(closed);
  });
  const [month, setMonth] = useState(() => startOfMonth(day));
  const [step, setStep] = useState<'day' | 'time'>('day');
  const slotList = useRef<HTMLDivElement>(null);

  const min = minDepartDay(closed);
  const max = maxDepartDay(now, horizonDays);
  const cells = useMemo(() => monthCells(vnParts(month).year, vnParts(month).month), [month]);
  const slots = useMemo(
    () => timeSlots(day, closed, stepMinutes, latestDepartAt(now, horizonDays)),
    [day, closed, now, stepMinutes, horizonDays],
  );
  const monthTitle = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: VN_TIME_ZONE }).format(month);
  const weekdays = useMemo(() => {
    const fmt = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
    return Array.from({ length: 7 }, (_, i) => fmt.format(new Date(Date.UTC(2024, 0, 1 + i)))); // 2024-01-01 was a Monday
  }, [locale]);
  const previous = startOfMonth(month, -1);
  const next = startOfMonth(month, 1);
  const canPrevious = month.getTime() > min.getTime();
  const canNext = next.getTime() <= max.getTime();

  useEffect(() => {
    if (step !== 'time') return;
    const list = slotList.current;
    const target =
      list?.querySelector<HTMLButtonElement>('button[aria-pressed="true"]:not([disabled])') ??
      list?.querySelector<HTMLButtonElement>('button:not([disabled])');
    target?.scrollIntoView({ block: 'center' });
    target?.focus();
  }, [step]);

  const go = (nextStep: 'day' | 'time', nextDay: Date) => {
    setStep(nextStep);
    setDay(nextDay);
    onStep(nextStep, nextDay);
  };

  const leadNote = leadService && leadMinutes > 0 ? leadTimeText(t, leadService, leadMinutes).note : '';
  const note = leadNote ? <p className="field-hint picker-note">{leadNote}</p> : null;

  if (step === 'day') {
    return (
      <div className="calendar">
        {note}
        <div className="calendar-head">
          <button
            type="button"
            className="icon-button"
            disabled={!canPrevious}
            aria-label={t('picker.prev_month')}
            onClick={() => setMonth(previous)}
          >
            ‹
          </button>
          <span className="calendar-title" aria-live="polite">
            {monthTitle}
          </span>
          <button
            type="button"
            className="icon-button"
            disabled={!canNext}
            aria-label={t('picker.next_month')}
            onClick={() => setMonth(next)}
          >
            ›
          </button>
        </div>
        <div className="calendar-grid" role="group" aria-label={monthTitle}>
          {weekdays.map((name) => (
            <span key={name} className="calendar-weekday" aria-hidden="true">
              {name}
            </span>
          ))}
          {cells.map((cell, index) =>
            cell ? (
              <button
                key={cell.getTime()}
                type="button"
                className={`calendar-day${cell.getTime() === day.getTime() ? ' selected' : ''}`}
                disabled={cell < min || cell > max}
                aria-pressed={cell.getTime() === day.getTime()}
                aria-label={formatVnDate(cell)}
                onClick={() => go('time', cell)}
              >
                {vnParts(cell).day}
              </button>
            ) : (
              <span key={`blank-${index}`} />
            ),
          )}
        </div>
      </div>
    );
  }

  return (
    <div>
      <button type="button" className="link-button" onClick={() => go('day', day)}>
        ‹ {t('picker.back_to_days')}
      </button>
      {note}
      <div className="slot-grid" ref={slotList} role="group" aria-label={t('picker.choose_hour', { day: formatVnDate(day) })}>
        {slots.map((slot) => {
          const text = formatVnDateTime(slot.at);
          return (
            <button
              key={slot.label}
              type="button"
              className={`slot${text === value ? ' selected' : ''}`}
              disabled={slot.disabled}
              aria-pressed={text === value}
              onClick={() => onPick(text)}
            >
              {slot.label}
            </button>
          );
        })}
      </div>
    </div>
  );
}
