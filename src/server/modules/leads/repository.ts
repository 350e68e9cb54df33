// SQL of issue 8's forms and live calls: inserts of the form records, the live booking count (a primary-key range
// count over today's tickets), the search keywords, and the business partners' accounts, sessions and credit
// ledger (each balance move is one conditional UPDATE with its ledger row, in one transaction), and the gateway
// top-ups (settled once, by a conditional UPDATE of their status, by the gateway's verified callback); the quick
// bookings (pending rows of kind 'quick') that transport partners list and take with one conditional UPDATE.
import { and, asc, desc, eq, gt, gte, isNull, lt, lte, max, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets, vehicleTypes } from '../../db/schema';
import { NO_MESSAGES, type MessageWriter } from '../messages/writer';
import {
  businessAccounts,
  businessCreditEntries,
  businessSessions,
  businessTopUps,
  exchangeKeywords,
  leadContacts,
  pendingBookings,
  specialRequests,
  supportRequests,
} from '../../db/schema-leads';

export type SpecialRequestRow = typeof specialRequests.$inferInsert;
export type LeadContactRow = typeof leadContacts.$inferInsert;
export type SupportRequestRow = typeof supportRequests.$inferInsert;
export type PendingBookingRow = typeof pendingBookings.$inferInsert;
export type QuickBookingRow = typeof pendingBookings.$inferSelect;
export type BusinessAccount = typeof businessAccounts.$inferSelect;
export type CreditEntry = typeof businessCreditEntries.$inferSelect;
export type TopUpRow = typeof businessTopUps.$inferSelect;

export type CreditMove =
  | { ok: true; balance: number; entry: CreditEntry }
  | { ok: false; reason: 'insufficient'; balance: number }
  | { ok: false; reason: 'already_paid' };

/** Postgres unique violation (also PGlite). */
const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && 'code' in error && (error as { code: unknown }).code === '23505';

/** `messages`: the outbox writer (issue 19): a ticket paid on credit is told with its payment. */
export function createLeadsRepository(db: Db, messages: MessageWriter = NO_MESSAGES) {
  return {
    async insertSpecialRequest(row: SpecialRequestRow) {
      const [created] = await db.insert(specialRequests).values(row).returning();
      return created!;
    },

    async insertLead(row: LeadContactRow) {
      const [created] = await db.insert(leadContacts).values(row).returning();
      return created!;
    },

    async insertSupportRequest(row: SupportRequestRow) {
      const [created] = await db.insert(supportRequests).values(row).returning({ id: supportRequests.id });
      return created!.id;
    },

    /**
     * One row per ticket_session: a later save replaces the details, if it is of the same kind and not taken by a
     * partner yet (a taken quick booking keeps what the partner saw). False when nothing was written.
     */
    async savePending(row: PendingBookingRow, at: Date): Promise<boolean> {
      const written = await db
        .insert(pendingBookings)
        .values({ ...row, createdAt: at, updatedAt: at })
        .onConflictDoUpdate({
          target: pendingBookings.ticketSession,
          set: {
            sessionId: row.sessionId,
            fullname: row.fullname,
            phone: row.phone,
            email: row.email,
            trip: row.trip,
            lang: row.lang,
            ip: row.ip,
            departAt: row.departAt ?? null,
            updatedAt: at,
          },
          setWhere: and(eq(pendingBookings.kind, row.kind ?? 'billing'), isNull(pendingBookings.takenByPartnerId)),
        })
        .returning({ id: pendingBookings.id });
      return written.length > 0;
    },

    /**
     * Saves not touched since `before` are deleted (they hold contact details of people who did not book), except
     * quick bookings whose depart time is still ahead of `at` (a partner may still serve them), kept at most until
     * `quickBefore`.
     */
    async deletePendingBefore(before: Date, at: Date, quickBefore: Date) {
      await db
        .delete(pendingBookings)
        .where(
          and(
            lt(pendingBookings.updatedAt, before),
            or(
              ne(pendingBookings.kind, 'quick'),
              isNull(pendingBookings.departAt),
              lte(pendingBookings.departAt, at),
              lt(pendingBookings.updatedAt, quickBefore),
            ),
          ),
        );
    },

    /** Quick bookings departing after `after`, newest first; one more row than `size` tells whether a next page exists. */
    async quickBookings(after: Date, page: number, size: number) {
      const rows = await db
        .select()
        .from(pendingBookings)
        .where(and(eq(pendingBookings.kind, 'quick'), gt(pendingBookings.departAt, after)))
        .orderBy(desc(pendingBookings.createdAt), desc(pendingBookings.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      return { rows: rows.slice(0, size), more: rows.length > size };
    },

    /**
     * The partner takes a listed quick booking in one conditional UPDATE: only while nobody took it (or this partner
     * did: taking twice keeps the first time). Under concurrent takes PostgreSQL re-checks the condition on the row
     * the first writer left, so exactly one partner wins. Undefined when the condition failed.
     */
    async takeQuickBooking(id: number, partnerId: number, after: Date, at: Date) {
      const [row] = await db
        .update(pendingBookings)
        .set({
          takenByPartnerId: partnerId,
          takenAt: sql`coalesce(${pendingBookings.takenAt}, ${at.toISOString()}::timestamptz)`,
        })
        .where(
          and(
            eq(pendingBookings.id, id),
            eq(pendingBookings.kind, 'quick'),
            gt(pendingBookings.departAt, after),
            or(isNull(pendingBookings.takenByPartnerId), eq(pendingBookings.takenByPartnerId, partnerId)),
          ),
        )
        .returning();
      return row;
    },

    /** A listed quick booking by id (to tell a 409 from a 404 after a failed take). */
    async quickBooking(id: number, after: Date) {
      const [row] = await db
        .select({ id: pendingBookings.id })
        .from(pendingBookings)
        .where(and(eq(pendingBookings.id, id), eq(pendingBookings.kind, 'quick'), gt(pendingBookings.departAt, after)));
      return row;
    },

    async vehicleNames(): Promise<Map<number, { vi: string; en: string }>> {
      const rows = await db.select({ id: vehicleTypes.id, vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn }).from(vehicleTypes);
      return new Map(rows.map((row) => [row.id, { vi: row.vi, en: row.en }]));
    },

    /** The highest ticket id created before `before` (0 when none): the start of the live count's id range. */
    async lastTicketIdBefore(before: Date): Promise<number> {
      const [row] = await db
        .select({ id: max(tickets.id) })
        .from(tickets)
        .where(lt(tickets.createdAt, before));
      return row?.id ?? 0;
    },

    /**
     * Tickets after id `afterId` created since each instant: a range scan of the primary key. The instants go in as
     * ISO text cast to timestamptz (the PostgreSQL driver does not take a Date inside a raw SQL fragment).
     */
    async countTicketsSince(afterId: number, since: { today: Date; lastHour: Date }) {
      const [row] = await db
        .select({
          today: sql<number>`count(*) filter (where ${tickets.createdAt} >= ${since.today.toISOString()}::timestamptz)`.mapWith(
            Number,
          ),
          lastHour:
            sql<number>`count(*) filter (where ${tickets.createdAt} >= ${since.lastHour.toISOString()}::timestamptz)`.mapWith(
              Number,
            ),
        })
        .from(tickets)
        .where(gt(tickets.id, afterId));
      return { today: row?.today ?? 0, lastHour: row?.lastHour ?? 0 };
    },

    async exchangeKeywords() {
      return db.select().from(exchangeKeywords).orderBy(asc(exchangeKeywords.sort), asc(exchangeKeywords.keyword));
    },

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

    async accountForSession(tokenHash: string, at: Date): Promise<BusinessAccount | null> {
      const [row] = await db
        .select({ account: businessAccounts })
        .from(businessSessions)
        .innerJoin(businessAccounts, eq(businessAccounts.id, businessSessions.accountId))
        .where(and(eq(businessSessions.tokenHash, tokenHash), gt(businessSessions.expiresAt, at)))
        .limit(1);
      return row?.account ?? null;
    },

    async creditEntries(accountId: number, limit: number) {
      return db
        .select({ entry: businessCreditEntries, ticketCode: tickets.code })
        .from(businessCreditEntries)
        .leftJoin(tickets, eq(tickets.id, businessCreditEntries.ticketId))
        .where(eq(businessCreditEntries.accountId, accountId))
        .orderBy(desc(businessCreditEntries.createdAt), desc(businessCreditEntries.id))
        .limit(limit);
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
        if (isUniqueViolation(error) || isUniqueViolation((error as { cause?: unknown }).cause))
          return { ok: false, reason: 'already_paid' };
        throw error;
      }
    },

    async ticketByCode(code: string) {
      const [row] = await db.select().from(tickets).where(eq(tickets.code, code)).limit(1);
      return row ?? null;
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
