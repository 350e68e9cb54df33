// SQL of the support callbacks: the database desk's record of each request (and of those a remote desk took), and the
// operator desk's reads of them (oldest first after an id, one by id).
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { supportRequests } from '../../db/schema';

export type SupportRequestRow = typeof supportRequests.$inferInsert;
export type SupportRequestRecord = typeof supportRequests.$inferSelect;

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
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
