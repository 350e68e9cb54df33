// Proof of a ticket for every public call that reads or acts on one: no call takes a bare id. A call names
// the ticket by its code and proves it with one of: the ticket's access key (256 bits handed only to the browser
// that booked, in the create answer; sent as the X-Ticket-Key header or a ticket_key field), the phone or e-mail it
// was booked with, or the owner's account token. The key is an HMAC of the ticket under a server secret, so a
// repeated submission of the same booking (its idempotency key is the browser's own secret) answers the same key,
// and nothing about keys is stored with the tickets. A wrong proof answers exactly like an unknown code and counts as a ticket lookup of
// the client's address (30 per 10 minutes); a contact or token proof is counted before it is checked, since a phone
// can be guessed; a right key is not counted, so the booking browser can poll its payment as often as it needs.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import { BOOKING_ERROR_KEYS } from '../../../shared/contract/booking';
import { CANCEL_ERROR_KEYS, TICKET_LOOKUP_LIMIT, TICKET_LOOKUP_WINDOW_SECONDS } from '../../../shared/contract/tickets';
import type { PaymentStatus } from '../../../shared/contract/payments';
import type { Db } from '../../db/client';
import { tickets, type TicketRow } from '../../db/schema';
import { fail } from '../../http/envelope';
import { createRateLimiter, overLimit, type RateLimiter } from '../../http/rate-limit';
import type { Proven, TicketProof } from '../../http/ticket-proof';
import { provenOwner } from './ownership';

/** How long a check_status answer is shared by the pollers of its ticket. */
const ANSWER_TTL_MS = 1000;

/** The settings row of the keys' HMAC secret (created at first use, never served: its group is not a served one). */
export const TICKET_KEY_SECRET = 'ticket_key_secret';

/** A ticket's access key: HMAC-SHA256 of its id and code under the secret, base64url (43 characters). */
export function ticketKeyOf(secret: string, ticket: Pick<TicketRow, 'id' | 'code'>): string {
  return createHmac('sha256', secret).update(`ticket-key:${ticket.id}:${ticket.code}`).digest('base64url');
}

function sameKey(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The config module's server secrets, as a port (tickets do not import config): `key`'s stored value, written from
 * `generate()` when there is none.
 */
export interface KeySecrets {
  secret: (key: string, group: string, generate: () => string) => Promise<unknown>;
}

export interface TicketAccessOptions {
  db: Db;
  /** The config module's server secrets: the keys' HMAC secret is kept with them. */
  secrets: KeySecrets;
  userIdForToken: (token: string | undefined) => Promise<number | null>;
  now: () => Date;
  /** Ticket lookups per client address per window (default the contract's TICKET_LOOKUP_LIMIT). */
  lookupLimit?: number;
}

export function createTicketAccess({ db, secrets, userIdForToken, now, lookupLimit = TICKET_LOOKUP_LIMIT }: TicketAccessOptions) {
  const limiter: RateLimiter = createRateLimiter(db, { limit: lookupLimit, windowSeconds: TICKET_LOOKUP_WINDOW_SECONDS });
  const spendLookup = (c: Context, ip: string) =>
    overLimit(c, limiter, `ticket_lookup:${ip}`, now(), CANCEL_ERROR_KEYS.tooManyLookups);
  let secretRead: Promise<string> | null = null;
  const secret = () => {
    secretRead ??= (async () => {
      // The first writer wins when servers start together; every process then reads the same secret.
      const value = await secrets.secret(TICKET_KEY_SECRET, 'secrets', () => randomBytes(32).toString('base64url'));
      if (typeof value !== 'string' || value.length < 32) throw new Error('the ticket key secret is not a secret string');
      return value;
    })().catch((error: unknown) => {
      secretRead = null; // a failed read is tried again at the next call
      throw error;
    });
    return secretRead;
  };
  const byCode = async (code: string): Promise<TicketRow | null> =>
    (await db.select().from(tickets).where(eq(tickets.code, code)).limit(1))[0] ?? null;

  // Every browser waiting for a payment polls check_status; within a second they all get the answer the
  // first one read, when they bring the ticket's key (so no database read proves it). A change this process makes
  // to the ticket's payment forgets it; `version` keeps an answer read before such a change from being kept after.
  const answers = new Map<string, { at: number; clock: number; ticketId: number; key: string; status: PaymentStatus }>();
  let version = 0;
  const fresh = (entry: { at: number; clock: number }) => {
    const moved = now().getTime() - entry.clock;
    return Date.now() - entry.at < ANSWER_TTL_MS && moved >= 0 && moved < ANSWER_TTL_MS;
  };
  // One read in flight per ticket: when the kept answer expires, the pollers that arrive during the read wait for it
  // rather than all reading at once (500 pollers of 50 tickets timed out on PGlite without it).
  const reads = new Map<string, { version: number; done: Promise<void> }>();
  const recentAnswers = {
    /** The answer of a poll, read and kept since this version (taken before the read). */
    version: () => version,
    /**
     * A poll with a key that finds a read of its ticket in flight (started since the last change) waits for it and
     * gets the answer it kept, when the key is the ticket's; null when there is none or it kept nothing.
     */
    async afterRead(code: string, key: string | undefined): Promise<PaymentStatus | null> {
      const read = key ? reads.get(code.trim().toUpperCase()) : undefined;
      if (!read || read.version !== version) return null;
      await read.done;
      return recentAnswers.get(code, key);
    },
    /** Marks a read of the ticket in flight until the returned function is called (after the answer is kept). */
    reading(code: string): () => void {
      const normal = code.trim().toUpperCase();
      let finish = () => {};
      const read = { version, done: new Promise<void>((resolve) => (finish = resolve)) };
      reads.set(normal, read);
      return () => {
        if (reads.get(normal) === read) reads.delete(normal);
        finish();
      };
    },
    /** The answer kept for this code if it is fresh and the key is the ticket's (a wrong key finds nothing). */
    get(code: string, key: string | undefined): PaymentStatus | null {
      const entry = key ? answers.get(code.trim().toUpperCase()) : undefined;
      return entry && key && fresh(entry) && sameKey(key, entry.key) ? entry.status : null;
    },
    async keep(ticket: Pick<TicketRow, 'id' | 'code'>, status: PaymentStatus, since: number) {
      const key = ticketKeyOf(await secret(), ticket);
      if (since !== version) return;
      for (const [code, entry] of answers) if (!fresh(entry)) answers.delete(code);
      answers.set(ticket.code, { at: Date.now(), clock: now().getTime(), ticketId: ticket.id, key, status });
    },
    /** The ticket's payment changed here (change of method, cancellation, a new attempt); every ticket without one. */
    forget(ticketId?: number) {
      version += 1;
      for (const [code, entry] of answers) if (ticketId === undefined || entry.ticketId === ticketId) answers.delete(code);
    },
    forgetCode(code: string) {
      version += 1;
      answers.delete(code.trim().toUpperCase());
    },
  };

  return {
    /** The shared per-address counter of ticket lookups (get_ticket_info and every proof by contact). */
    limiter,

    /**
     * One ticket lookup of the address, claimed before what it reveals is read (a call that answers about a phone's
     * trips, as the booking's duplicate check does): null while within the limit, else the 429 to send.
     */
    spendLookup,

    /** check_status answers kept for a second. */
    recentAnswers,

    /** The access key of a ticket, for the answer to the browser that booked it (and only there). */
    keyFor: async (ticket: Pick<TicketRow, 'id' | 'code'>) => ticketKeyOf(await secret(), ticket),

    /**
     * The ticket the proof holds for, or the answer to send: 429 once the address's lookups are spent, else the
     * same 404 for an unknown code and for a wrong proof (`notFoundKey`, the ticket-not-found message by default).
     */
    async prove(c: Context, ip: string, proof: TicketProof, notFoundKey: string = BOOKING_ERROR_KEYS.ticketNotFound) {
      const notFound = (): Proven => ({ ok: false, response: fail(c, 404, notFoundKey) });
      const code = proof.ticketCode.trim().toUpperCase();
      const other = Boolean(proof.phone || proof.email || proof.token);
      if (proof.key) {
        const row = await byCode(code);
        if (row && sameKey(proof.key, ticketKeyOf(await secret(), row))) return { ok: true, ticket: row } satisfies Proven;
        // A wrong key with nothing else: one lookup spent, and the answer of an unknown code.
        if (!other) {
          const limited = await spendLookup(c, ip);
          return limited ? ({ ok: false, response: limited } satisfies Proven) : notFound();
        }
      }
      // A phone, an e-mail or a token can be guessed: the lookup is claimed before it is checked.
      const limited = await spendLookup(c, ip);
      if (limited) return { ok: false, response: limited } satisfies Proven;
      const row = await provenOwner(await byCode(code), proof, userIdForToken);
      return row ? ({ ok: true, ticket: row } satisfies Proven) : notFound();
    },
  };
}

export type TicketAccess = ReturnType<typeof createTicketAccess>;
