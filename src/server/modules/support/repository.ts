// SQL of the support callbacks: the database desk's record of each request (and of those a remote desk took).
import type { Db } from '../../db/client';
import { supportRequests } from '../../db/schema';

export type SupportRequestRow = typeof supportRequests.$inferInsert;

export function createSupportRepository(db: Db) {
  return {
    async insertSupportRequest(row: SupportRequestRow) {
      const [created] = await db.insert(supportRequests).values(row).returning({ id: supportRequests.id });
      return created!.id;
    },
  };
}

export type SupportRepository = ReturnType<typeof createSupportRepository>;
