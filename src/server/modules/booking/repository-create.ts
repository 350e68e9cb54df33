// SQL of a ticket's creation: one transaction that takes the anti-fraud locks, checks the counts and the identical
// pending ticket again under them, inserts the ticket through the tickets module's writer (idempotent on
// ticket_session), claims the promotion and debits the member balance and a business partner's credit (through the
// accounts and business modules' services, in this transaction); plus the night policies and the hub's
// notifications, the booking module's own tables.
import { createHash } from 'node:crypto';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  bookingNotifications,
  partnerNightPolicies,
  promotionRedemptions,
  promotions,
  type NewTicket,
  type TicketRow,
} from '../../db/schema';
import { NO_MESSAGES, type MessageWriter } from '../../outbox/writer';
import { debitMemberBalance, memberBalance } from '../accounts/service';
import { debitCreditForTicket } from '../business/service';
import type { DuplicateKey, Executor, PendingTwin, TicketWriter } from './ports';

export interface PromotionClaim {
  promotionId: number;
  phone: string;
  singleUsePerPhone: boolean;
  /** Uses one phone may make (null: no limit), counted after this ticket's redemption. */
  maxUsesPerPhone: number | null;
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
  | 'session_limit'
  | 'daily_cap';

/**
 * The partner's daily cap claimed with the ticket: `claim` (pricing's) locks the capped partner's row in the
 * transaction and names the cap and the Vietnam day it counts; null when the partner has none.
 */
export interface DayCapClaim {
  partnerId: number;
  claim: (tx: Executor) => Promise<{ cap: number; from: Date; to: Date } | null>;
}

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

export type InsertResult =
  { ok: true; row: TicketRow; created: boolean } | { ok: false; reason: InsertRefusal; twin?: PendingTwin };

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

class ClaimRefused extends Error {
  constructor(
    readonly reason: InsertRefusal,
    readonly twin?: PendingTwin,
  ) {
    super(reason);
  }
}

/**
 * `tickets`: the tickets module's writer (app.ts hands it in); `messages`: the outbox writer of the booking's
 * messages, in its transaction.
 */
export function createBookingRepository(db: Db, tickets: TicketWriter, messages: MessageWriter = NO_MESSAGES) {
  return {
    findBySession: (ticketSession: string) => tickets.findBySession(ticketSession),

    /** The member balance of an account (spec 6), null when there is no such account. */
    memberBalance: (userId: number): Promise<number | null> => memberBalance(db, userId),

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
      dayCap: DayCapClaim | null = null,
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
            meet(await tickets.pendingTwinIn(tx, twinOf));
          }
          if (fraud) {
            const counts = await tickets.countsIn(
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
          // The capped partner's row is locked before the ticket's insert (whose foreign key would share-lock it
          // first and deadlock two bookings); the count after the insert holds this ticket too.
          const capped = dayCap ? await dayCap.claim(tx) : null;
          const inserted = await tickets.insert(tx, values);
          const row = inserted[0];
          if (!row) {
            const existing = await tickets.bySessionIn(tx, values.ticketSession);
            if (!existing) throw new Error('ticket_session conflict without a row');
            return { ok: true as const, row: existing, created: false };
          }
          if (dayCap && capped && (await tickets.dayCountIn(tx, dayCap.partnerId, capped.from, capped.to)) > capped.cap)
            throw new ClaimRefused('daily_cap');
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
            // The code's row is locked by the use counted above, so two bookings of one phone count one after the other.
            if (claim.maxUsesPerPhone !== null) {
              const [mine] = await tx
                .select({ n: count() })
                .from(promotionRedemptions)
                .where(and(eq(promotionRedemptions.promotionId, claim.promotionId), eq(promotionRedemptions.phone, claim.phone)));
              if ((mine?.n ?? 0) > claim.maxUsesPerPhone) throw new ClaimRefused('promotion_already_used');
            }
          }
          // The accounts module's member balance and the business module's credit, each taken in this transaction.
          if (debit && debit.amount > 0 && !(await debitMemberBalance(tx, debit.userId, debit.amount)))
            throw new ClaimRefused('member_balance');
          if (credit && credit.amount > 0) {
            // A conditional decrement (the balance never goes below 0 under concurrency) and its ledger row.
            const debited = await debitCreditForTicket(tx, {
              accountId: credit.accountId,
              amount: credit.amount,
              ticketId: row.id,
              createdAt: row.createdAt,
            });
            if (!debited) throw new ClaimRefused('credit_balance');
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

    async nightPolicy(partnerId: number): Promise<{ mode: string; acceptAfterSeconds: number } | null> {
      const rows = await db
        .select({ mode: partnerNightPolicies.mode, acceptAfterSeconds: partnerNightPolicies.acceptAfterSeconds })
        .from(partnerNightPolicies)
        .where(eq(partnerNightPolicies.partnerId, partnerId));
      return rows[0] ?? null;
    },

    /** Tickets since `since` from the phone, the IP and the session, other than the attempt itself. */
    recentCounts: tickets.recentCounts,

    /** An identical pending ticket (same phone, pickup, drop and departure) from another attempt: what proves it. */
    findDuplicate: tickets.findDuplicate,

    async recordNotification(input: { ticketCode: string; event: string; ip: string }): Promise<boolean> {
      const ticket = await tickets.findByCode(input.ticketCode);
      if (!ticket) return false;
      await db
        .insert(bookingNotifications)
        .values({ ticketId: ticket.id, ticketCode: ticket.code, event: input.event, ip: input.ip });
      return true;
    },
  };
}

export type BookingRepository = ReturnType<typeof createBookingRepository>;
