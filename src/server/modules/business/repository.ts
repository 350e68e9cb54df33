// SQL of the business partners' credit accounts: accounts, sessions and the credit ledger (each balance move is one
// conditional UPDATE with its ledger row, in one transaction), and the gateway top-ups (settled once, by a
// conditional UPDATE of their status, by the gateway's verified callback). The tickets are read through the tickets
// module.
import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { businessAccounts, businessCreditEntries, businessSessions, businessTopUps } from '../../db/schema';
import { ticketByCode, ticketCodesOf } from '../tickets/service';

export type BusinessAccount = typeof businessAccounts.$inferSelect;
export type CreditEntry = typeof businessCreditEntries.$inferSelect;
export type TopUpRow = typeof businessTopUps.$inferSelect;

export type CreditMove =
  | { ok: true; balance: number; entry: CreditEntry }
  | { ok: false; reason: 'insufficient'; balance: number }
  | { ok: false; reason: 'already_paid' };

/** `messages`: the outbox writer: a ticket paid on credit is told with its payment. */
export function createBusinessRepository(db: Db, messages: MessageWriter = NO_MESSAGES) {
  return {
    async accountByEmail(email: string): Promise<BusinessAccount | null> {
      const [row] = await db.select().from(businessAccounts).where(eq(businessAccounts.email, email)).limit(1);
      return row ?? null;
    },

    /** Null when an account already has this e-mail (a second registration makes no second account). */
    async createAccount(row: typeof businessAccounts.$inferInsert): Promise<BusinessAccount | null> {
      const [created] = await db
        .insert(businessAccounts)
        .values(row)
        .onConflictDoNothing({ target: businessAccounts.email })
        .returning();
      return created ?? null;
    },

    async markLoginSent(accountId: number, at: Date) {
      await db.update(businessAccounts).set({ loginSentAt: at }).where(eq(businessAccounts.id, accountId));
    },

    async createSession(accountId: number, tokenHash: string, expiresAt: Date) {
      await db.insert(businessSessions).values({ accountId, tokenHash, expiresAt });
    },

    /** Deletes the session of this token hash, if any (a sign-out). */
    async deleteSession(tokenHash: string) {
      await db.delete(businessSessions).where(eq(businessSessions.tokenHash, tokenHash));
    },

    async accountForSession(tokenHash: string, at: Date): Promise<BusinessAccount | null> {
      const [row] = await db
        .select({ account: businessAccounts })
        .from(businessSessions)
        .innerJoin(businessAccounts, eq(businessAccounts.id, businessSessions.accountId))
        .where(and(eq(businessSessions.tokenHash, tokenHash), gt(businessSessions.expiresAt, at)))
        .limit(1);
      return row?.account ?? null;
    },

    /** The account's latest ledger rows, each with its ticket's code (null when it has none). */
    async creditEntries(accountId: number, limit: number) {
      const entries = await db
        .select()
        .from(businessCreditEntries)
        .where(eq(businessCreditEntries.accountId, accountId))
        .orderBy(desc(businessCreditEntries.createdAt), desc(businessCreditEntries.id))
        .limit(limit);
      const codes = await ticketCodesOf(
        db,
        entries.flatMap((entry) => (entry.ticketId === null ? [] : [entry.ticketId])),
      );
      return entries.map((entry) => ({
        entry,
        ticketCode: entry.ticketId === null ? null : (codes.get(entry.ticketId) ?? null),
      }));
    },

    async createTopUp(values: {
      accountId: number;
      gateway: string;
      txnRef: string;
      amount: number;
      locale: string;
      windowMinutes: number;
    }): Promise<TopUpRow> {
      const { windowMinutes, ...row } = values;
      const [created] = await db
        .insert(businessTopUps)
        .values({ ...row, expiresAt: sql`now() + make_interval(mins => ${windowMinutes}::int)` })
        .returning();
      if (!created) throw new Error('top-up insert returned no row');
      return created;
    },

    async topUpByRef(txnRef: string): Promise<TopUpRow | null> {
      const [row] = await db.select().from(businessTopUps).where(eq(businessTopUps.txnRef, txnRef)).limit(1);
      return row ?? null;
    },

    /**
     * Settles a pending top-up once, in one transaction: the top-up leaves 'pending' (a conditional UPDATE: of
     * replayed or concurrent callbacks one wins), then a paid one raises the balance and writes its ledger row
     * (unique top_up_id: never twice). False when it had been settled before.
     */
    async settleTopUp(
      topUpId: number,
      result: { success: boolean; gatewayTxnNo: string; responseCode: string },
      at: Date,
    ): Promise<boolean> {
      return db.transaction(async (tx) => {
        const [settled] = await tx
          .update(businessTopUps)
          .set({
            status: result.success ? 'paid' : 'failed',
            gatewayTxnNo: result.gatewayTxnNo,
            responseCode: result.responseCode,
            paidAt: result.success ? at : null,
            updatedAt: at,
          })
          .where(and(eq(businessTopUps.id, topUpId), eq(businessTopUps.status, 'pending')))
          .returning();
        if (!settled) return false;
        if (!result.success) return true;
        const [account] = await tx
          .update(businessAccounts)
          .set({ creditBalance: sql`${businessAccounts.creditBalance} + ${settled.amount}` })
          .where(eq(businessAccounts.id, settled.accountId))
          .returning({ balance: businessAccounts.creditBalance });
        if (!account) throw new Error(`no business account ${settled.accountId}`);
        await tx.insert(businessCreditEntries).values({
          accountId: settled.accountId,
          kind: 'top_up',
          amount: settled.amount,
          balanceAfter: account.balance,
          topUpId: settled.id,
          source: settled.gateway,
          createdAt: at,
        });
        return true;
      });
    },

    async balance(accountId: number): Promise<number> {
      const [row] = await db
        .select({ balance: businessAccounts.creditBalance })
        .from(businessAccounts)
        .where(eq(businessAccounts.id, accountId));
      return row?.balance ?? 0;
    },

    /** Debits `amount` for the ticket when the balance covers it and the ticket was not paid from credit before. */
    async payTicket(accountId: number, ticketId: number, amount: number, at: Date): Promise<CreditMove> {
      try {
        const move = await db.transaction(async (tx) => {
          const [account] = await tx
            .update(businessAccounts)
            .set({ creditBalance: sql`${businessAccounts.creditBalance} - ${amount}` })
            .where(and(eq(businessAccounts.id, accountId), gte(businessAccounts.creditBalance, amount)))
            .returning({ balance: businessAccounts.creditBalance });
          if (!account) {
            const [current] = await tx
              .select({ balance: businessAccounts.creditBalance })
              .from(businessAccounts)
              .where(eq(businessAccounts.id, accountId));
            return { ok: false as const, reason: 'insufficient' as const, balance: current?.balance ?? 0 };
          }
          // The unique (ticket_id, kind) refuses a second payment of one ticket, and the transaction rolls back.
          const [entry] = await tx
            .insert(businessCreditEntries)
            .values({ accountId, kind: 'booking', amount: -amount, balanceAfter: account.balance, ticketId, createdAt: at })
            .returning();
          await messages.write(tx, 'payment_received', ticketId, { discriminator: 'credit', amount });
          return { ok: true as const, balance: account.balance, entry: entry! };
        });
        if (move.ok) messages.wake();
        return move;
      } catch (error) {
        if (isUniqueViolation(error)) return { ok: false, reason: 'already_paid' };
        throw error;
      }
    },

    ticketByCode: (code: string) => ticketByCode(db, code),
  };
}

export type BusinessRepository = ReturnType<typeof createBusinessRepository>;
