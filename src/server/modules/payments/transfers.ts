// The bank transfers desk: a VietQR ticket is paid when a transfer of its exact total arrives on the
// receiving account with its code in the note, reported by the bank-statement webhook, or when the staff of the
// ticket's partner match a transfer naming it or confirm one by hand.
import { TRANSACTION_STATUS, VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import {
  TRANSFER_ERROR_KEYS,
  PARTNER_ERROR_KEYS,
  type TransferReason,
  type UnmatchedTransfer,
} from '../../../shared/contract/partners';
import {
  createBankWebhook,
  isReceivingAccount,
  type BankTransfer,
  type BankWebhook,
  type BankWebhookRefusal,
} from '../../adapters/payments/bank-webhook';
import type { Logger } from '../../http/errors';
import { refuse, type Refusal } from '../../http/refusal';
import type { TransferOutcome, TransfersRepository, TransferTicket } from './transfers-repository';

/** The staff member acting, as the partners module knows them. */
export interface TransferStaff {
  id: number;
  partnerId: number;
}

export interface TransfersServiceOptions {
  repository: TransfersRepository;
  /** The webhook adapter, or null while BANK_WEBHOOK_SECRET is not set (transfers are then confirmed by hand). */
  webhook: BankWebhook | null;
  /** The VietQR receiving account of the settings (null: none): money reported into any other account pays nothing. */
  receivingAccount: () => Promise<string | null>;
  log: Logger;
  /** Told (not awaited) when a transfer paid a ticket: the push module, as a card callback does. */
  onPaid?: (ticketId: number) => void;
}

export type WebhookAnswer =
  | {
      ok: true;
      results: TransferOutcome[];
      /** Rows that failed unexpectedly (not a bad row: those are recorded as rejected): the batch is to be sent again. */
      failed: number;
    }
  | { ok: false; status: 401 | 400 | 503; reason: BankWebhookRefusal | 'not_configured' };

/**
 * The webhook from the environment: BANK_WEBHOOK_SECRET, the secret shared with the notification service (SePay,
 * Casso) that signs each body; BANK_WEBHOOK_API_KEY=1 also accepts SePay's "Authorization: Apikey <secret>", which
 * proves the sender but not the body. Without the secret there is no webhook: staff confirm transfers by hand.
 */
export function bankWebhookFromEnv(env: NodeJS.ProcessEnv): BankWebhook | null {
  const secret = env.BANK_WEBHOOK_SECRET?.trim();
  if (!secret) return null;
  return createBankWebhook({ secret, allowApiKey: env.BANK_WEBHOOK_API_KEY === '1' });
}

/**
 * Which ticket a transfer pays, or why none: the code in the note names a VietQR ticket awaiting its payment, and this
 * transfer with the short transfers that named it before (`earlier`, VND) makes its total or more. Less is short
 * (`wrong_amount`: the passenger transfers the rest with the same note); more pays the ticket and the extra is refunded.
 */
export function matchTransfer(amount: number, codes: string[], found: TransferTicket[], earlier = 0) {
  if (!codes.length) return { reason: 'no_code' as TransferReason };
  // The note's codes in their order of likelihood; the first that is a ticket decides.
  const ticket = codes.map((code) => found.find((row) => row.code === code)).find((row) => row !== undefined);
  if (!ticket) return { reason: 'unknown_code' as TransferReason };
  if (ticket.payMethodId !== VIETQR_PAY_METHOD || ticket.transactionStatusId !== TRANSACTION_STATUS.processing)
    return { reason: 'not_awaiting' as TransferReason };
  const received = earlier + amount;
  if (received < ticket.totalCost) return { reason: 'wrong_amount' as TransferReason };
  return { ticket, earlier, extra: received - ticket.totalCost };
}

/** The most codes of one note looked up (a note naming more is not a payment for one ticket anyway). */
const MAX_CODES = 10;

export function createTransfersService({ repository, webhook, receivingAccount, log, onPaid }: TransfersServiceOptions) {
  /** A staff member's ticket by code: another partner's ticket is not found (the console's rule). */
  async function staffTicket(staff: TransferStaff, code: string): Promise<TransferTicket | Refusal<404>> {
    const ticket = await repository.ticketByCode(code);
    if (!ticket || ticket.partnerId !== staff.partnerId) return refuse(404, PARTNER_ERROR_KEYS.notFound);
    return ticket;
  }
  const paidAnswer = (ticket: TransferTicket, staff: TransferStaff, at: Date) => ({
    ticket_code: ticket.code,
    transaction_status_id: TRANSACTION_STATUS.success,
    matched_by: staff.id,
    matched_at: at.toISOString(),
  });

  async function receiveOne(transfer: BankTransfer, account: string | null): Promise<TransferOutcome> {
    const incoming = {
      provider: transfer.source,
      transactionId: transfer.id,
      reference: transfer.reference,
      amount: transfer.amount,
      note: transfer.note,
      transactionDate: transfer.transactionDate,
    };
    if (!isReceivingAccount(transfer, account)) {
      const outcome = await repository.ignore(incoming);
      if (outcome.outcome === 'ignored') log.info('transfer into another account ignored', { transfer_id: outcome.transferId });
      return outcome;
    }
    // The code standing alone in the note first, then any found inside glued text.
    const codes = [...new Set([transfer.ticketCode, ...transfer.candidates].filter((code): code is string => !!code))].slice(
      0,
      MAX_CODES,
    );
    const outcome = await repository.receive(incoming, codes, (found, earlier) =>
      matchTransfer(transfer.amount, codes, found, earlier),
    );
    if (outcome.outcome === 'paid') {
      log.info('transfer paid a ticket', { ticket_id: outcome.ticketId, transfer_id: outcome.transferId });
      onPaid?.(outcome.ticketId);
    } else if (outcome.outcome === 'unmatched')
      log.info('transfer unmatched', { transfer_id: outcome.transferId, reason: outcome.reason });
    return outcome;
  }

  return {
    configured: webhook !== null,

    /**
     * What the passenger of `ticket` may see of the money sent for it: the transfers paid into it and those naming it
     * that paid nothing yet, what is still to transfer while it awaits (the short transfers count), and the extra
     * refunded when more than the total arrived. Nothing of any other ticket's transfers.
     */
    async passengerView(ticket: { id: number; totalCost: number; payMethodId: number; transactionStatusId: number }) {
      const rows = await repository.ticketTransfers(ticket.id);
      const sum = (list: typeof rows) => list.reduce((total, row) => total + row.amount, 0);
      const short = sum(rows.filter((row) => row.status === 'unmatched' && row.reason === 'wrong_amount'));
      const awaiting = ticket.payMethodId === VIETQR_PAY_METHOD && ticket.transactionStatusId === TRANSACTION_STATUS.processing;
      const refund = await repository.overpaidRefund(ticket.id);
      return {
        total_cost: ticket.totalCost,
        received: sum(rows),
        remaining: awaiting ? Math.max(0, ticket.totalCost - short) : 0,
        extra: refund?.amount ?? 0,
        refund_status: refund?.status ?? null,
        transfers: rows.map((row) => ({ amount: row.amount, received_at: row.receivedAt.toISOString() })),
      };
    },

    /** The webhook: verify the raw body's signature, then claim and match each incoming transfer once. */
    async receive(rawBody: string, headers: Headers): Promise<WebhookAnswer> {
      if (!webhook) return { ok: false, status: 503, reason: 'not_configured' };
      const read = webhook.read(rawBody, headers);
      if (!read.ok) {
        log.info('bank webhook refused', { reason: read.reason });
        return { ok: false, status: read.reason === 'bad_body' ? 400 : 401, reason: read.reason };
      }
      const account = await receivingAccount();
      const results: TransferOutcome[] = [];
      for (const rejected of read.rejected) {
        log.info('bank webhook row refused', { provider: rejected.source, reason: rejected.why });
        results.push(await repository.reject({ provider: rejected.source, ...rejected }));
      }
      // Row by row, each its own transaction: a row that fails is skipped and the others of its batch are still
      // paid. The call then asks for the batch again (503): the rows done are duplicates then, the failed one is
      // tried again, and the service's own retry limit bounds the attempts.
      let failed = 0;
      for (const transfer of read.transfers) {
        try {
          results.push(await receiveOne(transfer, account));
        } catch (error) {
          failed += 1;
          log.error('bank webhook row failed', { transfer: transfer.id, error: String(error).slice(0, 300) });
        }
      }
      if (failed) return { ok: true, results, failed };
      return { ok: true, results, failed: 0 };
    },

    /**
     * The staff's list of transfers that paid nothing by themselves and whose note names one of their partner's
     * tickets, newest first. A transfer naming no ticket of ours is the operator's, listed to no partner.
     */
    async unmatched(staff: TransferStaff): Promise<UnmatchedTransfer[]> {
      const rows = await repository.unmatched(staff.partnerId, 100);
      return rows.map((row) => ({
        id: row.id,
        amount: row.amount,
        note: row.note,
        reference: row.reference,
        received_at: row.receivedAt.toISOString(),
        reason: (row.reason as TransferReason | null) ?? null,
        ticket_code: row.namedCode,
      }));
    },

    /**
     * The operator desk's inbox: the unmatched transfers whose note names no ticket of ours (no partner sees them),
     * after `afterId`, oldest first; and one transfer by id.
     */
    operatorsAfter: (afterId: number, limit: number) => repository.operatorsAfter(afterId, limit),
    transferById: (id: number) => repository.transferById(id),

    /**
     * Staff pay one of their partner's VietQR tickets with an unmatched transfer whose note names one of their
     * partner's tickets; recorded with who, when and why. Another partner's transfer answers as an unknown id.
     */
    async match(staff: TransferStaff, transferId: number, code: string, reason: string) {
      if (webhook && !reason) return refuse(400, TRANSFER_ERROR_KEYS.reasonRequired);
      const ticket = await staffTicket(staff, code);
      if ('ok' in ticket) return ticket;
      if (ticket.payMethodId !== VIETQR_PAY_METHOD) return refuse(409, TRANSFER_ERROR_KEYS.notAwaiting);
      const result = await repository.matchByHand(transferId, ticket, staff, reason);
      if (result === 'not_found') return refuse(404, TRANSFER_ERROR_KEYS.transferNotFound);
      if (result === 'matched') return refuse(409, TRANSFER_ERROR_KEYS.alreadyMatched);
      if (result === 'not_awaiting') return refuse(409, TRANSFER_ERROR_KEYS.notAwaiting);
      log.info('transfer matched by hand', { ticket_id: ticket.id, transfer_id: transferId, staff_id: staff.id });
      onPaid?.(ticket.id);
      return { ok: true as const, data: paidAnswer(ticket, staff, result.matchedAt) };
    },

    /**
     * Staff confirm that the transfer of one of their partner's VietQR tickets arrived. With no webhook, on their
     * word (a 'manual' transfer is recorded). With the webhook, the bank reports every transfer into the account, so
     * only a reported transfer naming the ticket can pay it, and the staff say why they settle it by hand.
     */
    async confirm(staff: TransferStaff, code: string, reason: string) {
      if (webhook && !reason) return refuse(400, TRANSFER_ERROR_KEYS.reasonRequired);
      const ticket = await staffTicket(staff, code);
      if ('ok' in ticket) return ticket;
      if (ticket.payMethodId !== VIETQR_PAY_METHOD) return refuse(409, TRANSFER_ERROR_KEYS.notAwaiting);
      if (webhook) {
        const result = await repository.confirmReported(ticket, staff.id, reason);
        if (result === 'not_reported') return refuse(409, TRANSFER_ERROR_KEYS.notReported);
        if (result === 'not_awaiting') return refuse(409, TRANSFER_ERROR_KEYS.notAwaiting);
        log.info('reported transfer confirmed by hand', { ticket_id: ticket.id, staff_id: staff.id });
        onPaid?.(ticket.id);
        return { ok: true as const, data: paidAnswer(ticket, staff, result.matchedAt) };
      }
      const result = await repository.confirmByHand(ticket, staff.id, reason);
      if (result === 'not_awaiting') return refuse(409, TRANSFER_ERROR_KEYS.notAwaiting);
      log.info('transfer confirmed by hand', { ticket_id: ticket.id, staff_id: staff.id });
      onPaid?.(ticket.id);
      return { ok: true as const, data: paidAnswer(ticket, staff, new Date()) };
    },
  };
}

export type TransfersService = ReturnType<typeof createTransfersService>;
