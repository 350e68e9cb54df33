// The words of a minimum lead time in the user's language: "2 hours" / "2 giờ", the picker's line that says why
// the soonest slots are not offered, and the refusal of a sooner pick-up (the form's, and the server's
// booking.errors.lead_time with its params). Its messages are a lazy section: only lazily loaded code imports this.
import type { TFunction } from 'i18next';
import type { LeadService } from '../../../shared/domain/lead-time';

const SERVICES: readonly LeadService[] = ['airport', 'inter_province', 'hourly', 'shared'];

/** "2 hours" for whole hours, else "90 minutes". */
export function leadDuration(t: TFunction, minutes: number): string {
  return minutes >= 60 && minutes % 60 === 0
    ? t('lead_time.hours', { count: minutes / 60 })
    : t('lead_time.minutes', { count: minutes });
}

/** The picker's note and the refusal of a lead time (no note without one). */
export function leadTimeText(t: TFunction, service: LeadService, minutes: number): { note: string; error: string } {
  const vars = { service: t(`lead_time.service_${service}`), lead: leadDuration(t, minutes) };
  return {
    note: minutes > 0 ? t('lead_time.note', vars) : '',
    error: t('lead_time.refused', vars),
  };
}

/** The server's refusal of a lead time, from its params ({minutes, service}); null when they are not there. */
export function leadRefusalText(t: TFunction, params: Record<string, unknown> | undefined): string | null {
  const minutes = params?.minutes;
  const service = SERVICES.find((name) => name === params?.service) ?? 'airport';
  return typeof minutes === 'number' && minutes > 0 ? leadTimeText(t, service, minutes).error : null;
}
