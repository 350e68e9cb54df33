// An inbox item's promise clock in words: the time left or how late it is while it waits, and once answered how
// early or late the first answer came, with the due time in Vietnam time; or that nothing was promised.
import { useTranslation } from 'react-i18next';
import type { InboxClock } from '../../../../shared/contract/desk-inbox';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';

export interface ClockText {
  key: string;
  /** The duration's key and its hours and minutes. */
  duration: { key: string; hours: number; minutes: number } | null;
  tone: 'none' | 'ok' | 'late';
}

/** Whole minutes, rounded towards zero, as hours and minutes. */
function durationOf(seconds: number): ClockText['duration'] {
  const total = Math.floor(Math.abs(seconds) / 60);
  const hours = Math.floor(total / 60);
  return { key: hours > 0 ? 'desk_inbox.duration.hm' : 'desk_inbox.duration.m', hours, minutes: total % 60 };
}

export function clockText(clock: InboxClock): ClockText {
  if (clock.seconds_left === null) return { key: 'desk_inbox.clock.none', duration: null, tone: 'none' };
  const late = clock.seconds_left < 0;
  const duration = durationOf(clock.seconds_left);
  if (clock.answered_at)
    return {
      key: late ? 'desk_inbox.clock.answered_late' : 'desk_inbox.clock.answered_in_time',
      duration,
      tone: late ? 'late' : 'ok',
    };
  return { key: late ? 'desk_inbox.clock.overdue' : 'desk_inbox.clock.left', duration, tone: late ? 'late' : 'ok' };
}

export function InboxClockText({ clock, withDue = false }: { clock: InboxClock; withDue?: boolean }) {
  const { t } = useTranslation();
  const text = clockText(clock);
  const time = text.duration ? t(text.duration.key, { hours: text.duration.hours, minutes: text.duration.minutes }) : '';
  return (
    <span className={`inbox-clock inbox-clock-${text.tone}`}>
      {t(text.key, { time })}
      {withDue && clock.due_at && (
        <span className="inbox-due"> · {t('desk_inbox.clock.due', { at: formatVnDateTime(new Date(clock.due_at)) })}</span>
      )}
    </span>
  );
}
