// The booking calls of spec 7 over HTTP: validation with the contract's schemas (the billing form's own), the
// envelope, and the translation of the services' refusals to statuses. Writes are POST with a JSON body; the
// promotion check and the night check are GET reads (docs/decisions.md "Methods"). The ticket lookup, its live
// stream and the cancellation are the tickets module's routes.
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  autoProcessRequestSchema,
  BOOKING_ERROR_KEYS,
  BOOKING_PATHS,
  bookingRequestSchema,
  hourlyBookingRequestSchema,
  isOnlinePayMethod,
  PAY_METHOD,
  PAY_METHOD_NAMES,
  PAYPAL_SENT_ID,
  VIETQR_PAY_METHOD,
  promotionCheckRequestSchema,
  ticketRefQuerySchema,
  ticketRefRequestSchema,
  vanguardNotifyRequestSchema,
  vanguardRequestSchema,
  type PayMethod,
  type PendingTicket,
} from '../../../shared/contract/booking';
import { API_BASE, ERROR_KEYS, HUB_BASE } from '../../../shared/contract/envelope';
import { normalizePhone } from '../../../shared/domain/phone';
import { systemValue } from '../../../shared/domain/system-config';
import { vietQrAccountOf } from '../../../shared/domain/vietqr';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { BookingModule } from './parts';
import { bearer } from '../../http/bearer';
import { hasProof, proofOf } from '../../http/ticket-proof';
import type { BookingRefusal, TicketOrder } from './service-tickets';
import { createAnswer, hourlyAnswer, ticketState } from './answers';
import { withinConfiguredLimits } from '../../http/configured-limits';

const api = (path: string) => path.slice(API_BASE.length);
const hub = (path: string) => path.slice(HUB_BASE.length);

/** The field a refusal belongs to, so the form can show it in place. */
function fieldOf(message: string): string {
  if (message.startsWith('booking.errors.promotion_')) return 'promotion_code';
  if (message === BOOKING_ERROR_KEYS.priceChanged) return 'merged';
  if (message === BOOKING_ERROR_KEYS.optionUnavailable) return 'option_id';
  if (message === BOOKING_ERROR_KEYS.chairs) return 'chair';
  if (message === BOOKING_ERROR_KEYS.leadTime) return 'depart_time';
  return '';
}

/** The pending ticket of the same trip, with its key when the browser session that booked it asks. */
async function pendingAnswer(c: Context, module: BookingModule, refusal: BookingRefusal, sessionId: string) {
  const twin = refusal.twin;
  if (!twin) return null;
  const data: PendingTicket = {
    ticket_code: twin.code,
    pay_method_id: twin.payMethodId,
    transaction_status_id: twin.transactionStatusId,
    ...(twin.sessionId !== '' && twin.sessionId === sessionId ? { ticket_key: await module.access.keyFor(twin) } : {}),
  };
  return c.json(
    {
      code: 'error' as const,
      message: refusal.message,
      data,
      errors: [{ field: '', message: refusal.message, params: refusal.params }],
    },
    409,
  );
}

function refused(c: Context, refusal: BookingRefusal) {
  const field = fieldOf(refusal.message);
  const errors =
    refusal.params || field
      ? [{ field, message: refusal.message, ...(refusal.params ? { params: refusal.params } : {}) }]
      : undefined;
  return fail(c, refusal.status, refusal.message, errors);
}

export function bookingApiRoutes(module: BookingModule) {
  const routes = new Hono();
  // spec 9: the configured passenger and extra address limits (the schema holds the spec's own).
  const limits = withinConfiguredLimits(async () => (await module.config.get()).system);
  const { clientIp, linkOrigin } = module;

  /**
   * The one create handler, for each kind of ticket: the ride's two calls (create_ticket, and its online variant that
   * takes pay method 8 or 4, 99 as chosen, only: spec 7) and the hourly hire's. The kind picks the answer's form.
   */
  const createHandler =
    <K extends TicketOrder['kind']>(kind: K, { onlineOnly = false } = {}) =>
    async (c: Context<{ Variables: { input: Extract<TicketOrder, { kind: K }>['input'] } }>) => {
      const input = c.get('input');
      if (onlineOnly && !isOnlinePayMethod(input.pay_method_id))
        return fail(c, 400, ERROR_KEYS.validation, [{ field: 'pay_method_id', message: BOOKING_ERROR_KEYS.onlineRequired }]);
      // The input is the kind's request (the route validated it with the kind's schema).
      const order = { kind, input } as TicketOrder;
      const result = await module.tickets.create(order, {
        ip: clientIp(c),
        token: bearer(c, undefined),
        linkOrigin: linkOrigin(c),
      });
      if (!result.ok) return (await pendingAnswer(c, module, result, input.session_id)) ?? refused(c, result);
      const key = await module.access.keyFor(result.row);
      const answer = order.kind === 'hourly' ? hourlyAnswer(result.row, key) : createAnswer(result.row, key);
      return ok(c, answer.data, answer.extra);
    };
  routes.post(api(BOOKING_PATHS.createTicket), validate('json', bookingRequestSchema), limits, createHandler('ride'));
  routes.post(
    api(BOOKING_PATHS.createTicketPaymentOnline),
    validate('json', bookingRequestSchema),
    limits,
    createHandler('ride', { onlineOnly: true }),
  );
  routes.post(
    api(BOOKING_PATHS.createHourlyBooking),
    validate('json', hourlyBookingRequestSchema),
    limits,
    createHandler('hourly'),
  );

  routes.get(api(BOOKING_PATHS.checkPromotionCode), validate('query', promotionCheckRequestSchema), async (c) => {
    const input = c.get('input');
    const result = await module.promotions.evaluate(input.promotion_code, {
      phone: input.phone_number ? normalizePhone('84', input.phone_number) : '',
      payMethodId: input.payment_method_id,
      amount: input.amount > 0 ? input.amount : undefined,
      hourly: input.is_hourly_booking,
      partnerId: input.transport_partner_id,
      airportCode: input.airport_code,
      now: module.now(),
    });
    if (!result.ok) return refused(c, { ...result });
    return ok(c, result.check, { discount_text: result.check.discount_text, discount_price: result.check.discount_price });
  });

  routes.get(api(BOOKING_PATHS.payMethods), async (c) => {
    const { system } = await module.config.get();
    const fee = system.paypal_fee_percent;
    // PayPal itself charges in USD, at the rate the billing page shows before paying.
    const usd = module.onlineMethods.paypalUsd ? { vnd_per_usd: systemValue(system, 'paypal_vnd_per_usd') } : {};
    // spec 4: postpaid 3, online 8, PayPal-style 99 sent as 4 with its fee (spec 9).
    const methods: PayMethod[] = [
      {
        id: PAY_METHOD.postpaid,
        sent_id: PAY_METHOD.postpaid,
        name_vi: PAY_METHOD_NAMES[PAY_METHOD.postpaid].vi,
        name_en: PAY_METHOD_NAMES[PAY_METHOD.postpaid].en,
        fee_percent: 0,
        online: false,
      },
      {
        id: PAY_METHOD.online,
        sent_id: PAY_METHOD.online,
        name_vi: PAY_METHOD_NAMES[PAY_METHOD.online].vi,
        name_en: PAY_METHOD_NAMES[PAY_METHOD.online].en,
        fee_percent: 0,
        online: true,
      },
      {
        id: PAY_METHOD.paypal,
        sent_id: PAYPAL_SENT_ID,
        name_vi: PAY_METHOD_NAMES[PAYPAL_SENT_ID].vi,
        name_en: PAY_METHOD_NAMES[PAYPAL_SENT_ID].en,
        fee_percent: fee,
        online: true,
        ...usd,
      },
      // VietQR bank transfer, offered while the settings name a receiving account.
      ...(vietQrAccountOf(system)
        ? [
            {
              id: VIETQR_PAY_METHOD,
              sent_id: VIETQR_PAY_METHOD,
              name_vi: PAY_METHOD_NAMES[VIETQR_PAY_METHOD].vi,
              name_en: PAY_METHOD_NAMES[VIETQR_PAY_METHOD].en,
              fee_percent: 0,
              online: true,
            },
          ]
        : []),
    ].filter(
      // A method whose gateway is not live is not offered.
      (method) =>
        (method.id !== PAY_METHOD.online || module.onlineMethods.card) &&
        (method.id !== PAY_METHOD.paypal || module.onlineMethods.paypal),
    );
    c.header('Cache-Control', 'public, max-age=300');
    return ok(c, methods);
  });

  /** The ticket a night, cancel or lookup call proves (its key, its contact or the owner's token), or the answer. */
  const proven = (c: Context, input: Parameters<typeof proofOf>[1], token?: string) => {
    const proof = proofOf(c, input, token);
    if (!hasProof(proof))
      return Promise.resolve({
        ok: false as const,
        response: fail(c, 400, ERROR_KEYS.validation, [{ field: 'ticket_key', message: BOOKING_ERROR_KEYS.proofRequired }]),
      });
    return module.access.prove(c, clientIp(c), proof);
  };

  routes.post(api(BOOKING_PATHS.autoProcessTicket), validate('json', autoProcessRequestSchema), async (c) => {
    const input = c.get('input');
    const ticket = await proven(c, input, bearer(c, undefined));
    if (!ticket.ok) return ticket.response;
    const result = await module.night.process(ticket.ticket.id, ticket.ticket.code, input.reprocess);
    if (!result.ok) return refused(c, result);
    const row = result.row;
    return ok(c, {
      ticket_code: row.code,
      night_status: ticketState(row).night_status,
      contacted_at: row.contactedAt?.toISOString() ?? null,
    });
  });

  routes.get(api(BOOKING_PATHS.checkNightBooking), validate('query', ticketRefQuerySchema), async (c) => {
    const ticket = await proven(c, c.get('input'), bearer(c, undefined));
    if (!ticket.ok) return ticket.response;
    const result = await module.night.check(ticket.ticket.id, ticket.ticket.code);
    if (!result.ok) return refused(c, result);
    return ok(c, result.data);
  });

  routes.post(api(BOOKING_PATHS.quitNightBooking), validate('json', ticketRefRequestSchema), async (c) => {
    const ticket = await proven(c, c.get('input'), bearer(c, undefined));
    if (!ticket.ok) return ticket.response;
    const result = await module.night.quit(ticket.ticket.id, ticket.ticket.code);
    if (!result.ok) return refused(c, result);
    return ok(c, ticketState(result.row));
  });

  routes.post(api(BOOKING_PATHS.autoCancelBooking), validate('json', ticketRefRequestSchema), async (c) => {
    const ticket = await proven(c, c.get('input'), bearer(c, undefined));
    if (!ticket.ok) return ticket.response;
    const result = await module.night.autoCancel(ticket.ticket.id, ticket.ticket.code);
    if (!result.ok) return refused(c, result);
    return ok(c, ticketState(result.row));
  });

  return routes;
}

export function bookingHubRoutes(module: BookingModule) {
  const routes = new Hono();
  const { clientIp } = module;

  // Answers about the phone's trips: every call spends one ticket lookup of the address first, whatever it finds,
  // and only a caller proving the earlier ticket (its booking session, its owner's token) hears of it.
  routes.post(hub(BOOKING_PATHS.vanguard), validate('json', vanguardRequestSchema), async (c) => {
    const input = c.get('input');
    const limited = await module.access.spendLookup(c, clientIp(c));
    if (limited) return limited;
    const result = await module.vanguard.check({
      userId: await module.userIdForToken(bearer(c, input.token)),
      phone: normalizePhone(input.phone_code, input.phone),
      ip: clientIp(c),
      sessionId: input.session_id,
      ticketSession: input.ticket_session,
      pickAddress: input.pick_address,
      dropAddress: input.drop_address,
      departTime: input.depart_time,
      ignoreDuplicate: input.ignore_duplicate_warning,
    });
    return ok(c, result);
  });

  // spec 4: the creation notification's failure is ignored; it is logged and answered as not recorded.
  routes.post(hub(BOOKING_PATHS.vanguardNotify), validate('json', vanguardNotifyRequestSchema), async (c) => {
    const input = c.get('input');
    // Only the booking browser (its key) or whoever proves the ticket records its notification.
    const proof = proofOf(c, input);
    if (!hasProof(proof))
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'ticket_key', message: BOOKING_ERROR_KEYS.proofRequired }]);
    const ticket = await module.access.prove(c, clientIp(c), proof);
    if (!ticket.ok) return ticket.response;
    try {
      const recorded = await module.repository.recordNotification({
        ticketCode: input.ticket_code,
        event: input.event,
        ip: clientIp(c),
      });
      return ok(c, { recorded });
    } catch (error) {
      module.log.error('booking notification failed', { ticket_code: input.ticket_code, error: String(error) });
      return ok(c, { recorded: false });
    }
  });

  return routes;
}
