// SQL of the lead forms: inserts of the form records. The business credit's SQL is modules/business'.
import type { Db } from '../../db/client';
import { leadContacts, specialRequests } from '../../db/schema';

export type SpecialRequestRow = typeof specialRequests.$inferInsert;
export type LeadContactRow = typeof leadContacts.$inferInsert;

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
  };
}

export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
