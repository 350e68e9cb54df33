// The payments module's tables: the online payment attempts, every gateway callback and the refunds owed.
import { boolean, index, integer, jsonb, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { tickets } from './tickets';

// Payments (spec 4 transaction status and payment ids, spec 7 payment calls). Money columns are whole VND.

/**
 * One attempt to pay a ticket online. Its status changes only through a gateway's verified callback, once:
 * 'pending' → 'paid' | 'failed', or, when the ticket had left 'processing' before the money arrived, a
 * 'paid_after_*' status that marks the payment for a refund ('paid_after_cancel', 'paid_after_timeout',
 * 'paid_after_error', 'paid_twice').
 */
export const payments = pgTable(
  'payments',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** 'vnpay' | 'sandbox' | 'paypal_sandbox' | 'paypal'. */
    gateway: text('gateway').notNull(),
    /** As sent (spec 4): 8 online, 4 PayPal-style. */
    payMethodId: smallint('pay_method_id').notNull(),
    /** spec 7 charge_type_id, recorded as sent (its meaning is not shown). */
    chargeTypeId: smallint('charge_type_id').notNull(),
    /** Our reference at the gateway (vnp_TxnRef). */
    txnRef: text('txn_ref').notNull().unique(),
    /** Whole VND: the ticket's total when the attempt started. */
    amount: integer('amount').notNull(),
    /** What PayPal charges (no VND there): US cents of `amount` at `vndPerUsd`, rounded half up. */
    usdCents: integer('usd_cents'),
    vndPerUsd: integer('vnd_per_usd'),
    /** The gateway's id of the order it opened for this attempt (PayPal's order id), which its return and webhook name. */
    gatewayOrderId: text('gateway_order_id'),
    status: text('status').notNull().default('pending'),
    /** The gateway's own transaction number and result code, from its callback. */
    gatewayTxnNo: text('gateway_txn_no'),
    responseCode: text('response_code'),
    locale: text('locale').notNull().default('vi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** spec 4, 9: created + the payment window; the gateway is told to close the payment then. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('payments_ticket').on(t.ticketId, t.createdAt)],
);

/** Every gateway callback received, verified or not, for audit: what came, and what it did. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** null when the callback names no payment of ours. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    gateway: text('gateway').notNull(),
    txnRef: text('txn_ref').notNull().default(''),
    /** The parameters as received. */
    params: jsonb('params').$type<Record<string, string>>().notNull(),
    signatureOk: boolean('signature_ok').notNull(),
    /** 'applied' | 'duplicate' | 'rejected'. */
    result: text('result').notNull(),
    /** Why: 'paid', 'failed', 'paid_after_cancel', …, 'bad_signature', 'not_found', 'amount_mismatch'. */
    detail: text('detail').notNull(),
    /** What we answered the gateway (VNPay RspCode). */
    rspCode: text('rsp_code').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('payment_events_payment').on(t.paymentId),
    // The refused callbacks' hourly cap counts the last hour's refusals (repository.recordRefused): a range of this
    // index, not a scan of every callback ever received, under the cap's lock.
    index('payment_events_result_received').on(t.result, t.receivedAt),
  ],
);

/**
 * The built-in sandbox gateways' own books, as a real gateway keeps its own: each charge their page made (by its
 * transaction number) and its refund, so that a refund asked of the sandbox is checked against a charge it made, and
 * happens once.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  txnNo: text('txn_no').primaryKey(),
  /** 'sandbox' | 'paypal_sandbox'. */
  gateway: text('gateway').notNull(),
  /** The merchant's reference the charge was for (our payments.txn_ref). */
  txnRef: text('txn_ref').notNull(),
  amount: integer('amount').notNull(),
  refundId: text('refund_id'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every bank transfer reported to the receiving account (by the bank-statement webhook) or confirmed by
 * partner staff by hand. (provider, transaction_id) is the idempotency key: a replayed notification inserts nothing,
 * so it cannot pay twice. 'unmatched' until it pays a ticket ('matched'); staff match the rest by hand.
 */
export const bankTransfers = pgTable(
  'bank_transfers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** 'sepay' | 'casso' (the webhook), 'manual' (staff confirmed a transfer with no webhook configured). */
    provider: text('provider').notNull(),
    /**
     * The service's own id of the transaction (the ticket's id for a manual confirmation; a digest of the row for a
     * refused row): unique per provider.
     */
    transactionId: text('transaction_id').notNull(),
    /** The bank's reference, as reported. */
    reference: text('reference').notNull(),
    amount: integer('amount').notNull(),
    note: text('note').notNull(),
    /**
     * 'unmatched' | 'matched'; 'ignored' (money into another account than the VietQR receiving account: it pays
     * nothing); 'rejected' (a row of a notification that is not a transfer: the note holds a bounded excerpt).
     */
    status: text('status').notNull().default('unmatched'),
    /**
     * Why it did not pay a ticket by itself: 'no_code', 'unknown_code', 'wrong_amount', 'not_awaiting'; 'other_account'
     * (ignored); why a row was refused (rejected).
     */
    reason: text('reason'),
    /** The ticket paid. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** The ticket the note names (paid or not): whose partner's staff see and match the transfer. */
    namedTicketId: integer('named_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** The partner staff member who matched or confirmed it by hand (null: matched by the webhook). */
    matchedBy: integer('matched_by'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    /** The staff member's reason for settling it by hand (required while the bank webhook is configured). */
    handReason: text('hand_reason'),
    /** The bank's time of the transaction, as the service wrote it. */
    transactionDate: text('transaction_date'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('bank_transfers_provider_transaction').on(t.provider, t.transactionId),
    index('bank_transfers_status').on(t.status, t.receivedAt),
    index('bank_transfers_named_ticket').on(t.namedTicketId),
  ],
);

/**
 * A refund owed: of an online payment of a cancelled ticket, or of the extra of a ticket paid by transfers that came
 * to more than its total; whoever pays refunds out reads the 'due' rows. One per ticket and reason.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amount: integer('amount').notNull(),
    /** 'passenger_cancel' | 'partner_refused' | 'overpaid' (the extra of a bank transfer). */
    reason: text('reason').notNull(),
    /** 'due' | 'refunded'. */
    status: text('status').notNull().default('due'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refunds_ticket_reason').on(t.ticketId, t.reason)],
);

/**
 * A refund paid out by Vivu's finance desk (a bank transfer, the gateway's refund, cash), with its reference: a
 * refund owed may be paid in parts, never beyond its amount; the refund is 'refunded' once paid in full.
 */
export const refundPayouts = pgTable(
  'refund_payouts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    refundId: integer('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    /** 'bank_transfer' | 'gateway' | 'cash' (desk-tickets.ts DESK_REFUND_METHODS). */
    method: text('method').notNull(),
    /** The bank's or the gateway's reference of the money sent. */
    reference: text('reference').notNull(),
    /** The desk member who marked it (kept when the login is removed: the audit log names them). */
    staffId: integer('staff_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('refund_payouts_refund').on(t.refundId)],
);
