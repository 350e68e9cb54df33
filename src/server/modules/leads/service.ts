// Issue 8's forms and live calls: stores the special requests, partner leads and support callbacks; registers a
// business partner at once (account, generated password e-mailed through the mail adapter); answers the live
// booking count, the pickup window of a range-time booking and the search keywords; keeps the billing form's
// unfinished bookings; moves the business credit (top-ups paid through the card gateway, settled by its verified
// callback, and tickets paid on credit); the side menu's quick bookings, listed to every transport partner without
// the passenger's contact until one takes it.
import { rangeWindow } from '../../../shared/domain/range-time';
import { randomBytes, randomInt } from 'node:crypto';
import {
  BUSINESS_LOGIN_MAIL_MINUTES,
  TOP_UP_REF_PREFIX,
  TOP_UP_WINDOW_MINUTES,
  type TopUpState,
  type CreditEntryKind,
} from '../../../shared/contract/business';
import {
  LEAD_ERROR_KEYS,
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
import {
  type QuickBookingInput,
  type AgentQuickBooking,
  type AgentQuickBookings,
  QUICK_BOOKING_ERROR_KEYS,
  QUICK_BOOKING_LIST_PAST_HOURS,
  QUICK_BOOKING_PAGE_SIZE,
} from '../../../shared/contract/partners';
import { type SupportRequestInput } from '../../../shared/contract/support';
import type { PaymentGateway } from '../../../shared/contract/payments';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { normalizePhone } from '../../../shared/domain/phone';
import { pathFor, type Lang } from '../../../shared/domain/route-table';
import { SYSTEM_CONFIG_DEFAULTS, systemValue, type SystemConfig } from '../../../shared/domain/system-config';
import { formatVnDateTime, parseVnDateTime, vnStartOfDay } from '../../../shared/domain/vn-time';
import type { Mailer } from '../../adapters/messaging/types';
import type { PaymentGatewayAdapter, VerifiedCallback } from '../../adapters/payments/types';
import type { SupportDelivery, SupportDesk } from '../../adapters/support/types';
import type { Logger } from '../../http/errors';
import type { LoginThrottle } from '../../http/login-throttle';
import { cached } from '../../http/cached';
import { hashPassword, newSecretToken, sha256, verifyPassword } from '../accounts/crypto';
import { AGENT_LANDING_POSTS } from './landing-posts';
import { businessExistsMail, businessLoginMail } from './mail-business';
import type { TopUpOrders, TopUpOutcome } from '../payments/service';
import { refuse, type Refusal } from '../../http/refusal';
import type { BusinessAccount, CreditEntry, LeadsRepository, QuickBookingRow, TopUpRow } from './repository';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Unfinished bookings are kept 30 days (contact details of people who did not book). */
export const PENDING_KEEP_DAYS = 30;
/** A quick booking whose depart time is still ahead outlives PENDING_KEEP_DAYS, but never this long after its save. */
export const QUICK_BOOKING_KEEP_MAX_DAYS = 366;
/** issue 18: a business session lasts one working day, 12 hours from its login. */
export const BUSINESS_SESSION_HOURS = 12;
/** The throttle's login name of a business e-mail (known or not). */
export const businessLoginKey = (email: string) => `business:${email.toLowerCase()}`;
/** The postpaid pay method (spec 4): the only tickets a business pays from credit afterwards. */
const POSTPAID = 3;

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** A generated login password: 12 characters without look-alikes (about 70 bits). */
export const newBusinessPassword = (): string =>
  Array.from({ length: 12 }, () => PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)]).join('');

/** A top-up's gateway reference (VNPay's vnp_TxnRef: letters and digits): the prefix, the account, time, randomness. */
const newTopUpRef = (accountId: number): string =>
  `${TOP_UP_REF_PREFIX}${accountId}T${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();

/** Where the gateway sends the browser back: the business account screen, in the top-up's language. */
export function topUpReturnUrl(origin: string, lang: Lang, ref: string): string {
  const url = new URL(pathFor('business-account', lang), origin);
  url.searchParams.set('top_up', ref);
  return url.toString();
}

/** A quick booking as one partner sees it: the passenger's contact only once this partner took it. */
export function agentQuickBooking(
  row: QuickBookingRow,
  partnerId: number,
  names: Map<number, { vi: string; en: string }>,
  lang: Lang,
): AgentQuickBooking {
  const trip = (row.trip ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof trip[key] === 'string' ? trip[key] : '');
  const whole = (key: string) => (typeof trip[key] === 'number' && Number.isInteger(trip[key]) ? trip[key] : null);
  const vehicleId = whole('vehicle_id');
  const state = row.takenByPartnerId === null ? 'open' : row.takenByPartnerId === partnerId ? 'mine' : 'taken';
  return {
    id: row.id,
    pick_address: text('pick_address'),
    drop_address: text('drop_address'),
    depart_time: (row.departAt ?? row.createdAt).toISOString(),
    seats: whole('seats'),
    vehicle_id: vehicleId,
    vehicle_name: vehicleId === null ? '' : (names.get(vehicleId)?.[lang] ?? ''),
    note: text('note'),
    created_at: row.createdAt.toISOString(),
    state,
    fullname: state === 'mine' ? row.fullname : null,
    phone: state === 'mine' ? row.phone : null,
  };
}

export type LeadRefusal = Refusal<401 | 404 | 409 | 503>;

export interface LeadsServiceDeps {
  repository: LeadsRepository;
  mailer: Mailer;
  support: SupportDesk;
  log: Logger;
  now: () => Date;
  /** The card gateway top-ups are paid through (the payments module's online gateway); null: none configured. */
  topUpGateway: PaymentGatewayAdapter | null;
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  /** The live spec 9 values (the config service's cached snapshot); the spec's defaults without one. */
  system?: () => Promise<SystemConfig>;
  /** The failed-login back-off shared by every login (http/login-throttle.ts). */
  throttle: LoginThrottle;
}

export function createLeadsService(deps: LeadsServiceDeps) {
  const { repository, mailer, support, log, now } = deps;
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

  // Vehicle type names change with a migration or an operator's edit, not per request: read every 5 minutes.
  const vehicleNames = cached(() => repository.vehicleNames(), 5 * 60_000);
  const quickListedAfter = () => new Date(now().getTime() - QUICK_BOOKING_LIST_PAST_HOURS * HOUR_MS);

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

  async function sendLogin(account: BusinessAccount, password: string, lang: string): Promise<boolean> {
    const mail = businessLoginMail({
      lang,
      contactName: account.contactName,
      companyName: account.companyName,
      email: account.email,
      password,
    });
    try {
      await mailer.send(account.email, mail.subject, mail.text);
      await repository.markLoginSent(account.id, now());
      return true;
    } catch (error) {
      log.error('business login e-mail failed', { account: account.id, error: String(error) });
      return false;
    }
  }

  async function topUpState(topUp: TopUpRow, accountId: number): Promise<TopUpState> {
    const expired = topUp.status === 'pending' && topUp.expiresAt.getTime() <= now().getTime();
    return {
      ref: topUp.txnRef,
      amount: topUp.amount,
      status: expired ? 'expired' : (topUp.status as TopUpState['status']),
      credit_balance: await repository.balance(accountId),
    };
  }

  const entryView = (entry: CreditEntry, ticketCode: string | null) => ({
    id: entry.id,
    kind: entry.kind as CreditEntryKind,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    ticket_code: ticketCode,
    created_at: entry.createdAt.toISOString(),
  });

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
        departTimeText: input.depart_time,
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
     * spec 1: a transport partner's lead waits for the team's call; a business partner is approved at once (no
     * operator screen exists yet) and its login is e-mailed before the answer.
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
      const password = newBusinessPassword();
      const account = await repository.createAccount({
        leadId: lead.id,
        email,
        companyName: input.company_name,
        contactName: input.fullname,
        phone,
        passwordHash: await hashPassword(password),
        createdAt: at,
      });
      if (account) return { id: lead.id, type: input.type, login_sent: await sendLogin(account, password, input.lang) };
      // The e-mail has an account already: the same answer (existence is not revealed), a notice by e-mail.
      const notice = businessExistsMail({ lang: input.lang, contactName: input.fullname, email });
      void mailer.send(email, notice.subject, notice.text).catch((error: unknown) => {
        log.error('business notice e-mail failed', { lead: lead.id, error: String(error) });
      });
      return { id: lead.id, type: input.type, login_sent: true };
    },

    async agentLanding(lang: Lang) {
      return {
        commission_percent: systemValue(await system(), 'partner_commission_percent'),
        revenue_increase_percent: 20,
        posts: AGENT_LANDING_POSTS.map((post) => ({ id: post.id, title: post.title[lang], body: post.body[lang] })),
      };
    },

    async support(input: SupportRequestInput, ip: string): Promise<SupportDelivery> {
      return support.submit({
        phone: normalizePhone(input.user.phone_code, input.user.phone),
        note: input.user.note,
        page: input.page,
        lang: input.lang,
        ip,
      });
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

    /** The quick bookings a partner's staff sees: listed until QUICK_BOOKING_LIST_PAST_HOURS after departure. */
    async quickBookings(partnerId: number, page: number, lang: Lang): Promise<AgentQuickBookings> {
      const [{ rows, more }, names] = await Promise.all([
        repository.quickBookings(quickListedAfter(), page, QUICK_BOOKING_PAGE_SIZE),
        vehicleNames.get(),
      ]);
      return {
        items: rows.map((row) => agentQuickBooking(row, partnerId, names, lang)),
        page,
        next_page: more ? page + 1 : -1,
      };
    },

    /** The partner takes a quick booking: its contact, or 404 (unknown, not listed) / 409 (another partner took it). */
    async takeQuickBooking(
      partnerId: number,
      id: number,
      lang: Lang,
    ): Promise<{ ok: true; data: AgentQuickBooking } | LeadRefusal> {
      const after = quickListedAfter();
      const row = await repository.takeQuickBooking(id, partnerId, after, now());
      if (row) return { ok: true, data: agentQuickBooking(row, partnerId, await vehicleNames.get(), lang) };
      const exists = await repository.quickBooking(id, after);
      return exists ? refuse(409, QUICK_BOOKING_ERROR_KEYS.taken) : refuse(404, QUICK_BOOKING_ERROR_KEYS.notFound);
    },

    async businessLogin(email: string, password: string) {
      // Each try is claimed from the e-mail's back-off before the password is hashed, as the other logins are.
      const key = businessLoginKey(email);
      const claim = await deps.throttle.claim(key, now());
      if (!claim.allowed) return refuse(429, LEAD_ERROR_KEYS.tooMany, { params: { seconds: claim.retryAfterSeconds } });
      const account = await repository.accountByEmail(email.toLowerCase());
      // An unknown e-mail is checked against a dummy hash, so both answers take as long.
      const ok = await verifyPassword(password, account?.passwordHash ?? (await dummyHash()));
      if (!account || !ok) return refuse(401, LEAD_ERROR_KEYS.businessLogin);
      await deps.throttle.succeeded(key);
      const token = newSecretToken();
      await repository.createSession(account.id, sha256(token), new Date(now().getTime() + BUSINESS_SESSION_HOURS * HOUR_MS));
      return {
        ok: true as const,
        data: { token, company_name: account.companyName, credit_balance: account.creditBalance },
      };
    },

    async accountForToken(token: string | undefined): Promise<BusinessAccount | null> {
      if (!token) return null;
      return repository.accountForSession(sha256(token), now());
    },

    async credit(account: BusinessAccount) {
      const rows = await repository.creditEntries(account.id, 50);
      return {
        company_name: account.companyName,
        credit_balance: account.creditBalance,
        entries: rows.map((row) => entryView(row.entry, row.ticketCode)),
      };
    },

    /** A pending top-up and the gateway page to pay it on; nothing is credited before the gateway's callback. */
    async topUp(account: BusinessAccount, input: { amount: number; lang: Lang; origin: string; ipAddr: string }) {
      const gateway = deps.topUpGateway;
      if (!gateway) return refuse(503, LEAD_ERROR_KEYS.topUpUnavailable);
      const topUp = await repository.createTopUp({
        accountId: account.id,
        gateway: gateway.name,
        txnRef: newTopUpRef(account.id),
        amount: input.amount,
        locale: input.lang,
        windowMinutes: TOP_UP_WINDOW_MINUTES,
      });
      const url = await gateway.buildPaymentUrl(
        {
          txnRef: topUp.txnRef,
          amount: topUp.amount,
          ticketCode: topUp.txnRef,
          description: `Nạp tín dụng doanh nghiệp ${topUp.txnRef}`,
          createdAt: topUp.createdAt,
          expiresAt: topUp.expiresAt,
        },
        topUpReturnUrl(input.origin, input.lang, topUp.txnRef),
        input.ipAddr,
        input.lang,
      );
      log.info('credit top-up started', { account: account.id, txn_ref: topUp.txnRef, gateway: gateway.name });
      return { ok: true as const, data: { ref: topUp.txnRef, amount: topUp.amount, payment_url: url.toString() } };
    },

    /** The account's top-up as its callback left it (the browser's return never changes it). */
    async topUpStatus(account: BusinessAccount, ref: string) {
      const topUp = await repository.topUpByRef(ref.toUpperCase());
      if (!topUp || topUp.accountId !== account.id) return refuse(404, LEAD_ERROR_KEYS.topUpNotFound);
      return { ok: true as const, data: await topUpState(topUp, account.id) };
    },

    /** The payments module's callbacks for references it does not own. */
    topUpOrders: {
      owns: (txnRef: string) => txnRef.startsWith(TOP_UP_REF_PREFIX),
      async settle(gateway: PaymentGateway, verified: VerifiedCallback): Promise<TopUpOutcome> {
        const topUp = await repository.topUpByRef(verified.txnRef);
        if (!topUp || topUp.gateway !== gateway) return 'not_found';
        if (verified.amount !== topUp.amount) return 'amount_mismatch';
        if (!(await repository.settleTopUp(topUp.id, verified, now()))) return 'duplicate';
        log.info('credit top-up settled', { txn_ref: topUp.txnRef, paid: verified.success });
        return verified.success ? 'paid' : 'failed';
      },
    } satisfies TopUpOrders,

    /** Pays a postpaid, pending, future ticket (proven by the route, like get_ticket_info) from the credit, once. */
    async payOnCredit(account: BusinessAccount, ticketCode: string) {
      const ticket = await repository.ticketByCode(ticketCode);
      if (!ticket) return refuse(404, 'booking.errors.ticket_not_found');
      const payable =
        ticket.payMethodId === POSTPAID &&
        ticket.status === TICKET_STATUS.pending &&
        ticket.transactionStatusId !== TRANSACTION_STATUS.cancel &&
        ticket.departAt.getTime() > now().getTime();
      if (!payable) return refuse(409, LEAD_ERROR_KEYS.notPayable);
      // A night booking until its partner accepts: the night flow's cancellations do not return credit yet.
      if (ticket.isNightBooking && ticket.nightStatus !== 'accepted') return refuse(409, LEAD_ERROR_KEYS.creditNight);
      const move = await repository.payTicket(account.id, ticket.id, ticket.totalCost, now());
      if (!move.ok && move.reason === 'already_paid') return refuse(409, LEAD_ERROR_KEYS.alreadyPaid);
      if (!move.ok)
        return refuse(409, LEAD_ERROR_KEYS.creditInsufficient, { params: { balance: move.balance, amount: ticket.totalCost } });
      return { ok: true as const, data: { credit_balance: move.balance, entry: entryView(move.entry, ticket.code) } };
    },

    loginMailMinutes: BUSINESS_LOGIN_MAIL_MINUTES,
  };
}

let dummy: Promise<string> | undefined;
const dummyHash = () => (dummy ??= hashPassword(newSecretToken()));

export type LeadsService = ReturnType<typeof createLeadsService>;
