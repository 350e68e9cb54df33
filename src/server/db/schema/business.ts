// The business module's tables: the business partners' credit accounts with their sessions, top-ups and ledger.
// Money is whole VND.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tickets } from './tickets';
import { leadContacts } from './leads';

/** spec 1: a business partner who books on credit; its login (e-mail + generated password) is e-mailed. */
export const businessAccounts = pgTable(
  'business_accounts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    leadId: integer('lead_id')
      .notNull()
      .references(() => leadContacts.id),
    /** Lower case; the login name. */
    email: text('email').notNull().unique(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    phone: text('phone').notNull(),
    /** argon2id PHC string (the accounts module's helper). */
    passwordHash: text('password_hash').notNull(),
    /** Whole VND, never below 0 (every move is a conditional UPDATE with its ledger row); bigint: top-ups add up. */
    creditBalance: bigint('credit_balance', { mode: 'number' }).notNull().default(0),
    loginSentAt: timestamp('login_sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('business_accounts_credit_nonnegative', sql`${t.creditBalance} >= 0`)],
);

/** A business partner's signed-in device: the sha256 of its bearer token. */
export const businessSessions = pgTable(
  'business_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('business_sessions_account').on(t.accountId)],
);

/**
 * A credit top-up paid through the card gateway (the payments module's online gateway: VNPay or the sandbox). Only
 * the gateway's verified callback moves it out of 'pending', once; a paid one adds its ledger row in the same
 * transaction (docs/decisions.md "Business credit").
 */
export const businessTopUps = pgTable(
  'business_top_ups',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    /** 'vnpay' | 'sandbox'. */
    gateway: text('gateway').notNull(),
    /** Our reference at the gateway (vnp_TxnRef): 'TU' then letters and digits. */
    txnRef: text('txn_ref').notNull().unique(),
    /** Whole VND. */
    amount: integer('amount').notNull(),
    /** 'pending' | 'paid' | 'failed'. */
    status: text('status').notNull().default('pending'),
    gatewayTxnNo: text('gateway_txn_no'),
    responseCode: text('response_code'),
    locale: text('locale').notNull().default('vi'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The gateway is told to close the payment then (a late paid callback is still credited: the money was taken). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('business_top_ups_account').on(t.accountId, t.createdAt),
    check('business_top_ups_amount_positive', sql`${t.amount} > 0`),
  ],
);

/**
 * The credit ledger: every move of a balance, with the balance after it. A ticket is paid from credit once and
 * refunded once (unique ticket and kind); a top-up is credited once (unique top_up_id).
 */
export const businessCreditEntries = pgTable(
  'business_credit_entries',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => businessAccounts.id, { onDelete: 'cascade' }),
    /** 'top_up' | 'booking' | 'refund' (a cancelled ticket paid on credit). */
    kind: text('kind').notNull(),
    /** Positive for a top-up or a refund, negative for a booking. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id),
    /** The gateway top-up this entry credits. */
    topUpId: integer('top_up_id').references(() => businessTopUps.id),
    /** Where a top-up came from: its gateway ('vnpay', 'sandbox'); a refund: the cancellation's reason. */
    source: text('source').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('business_credit_entries_account').on(t.accountId, t.createdAt),
    unique('business_credit_entries_ticket_kind').on(t.ticketId, t.kind),
    unique('business_credit_entries_top_up').on(t.topUpId),
  ],
);
