// SQL of the lead forms: inserts of the form records, and the desk's reads of them (oldest first after an id, one by
// id). The business credit's SQL is modules/business'.
import { asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leadContacts, specialRequests } from '../../db/schema';

export type SpecialRequestRow = typeof specialRequests.$inferInsert;
export type LeadContactRow = typeof leadContacts.$inferInsert;
export type SpecialRequestRecord = typeof specialRequests.$inferSelect;
export type LeadContactRecord = typeof leadContacts.$inferSelect;

export function createLeadsRepository(db: Db) {
  return {
    async insertSpecialRequest(row: SpecialRequestRow) {
      const [created] = await db.insert(specialRequests).values(row).returning();
      return created!;
    },

    async insertLead(row: LeadContactRow) {
      const [created] = await db.insert(leadContacts).values(row).returning();
      return created!;
    },

    async specialRequestsAfter(afterId: number, limit: number): Promise<SpecialRequestRecord[]> {
      return db
        .select()
        .from(specialRequests)
        .where(gt(specialRequests.id, afterId))
        .orderBy(asc(specialRequests.id))
        .limit(limit);
    },

    async specialRequestById(id: number): Promise<SpecialRequestRecord | undefined> {
      const [row] = await db.select().from(specialRequests).where(eq(specialRequests.id, id));
      return row;
    },

    async leadsAfter(afterId: number, limit: number): Promise<LeadContactRecord[]> {
      return db.select().from(leadContacts).where(gt(leadContacts.id, afterId)).orderBy(asc(leadContacts.id)).limit(limit);
    },

    async leadById(id: number): Promise<LeadContactRecord | undefined> {
      const [row] = await db.select().from(leadContacts).where(eq(leadContacts.id, id));
      return row;
    },
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
