// The payment calls of spec 7 and the gateways' callbacks. Every call about a ticket proves it (the booking
// module's ticket access): pay_online_request and paypal_request start a payment and answer the gateway's URL.
import { Hono, type Context } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  abandonAttemptRequestSchema,
  changeMethodRequestSchema,
  checkStatusRequestSchema,
  DEFAULT_CHARGE_TYPE_ID,
  IPN_CODES,
  PAY_METHODS,
  PAYMENT_PATHS,
  payOnlineRequestSchema,
  payOnlineResponseRequestSchema,
  paypalRequestSchema,
  type OnlinePayMethod,
  type PaymentGateway,
} from '../../../shared/contract/payments';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import { ERROR_KEYS } from '../../../shared/contract/envelope';
import { fail, ok } from '../../http/envelope';
import { bearer } from '../../http/bearer';
import { originOf } from '../../http/origin';
import { hasProof, proofOf } from '../../http/ticket-proof';
import type { TicketAccess } from '../tickets/service';
import type { ClientIp } from '../../http/client-ip';
import type { Logger } from '../../http/errors';
import { validate } from '../../http/validate';
import { REFUSED_WINDOW_SECONDS } from './refusals';
import type { PaymentsService, StartPayment } from './service';

const rel = (path: string) => path.slice(API_BASE.length);

export interface PaymentsRoutesOptions {
  /** The proof of a ticket: the tickets module's ticket access. */
  access: TicketAccess;
  /** The site's public origin (PUBLIC_URL) when the server sits behind a proxy; else the request's own. */
  publicUrl?: string;
  log: Logger;
  /** The customer's address for the gateway's records (TRUST_PROXY, http/client-ip.ts). */
  clientIp: ClientIp;
}

function stringParams(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function paymentsRoutes(service: PaymentsService, { access, publicUrl, log, clientIp }: PaymentsRoutesOptions) {
  const routes = new Hono();

  /** The ticket the call proves (its key, contact or the owner's token), or the answer to send. */
  const proven = (c: Context, input: Parameters<typeof proofOf>[1]) => {
    const proof = proofOf(c, input, bearer(c, undefined));
    if (!hasProof(proof))
      return Promise.resolve({
        ok: false as const,
        response: fail(c, 400, ERROR_KEYS.validation, [{ field: 'ticket_key', message: BOOKING_ERROR_KEYS.proofRequired }]),
      });
    return access.prove(c, clientIp(c), proof);
  };

  const start = async (c: Context, input: Omit<StartPayment, 'ticketId'> & Parameters<typeof proofOf>[1]) => {
    const ticket = await proven(c, input);
    if (!ticket.ok) return ticket.response;
    const result = await service.start({ ...input, ticketId: ticket.ticket.id }, originOf(c, publicUrl), clientIp(c));
    access.recentAnswers.forget(ticket.ticket.id);
    if (!result.ok) return fail(c, result.status, result.message);
    return ok(c, {
      payment_url: result.url.toString(),
      expires_at: result.expiresAt.toISOString(),
      attempt_ref: result.txnRef,
    });
  };

  routes.post(rel(PAYMENT_PATHS.payOnlineRequest), validate('json', payOnlineRequestSchema), (c) => {
    const input = c.get('input');
    return start(c, {
      ...input,
      // The schema allows only 8 and 4 (spec 4).
      payMethod: input.pay_method as OnlinePayMethod,
      chargeTypeId: input.charge_type_id,
      urlReturn: input.url_return,
      lang: input.lang,
    });
  });

  routes.post(rel(PAYMENT_PATHS.paypalRequest), validate('json', paypalRequestSchema), (c) => {
    const input = c.get('input');
    // spec 4: the PayPal-style method (99) is sent as 4.
    return start(c, {
      ...input,
      payMethod: PAY_METHODS.paypalSent,
      chargeTypeId: DEFAULT_CHARGE_TYPE_ID,
      urlReturn: input.url_return,
      lang: input.lang,
    });
  });

  const callback = (name: PaymentGateway) => async (c: Context, params: Record<string, string>) => {
    try {
      const { limited, ...answer } = await service.callback(name, params, clientIp(c));
      // An address over its refused-callback limit: nothing was stored for this one.
      if (limited) {
        c.header('Retry-After', String(REFUSED_WINDOW_SECONDS));
        return c.json(answer, 429);
      }
      return c.json(answer);
    } catch (error) {
      log.error('payment callback failed', {
        gateway: name,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return c.json(IPN_CODES.unknownError);
    } finally {
      // Whichever ticket it paid, its polls read anew (callbacks are few beside the polls).
      access.recentAnswers.forget();
    }
  };
  // VNPay calls its IPN with GET and the parameters in the query string.
  const vnpay = callback('vnpay');
  routes.get(rel(PAYMENT_PATHS.ipnVnpay), (c) => vnpay(c, c.req.query()));
  // The sandbox gateways post a form, server to server.
  for (const [path, name] of [
    [PAYMENT_PATHS.ipnSandbox, 'sandbox'],
    [PAYMENT_PATHS.ipnPaypalSandbox, 'paypal_sandbox'],
  ] as const) {
    const handle = callback(name);
    // An unreadable form is a callback without parameters: refused as unsigned, not a server error.
    routes.post(rel(path), async (c) => handle(c, stringParams(await c.req.parseBody().catch(() => ({})))));
  }

  // PayPal posts its events as JSON; the raw body goes to PayPal's verification byte for byte.
  routes.post(rel(PAYMENT_PATHS.webhookPaypal), async (c) => {
    try {
      const answer = await service.paypalWebhook(await c.req.text(), c.req.raw.headers, clientIp(c));
      // In the envelope of every call (PayPal reads only the status): the result as data, a refusal by its key.
      if (answer.status === 200) return ok(c, { result: answer.result });
      if (answer.status === 429) {
        c.header('Retry-After', String(REFUSED_WINDOW_SECONDS));
        return fail(c, 429, ERROR_KEYS.serverBusy);
      }
      const key =
        answer.status === 404 ? ERROR_KEYS.notFound : answer.status === 503 ? ERROR_KEYS.serverBusy : ERROR_KEYS.validation;
      return fail(c, answer.status, key);
    } catch (error) {
      log.error('PayPal webhook failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
      return fail(c, 500, ERROR_KEYS.serverBusy);
    } finally {
      access.recentAnswers.forget();
    }
  });

  routes.get(rel(PAYMENT_PATHS.payOnlineResponse), validate('query', payOnlineResponseRequestSchema), async (c) => {
    const ticket = await proven(c, c.get('input'));
    if (!ticket.ok) return ticket.response;
    const result = await service.returned(ticket.ticket.code, c.req.query());
    access.recentAnswers.forget(ticket.ticket.id);
    if (!result.ok) return fail(c, result.status, result.message);
    const { transaction_status_id, ticket_code } = result.status;
    return ok(c, result.status, { transaction_status_id, ticket_code });
  });

  // A ticket not paid changes its method (cash later, or the other online method).
  routes.post(rel(PAYMENT_PATHS.changeMethod), validate('json', changeMethodRequestSchema), async (c) => {
    const input = c.get('input');
    const ticket = await proven(c, input);
    if (!ticket.ok) return ticket.response;
    const result = await service.changeMethod(ticket.ticket.id, input.pay_method_id);
    access.recentAnswers.forget(ticket.ticket.id);
    if (!result.ok) return fail(c, result.status, result.message);
    return ok(c, result.status, { transaction_status_id: result.status.transaction_status_id });
  });

  // The browser's Back from a gateway: the attempt it left for is over (the ticket's proof, the attempt's reference).
  routes.post(rel(PAYMENT_PATHS.abandonAttempt), validate('json', abandonAttemptRequestSchema), async (c) => {
    const input = c.get('input');
    const ticket = await proven(c, input);
    if (!ticket.ok) return ticket.response;
    const result = await service.abandon(ticket.ticket.id, input.attempt_ref);
    access.recentAnswers.forget(ticket.ticket.id);
    if (!result.ok) return fail(c, result.status, result.message);
    return ok(c, result.status, { transaction_status_id: result.status.transaction_status_id });
  });

  routes.get(rel(PAYMENT_PATHS.checkStatus), validate('query', checkStatusRequestSchema), async (c) => {
    const input = c.get('input');
    // The answer another poller of this ticket read within the second, for a request with the right key.
    const key = proofOf(c, input).key;
    const recent =
      access.recentAnswers.get(input.ticket_code, key) ?? (await access.recentAnswers.afterRead(input.ticket_code, key));
    if (recent) return ok(c, recent, { transaction_status_id: recent.transaction_status_id });
    const since = access.recentAnswers.version();
    const done = key ? access.recentAnswers.reading(input.ticket_code) : () => {};
    try {
      const ticket = await proven(c, input);
      if (!ticket.ok) return ticket.response;
      const result = await service.check(ticket.ticket.id);
      if (!result.ok) return fail(c, result.status, result.message);
      await access.recentAnswers.keep(ticket.ticket, result.status, since);
      return ok(c, result.status, { transaction_status_id: result.status.transaction_status_id });
    } finally {
      done();
    }
  });

  return routes;
}
