// SQL of the support callbacks and the complaints: the database desk's record of each callback (and of those a remote
// desk took), each complaint, and the operator desk's reads of them (oldest first after an id, one by id).
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { complaints, supportRequests } from '../../db/schema';
import type { Executor } from '../../outbox/rows';

export type SupportRequestRow = typeof supportRequests.$inferInsert;
export type SupportRequestRecord = typeof supportRequests.$inferSelect;
export type ComplaintRow = typeof complaints.$inferInsert;
export type ComplaintRecord = typeof complaints.$inferSelect;

export function createSupportRepository(db: Db) {
  return {
    async insertSupportRequest(row: SupportRequestRow) {
      const [created] = await db.insert(supportRequests).values(row).returning({ id: supportRequests.id });
      return created!.id;
    },

    async requestsAfter(afterId: number, limit: number): Promise<SupportRequestRecord[]> {
      return db
        .select()
        .from(supportRequests)
        .where(gt(supportRequests.id, afterId))
        .orderBy(asc(supportRequests.id))
        .limit(limit);
    },

    async requestById(id: number): Promise<SupportRequestRecord | undefined> {
      const [row] = await db.select().from(supportRequests).where(eq(supportRequests.id, id));
      return row;
    },

    /** The complaint and what `acknowledge` writes (its outbox rows) in one transaction. */
    async insertComplaint(
      row: ComplaintRow,
      acknowledge: (tx: Executor, complaint: ComplaintRecord) => Promise<unknown>,
    ): Promise<ComplaintRecord> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(complaints).values(row).returning();
        await acknowledge(tx, created!);
        return created!;
      });
    },

    async complaintsAfter(afterId: number, limit: number): Promise<ComplaintRecord[]> {
      return db.select().from(complaints).where(gt(complaints.id, afterId)).orderBy(asc(complaints.id)).limit(limit);
    },

    async complaintById(id: number): Promise<ComplaintRecord | undefined> {
      const [row] = await db.select().from(complaints).where(eq(complaints.id, id));
      return row;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
