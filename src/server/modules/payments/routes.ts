// The payment calls of spec 7 and the gateways' callbacks. pay_online_request and paypal_request are browser
// navigations: they answer redirects (to the gateway, or back to url_return with payment_error on a refusal).
import { Hono, type Context } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
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
import { fail, ok } from '../../http/envelope';
import type { Logger } from '../../http/errors';
import { validate } from '../../http/validate';
import type { PaymentsService, ServiceError, StartPayment } from './service';

const rel = (path: string) => path.slice(API_BASE.length);

export interface PaymentsRoutesOptions {
  /** The site's public origin (PUBLIC_URL) when the server sits behind a proxy; else the request's own. */
  publicUrl?: string;
  log: Logger;
}

export function originOf(c: Context, publicUrl?: string): string {
  return publicUrl ? new URL(publicUrl).origin : new URL(c.req.url).origin;
}

/** The customer's address for the gateway's records: the proxy's X-Forwarded-For first, else the socket's. */
function clientIp(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? '127.0.0.1';
}

/** Back to the app's page with the refusal's message key, as a path of this site (never another origin). */
function refusalRedirect(c: Context, urlReturn: string, error: ServiceError) {
  const url = new URL(urlReturn, 'http://origin.invalid');
  if (error.ticketCode && !url.searchParams.has('ticket_code')) url.searchParams.set('ticket_code', error.ticketCode);
  url.searchParams.set('payment_error', error.message);
  return c.redirect(`${url.pathname}${url.search}${url.hash}`, 302);
}

function stringParams(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function paymentsRoutes(service: PaymentsService, { publicUrl, log }: PaymentsRoutesOptions) {
  const routes = new Hono();

  const start = async (c: Context, input: StartPayment) => {
    const result = await service.start(input, originOf(c, publicUrl), clientIp(c));
    if (!result.ok) return refusalRedirect(c, input.urlReturn, result);
    return c.redirect(result.url.toString(), 302);
  };

  routes.get(rel(PAYMENT_PATHS.payOnlineRequest), validate('query', payOnlineRequestSchema), (c) => {
    const input = c.get('input');
    return start(c, {
      ticketId: input.ticket_id,
      // The schema allows only 8 and 4 (spec 4).
      payMethod: input.pay_method as OnlinePayMethod,
      chargeTypeId: input.charge_type_id,
      urlReturn: input.url_return,
      lang: input.lang,
    });
  });

  routes.get(rel(PAYMENT_PATHS.paypalRequest), validate('query', paypalRequestSchema), (c) => {
    const input = c.get('input');
    // spec 4: the PayPal-style method (99) is sent as 4.
    return start(c, {
      ticketId: input.ticket_id,
      payMethod: PAY_METHODS.paypalSent,
      chargeTypeId: DEFAULT_CHARGE_TYPE_ID,
      urlReturn: input.url_return,
      lang: input.lang,
    });
  });

  const callback = (name: PaymentGateway) => async (c: Context, params: Record<string, string>) => {
    try {
      return c.json(await service.callback(name, params));
    } catch (error) {
      log.error('payment callback failed', {
        gateway: name,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      return c.json(IPN_CODES.unknownError);
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

  routes.get(rel(PAYMENT_PATHS.payOnlineResponse), validate('query', payOnlineResponseRequestSchema), async (c) => {
    const result = await service.returned(c.get('input').ticket_code, c.req.query());
    if (!result.ok) return fail(c, result.status, result.message);
    const { transaction_status_id, ticket_code } = result.status;
    return ok(c, result.status, { transaction_status_id, ticket_code });
  });

  routes.get(rel(PAYMENT_PATHS.checkStatus), validate('query', checkStatusRequestSchema), async (c) => {
    const result = await service.check(c.get('input').ticket_id);
    if (!result.ok) return fail(c, result.status, result.message);
    return ok(c, result.status, { transaction_status_id: result.status.transaction_status_id });
  });

  return routes;
}
