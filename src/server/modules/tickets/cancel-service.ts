// Ticket cancellation (spec 4: allowed only while the transaction is not cancelled and the departure is in the
// future; spec 7 generate_cancel_booking_token, cancel_booking, get_why_cancel_list, customer_feedback_why_cancel).
// Ownership is proven once, with the code and the contact it was booked with or with the owner's account token;
// that yields a short-lived random token (stored as its sha256) that the cancellation and the feedback present.
import { createHash, randomBytes } from 'node:crypto';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import {
  CANCEL_ERROR_KEYS,
  CANCEL_TOKEN_TTL_SECONDS,
  type CancelReason,
  type CancelResult,
  type CancelToken,
} from '../../../shared/contract/tickets';
import { refuse, type Refusal, type Result as HttpResult } from '../../http/refusal';
import type { CancelRepository } from './cancel-repository';
import type { TicketRow } from '../../db/schema';
import { asTicketStatus } from '../../http/ticket-wire';
import type { TicketRepository } from './repository';

export type CancelRefusal = Refusal<400 | 403 | 404 | 409>;
type Result<T> = HttpResult<T, CancelRefusal['status']>;

export const sha256Hex = (value: string) => createHash('sha256').update(value).digest('hex');

/** How long the reasons list is kept in memory before it is read again. */
const REASONS_CACHE_MS = 60_000;

export interface CancelServiceDeps {
  cancels: CancelRepository;
  tickets: Pick<TicketRepository, 'findByCode'>;
  now: () => Date;
  /** The answer to a wrong code or a wrong contact (the same as get_ticket_info's). */
  notFoundKey: string;
}

/** Why the ticket cannot be cancelled now (spec 4), or null when it can. */
export function cancelBlock(row: TicketRow, now: Date): string | null {
  if (row.transactionStatusId === TRANSACTION_STATUS.cancel || row.status === TICKET_STATUS.cancelled)
    return CANCEL_ERROR_KEYS.alreadyCancelled;
  if (row.status !== TICKET_STATUS.pending || row.departAt.getTime() <= now.getTime()) return CANCEL_ERROR_KEYS.departed;
  return null;
}

export function createCancelService(deps: CancelServiceDeps) {
  const { cancels, tickets, now } = deps;
  let reasonsCache: { at: number; rows: Awaited<ReturnType<CancelRepository['activeReasons']>> } | undefined;

  /** The ticket a live cancel token was given for, or null. */
  async function withToken(ticketCode: string, cancelToken: string, at: Date) {
    const row = await tickets.findByCode(ticketCode);
    if (!row) return null;
    const token = await cancels.liveToken(sha256Hex(cancelToken), row.id, at);
    return token ? { row, tokenId: token.id } : null;
  }

  async function reasons(lang: string): Promise<CancelReason[]> {
    const stamp = Date.now();
    if (!reasonsCache || stamp - reasonsCache.at > REASONS_CACHE_MS)
      reasonsCache = { at: stamp, rows: await cancels.activeReasons() };
    return reasonsCache.rows.map((reason) => ({ id: reason.id, text: lang === 'en' ? reason.textEn : reason.textVi }));
  }

  return {
    /** A cancel token for a ticket whose ownership the route proved (ticket-access.ts). */
    async generateToken(row: TicketRow): Promise<Result<CancelToken>> {
      const at = now();
      const blocked = cancelBlock(row, at);
      if (blocked) return refuse(409, blocked);
      // 256 random bits; only the hash is stored.
      const token = randomBytes(32).toString('base64url');
      await cancels.insertToken({
        ticketId: row.id,
        tokenHash: sha256Hex(token),
        expiresAt: new Date(at.getTime() + CANCEL_TOKEN_TTL_SECONDS * 1000),
        createdAt: at,
      });
      return {
        ok: true,
        data: { cancel_token: token, expires_in: CANCEL_TOKEN_TTL_SECONDS, refund_amount: await cancels.paidAmount(row.id) },
      };
    },

    async cancel(ticketCode: string, cancelToken: string): Promise<Result<CancelResult>> {
      const at = now();
      const found = await withToken(ticketCode, cancelToken, at);
      if (!found) return refuse(403, CANCEL_ERROR_KEYS.tokenInvalid);
      const blocked = cancelBlock(found.row, at);
      if (blocked) return refuse(409, blocked);
      const outcome = await cancels.cancel(found.row.id, at, found.tokenId);
      if (!outcome) {
        // Another call changed the ticket between the read and the UPDATE: say what it is now.
        const fresh = await tickets.findByCode(ticketCode);
        return refuse(409, (fresh && cancelBlock(fresh, at)) ?? CANCEL_ERROR_KEYS.alreadyCancelled);
      }
      const row = outcome.row;
      const data: CancelResult = {
        ticket_code: row.code,
        status: asTicketStatus(row.status),
        transaction_status_id: TRANSACTION_STATUS.cancel,
        cancelled_at: (row.cancelledAt ?? at).toISOString(),
        refund_amount: outcome.refundAmount,
        member_promotion_returned: outcome.memberPromotionReturned,
      };
      // The passenger is told by the messages the cancellation wrote in its transaction.
      return { ok: true, data };
    },

    reasons,

    async feedback(input: { ticketCode: string; cancelToken: string; reasonId: number; note: string }): Promise<Result<true>> {
      const at = now();
      const found = await withToken(input.ticketCode, input.cancelToken, at);
      if (!found || found.row.transactionStatusId !== TRANSACTION_STATUS.cancel)
        return refuse(403, CANCEL_ERROR_KEYS.tokenInvalid);
      const known = await reasons('vi');
      if (!known.some((reason) => reason.id === input.reasonId)) return refuse(400, CANCEL_ERROR_KEYS.reason);
      await cancels.saveFeedback({ ticketId: found.row.id, reasonId: input.reasonId, note: input.note, at });
      return { ok: true, data: true };
    },
  };
}

export type CancelService = ReturnType<typeof createCancelService>;
