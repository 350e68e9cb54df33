// SQL of a partner's staff logins as the owner and the onboarding manage them: the members, their one-time
// set-password links (sha256 of the secret only), and the owner count that keeps the last owner. A removed member's
// row is deleted (its sessions and links go with it); a role change ends the member's sessions.
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { partnerPasswordLinks, partnerSessions, partnerStaff } from '../../db/schema';
import type { StaffRow } from './repository';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Executor = Db | Tx;

/** The stored password of a login that has none yet: no password verifies against it. */
export const NO_PASSWORD = '';

export function createStaffRepository(db: Db) {
  return {
    db,

    async byPhone(tx: Executor, phone: string): Promise<StaffRow | undefined> {
      const [row] = await tx.select().from(partnerStaff).where(eq(partnerStaff.phone, phone)).limit(1);
      return row;
    },

    async insert(tx: Executor, row: { partnerId: number; phone: string; fullname: string; role: string; at: Date }) {
      const [created] = await tx
        .insert(partnerStaff)
        .values({
          partnerId: row.partnerId,
          phone: row.phone,
          fullname: row.fullname,
          role: row.role,
          passwordHash: NO_PASSWORD,
          createdAt: row.at,
        })
        .returning();
      return created!;
    },

    /** The partner's first owner (the one the approval made). */
    async firstOwner(tx: Executor, partnerId: number): Promise<StaffRow | undefined> {
      const [row] = await tx
        .select()
        .from(partnerStaff)
        .where(and(eq(partnerStaff.partnerId, partnerId), eq(partnerStaff.role, 'owner')))
        .orderBy(asc(partnerStaff.id))
        .limit(1);
      return row;
    },

    async list(partnerId: number): Promise<StaffRow[]> {
      return db.select().from(partnerStaff).where(eq(partnerStaff.partnerId, partnerId)).orderBy(asc(partnerStaff.id));
    },

    async count(tx: Executor, partnerId: number): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(partnerStaff)
        .where(eq(partnerStaff.partnerId, partnerId));
      return row?.n ?? 0;
    },

    /**
     * Every staff row of the partner, locked until the transaction ends: the owner count read next holds while the
     * removal or role change is written (two owners demoting each other at once: the second sees one owner left).
     */
    async lockPartner(tx: Tx, partnerId: number): Promise<StaffRow[]> {
      return tx
        .select()
        .from(partnerStaff)
        .where(eq(partnerStaff.partnerId, partnerId))
        .orderBy(asc(partnerStaff.id))
        .for('update');
    },

    async remove(tx: Tx, staffId: number): Promise<void> {
      await tx.delete(partnerStaff).where(eq(partnerStaff.id, staffId));
    },

    /** The new role, and every session of the member ended. */
    async setRole(tx: Tx, staffId: number, role: string, at: Date): Promise<StaffRow> {
      const [row] = await tx.update(partnerStaff).set({ role }).where(eq(partnerStaff.id, staffId)).returning();
      await tx
        .update(partnerSessions)
        .set({ revokedAt: at })
        .where(and(eq(partnerSessions.staffId, staffId), isNull(partnerSessions.revokedAt)));
      return row!;
    },

    /**
     * The member of `partnerId`, locked until the transaction ends: two new links for one login at once are made
     * one after the other, each counting the other's.
     */
    async lockMember(tx: Tx, staffId: number, partnerId: number): Promise<StaffRow | undefined> {
      const [row] = await tx
        .select()
        .from(partnerStaff)
        .where(and(eq(partnerStaff.id, staffId), eq(partnerStaff.partnerId, partnerId)))
        .for('update');
      return row;
    },

    /** Links made for the member after `since`, the one made with the login (at its creation) not counted. */
    async linksResentSince(tx: Executor, member: StaffRow, since: Date): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(partnerPasswordLinks)
        .where(
          and(
            eq(partnerPasswordLinks.staffId, member.id),
            gt(partnerPasswordLinks.createdAt, since),
            gt(partnerPasswordLinks.createdAt, member.createdAt),
          ),
        );
      return row?.n ?? 0;
    },

    /** Every open link of the member dies (a newer one replaces it): it answers as a used link. */
    async killLinks(tx: Executor, staffId: number, at: Date): Promise<void> {
      await tx
        .update(partnerPasswordLinks)
        .set({ usedAt: at })
        .where(and(eq(partnerPasswordLinks.staffId, staffId), isNull(partnerPasswordLinks.usedAt)));
    },

    /** A new link; answers its id. */
    async insertLink(tx: Executor, link: { staffId: number; tokenHash: string; at: Date; expiresAt: Date }): Promise<number> {
      const [row] = await tx
        .insert(partnerPasswordLinks)
        .values({ staffId: link.staffId, tokenHash: link.tokenHash, createdAt: link.at, expiresAt: link.expiresAt })
        .returning({ id: partnerPasswordLinks.id });
      return row!.id;
    },

    /**
     * Uses the link of `tokenHash` if it is unused and unexpired at `at`: marked used, the password set and the
     * member's sessions ended, in one transaction (of two uses at once one wins). Otherwise says why not.
     */
    async useLink(
      tokenHash: string,
      passwordHash: string,
      at: Date,
    ): Promise<{ staff: StaffRow } | { refused: 'used' | 'expired' }> {
      return db.transaction(async (tx) => {
        const [used] = await tx
          .update(partnerPasswordLinks)
          .set({ usedAt: at })
          .where(
            and(
              eq(partnerPasswordLinks.tokenHash, tokenHash),
              isNull(partnerPasswordLinks.usedAt),
              gt(partnerPasswordLinks.expiresAt, at),
            ),
          )
          .returning({ staffId: partnerPasswordLinks.staffId });
        if (!used) {
          const [link] = await tx
            .select({ usedAt: partnerPasswordLinks.usedAt })
            .from(partnerPasswordLinks)
            .where(eq(partnerPasswordLinks.tokenHash, tokenHash));
          return { refused: link && !link.usedAt ? ('expired' as const) : ('used' as const) };
        }
        const [staff] = await tx.update(partnerStaff).set({ passwordHash }).where(eq(partnerStaff.id, used.staffId)).returning();
        // A link may reset a password: every session signed in with the old one ends.
        await tx
          .update(partnerSessions)
          .set({ revokedAt: at })
          .where(and(eq(partnerSessions.staffId, used.staffId), isNull(partnerSessions.revokedAt)));
        // Any other link of the member dies with this one: a password is set once per link sent.
        await tx
          .update(partnerPasswordLinks)
          .set({ usedAt: at })
          .where(and(eq(partnerPasswordLinks.staffId, used.staffId), isNull(partnerPasswordLinks.usedAt)));
        return { staff: staff! };
      });
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
