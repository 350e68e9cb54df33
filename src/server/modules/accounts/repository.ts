// SQL of the accounts: users, sessions and one-time codes; the user's tickets are the tickets module's read. The OTP
// secret is a server secret of the config module's settings (under OTP_SECRET_KEY).
import { and, count, desc, eq, gt, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { otpCodes, sessions, users } from '../../db/schema';
import { userTickets, type TicketOwner } from '../tickets/service';

export type UserRow = typeof users.$inferSelect;
export type OtpRow = typeof otpCodes.$inferSelect;
export type { TicketRow } from '../../db/schema';
/** 'verify' sign-up, 'reset' forgot password, 'phone' a phone added to an account, 'ticket' a reset ticket. */
export type OtpPurpose = 'verify' | 'reset' | 'phone' | 'ticket';

export const ACCOUNTS_SETTING_GROUP = 'accounts';
/** The HMAC key of the OTP codes; created at the first start, never sent anywhere. */
export const OTP_SECRET_KEY = 'otp_hmac_secret';

/** What adding a phone to an account came to. */
export type AttachPhone = { ok: true; user: UserRow } | { ok: false; reason: 'in-use' | 'has-phone' };

export function createAccountsRepository(db: Db) {
  return {
    async userByPhone(phone: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.phone, phone)).limit(1))[0];
    },
    /** By the login e-mail, lower-cased by the caller (e-mails are compared case-insensitively). */
    async userByLoginEmail(email: string): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.loginEmail, email)).limit(1))[0];
    },
    async userById(id: number): Promise<UserRow | undefined> {
      return (await db.select().from(users).where(eq(users.id, id)).limit(1))[0];
    },
    /** Undefined when the phone, the login e-mail or the referral code is taken. */
    async insertUser(values: typeof users.$inferInsert): Promise<UserRow | undefined> {
      return (await db.insert(users).values(values).onConflictDoNothing().returning())[0];
    },
    async updateUser(id: number, patch: Partial<typeof users.$inferInsert>): Promise<UserRow | undefined> {
      return (await db.update(users).set(patch).where(eq(users.id, id)).returning())[0];
    },
    /**
     * Makes a phone, whose code was just checked, the phone of an account that has none: one transaction under the
     * phone's advisory lock. Another account that verified the phone keeps it ('in-use'). A sign-up that never
     * verified it holds no proof: the code just checked is one, so that unverified account (no session, no ticket)
     * is removed, as a sign-up of the phone would take it over. A sign-up inserting the phone meanwhile makes the
     * update fail on the unique phone; the transaction is then run again and finds it.
     */
    async attachPhone(userId: number, phone: string): Promise<AttachPhone> {
      for (let tries = 1; ; tries += 1) {
        try {
          return await db.transaction(async (tx): Promise<AttachPhone> => {
            await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`phone:${phone}`}))`);
            const [holder] = await tx.select().from(users).where(eq(users.phone, phone)).limit(1).for('update');
            if (holder && holder.id !== userId) {
              if (holder.verifiedPhone || holder.loginEmail !== null) return { ok: false, reason: 'in-use' };
              await tx.delete(sessions).where(eq(sessions.userId, holder.id));
              await tx.delete(users).where(and(eq(users.id, holder.id), eq(users.verifiedPhone, false)));
            }
            if (holder?.id === userId) return { ok: true, user: holder };
            const [updated] = await tx
              .update(users)
              .set({ phone })
              .where(and(eq(users.id, userId), isNull(users.phone)))
              .returning();
            return updated ? { ok: true, user: updated } : { ok: false, reason: 'has-phone' };
          });
        } catch (error) {
          if (tries >= 3 || !isUniqueViolation(error)) throw error;
        }
      }
    },
    async createSession(userId: number, tokenHash: string, now: Date): Promise<void> {
      await db.insert(sessions).values({ userId, tokenHash, createdAt: now, lastUsedAt: now });
    },
    /** A live session (not revoked, used since `usedSince`) and its user. */
    async sessionByHash(tokenHash: string, usedSince: Date) {
      const [row] = await db
        .select({ sessionId: sessions.id, lastUsedAt: sessions.lastUsedAt, user: users })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.lastUsedAt, usedSince)))
        .limit(1);
      return row;
    },
    async touchSession(id: number, now: Date): Promise<void> {
      await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    },
    async revokeSession(tokenHash: string, now: Date): Promise<boolean> {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
        .returning({ id: sessions.id });
      return rows.length > 0;
    },
    async revokeUserSessions(userId: number, now: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },

    /**
     * Stores a new code for a target (phone or e-mail) and purpose and ends the live ones, unless `limit` codes (verify,
     * reset and phone) were already sent to the target since `since`. One transaction under a per-target advisory lock, so
     * concurrent sends cannot pass the limit together.
     */
    async replaceOtp(values: {
      target: string;
      purpose: OtpPurpose;
      codeHash: string;
      expiresAt: Date;
      now: Date;
      since: Date;
      limit: number;
    }) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${values.target}`}))`);
        if (values.purpose !== 'ticket') {
          const [sent] = await tx
            .select({ n: count() })
            .from(otpCodes)
            .where(
              and(
                eq(otpCodes.target, values.target),
                inArray(otpCodes.purpose, ['verify', 'reset', 'phone']),
                gte(otpCodes.createdAt, values.since),
              ),
            );
          if ((sent?.n ?? 0) >= values.limit) return false;
        }
        await tx
          .update(otpCodes)
          .set({ consumedAt: values.now })
          .where(and(eq(otpCodes.target, values.target), eq(otpCodes.purpose, values.purpose), isNull(otpCodes.consumedAt)));
        await tx.insert(otpCodes).values({
          target: values.target,
          purpose: values.purpose,
          codeHash: values.codeHash,
          expiresAt: values.expiresAt,
          createdAt: values.now,
        });
        return true;
      });
    },
    /**
     * Takes one try on the live code of a target and purpose: the try is counted before the code is compared, so
     * concurrent guesses cannot pass the limit. Undefined when no code is live or its tries are used up.
     */
    async takeOtpTry(target: string, purpose: OtpPurpose, now: Date, maxTries: number): Promise<OtpRow | undefined> {
      const [live] = await db
        .select({ id: otpCodes.id })
        .from(otpCodes)
        .where(and(eq(otpCodes.target, target), eq(otpCodes.purpose, purpose), isNull(otpCodes.consumedAt)))
        .orderBy(desc(otpCodes.createdAt), desc(otpCodes.id))
        .limit(1);
      if (!live) return undefined;
      const [row] = await db
        .update(otpCodes)
        .set({ attempts: sql`${otpCodes.attempts} + 1` })
        .where(
          and(
            eq(otpCodes.id, live.id),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, now),
            lt(otpCodes.attempts, maxTries),
          ),
        )
        .returning();
      return row;
    },
    /** Single use: true only for the first caller. */
    async consumeOtp(id: number, now: Date): Promise<boolean> {
      const rows = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(and(eq(otpCodes.id, id), isNull(otpCodes.consumedAt)))
        .returning({ id: otpCodes.id });
      return rows.length > 0;
    },
    /** Uses up a live reset ticket found by its hash; answers its phone or e-mail. */
    async consumeTicket(codeHash: string, now: Date): Promise<string | undefined> {
      const [row] = await db
        .update(otpCodes)
        .set({ consumedAt: now })
        .where(
          and(
            eq(otpCodes.purpose, 'ticket'),
            eq(otpCodes.codeHash, codeHash),
            isNull(otpCodes.consumedAt),
            gt(otpCodes.expiresAt, now),
          ),
        )
        .returning({ target: otpCodes.target });
      return row?.target;
    },

    /** The user's tickets, by account or by one of its verified contacts, newest first. */
    userTickets: (owner: TicketOwner, limit: number, offset: number) => userTickets(db, owner, limit, offset),
  };
}

export type AccountsRepository = ReturnType<typeof createAccountsRepository>;
