import { describe, expect, it } from 'vitest';
import { earliestDepartAt, keepsLead, leadMinutesFor, leadParams, leadServiceOf, siteLeadMinutes } from './lead-time';
import { SYSTEM_CONFIG_DEFAULTS } from './system-config';

describe('lead time', () => {
  it('is 2 hours for airport and inter-province rides, 3 for shared ones and 1 for an hourly hire by default', () => {
    const system = { ...SYSTEM_CONFIG_DEFAULTS };
    expect(siteLeadMinutes(leadServiceOf({ type: 1 }), system)).toBe(120);
    expect(siteLeadMinutes(leadServiceOf({ type: 3 }), system)).toBe(120);
    expect(siteLeadMinutes(leadServiceOf({ type: 1, sharing: true }), system)).toBe(180);
    expect(siteLeadMinutes(leadServiceOf({ type: 3, sharing: true }), system)).toBe(180);
    expect(siteLeadMinutes(leadServiceOf({ type: 2 }), system)).toBe(60);
  });

  it('follows the settings, and reads a value out of range as the default', () => {
    expect(siteLeadMinutes('airport', { lead_minutes_airport: 45 })).toBe(45);
    expect(siteLeadMinutes('hourly', { lead_minutes_hourly: 0 })).toBe(0);
    expect(siteLeadMinutes('airport', { lead_minutes_airport: -5 })).toBe(120);
    expect(siteLeadMinutes('shared', { sharing_time_limit: 240 })).toBe(240);
  });

  it('takes the partner’s own lead time only when it is longer than the site’s', () => {
    expect(leadMinutesFor('airport', undefined, 240)).toBe(240);
    expect(leadMinutesFor('airport', undefined, 30)).toBe(120);
    expect(leadMinutesFor('airport', undefined, null)).toBe(120);
  });

  it('lets a pick-up exactly at the limit through, and refuses one a minute sooner', () => {
    const now = new Date('2026-11-28T03:00:00Z');
    expect(earliestDepartAt(now, 120).toISOString()).toBe('2026-11-28T05:00:00.000Z');
    expect(keepsLead(new Date('2026-11-28T05:00:00Z'), now, 120)).toBe(true);
    expect(keepsLead(new Date('2026-11-28T04:59:00Z'), now, 120)).toBe(false);
    expect(keepsLead(new Date('2026-11-28T03:06:00Z'), now, 120)).toBe(false);
  });

  it('says whole hours in hours, else minutes', () => {
    expect(leadParams(120)).toEqual({ hours: 2, minutes: 120, unit: 'hours' });
    expect(leadParams(90)).toEqual({ hours: 1, minutes: 90, unit: 'minutes' });
  });
});
