// SQL of the desk's staff logins, their sessions, set-password links and TOTP enrolment. A code's time-step is
// claimed by one conditional UPDATE (only a step later than the last accepted one), so of two uses of a code at once
// one wins. A removed member's row is deleted and its sessions and links go with it.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { deskPasswordLinks, deskSessions, deskStaff } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction: whatever the caller's write runs in. */
export type Executor = Db | Tx;
export type DeskStaffRow = typeof deskStaff.$inferSelect;

/** The stored password of a login that has none yet: no password verifies against it. */
export const NO_PASSWORD = '';

export function createDeskRepository(db: Db) {
  return {
    db,

    async byEmail(tx: Executor, email: string): Promise<DeskStaffRow | undefined> {
      const [row] = await tx.select().from(deskStaff).where(eq(deskStaff.email, email)).limit(1);
      return row;
    },

    async byId(tx: Executor, id: number): Promise<DeskStaffRow | undefined> {
      const [row] = await tx.select().from(deskStaff).where(eq(deskStaff.id, id)).limit(1);
      return row;
    },

    async list(): Promise<DeskStaffRow[]> {
      return db.select().from(deskStaff).orderBy(asc(deskStaff.id));
    },

    async insert(tx: Executor, row: { email: string; role: string; at: Date }): Promise<DeskStaffRow> {
      const [made] = await tx
        .insert(deskStaff)
        .values({ email: row.email, role: row.role, passwordHash: NO_PASSWORD, createdAt: row.at })
        .returning();
      return made!;
    },

    /**
     * Every admin row and the target, locked until the transaction ends: the admin count read next holds while a
     * removal or role change is written (two admins demoting each other at once: the second sees one admin left).
     */
    async lockForChange(tx: Tx, staffId: number): Promise<{ target: DeskStaffRow | undefined; admins: number }> {
      const rows = await tx
        .select()
        .from(deskStaff)
        .where(sql`${deskStaff.role} = 'admin' or ${deskStaff.id} = ${staffId}`)
        .orderBy(asc(deskStaff.id))
        .for('update');
      return { target: rows.find((row) => row.id === staffId), admins: rows.filter((row) => row.role === 'admin').length };
    },

    async lockMember(tx: Tx, staffId: number): Promise<DeskStaffRow | undefined> {
      const [row] = await tx.select().from(deskStaff).where(eq(deskStaff.id, staffId)).for('update');
      return row;
    },

    async remove(tx: Tx, staffId: number): Promise<void> {
      await tx.delete(deskStaff).where(eq(deskStaff.id, staffId));
    },

    /** The new role, and every session of the member ended (it signs in again with the new role). */
    async setRole(tx: Tx, staffId: number, role: string, at: Date): Promise<DeskStaffRow> {
      const [row] = await tx.update(deskStaff).set({ role }).where(eq(deskStaff.id, staffId)).returning();
      await endSessions(tx, staffId, at);
      return row!;
    },

    async createSession(tx: Executor, staffId: number, tokenHash: string, at: Date): Promise<void> {
      await tx.insert(deskSessions).values({ staffId, tokenHash, createdAt: at });
    },

    /** The member of a live session: not revoked, begun after `since`. */
    async staffBySession(tokenHash: string, since: Date): Promise<DeskStaffRow | undefined> {
      const [row] = await db
        .select({ staff: deskStaff })
        .from(deskSessions)
        .innerJoin(deskStaff, eq(deskStaff.id, deskSessions.staffId))
        .where(and(eq(deskSessions.tokenHash, tokenHash), isNull(deskSessions.revokedAt), gt(deskSessions.createdAt, since)))
        .limit(1);
      return row?.staff;
    },

    async revokeSession(tx: Executor, tokenHash: string, at: Date): Promise<boolean> {
      const rows = await tx
        .update(deskSessions)
        .set({ revokedAt: at })
        .where(and(eq(deskSessions.tokenHash, tokenHash), isNull(deskSessions.revokedAt)))
        .returning({ id: deskSessions.id });
      return rows.length > 0;
    },

    /** Links made for the member after `since`, the one made with the login not counted. */
    async linksResentSince(tx: Executor, member: DeskStaffRow, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(deskPasswordLinks)
        .where(
          and(
            eq(deskPasswordLinks.staffId, member.id),
            gt(deskPasswordLinks.createdAt, since),
            gt(deskPasswordLinks.createdAt, member.createdAt),
          ),
        );
      return row?.n ?? 0;
    },

    /** Every open link of the member dies (a newer one replaces it): it answers as a used link. */
    async killLinks(tx: Executor, staffId: number, at: Date): Promise<void> {
      await tx
        .update(deskPasswordLinks)
        .set({ usedAt: at })
        .where(and(eq(deskPasswordLinks.staffId, staffId), isNull(deskPasswordLinks.usedAt)));
    },

    async insertLink(tx: Executor, link: { staffId: number; tokenHash: string; at: Date; expiresAt: Date }): Promise<number> {
      const [row] = await tx
        .insert(deskPasswordLinks)
        .values({ staffId: link.staffId, tokenHash: link.tokenHash, createdAt: link.at, expiresAt: link.expiresAt })
        .returning({ id: deskPasswordLinks.id });
      return row!.id;
    },

    /**
     * Uses the link of `tokenHash` once, in `tx`, if it is unused and unexpired at `at`: the password set, the
     * authenticator forgotten (a link is also how a lost phone is replaced: the member enrols again), the enrolment
     * `pending` started, every session and every other link of the member ended. Otherwise says why not.
     */
    async useLink(
      tx: Tx,
      tokenHash: string,
      change: { passwordHash: string; pendingSecret: string; enrolTokenHash: string; enrolExpiresAt: Date },
      at: Date,
    ): Promise<{ staff: DeskStaffRow } | { refused: 'used' | 'expired' }> {
      const [used] = await tx
        .update(deskPasswordLinks)
        .set({ usedAt: at })
        .where(
          and(eq(deskPasswordLinks.tokenHash, tokenHash), isNull(deskPasswordLinks.usedAt), gt(deskPasswordLinks.expiresAt, at)),
        )
        .returning({ staffId: deskPasswordLinks.staffId });
      if (!used) {
        const [link] = await tx
          .select({ usedAt: deskPasswordLinks.usedAt })
          .from(deskPasswordLinks)
          .where(eq(deskPasswordLinks.tokenHash, tokenHash));
        return { refused: link && !link.usedAt ? 'expired' : 'used' };
      }
      const [staff] = await tx
        .update(deskStaff)
        .set({
          passwordHash: change.passwordHash,
          totpSecret: null,
          totpEnrolledAt: null,
          totpLastStep: null,
          totpPendingSecret: change.pendingSecret,
          enrolTokenHash: change.enrolTokenHash,
          enrolExpiresAt: change.enrolExpiresAt,
        })
        .where(eq(deskStaff.id, used.staffId))
        .returning();
      await endSessions(tx, used.staffId, at);
      await tx
        .update(deskPasswordLinks)
        .set({ usedAt: at })
        .where(and(eq(deskPasswordLinks.staffId, used.staffId), isNull(deskPasswordLinks.usedAt)));
      return { staff: staff! };
    },

    /** A new enrolment of a login whose authenticator is not confirmed (an earlier one under way is replaced). */
    async startEnrolment(tx: Executor, staffId: number, pending: { secret: string; tokenHash: string; expiresAt: Date }) {
      await tx
        .update(deskStaff)
        .set({ totpPendingSecret: pending.secret, enrolTokenHash: pending.tokenHash, enrolExpiresAt: pending.expiresAt })
        .where(and(eq(deskStaff.id, staffId), isNull(deskStaff.totpSecret)));
    },

    /** The login of a live enrolment (its token's hash, not expired at `at`). */
    async byEnrolment(tokenHash: string, at: Date): Promise<DeskStaffRow | undefined> {
      const [row] = await db
        .select()
        .from(deskStaff)
        .where(and(eq(deskStaff.enrolTokenHash, tokenHash), gt(deskStaff.enrolExpiresAt, at), isNull(deskStaff.totpSecret)))
        .limit(1);
      return row;
    },

    /** The login of a live enrolment (its token's hash, not expired at `at`), locked until the transaction ends. */
    async lockEnrolment(tx: Tx, tokenHash: string, at: Date): Promise<DeskStaffRow | undefined> {
      const [row] = await tx
        .select()
        .from(deskStaff)
        .where(and(eq(deskStaff.enrolTokenHash, tokenHash), gt(deskStaff.enrolExpiresAt, at), isNull(deskStaff.totpSecret)))
        .for('update');
      return row;
    },

    /** The pending secret confirmed by the code of `step`: it counts from now, and that code is spent. */
    async confirmEnrolment(tx: Tx, staffId: number, secret: string, step: number, at: Date): Promise<void> {
      await tx
        .update(deskStaff)
        .set({
          totpSecret: secret,
          totpEnrolledAt: at,
          totpLastStep: step,
          totpPendingSecret: null,
          enrolTokenHash: null,
          enrolExpiresAt: null,
        })
        .where(eq(deskStaff.id, staffId));
    },

    /** Claims a code's time-step for the login: true only when it is later than the last accepted one. */
    async claimStep(tx: Executor, staffId: number, step: number): Promise<boolean> {
      const rows = await tx
        .update(deskStaff)
        .set({ totpLastStep: step })
        .where(and(eq(deskStaff.id, staffId), sql`(${deskStaff.totpLastStep} is null or ${deskStaff.totpLastStep} < ${step})`))
        .returning({ id: deskStaff.id });
      return rows.length > 0;
    },
  };
}

async function endSessions(tx: Executor, staffId: number, at: Date): Promise<void> {
  await tx
    .update(deskSessions)
    .set({ revokedAt: at })
    .where(and(eq(deskSessions.staffId, staffId), isNull(deskSessions.revokedAt)));
}

export type DeskRepository = ReturnType<typeof createDeskRepository>;
