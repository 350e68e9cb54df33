// The minimum lead time of a booking (how long before the pick-up a partner must hear of it): per service from the
// settings (lead_minutes_airport, lead_minutes_inter_province, lead_minutes_hourly; a shared ride's is spec 4's
// sharing_time_limit), and a partner's own lead time when it is longer. The time picker, the forms and the server
// all ask here.
import { systemValue, type SystemConfig } from './system-config';

export type LeadService = 'airport' | 'inter_province' | 'hourly' | 'shared';

/** The service whose lead time a booking keeps: a shared ride's, else its booking type's (1 airport, 2 hourly, 3 inter-province). */
export function leadServiceOf(booking: { type: number; sharing?: boolean }): LeadService {
  if (booking.type === 2) return 'hourly';
  if (booking.sharing) return 'shared';
  return booking.type === 3 ? 'inter_province' : 'airport';
}

/** The site's lead time of a service, in minutes. */
export function siteLeadMinutes(service: LeadService, system: Partial<SystemConfig> | undefined): number {
  if (service === 'shared') return systemValue(system, 'sharing_time_limit');
  if (service === 'hourly') return systemValue(system, 'lead_minutes_hourly');
  return systemValue(system, service === 'inter_province' ? 'lead_minutes_inter_province' : 'lead_minutes_airport');
}

/** The lead time a booking must keep: the site's for its service, or the partner's own when that is longer. */
export function leadMinutesFor(
  service: LeadService,
  system: Partial<SystemConfig> | undefined,
  partnerLead?: number | null,
): number {
  const site = siteLeadMinutes(service, system);
  return typeof partnerLead === 'number' && Number.isInteger(partnerLead) && partnerLead > site ? partnerLead : site;
}

/** The earliest pick-up a booking made at `now` may have. */
export function earliestDepartAt(now: Date | number, leadMinutes: number): Date {
  const ms = typeof now === 'number' ? now : now.getTime();
  return new Date(ms + leadMinutes * 60_000);
}

/** Whether a pick-up at `at` leaves the lead time from `now` (a pick-up exactly at the limit does). */
export function keepsLead(at: Date, now: Date | number, leadMinutes: number): boolean {
  return at.getTime() >= earliestDepartAt(now, leadMinutes).getTime();
}

/** The message parameters of a lead time: whole hours when it is whole hours, else minutes. */
export function leadParams(leadMinutes: number): { hours: number; minutes: number; unit: 'hours' | 'minutes' } {
  const whole = leadMinutes % 60 === 0 && leadMinutes >= 60;
  return { hours: Math.floor(leadMinutes / 60), minutes: leadMinutes, unit: whole ? 'hours' : 'minutes' };
}
