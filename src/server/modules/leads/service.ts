// Issue 8's forms and live calls: stores the special requests and partner leads; hands a
// business partner's lead to the business module, which opens its account at once; answers the live booking count,
// the pickup window of a range-time booking and the search keywords; keeps the billing form's unfinished bookings
// and the side menu's quick bookings (the partners module lists them to the transport partners).
import { rangeWindow } from '../../../shared/domain/range-time';
import {
  LIVE_BOOKING_CACHE_MS,
  RANGE_TIME_MINUTES,
  type ExchangeKeyword,
  type LeadContactInput,
  type LiveBookingCount,
  type RangeTime,
  type SavePendingInput,
  type SpecialRequestInput,
  type SpecialRequestResult,
} from '../../../shared/contract/leads';
import { type QuickBookingInput } from '../../../shared/contract/partners';
import { normalizePhone } from '../../../shared/domain/phone';
import { type Lang } from '../../../shared/domain/route-table';
import { SYSTEM_CONFIG_DEFAULTS, systemValue, type SystemConfig } from '../../../shared/domain/system-config';
import { formatVnDateTime, parseVnDateTime, vnStartOfDay } from '../../../shared/domain/vn-time';
import type { Logger } from '../../http/errors';
import { cached } from '../../http/cached';
import { PARTNER_LANDING_POSTS } from './landing-posts';
import type { BusinessService } from '../business/service';

import type { LeadsRepository } from './repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Unfinished bookings are kept 30 days (contact details of people who did not book). */
export const PENDING_KEEP_DAYS = 30;
/** A quick booking whose depart time is still ahead outlives PENDING_KEEP_DAYS, but never this long after its save. */
export const QUICK_BOOKING_KEEP_MAX_DAYS = 366;

export interface LeadsServiceDeps {
  repository: LeadsRepository;
  log: Logger;
  now: () => Date;
  /** The business module's service: a business lead opens its credit account at once. */
  business: Pick<BusinessService, 'register'>;
  /** The live spec 9 values (the config service's cached snapshot); the spec's defaults without one. */
  system?: () => Promise<SystemConfig>;
}

export function createLeadsService(deps: LeadsServiceDeps) {
  const { repository, log, now } = deps;
  const system = deps.system ?? (() => Promise.resolve({ ...SYSTEM_CONFIG_DEFAULTS }));

  // The live count: the first ticket id of the day (less an hour) is found once a day, then each count is a range
  // scan of the primary key over today's tickets; the answer is shared for LIVE_BOOKING_CACHE_MS.
  let boundary: { dayStart: number; afterId: number } | null = null;
  async function ticketIdBoundary(dayStart: Date): Promise<number> {
    if (boundary?.dayStart !== dayStart.getTime()) {
      const afterId = await repository.lastTicketIdBefore(new Date(dayStart.getTime() - HOUR_MS));
      boundary = { dayStart: dayStart.getTime(), afterId };
    }
    return boundary.afterId;
  }
  const liveCount = cached<LiveBookingCount>(async () => {
    const at = now();
    const today = vnStartOfDay(at);
    const counts = await repository.countTicketsSince(await ticketIdBoundary(today), {
      today,
      lastHour: new Date(at.getTime() - HOUR_MS),
    });
    const refreshMs = systemValue(await system(), 'live_booking_refresh_ms');
    return { today: counts.today, last_hour: counts.lastHour, refresh_ms: refreshMs, as_of: at.toISOString() };
  }, LIVE_BOOKING_CACHE_MS);

  // spec 9 exchange_keyword_cache_minutes: the lifetime read with the keywords is the one the next get compares with.
  let keywordLifetimeMs = SYSTEM_CONFIG_DEFAULTS.exchange_keyword_cache_minutes * 60_000;
  const keywords = cached(
    () => repository.exchangeKeywords(),
    () => keywordLifetimeMs,
  );

  let lastPurge = 0;
  async function purgePending(at: Date) {
    if (at.getTime() - lastPurge < HOUR_MS) return;
    lastPurge = at.getTime();
    await repository.deletePendingBefore(
      new Date(at.getTime() - PENDING_KEEP_DAYS * DAY_MS),
      at,
      new Date(at.getTime() - QUICK_BOOKING_KEEP_MAX_DAYS * DAY_MS),
    );
  }

  return {
    async specialRequest(input: SpecialRequestInput, ip: string): Promise<SpecialRequestResult> {
      const at = now();
      const replyHours = systemValue(await system(), 'special_request_reply_hours');
      const replyDueAt = new Date(at.getTime() + replyHours * HOUR_MS);
      const row = await repository.insertSpecialRequest({
        fullname: input.fullname,
        phone: normalizePhone(input.phone_code, input.phone),
        email: input.email.toLowerCase(),
        pickAddress: input.pick_address,
        dropAddress: input.drop_address,
        departTime: input.depart_time,
        departAt: parseVnDateTime(input.depart_time) ?? at,
        days: input.days,
        seats: input.seats,
        vehicleCount: input.vehicle_count,
        note: input.note,
        lang: input.lang,
        ip,
        replyDueAt,
        createdAt: at,
      });
      return { id: row.id, reply_by: row.replyDueAt.toISOString(), reply_within_hours: replyHours };
    },

    /**
     * spec 1: a transport partner's lead waits for the team's call; a business partner is approved at once by the
     * business module, which e-mails its login before the answer.
     */
    async lead(input: LeadContactInput, ip: string) {
      const at = now();
      const business = input.type === 'business';
      const phone = normalizePhone(input.phone_code, input.phone);
      const email = (input.email ?? '').toLowerCase();
      const lead = await repository.insertLead({
        type: input.type,
        fullname: input.fullname,
        phone,
        email,
        companyName: input.company_name,
        taxCode: input.tax_code,
        address: input.address,
        fleetSize: input.fleet_size ?? null,
        note: input.note,
        lang: input.lang,
        ip,
        status: business ? 'approved' : 'new',
        createdAt: at,
      });
      if (!business) return { id: lead.id, type: input.type, login_sent: false };
      const loginSent = await deps.business.register({
        leadId: lead.id,
        email,
        companyName: input.company_name,
        contactName: input.fullname,
        phone,
        lang: input.lang,
        createdAt: at,
      });
      return { id: lead.id, type: input.type, login_sent: loginSent };
    },

    async partnerLanding(lang: Lang) {
      return {
        commission_percent: systemValue(await system(), 'partner_commission_percent'),
        revenue_increase_percent: 20,
        posts: PARTNER_LANDING_POSTS.map((post) => ({ id: post.id, title: post.title[lang], body: post.body[lang] })),
      };
    },

    liveBookingCount: () => liveCount.get(),

    /**
     * A booking sent with use_range_time lets the driver pick up within RANGE_TIME_MINUTES either side of the chosen
     * time (shared rides gather passengers; private rides may use it for a cheaper slot). Not offered when the
     * window would start in the past.
     */
    rangeTime(departTime: string): RangeTime {
      const window = rangeWindow(departTime) ?? rangeWindow(formatVnDateTime(now()));
      return {
        minutes_before: RANGE_TIME_MINUTES,
        minutes_after: RANGE_TIME_MINUTES,
        from: window?.from ?? '',
        to: window?.to ?? '',
        available: window ? window.fromAt.getTime() > now().getTime() : false,
      };
    },

    /** The keywords in `lang`, and the minutes they may be kept (spec 9 exchange_keyword_cache_minutes). */
    async exchangeKeywords(lang: Lang): Promise<{ keywords: ExchangeKeyword[]; cacheMinutes: number }> {
      const cacheMinutes = systemValue(await system(), 'exchange_keyword_cache_minutes');
      keywordLifetimeMs = cacheMinutes * 60_000;
      const rows = await keywords.get();
      return {
        cacheMinutes,
        keywords: rows.map((row) => ({
          keyword: row.keyword,
          text: lang === 'en' ? row.textEn : row.textVi,
          place_id: row.placeId,
        })),
      };
    },

    async savePending(input: SavePendingInput, ip: string) {
      const at = now();
      await repository.savePending(
        {
          ticketSession: input.ticket_session,
          sessionId: input.session_id,
          fullname: input.fullname,
          phone: input.phone ? normalizePhone(input.phone_code, input.phone) : '',
          email: input.email.toLowerCase(),
          trip: {
            pick_address: input.pick_address,
            drop_address: input.drop_address,
            depart_time: input.depart_time,
            vehicle_id: input.vehicle_id ?? null,
            brand_partner_id: input.brand_partner_id ?? null,
            merged: input.merged ?? null,
          },
          lang: input.lang,
          ip,
        },
        at,
      );
      await purgePending(at).catch((error: unknown) => log.error('pending purge failed', { error: String(error) }));
      return { saved: true };
    },

    /** The side menu's quick booking: a pending row of kind 'quick' that transport partners list and one takes. */
    async saveQuickBooking(input: QuickBookingInput, ip: string) {
      const at = now();
      const saved = await repository.savePending(
        {
          ticketSession: input.ticket_session,
          kind: 'quick',
          fullname: input.fullname,
          phone: normalizePhone(input.phone_code, input.phone),
          departAt: parseVnDateTime(input.depart_time),
          trip: {
            pick_address: input.pick_address,
            drop_address: input.drop_address,
            depart_time: input.depart_time,
            seats: input.seats ?? null,
            vehicle_id: input.vehicle_id ?? null,
            note: input.note,
          },
          lang: input.lang,
          ip,
        },
        at,
      );
      await purgePending(at).catch((error: unknown) => log.error('pending purge failed', { error: String(error) }));
      return { saved };
    },
  };
}

export type LeadsService = ReturnType<typeof createLeadsService>;
