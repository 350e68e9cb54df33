// The bank-statement webhook's route (the body is read raw: the signature is over its exact bytes), and the
// passenger's view of the transfers sent for their ticket, proven as every ticket call.
import { Hono } from 'hono';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import { API_BASE, ERROR_KEYS } from '../../../shared/contract/envelope';
import { PAYMENT_ERROR_KEYS, PAYMENT_PATHS, transferStatusRequestSchema } from '../../../shared/contract/payments';
import { bearer } from '../../http/bearer';
import type { ClientIp } from '../../http/client-ip';
import { fail, ok } from '../../http/envelope';
import { hasProof, proofOf } from '../../http/ticket-proof';
import { validate } from '../../http/validate';
import type { TicketAccess } from '../tickets/service';
import type { TransfersService } from './transfers';

const rel = (path: string) => path.slice(API_BASE.length);

export function transfersRoutes(transfers: TransfersService, { access, clientIp }: { access: TicketAccess; clientIp: ClientIp }) {
  const routes = new Hono();

  // Only the ticket's own transfers, to whoever proves the ticket (its key, its code with the phone or e-mail, the
  // owner's token); a failed proof answers as an unknown code and counts against the address's lookups.
  routes.get(rel(PAYMENT_PATHS.transferStatus), validate('query', transferStatusRequestSchema), async (c) => {
    const input = c.get('input');
    const proof = proofOf(c, input, bearer(c, undefined));
    if (!hasProof(proof))
      return fail(c, 400, ERROR_KEYS.validation, [{ field: 'ticket_key', message: BOOKING_ERROR_KEYS.proofRequired }]);
    const ticket = await access.prove(c, clientIp(c), proof);
    if (!ticket.ok) return ticket.response;
    return ok(c, await transfers.passengerView(ticket.ticket));
  });

  routes.post(rel(PAYMENT_PATHS.bankWebhook), async (c) => {
    const answer = await transfers.receive(await c.req.text(), c.req.raw.headers);
    if (!answer.ok) {
      // Not configured (no BANK_WEBHOOK_SECRET): there is no such endpoint here, and staff confirm transfers by hand.
      if (answer.status === 503) return fail(c, 404, ERROR_KEYS.notFound);
      if (answer.status === 400) return fail(c, 400, ERROR_KEYS.badJson);
      return fail(c, 401, PAYMENT_ERROR_KEYS.badSignature);
    }
    // SePay reads { success: true } with a 2xx as delivered (else it retries); Casso reads any 2xx. A bad row was
    // recorded as rejected, so it does not stop the batch being delivered (it is not sent again, and the rows that
    // paid with it). Only a row that failed unexpectedly asks for the batch again.
    const count = (outcome: string) => answer.results.filter((result) => result.outcome === outcome).length;
    const summary = {
      paid: count('paid'),
      unmatched: count('unmatched'),
      ignored: count('ignored'),
      rejected: count('rejected'),
      duplicate: count('duplicate'),
      failed: answer.failed,
    };
    if (answer.failed) {
      c.header('Retry-After', '60');
      return c.json({ success: false, ...summary }, 503);
    }
    return c.json({ success: true, ...summary });
  });
  return routes;
}
