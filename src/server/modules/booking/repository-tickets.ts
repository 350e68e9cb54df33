// SQL of the tickets table: the idempotent insert (with the promotion claim, the member balance and a business
// partner's credit debited in the same transaction), the reads,
// the compare-and-set state changes of the night and cancel flows, and the anti-fraud counts.
import { createHash } from 'node:crypto';
import { and, eq, getTableColumns, gt, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { fieldsOf, prebuilt } from '../../db/prebuilt';
import {
  bookingNotifications,
  partnerNightPolicies,
  promotionRedemptions,
  promotions,
  tickets,
  transportPartners,
  users,
  vehicleTypes,
} from '../../db/schema';
import { businessAccounts, businessCreditEntries } from '../../db/schema';
import { assignedDrivers, partnerStaffOnline, ticketRatingsOf } from '../tickets/trip-state';
import type { MessageEvent } from '../../outbox/events';
import { messageStatuses } from '../../outbox/rows';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';

export type TicketRow = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;

export interface PromotionClaim {
  promotionId: number;
  phone: string;
  singleUsePerPhone: boolean;
}

/** Member balance (spec 6) the ticket uses: taken from the account in the ticket's transaction. */
export interface MemberDebit {
  userId: number;
  amount: number;
}

/** A business partner's credit paying the ticket (booking on credit): debited with the ticket, or nothing. */
export interface CreditDebit {
  accountId: number;
  amount: number;
}

export type InsertRefusal =
  | 'promotion_used_up'
  | 'promotion_already_used'
  | 'member_balance'
  | 'credit_balance'
  | 'duplicate'
  | 'phone_limit'
  | 'ip_limit'
  | 'session_limit';

/** The anti-fraud limits (spec 7 vanguard) the insert holds under its locks: tickets since `since` per phone, IP, session. */
export interface FraudLimits {
  since: Date;
  perPhone: number;
  perIp: number;
  perSession: number;
}

/** A 64-bit advisory lock key of a text (the first 8 bytes of its sha256), as the decimal text PostgreSQL casts. */
export function lockKey(text: string): bigint {
  return createHash('sha256').update(text).digest().readBigInt64BE(0);
}

type RecentCounts = { phone: number; ip: number; session: number; twin: PendingTwin | null };

/**
 * Tickets since `since` from the phone, the IP and the session, other than the attempt itself; with `twinOf`, in the
 * same statement, the identical pending ticket too (one round trip under the booking's locks, not two).
 * Both statements are built once (src/server/db/prebuilt.ts): every booking asks twice.
 */
function createCountRecent(db: Db) {
  const value = (name: string) => sql.placeholder(name) as unknown as string;
  const build = (withTwin: boolean) => {
    const selection = {
      phone: sql<number>`count(*) filter (where ${tickets.phone} = ${sql.placeholder('phone')})`.mapWith(Number),
      ip: sql<number>`count(*) filter (where ${tickets.ip} = ${sql.placeholder('ip')} and ${tickets.ip} <> '')`.mapWith(Number),
      session:
        sql<number>`count(*) filter (where ${tickets.sessionId} = ${sql.placeholder('sessionId')} and ${tickets.sessionId} <> '')`.mapWith(
          Number,
        ),
      // A scalar subquery on its own scan of tickets (its column names resolve to that scan).
      twin: withTwin
        ? sql<PendingTwin | null>`(select json_build_object('id', ${tickets.id}, 'code', ${tickets.code}, 'sessionId', ${tickets.sessionId}, 'userId', ${tickets.userId}, 'payMethodId', ${tickets.payMethodId}, 'transactionStatusId', ${tickets.transactionStatusId}) from ${tickets} where ${identicalPending(
            {
              phone: value('phone'),
              pick: value('pick'),
              drop: value('drop'),
              depart: value('depart'),
              ticketSession: value('ticketSession'),
            },
          )} limit 1)`
        : sql<null>`null`,
    };
    const query = db
      .select(selection)
      .from(tickets)
      .where(
        and(
          gt(tickets.createdAt, value('since') as unknown as Date),
          ne(tickets.ticketSession, value('ticketSession')),
          or(eq(tickets.phone, value('phone')), eq(tickets.ip, value('ip')), eq(tickets.sessionId, value('sessionId'))),
        ),
      )
      .toSQL();
    return prebuilt<RecentCounts>(query, fieldsOf(selection));
  };
  const counts = build(false);
  const countsAndTwin = build(true);
  return async (
    executor: Pick<Db, '_'>,
    input: { phone: string; ip: string; sessionId: string; ticketSession: string; since: Date },
    twinOf: DuplicateKey | null = null,
  ): Promise<RecentCounts> => {
    // A placeholder compared with a column is sent as given: the time as drizzle encodes a timestamp.
    const values = { ...input, since: input.since.toISOString() };
    const [row] = twinOf
      ? await countsAndTwin(executor, { ...values, pick: twinOf.pick, drop: twinOf.drop, depart: twinOf.depart })
      : await counts(executor, values);
    return { phone: row?.phone ?? 0, ip: row?.ip ?? 0, session: row?.session ?? 0, twin: row?.twin ?? null };
  };
}
/** The passenger's own pending ticket for the same trip, which a second booking of it is offered to continue. */
export interface PendingTwin {
  id: number;
  code: string;
  sessionId: string;
  /** The signed-in owner, if any: their token proves the ticket. */
  userId: number | null;
  payMethodId: number;
  transactionStatusId: number;
}

export type InsertResult =
  { ok: true; row: TicketRow; created: boolean } | { ok: false; reason: InsertRefusal; twin?: PendingTwin };

/** What makes two bookings the same trip (spec 7 vanguard duplicate): phone, addresses and departure. */
interface DuplicateKey {
  phone: string;
  pick: string;
  drop: string;
  depart: string;
  /** The attempt's own key: a resubmission is never its own duplicate. */
  ticketSession: string;
}

/**
 * Whether a booking attempt proves the earlier ticket of the same trip: it comes from the browser session that booked
 * it (the session that holds its key) or from its signed-in owner. Only then is the earlier ticket named to it; a
 * phone and a trip alone prove nothing, as anyone can type them.
 */
export function provesTwin(
  twin: Pick<PendingTwin, 'sessionId' | 'userId'>,
  caller: { sessionId: string; userId: number | null },
) {
  return (
    (caller.sessionId !== '' && twin.sessionId === caller.sessionId) || (caller.userId !== null && twin.userId === caller.userId)
  );
}

/** A pending, not failed ticket of another attempt for the same trip: the anti-fraud check and the insert both ask. */
function identicalPending(key: DuplicateKey) {
  return and(
    eq(tickets.phone, key.phone),
    eq(tickets.pickAddress, key.pick),
    eq(tickets.dropAddress, key.drop),
    eq(tickets.departTime, key.depart),
    eq(tickets.status, 1),
    // Awaiting payment or done, and also not paid yet after a decline (3) or a time-out (99): such a ticket can still
    // be paid, so booking the trip again is offered to continue it.
    inArray(tickets.transactionStatusId, [1, 2, 3, 99]),
    ne(tickets.ticketSession, key.ticketSession),
  );
}

/**
 * The ticket INSERT (66 columns, RETURNING them all) is built once per set of columns a booking gives (a
 * ride's, an hourly hire's; a few optional ones), not on every booking: drizzle's building of it was the largest part
 * of a booking's CPU time after the socket writes. Each booking only encodes its values (src/server/db/prebuilt.ts).
 */
function createTicketInsert(db: Db) {
  const built = new Map<string, ReturnType<typeof prebuilt<TicketRow>>>();
  const fields = fieldsOf(getTableColumns(tickets));
  return (tx: Pick<Db, '_'>, values: NewTicket): Promise<TicketRow[]> => {
    const record = values as Record<string, unknown>;
    const keys = Object.keys(record).filter((key) => record[key] !== undefined);
    const signature = keys.join(',');
    let insert = built.get(signature);
    if (!insert) {
      const placeholders = Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as unknown as NewTicket;
      insert = prebuilt<TicketRow>(
        db.insert(tickets).values(placeholders).onConflictDoNothing({ target: tickets.ticketSession }).returning().toSQL(),
        fields,
      );
      built.set(signature, insert);
    }
    return insert(tx, record);
  };
}

class ClaimRefused extends Error {
  constructor(
    readonly reason: InsertRefusal,
    readonly twin?: PendingTwin,
  ) {
    super(reason);
  }
}

/** A unique violation of the named constraint, from either driver (Drizzle wraps the driver's error in `cause`). */
export function isUniqueViolation(error: unknown, constraint: string): boolean {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth += 1) {
    const e = current as { code?: string; constraint?: string; constraint_name?: string; cause?: unknown };
    if (e.code === '23505' && (e.constraint === constraint || e.constraint_name === constraint)) return true;
    current = e.cause;
  }
  return false;
}

/** The state a compare-and-set expects, and what it writes. */
export interface TicketState {
  status: number;
  transactionStatusId: number;
  nightStatus: string;
}

/** `messages`: the outbox writer of the booking's and the night flow's messages, in their transactions. */
export function createTicketRepository(db: Db, messages: MessageWriter = NO_MESSAGES) {
  // Every booking asks first; prepared once (built once here, parsed once per PostgreSQL connection).
  const bySession = db
    .select()
    .from(tickets)
    .where(eq(tickets.ticketSession, sql.placeholder('ticketSession')))
    .limit(1)
    .prepare('tickets_by_session');
  const insertTicket = createTicketInsert(db);
  const countRecent = createCountRecent(db);
  return {
    async findBySession(ticketSession: string): Promise<TicketRow | null> {
      const rows = await bySession.execute({ ticketSession });
      return rows[0] ?? null;
    },

    /** The member balance of an account (spec 6), null when there is no such account. */
    async memberBalance(userId: number): Promise<number | null> {
      const rows = await db.select({ balance: users.promotionCost }).from(users).where(eq(users.id, userId)).limit(1);
      return rows[0]?.balance ?? null;
    },

    async findByCode(code: string): Promise<TicketRow | null> {
      const rows = await db.select().from(tickets).where(eq(tickets.code, code)).limit(1);
      return rows[0] ?? null;
    },

    async findByIdAndCode(id: number, code: string): Promise<TicketRow | null> {
      const rows = await db
        .select()
        .from(tickets)
        .where(and(eq(tickets.id, id), eq(tickets.code, code)))
        .limit(1);
      return rows[0] ?? null;
    },

    /**
     * One transaction: the ticket (nothing when its ticket_session exists: the existing row is answered), then the
     * promotion's use (a conditional increment, so max_uses holds under concurrency) and its redemption (the unique
     * index makes a single-use code single-use per phone), and the member balance it uses (a conditional decrement,
     * so the balance never goes below 0 under concurrency). A refused claim or debit rolls the ticket back.
     */
    async insert(
      values: NewTicket,
      claim: PromotionClaim | null,
      debit: MemberDebit | null = null,
      credit: CreditDebit | null = null,
      refuseDuplicate = false,
      fraud: FraudLimits | null = null,
    ): Promise<InsertResult> {
      try {
        return await db.transaction(async (tx) => {
          // The anti-fraud counts and the identical pending ticket are checked again here, under advisory
          // locks on the phone, the IP and the session (taken in one order, so two bookings never wait on each
          // other crosswise): concurrent bookings, from one process or several on one PostgreSQL, are counted one
          // after the other, and a booking that fails later releases its place with its transaction.
          const ip = values.ip ?? '';
          const sessionId = values.sessionId ?? '';
          const keys = [`fraud:phone:${values.phone}`, ip && `fraud:ip:${ip}`, sessionId && `fraud:session:${sessionId}`]
            .filter((key): key is string => Boolean(key))
            .map(lockKey)
            .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
          // One statement takes them all, in that order (unnest keeps the array's order): one round trip, not three.
          if (keys.length)
            await tx.execute(
              sql`select pg_advisory_xact_lock(k) from unnest(string_to_array(${keys.join(',')}, ',')::bigint[]) as k`,
            );
          // The identical pending ticket is always looked for (the same work whoever asks): a caller who proves it
          // is refused with it unless they confirmed a second booking; anyone else books as if there were none, and
          // the phone is told of both tickets in this booking's messages.
          const twinOf: DuplicateKey = {
            phone: values.phone,
            pick: values.pickAddress,
            drop: values.dropAddress ?? '',
            depart: values.departTime,
            ticketSession: values.ticketSession,
          };
          const caller = { sessionId, userId: values.userId ?? null };
          const unproven: { twin: PendingTwin | null } = { twin: null };
          const meet = (twin: PendingTwin | null | undefined) => {
            if (!twin) return;
            if (!provesTwin(twin, caller)) unproven.twin = twin;
            else if (refuseDuplicate) throw new ClaimRefused('duplicate', twin);
          };
          if (!fraud) {
            // The anti-fraud check's identical pending ticket (same phone, pick-up, drop-off and departure, another
            // attempt), under the phone's lock: concurrent attempts cannot all pass the check.
            const twin = await tx
              .select({
                id: tickets.id,
                code: tickets.code,
                sessionId: tickets.sessionId,
                userId: tickets.userId,
                payMethodId: tickets.payMethodId,
                transactionStatusId: tickets.transactionStatusId,
              })
              .from(tickets)
              .where(identicalPending(twinOf))
              .limit(1);
            meet(twin[0]);
          }
          if (fraud) {
            const counts = await countRecent(
              tx,
              { phone: values.phone, ip, sessionId, ticketSession: values.ticketSession, since: fraud.since },
              twinOf,
            );
            // The identical pending ticket first, as when it was read on its own.
            meet(counts.twin);
            // "more than N in the window": this booking would be ticket N + 1.
            if (counts.phone >= fraud.perPhone) throw new ClaimRefused('phone_limit');
            if (ip && counts.ip >= fraud.perIp) throw new ClaimRefused('ip_limit');
            if (sessionId && counts.session >= fraud.perSession) throw new ClaimRefused('session_limit');
          }
          const inserted = await insertTicket(tx, values);
          const row = inserted[0];
          if (!row) {
            const existing = await tx.select().from(tickets).where(eq(tickets.ticketSession, values.ticketSession)).limit(1);
            if (!existing[0]) throw new Error('ticket_session conflict without a row');
            return { ok: true as const, row: existing[0], created: false };
          }
          if (claim) {
            const used = await tx
              .update(promotions)
              .set({ uses: sql`${promotions.uses} + 1` })
              .where(
                and(
                  eq(promotions.id, claim.promotionId),
                  eq(promotions.active, true),
                  or(isNull(promotions.maxUses), lt(promotions.uses, promotions.maxUses)),
                ),
              )
              .returning({ id: promotions.id });
            if (used.length === 0) throw new ClaimRefused('promotion_used_up');
            const redeemed = await tx
              .insert(promotionRedemptions)
              .values({
                promotionId: claim.promotionId,
                ticketId: row.id,
                phone: claim.phone,
                singlePhone: claim.singleUsePerPhone ? claim.phone : null,
              })
              .onConflictDoNothing()
              .returning({ id: promotionRedemptions.id });
            if (redeemed.length === 0) throw new ClaimRefused('promotion_already_used');
          }
          if (debit && debit.amount > 0) {
            const debited = await tx
              .update(users)
              .set({ promotionCost: sql`${users.promotionCost} - ${debit.amount}` })
              .where(and(eq(users.id, debit.userId), gte(users.promotionCost, debit.amount)))
              .returning({ id: users.id });
            if (debited.length === 0) throw new ClaimRefused('member_balance');
          }
          if (credit && credit.amount > 0) {
            // A conditional decrement (the balance never goes below 0 under concurrency) and its ledger row.
            const [account] = await tx
              .update(businessAccounts)
              .set({ creditBalance: sql`${businessAccounts.creditBalance} - ${credit.amount}` })
              .where(and(eq(businessAccounts.id, credit.accountId), gte(businessAccounts.creditBalance, credit.amount)))
              .returning({ balance: businessAccounts.creditBalance });
            if (!account) throw new ClaimRefused('credit_balance');
            await tx.insert(businessCreditEntries).values({
              accountId: credit.accountId,
              kind: 'booking',
              amount: -credit.amount,
              balanceAfter: account.balance,
              ticketId: row.id,
              createdAt: row.createdAt,
            });
          }
          // The booking-received messages commit with the ticket, or not at all.
          await messages.write(tx, 'booking_received', row);
          const twin = unproven.twin;
          if (twin) await messages.write(tx, 'booking_duplicate', row, { other: { code: twin.code, phone: values.phone } });
          return { ok: true as const, row, created: true };
        });
      } catch (error) {
        if (error instanceof ClaimRefused) return { ok: false, reason: error.reason, twin: error.twin };
        throw error;
      } finally {
        // After the commit: its messages are sent now (after a rollback there is simply nothing new).
        messages.wake();
      }
    },

    /**
     * Compare-and-set: changes the ticket only if it is still in `expected`, so two racing calls cannot both win. With
     * an `event`, the change and its messages are written in one transaction.
     */
    async transition(
      id: number,
      expected: TicketState,
      set: Partial<NewTicket>,
      event?: MessageEvent,
    ): Promise<TicketRow | null> {
      const change = async (executor: Pick<Db, 'update'>) => {
        const rows = await executor
          .update(tickets)
          .set({ ...set, updatedAt: new Date() })
          .where(
            and(
              eq(tickets.id, id),
              eq(tickets.status, expected.status),
              eq(tickets.transactionStatusId, expected.transactionStatusId),
              eq(tickets.nightStatus, expected.nightStatus),
            ),
          )
          .returning();
        return rows[0] ?? null;
      };
      if (!event) return change(db);
      const changed = await db.transaction(async (tx) => {
        const row = await change(tx);
        if (row) await messages.write(tx, event, row, { cancelledAt: row.cancelledAt ?? undefined });
        return row;
      });
      if (changed) messages.wake();
      return changed;
    },

    async names(partnerId: number, vehicleId: number): Promise<{ partnerName: string; vehicleVi: string; vehicleEn: string }> {
      const [partner] = await db
        .select({ name: transportPartners.name })
        .from(transportPartners)
        .where(eq(transportPartners.id, partnerId));
      const [vehicle] = await db
        .select({ vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn })
        .from(vehicleTypes)
        .where(eq(vehicleTypes.id, vehicleId));
      return { partnerName: partner?.name ?? '', vehicleVi: vehicle?.vi ?? '', vehicleEn: vehicle?.en ?? '' };
    },

    staffOnline: (partnerId: number, since: Date) => partnerStaffOnline(db, partnerId, since),

    /** The driver, car and rating of a ticket, and whether a business credit pays it (get_ticket_info). */
    async tripExtras(ticketId: number) {
      const [driversOf, ratingsOf, creditKinds, sent] = await Promise.all([
        assignedDrivers(db, [ticketId]),
        ticketRatingsOf(db, [ticketId]),
        db
          .select({ kind: businessCreditEntries.kind })
          .from(businessCreditEntries)
          .where(eq(businessCreditEntries.ticketId, ticketId)),
        messageStatuses(db, ticketId, 'booking_received'),
      ]);
      const kinds = new Set(creditKinds.map((entry) => entry.kind));
      return {
        driver: driversOf.get(ticketId) ?? null,
        rating: ratingsOf.get(ticketId) ?? null,
        // Debited for it (at booking or later with pay_on_credit) and not given back by a cancellation.
        paidOnCredit: kinds.has('booking') && !kinds.has('refund'),
        // What became of the booking-received messages, per channel.
        messages: sent,
      };
    },

    async nightPolicy(partnerId: number): Promise<{ mode: string; acceptAfterSeconds: number } | null> {
      const rows = await db
        .select({ mode: partnerNightPolicies.mode, acceptAfterSeconds: partnerNightPolicies.acceptAfterSeconds })
        .from(partnerNightPolicies)
        .where(eq(partnerNightPolicies.partnerId, partnerId));
      return rows[0] ?? null;
    },

    /** Tickets since `since` from the phone, the IP and the session, other than the attempt itself. */
    recentCounts: (input: { phone: string; ip: string; sessionId: string; ticketSession: string; since: Date }) =>
      countRecent(db, input),

    /** An identical pending ticket (same phone, pickup, drop and departure) from another attempt: what proves it. */
    async findDuplicate(input: DuplicateKey): Promise<Pick<PendingTwin, 'sessionId' | 'userId'> | null> {
      const rows = await db
        .select({ sessionId: tickets.sessionId, userId: tickets.userId })
        .from(tickets)
        .where(identicalPending(input))
        .limit(1);
      return rows[0] ?? null;
    },

    async recordNotification(input: { ticketCode: string; event: string; ip: string }): Promise<boolean> {
      const [ticket] = await db
        .select({ id: tickets.id, code: tickets.code })
        .from(tickets)
        .where(eq(tickets.code, input.ticketCode))
        .limit(1);
      if (!ticket) return false;
      await db
        .insert(bookingNotifications)
        .values({ ticketId: ticket.id, ticketCode: ticket.code, event: input.event, ip: input.ip });
      return true;
    },
  };
}

export type TicketRepository = ReturnType<typeof createTicketRepository>;
