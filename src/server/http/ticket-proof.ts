// The proof a request brings for a ticket, as every module's routes read it: the ticket's code with its access key
// (a field or the X-Ticket-Key header), the phone or e-mail it was booked with, or the owner's account token. The
// tickets module checks it (tickets/access.ts); a route hands it over through the `TicketProver` it was given.
import type { Context } from 'hono';
import { TICKET_KEY_HEADER } from '../../shared/contract/booking';
import type { TicketRow } from '../db/schema';

/** The proof a request brings with a ticket's code. */
export interface TicketProof {
  ticketCode: string;
  key?: string;
  phone?: string;
  email?: string;
  /** The signed-in account's token (body or Bearer header). */
  token?: string;
  /** When sent with the token, it must be the token's user. */
  userId?: number;
}

/** The proof fields of a request: the contract's names, the key also from the X-Ticket-Key header. */
export function proofOf(
  c: Context,
  input: { ticket_code: string; ticket_key?: string; phone_number?: string; email?: string; contact?: string },
  token?: string,
): TicketProof {
  const contact = input.contact?.trim();
  return {
    ticketCode: input.ticket_code,
    key: input.ticket_key?.trim() || c.req.header(TICKET_KEY_HEADER)?.trim() || undefined,
    phone: input.phone_number || (contact && !contact.includes('@') ? contact : undefined),
    email: input.email || (contact?.includes('@') ? contact : undefined),
    token: token || undefined,
  };
}

/** Whether the request brings any proof at all (a call without one is a malformed call, answered 400 by its route). */
export const hasProof = (proof: TicketProof): boolean => Boolean(proof.key || proof.phone || proof.email || proof.token);

/** The ticket a proof holds for, or the answer to send instead. */
export type Proven = { ok: true; ticket: TicketRow } | { ok: false; response: Response };

/** What a route needs of the tickets module's proof: the check, a lookup spent, and the key of a ticket it made. */
export interface TicketProver {
  /** The ticket the proof holds for, or the 429 / 404 to send (`notFoundKey`: the not-found message). */
  prove(c: Context, ip: string, proof: TicketProof, notFoundKey?: string): Promise<Proven>;
  /** One ticket lookup of the address, claimed before what it reveals is read: null, else the 429 to send. */
  spendLookup(c: Context, ip: string): Promise<Response | null>;
  /** The access key of a ticket, for the answer to the browser that booked it (and only there). */
  keyFor(ticket: Pick<TicketRow, 'id' | 'code'>): Promise<string>;
}
