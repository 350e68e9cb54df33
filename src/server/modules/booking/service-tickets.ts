// Ticket creation (spec 4 "Ticket creation", spec 7 create calls), one pipeline for a ride and an hourly hire: run
// the anti-fraud check, re-price the chosen option with the pricing service (a client price is never trusted), check
// the pay method, apply the promotion, compute the spec 5 total and insert idempotently on ticket_session; a business
// partner's ride may be paid from its credit in the same transaction. Each kind brings only its re-pricing, its
// checks of the option and its columns.
import { randomBytes } from 'node:crypto';
import { vietQrAccountOf } from '../../../shared/domain/vietqr';
import {
  BOOKING_ERROR_KEYS,
  isOnlinePayMethod,
  PAY_METHOD,
  VIETQR_PAY_METHOD,
  PAYPAL_SENT_ID,
  sentPayMethod,
  TRANSACTION_STATUS,
  type BookingRequest,
  type HourlyBookingRequest,
} from '../../../shared/contract/booking';
import { PAYMENT_ERROR_KEYS } from '../../../shared/contract/payments';
import type { HourlyPriceOption, PriceOption } from '../../../shared/contract/pricing';
import { fareTotal, promotionDiscount } from '../../../shared/domain/fare-total';
import { normalizePhone } from '../../../shared/domain/phone';
import { parseVnDateTime } from '../../../shared/domain/vn-time';
import { keepsLead, leadMinutesFor, leadParams, leadServiceOf, type LeadService } from '../../../shared/domain/lead-time';
import type { ConfigService } from '../config/service';
import type { PricingService } from '../pricing/service';
import { refuse, type Refusal } from '../../http/refusal';
import { repriceHourly, repriceRide } from './reprice';
import { isInNightWindow } from './night-window';
import type { NewTicket, TicketRow } from '../../db/schema';
import type { PendingTwin } from './ports';
import { isUniqueViolation } from '../../db/errors';
import {
  type BookingRepository,
  type CreditDebit,
  type DayCapClaim,
  type FraudLimits,
  type MemberDebit,
  type PromotionClaim,
} from './repository-create';
import type { PromotionService } from './service-promotions';
import type { VanguardService } from './service-vanguard';
import { BUSINESS_ERROR_KEYS } from '../../../shared/contract/business';

export type BookingRefusal = Refusal<401 | 404 | 409 | 422 | 429> & {
  /** The passenger's own pending ticket for the same trip (the answer offers to continue it). */
  twin?: PendingTwin;
};
export type Created = { ok: true; row: TicketRow };

/** What a create call books: a ride or an hourly hire, with its request. */
export type TicketOrder = { kind: 'ride'; input: BookingRequest } | { kind: 'hourly'; input: HourlyBookingRequest };

export interface RequestMeta {
  ip: string;
  /** The site's origin the booking came through, which its messages link to (null: the server's fallback). */
  linkOrigin?: string | null;
  /** The account token of an `Authorization: Bearer` header, when the body has none. */
  token?: string;
}

export interface TicketServiceDeps {
  tickets: BookingRepository;
  promotions: PromotionService;
  vanguard: VanguardService;
  pricing: PricingService;
  config: ConfigService;
  now: () => Date;
  /** The accounts module's: the user of a valid account token, else null. */
  userIdForToken?: (token: string | undefined) => Promise<number | null>;
  /** The leads module's: the business account of a valid business session token (booking on credit), else null. */
  businessAccountForToken?: (token: string) => Promise<{ id: number; creditBalance: number } | null>;
  /** Which online methods have a live gateway: a ticket is never made for a method nobody can be paid by. */
  onlineMethods?: { card: boolean; paypal: boolean };
}

/** Base32 without the look-alikes I, O, 0, 1: 32 symbols, so a byte's low 5 bits pick one uniformly. */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export function newTicketCode(): string {
  return `VV${Array.from(randomBytes(6), (byte) => CODE_ALPHABET.charAt(byte & 31)).join('')}`;
}

/** The ticket's passenger contact and invoice fields, shared by the normal and hourly payloads. */
function passengerColumns(input: BookingRequest | HourlyBookingRequest, invoice: boolean) {
  return {
    phone: normalizePhone(input.phone_code, input.phone),
    email: input.email,
    comment: input.comment,
    otherName: input.not_use ? input.use.name : null,
    otherPhone: input.not_use ? normalizePhone(input.use.phone_code, input.use.phone) : null,
    vat: invoice,
    company: invoice ? input.company : null,
    ticketSession: input.ticket_session,
    sessionId: input.session_id,
    lang: input.lang,
    // spec 6: the affiliate partner's referral, when the visitor came from one (an empty value is none).
    partnerDomain: input.partner_domain || null,
    affSid: input.aff_sid || null,
  };
}

export function createTicketService(deps: TicketServiceDeps) {
  const { tickets, now } = deps;

  /** The promotion to claim with the ticket, or the refusal that stops the booking (spec 5, 7). */
  async function promotionFor(
    code: string,
    phone: string,
    payMethodId: number,
    amount: number,
    ride: { hourly: boolean; partnerId: number; airportCode: string },
  ) {
    if (!code) return { ok: true as const, claim: null, value: 0, code: '' };
    const result = await deps.promotions.evaluate(code, { phone, payMethodId, amount, ...ride, now: now() });
    if (!result.ok) return result;
    const claim: PromotionClaim = {
      promotionId: result.promotion.id,
      phone,
      singleUsePerPhone: result.promotion.singleUsePerPhone,
      maxUsesPerPhone: result.promotion.maxUsesPerPhone,
    };
    return { ok: true as const, claim, value: result.promotion.value, code: result.promotion.code };
  }

  /** The anti-fraud limits of the booking settings (spec 7 vanguard), as the insert holds them. */
  async function fraudLimits(): Promise<FraudLimits> {
    const limits = (await deps.config.get()).booking;
    return {
      since: new Date(now().getTime() - limits.vanguard_window_minutes * 60_000),
      perPhone: limits.vanguard_max_per_phone,
      perIp: limits.vanguard_max_per_ip,
      perSession: limits.vanguard_max_per_session,
    };
  }

  /** The idempotent insert; a (vanishingly rare) clash of random codes is retried with a new code. */
  async function insert(
    values: Omit<NewTicket, 'code'>,
    claim: PromotionClaim | null,
    debit: MemberDebit | null = null,
    credit: (CreditDebit & { token: string }) | null = null,
    refuseDuplicate = false,
  ): Promise<Created | BookingRefusal> {
    const fraud = await fraudLimits();
    const partnerId = values.partnerId;
    const departsAt = values.departAt;
    // The partner's daily cap, claimed with the ticket through pricing (a cancelled ticket no longer counts).
    const dayCap: DayCapClaim = { partnerId, claim: (tx) => deps.pricing.claimDailyCap(tx, partnerId, departsAt) };
    for (let attempt = 0; ; attempt += 1) {
      try {
        const result = await tickets.insert(
          { ...values, code: newTicketCode() },
          claim,
          debit,
          credit,
          refuseDuplicate,
          fraud,
          dayCap,
        );
        if (result.ok) return { ok: true, row: result.row };
        if (result.reason === 'daily_cap') return refuse(409, BOOKING_ERROR_KEYS.dailyCap);
        // The same trip already booked by this phone and not paid or served yet: continue it, not spam.
        if (result.reason === 'duplicate' && result.twin)
          return {
            ...refuse(409, BOOKING_ERROR_KEYS.pendingTicket, { params: { ticket_code: result.twin.code } }),
            twin: result.twin,
          };
        // The anti-fraud check's answers (an identical pending ticket, a count over its limit), given again by the
        // insert under its locks when concurrent attempts raced the pre-check.
        if (
          result.reason === 'duplicate' ||
          result.reason === 'phone_limit' ||
          result.reason === 'ip_limit' ||
          result.reason === 'session_limit'
        )
          return refuse(429, BOOKING_ERROR_KEYS.spam, { params: { reason: result.reason } });
        if (result.reason === 'credit_balance' && credit) {
          const account = await deps.businessAccountForToken?.(credit.token);
          return refuse(409, BUSINESS_ERROR_KEYS.creditInsufficient, {
            params: {
              balance: account?.creditBalance ?? 0,
              amount: credit.amount,
            },
          });
        }
        if (result.reason === 'member_balance')
          return refuse(422, BOOKING_ERROR_KEYS.memberPromotion, { params: { min: await minMemberPromotion() } });
        const key =
          result.reason === 'promotion_used_up' ? BOOKING_ERROR_KEYS.promotionUsedUp : BOOKING_ERROR_KEYS.promotionAlreadyUsed;
        return refuse(422, key);
      } catch (error) {
        if (attempt < 3 && isUniqueViolation(error, 'tickets_code_unique')) continue;
        throw error;
      }
    }
  }

  /**
   * The anti-fraud limits; the identical-pending-ticket check too unless `duplicateInInsert` (a ride: its insert
   * checks it under a lock on the phone, so asking here as well would only cost a query per booking).
   */
  async function spamCheck(
    input: BookingRequest | HourlyBookingRequest,
    meta: RequestMeta,
    pick: string,
    drop: string,
    duplicateInInsert = false,
  ) {
    const check = await deps.vanguard.check({
      phone: normalizePhone(input.phone_code, input.phone),
      ip: meta.ip,
      sessionId: input.session_id,
      ticketSession: input.ticket_session,
      pickAddress: pick,
      dropAddress: drop,
      departTime: input.depart_time,
      ignoreDuplicate: duplicateInInsert || ('ignore_duplicate_warning' in input && input.ignore_duplicate_warning),
    });
    // spec 8: 'Tạm thời không thể tạo vé vì nghi ngờ spam, liên hệ 1900 6022'.
    return check.result ? null : refuse(429, BOOKING_ERROR_KEYS.spam, { params: { reason: check.reason } });
  }

  /** The signed-in user of the booking (spec 6); an unknown or expired token books as a guest. */
  async function bookingUser(input: BookingRequest | HourlyBookingRequest, meta: RequestMeta): Promise<number | null> {
    const token = input.token || meta.token;
    if (!token || !deps.userIdForToken) return null;
    return deps.userIdForToken(token);
  }

  /** spec 9 minimum member promotion use: the configured min_member_promotion (10,000 VND by default). */
  const minMemberPromotion = async () => (await deps.config.get()).system.min_member_promotion;

  /**
   * spec 5, 6: the member balance to use: what was asked, capped by the balance and by what the promotion code
   * leaves of the fare; refused below 10,000 VND. Only a signed-in passenger has a balance.
   */
  async function memberPromotionFor(
    requested: number,
    userId: number | null,
    remaining: number,
  ): Promise<{ ok: true; amount: number; debit: MemberDebit | null } | BookingRefusal> {
    const asked = Math.round(requested);
    if (asked <= 0 || userId === null) return { ok: true, amount: 0, debit: null };
    const balance = (await tickets.memberBalance(userId)) ?? 0;
    const amount = Math.min(asked, balance, Math.max(0, remaining));
    const min = await minMemberPromotion();
    if (amount < min) return refuse(422, BOOKING_ERROR_KEYS.memberPromotion, { params: { min } });
    return { ok: true, amount, debit: { userId, amount } };
  }

  /**
   * The business account paying a ride from its credit, or the refusal: postpaid rides only, a valid
   * business session, not a night booking (its partner's answer is awaited and its cancellations there do not
   * return credit yet), and a balance covering the fare (checked again, atomically, in the insert).
   */
  async function creditFor(
    token: string | undefined,
    payMethodId: number,
    night: boolean,
    amount: number,
  ): Promise<{ ok: true; credit: (CreditDebit & { token: string }) | null } | BookingRefusal> {
    if (!token) return { ok: true, credit: null };
    if (payMethodId !== PAY_METHOD.postpaid) return refuse(422, BUSINESS_ERROR_KEYS.creditPayMethod);
    const account = deps.businessAccountForToken ? await deps.businessAccountForToken(token) : null;
    if (!account) return refuse(401, BUSINESS_ERROR_KEYS.unauthorized);
    if (night) return refuse(409, BUSINESS_ERROR_KEYS.creditNight);
    if (account.creditBalance < amount)
      return refuse(409, BUSINESS_ERROR_KEYS.creditInsufficient, { params: { balance: account.creditBalance, amount } });
    return { ok: true, credit: { accountId: account.id, amount, token } };
  }

  /** A method whose gateway is not live, or a bank transfer without a receiving account, is not booked. */
  async function payMethodRefusal(payMethodId: number): Promise<BookingRefusal | null> {
    const live = deps.onlineMethods ?? { card: true, paypal: true };
    if ((payMethodId === PAY_METHOD.online && !live.card) || (payMethodId === PAYPAL_SENT_ID && !live.paypal))
      return refuse(409, PAYMENT_ERROR_KEYS.unavailable);
    // A bank transfer needs the receiving account in the settings.
    if (payMethodId === VIETQR_PAY_METHOD && !vietQrAccountOf((await deps.config.get()).system))
      return refuse(409, PAYMENT_ERROR_KEYS.unavailable);
    return null;
  }

  /** What one kind of booking does in the pipeline: re-price its option and write its own columns. */
  interface KindSteps<Input extends BookingRequest | HourlyBookingRequest, Item> {
    hourly: boolean;
    /** The service whose minimum lead time the booking keeps. */
    lead(input: Input): LeadService;
    /** The drop-off the anti-fraud check compares (an hourly hire has none). */
    drop(input: Input): string;
    /** The IATA code of the ride's airport end, for a promotion limited to airports ('' for none). */
    airport(item: Item): string;
    reprice(input: Input): Promise<Item | null>;
    /** The re-priced option as the form showed it (partner, seats, price): its base price, or the refusal. */
    offered(item: Item | null, input: Input): { ok: true; item: Item; base: number } | BookingRefusal;
    /** The kind's amounts and columns, with its member balance and credit debits, or the refusal. */
    row(order: Order<Input, Item>): Promise<Row | BookingRefusal>;
  }
  interface Order<Input, Item> {
    input: Input;
    item: Item;
    payMethodId: number;
    promotion: { value: number; code: string };
    userId: number | null;
  }
  interface Row {
    ok: true;
    values: Omit<NewTicket, 'code'>;
    debit: MemberDebit | null;
    credit: (CreditDebit & { token: string }) | null;
  }

  /**
   * The one booking pipeline (spec 4 "Ticket creation") every kind goes through: a repeated submission answers the
   * ticket it made, the anti-fraud check, the re-priced option, the pay method, the promotion, the signed-in user,
   * then the kind's own amounts and columns, and the idempotent insert.
   */
  /**
   * The pick-up must leave the service's minimum lead time, or the partner's own when longer: no partner can meet a
   * flight booked six minutes ahead.
   */
  async function leadRefusal(departTime: string, service: LeadService, partnerId: number): Promise<BookingRefusal | null> {
    const at = parseVnDateTime(departTime);
    if (!at) return null;
    const [snapshot, partnerLead] = await Promise.all([deps.config.get(), deps.pricing.partnerLeadMinutes(partnerId)]);
    const minutes = leadMinutesFor(service, snapshot.system, partnerLead);
    if (keepsLead(at, deps.now(), minutes)) return null;
    return refuse(422, BOOKING_ERROR_KEYS.leadTime, { params: { ...leadParams(minutes), service } });
  }

  async function create<Input extends BookingRequest | HourlyBookingRequest, Item extends { partner: { id: number } }>(
    steps: KindSteps<Input, Item>,
    input: Input,
    meta: RequestMeta,
  ): Promise<Created | BookingRefusal> {
    // The three reads run at once (on PostgreSQL, on connections of their own); their answers are taken in
    // the order below, so a repeat or a refusal answers as before, and a failure counts only once it is reached.
    const existingRead = tickets.findBySession(input.ticket_session);
    const spamRead = spamCheck(input, meta, input.pick_address, steps.drop(input), true);
    const itemRead = steps.reprice(input);
    void spamRead.catch(() => {});
    void itemRead.catch(() => {});
    // A repeated submission answers the ticket it made, whatever has changed since (prices, counts, time).
    const existing = await existingRead;
    if (existing) return { ok: true, row: existing };
    const spam = await spamRead;
    if (spam) return spam;
    const offered = steps.offered(await itemRead, input);
    if (!offered.ok) return offered;
    const late = await leadRefusal(input.depart_time, steps.lead(input), offered.item.partner.id);
    if (late) return late;

    const payMethodId = sentPayMethod(input.pay_method_id);
    const unavailable = await payMethodRefusal(payMethodId);
    if (unavailable) return unavailable;
    const phone = normalizePhone(input.phone_code, input.phone);
    const promotion = await promotionFor(input.promotion_code, phone, payMethodId, offered.base, {
      hourly: steps.hourly,
      partnerId: offered.item.partner.id,
      airportCode: steps.airport(offered.item),
    });
    if (!promotion.ok) return promotion;
    const userId = await bookingUser(input, meta);
    const row = await steps.row({ input, item: offered.item, payMethodId, promotion, userId });
    if (!row.ok) return row;
    return insert(
      { ...row.values, promotionCode: promotion.code, userId, ip: meta.ip, linkOrigin: meta.linkOrigin ?? null },
      promotion.claim,
      row.debit,
      row.credit,
      !input.ignore_duplicate_warning,
    );
  }

  const ride: KindSteps<BookingRequest, PriceOption> = {
    hourly: false,
    lead: (input) => leadServiceOf({ type: input.dimension_id, sharing: input.ride_method_id === 2 }),
    drop: (input) => input.drop_address,
    airport: (item) => item.airport_code,
    reprice: (input) => repriceRide(deps.pricing, input),
    offered(item, input) {
      if (!item || item.partner.id !== input.brand_partner_id) return refuse(409, BOOKING_ERROR_KEYS.optionUnavailable);
      // spec 5: the passengers must fit the seats left (private) or the shared seats left.
      if (item.hide && input.chair > item.vehicle_seat_left)
        return refuse(409, BOOKING_ERROR_KEYS.chairs, { params: { max: item.vehicle_seat_left } });
      if (item.hide) return refuse(409, BOOKING_ERROR_KEYS.optionUnavailable);
      if (item.merged !== input.merged) return refuse(409, BOOKING_ERROR_KEYS.priceChanged, { params: { merged: item.merged } });
      return { ok: true, item, base: item.merged };
    },
    async row({ input, item, payMethodId, promotion, userId }) {
      const discount = promotionDiscount(promotion.value, item.merged);
      const boardPrice = input.catch_in_house ? item.board_price : 0;
      const member = await memberPromotionFor(input.promotion_cost ?? 0, userId, item.merged + boardPrice - discount);
      if (!member.ok) return member;

      const snapshot = await deps.config.get();
      const settings = snapshot.booking;
      const total = fareTotal({
        merged: item.merged,
        boardPrice: item.board_price,
        byBoard: input.catch_in_house,
        promotion: discount,
        memberPromotion: member.amount,
        vat: input.xhd,
        vatPercent: snapshot.system.bill_percent_cost,
        tollFee: item.toll_fee,
        payMethodFeePercent: payMethodId === PAYPAL_SENT_ID ? snapshot.system.paypal_fee_percent : 0,
      });
      const createdAt = now();
      const night = isInNightWindow(createdAt, settings.night_booking_start, settings.night_booking_end);
      const online = isOnlinePayMethod(payMethodId);
      const departAt = parseVnDateTime(input.depart_time) ?? createdAt;
      const credit = await creditFor(input.business_token, payMethodId, night, total.total);
      if (!credit.ok) return credit;
      return {
        ok: true,
        values: {
          ...passengerColumns(input, input.xhd),
          kind: 'ride',
          // spec 4: online payments and night bookings await their outcome; a postpaid day booking is done.
          transactionStatusId: online || night ? TRANSACTION_STATUS.processing : TRANSACTION_STATUS.success,
          payMethodId,
          partnerId: item.partner.id,
          optionId: item.option_id,
          dimensionId: input.dimension_id,
          rideMethodId: item.ride_method_id,
          vehicleId: item.vehicle_id,
          chair: input.chair,
          chunkId: item.chunk_id,
          pmId: item.pm_id,
          airportCode: item.airport_code,
          cityId: input.city_id,
          departTime: input.depart_time,
          departAt,
          pickAddress: input.pick_address,
          pickComponent: input.pick_address_component,
          dropAddress: input.drop_address,
          dropComponent: input.drop_address_component,
          moreAddress: input.more_address,
          fullname: input.fullname,
          address: input.address,
          planeNumber: input.plane_number,
          planeType: input.plane_type ?? null,
          byBoard: input.catch_in_house,
          merged: item.merged,
          boardPrice: total.boardPrice,
          promotionCost: total.promotion,
          memberPromotionCost: total.memberPromotion,
          vatPercent: input.xhd ? snapshot.system.bill_percent_cost : 0,
          vatCost: total.vat,
          tollFee: item.toll_fee === 'NA' ? null : total.toll,
          paypalFee: total.payMethodFee,
          totalCost: total.total,
          isNightBooking: night,
          nightStatus: night ? 'pending' : 'none',
          useRangeTime: input.use_range_time,
          oldTicketCode: input.old_ticket_code ?? null,
          createdAt,
          updatedAt: createdAt,
        },
        debit: member.debit,
        credit: credit.credit,
      };
    },
  };

  /** spec 7 create_hourly_booking: a hire whose code is the trip_price_inquiry_code. */
  const hourly: KindSteps<HourlyBookingRequest, HourlyPriceOption> = {
    hourly: true,
    lead: () => 'hourly',
    drop: () => '',
    airport: () => '',
    reprice: (input) => repriceHourly(deps.pricing, input),
    offered(item, input) {
      if (!item || item.hide || item.partner.id !== input.brand_partner_id)
        return refuse(409, BOOKING_ERROR_KEYS.optionUnavailable);
      if (item.price !== input.price) return refuse(409, BOOKING_ERROR_KEYS.priceChanged, { params: { merged: item.price } });
      return { ok: true, item, base: item.price };
    },
    async row({ input, item, payMethodId, promotion }) {
      const snapshot = await deps.config.get();
      const total = fareTotal({
        merged: item.price,
        boardPrice: 0,
        byBoard: false,
        promotion: promotionDiscount(promotion.value, item.price),
        memberPromotion: 0,
        vat: input.vat,
        vatPercent: snapshot.system.bill_percent_cost,
        tollFee: 'NA',
        payMethodFeePercent: payMethodId === PAYPAL_SENT_ID ? snapshot.system.paypal_fee_percent : 0,
      });
      const createdAt = now();
      return {
        ok: true,
        values: {
          ...passengerColumns(input, input.vat),
          kind: 'hourly',
          // An online hire awaits its payment, as a ride does; cash later is done.
          transactionStatusId: isOnlinePayMethod(payMethodId) ? TRANSACTION_STATUS.processing : TRANSACTION_STATUS.success,
          payMethodId,
          partnerId: item.partner.id,
          optionId: item.option_id,
          dimensionId: 2,
          rideMethodId: 1,
          vehicleId: item.vehicle_id,
          duration: item.duration,
          pmId: item.pm_id,
          cityId: input.city_id,
          departTime: input.depart_time,
          departAt: parseVnDateTime(input.depart_time) ?? createdAt,
          pickAddress: input.pick_address,
          pickComponent: input.pick_address_component,
          fullname: input.full_name,
          merged: item.price,
          promotionCost: total.promotion,
          vatPercent: input.vat ? snapshot.system.bill_percent_cost : 0,
          vatCost: total.vat,
          tollFee: null,
          paypalFee: total.payMethodFee,
          totalCost: total.total,
          extraPriceHour: item.extra_price_hour,
          extraPriceKm: item.extra_price_km,
          kmLimit: item.km_limit,
          createdAt,
          updatedAt: createdAt,
        },
        debit: null,
        credit: null,
      };
    },
  };

  return {
    /** A ticket of either kind through the one pipeline: a ride (create_ticket and its online variant) or an hourly hire. */
    create(order: TicketOrder, meta: RequestMeta): Promise<Created | BookingRefusal> {
      return order.kind === 'hourly' ? create(hourly, order.input, meta) : create(ride, order.input, meta);
    },
  };
}

export type TicketService = ReturnType<typeof createTicketService>;
