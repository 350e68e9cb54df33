// The sandbox gateway's own pages on this server. Submitting the page does what a real gateway does: it calls
// the gateway's callback (the same IPN route a real gateway calls, through an HTTP request) and then sends the
// browser back to the return URL with the signed result.
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import { ipnResponseSchema, PAYMENT_PATHS, SANDBOX_TEST_CARD, type SandboxChoice } from '../../../shared/contract/payments';
import type { SandboxGateway, SandboxOrder, SandboxResult } from '../../adapters/payments/sandbox';
import type { Logger } from '../../http/errors';
import { originOf } from '../../http/origin';
import { messagePage, paymentPage, SANDBOX_CSS } from './sandbox-page';

const rel = (path: string) => path.slice(API_BASE.length);

export interface SandboxRoutesOptions {
  sandboxes: SandboxGateway[];
  /** Sends the callback. The app dispatches to itself (no network hop); a test or a split deployment may differ. */
  internalFetch?: (request: Request) => Promise<Response>;
  /** The site's public origin (PUBLIC_URL), which the return URLs were built with. */
  publicUrl?: string;
  log: Logger;
}

const IPN_PATH = { sandbox: PAYMENT_PATHS.ipnSandbox, paypal_sandbox: PAYMENT_PATHS.ipnPaypalSandbox } as const;
const TEST_CARD_DIGITS = SANDBOX_TEST_CARD.replace(/\D/g, '');

function resultOf(choice: string | undefined, card: string | undefined): SandboxResult | null {
  switch (choice as SandboxChoice | undefined) {
    case 'pay':
      return (card ?? '').replace(/[\s-]/g, '') === TEST_CARD_DIGITS ? 'paid' : 'declined';
    case 'decline':
      return 'declined';
    case 'abandon':
      return 'abandoned';
    default:
      return null;
  }
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function sandboxRoutes({ sandboxes, internalFetch = (request) => fetch(request), publicUrl, log }: SandboxRoutesOptions) {
  const routes = new Hono();

  const readOrder = async (params: Record<string, string>): Promise<{ gateway: SandboxGateway; order: SandboxOrder } | null> => {
    const gateway = sandboxes.find((candidate) => candidate.name === params.sb_gateway);
    const order = gateway ? await gateway.readOrder(params) : null;
    return gateway && order ? { gateway, order } : null;
  };
  const langOf = (params: Record<string, string>) => (params.sb_locale === 'en' ? 'en' : 'vi');
  // The return URL was signed by this server from a same-origin path; it is still checked before a redirect.
  const sameOrigin = (c: Context, url: string) => new URL(url).origin === originOf(c, publicUrl);

  routes.get(rel(PAYMENT_PATHS.sandboxStyle), (c) => {
    c.header('Cache-Control', 'public, max-age=86400');
    return c.body(SANDBOX_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  routes.get(rel(PAYMENT_PATHS.sandboxPay), async (c) => {
    const params = c.req.query();
    const found = await readOrder(params);
    if (!found) return c.html(messagePage('invalid', langOf(params)), 400);
    const { order } = found;
    if (order.expiresAt.getTime() <= Date.now()) return c.html(messagePage('expired', order.locale, order.returnUrl, order), 410);
    return c.html(paymentPage(order, params));
  });

  routes.post(rel(PAYMENT_PATHS.sandboxPay), async (c) => {
    const body = Object.fromEntries(
      // An unreadable form reads as an empty one (an invalid order), not as a server error.
      Object.entries(await c.req.parseBody().catch(() => ({}))).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    const found = await readOrder(body);
    if (!found) return c.html(messagePage('invalid', langOf(body)), 400);
    const { gateway, order } = found;
    const result = resultOf(body.choice, body.card_number);
    if (!result) return c.html(paymentPage(order, body), 400);
    if (order.expiresAt.getTime() <= Date.now()) return c.html(messagePage('expired', order.locale, order.returnUrl, order), 410);
    const signed = await gateway.signResult(order, result, `SB${randomBytes(6).toString('hex').toUpperCase()}`);

    // Going back without paying tells nobody: the ticket stays processing until its window closes (spec 4),
    // as when a customer closes a real gateway's page.
    if (result !== 'abandoned') {
      try {
        const res = await internalFetch(
          new Request(new URL(IPN_PATH[gateway.name], c.req.url), {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(signed).toString(),
          }),
        );
        const answer = await ipnResponseSchema.validate(await res.json());
        // '00' confirmed, '02' already settled: the merchant has the result. Anything else is a failed delivery.
        if (!res.ok || (answer.RspCode !== '00' && answer.RspCode !== '02')) throw new Error(`IPN answered ${answer.RspCode}`);
      } catch (error) {
        log.error('sandbox callback failed', { txn_ref: order.txnRef, error: String(error) });
        return c.html(
          messagePage('lost', order.locale, sameOrigin(c, order.returnUrl) ? order.returnUrl : undefined, order),
          502,
        );
      }
    }
    if (!sameOrigin(c, order.returnUrl)) return c.html(messagePage('invalid', order.locale), 400);
    return c.redirect(withParams(order.returnUrl, signed), 303);
  });

  return routes;
}
