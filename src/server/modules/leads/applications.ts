// A transport partner's application as the operator decides it (the partners module's onboarding calls these in
// its own transaction): read with its row locked, so of two approvals at once the second waits and then sees the
// first's decision; marked approved with the partner made, or refused with the reason.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { leadContacts } from '../../db/schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction. */
type Executor = Db | Tx;

export type ApplicationRow = typeof leadContacts.$inferSelect;

export const partnerApplications = {
  /** The transport application of `id`, its row locked until the transaction ends; undefined for any other lead. */
  async lock(tx: Executor, id: number): Promise<ApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(leadContacts)
      .where(and(eq(leadContacts.id, id), eq(leadContacts.type, 'transport')))
      .for('update');
    return row;
  },

  async read(tx: Executor, id: number): Promise<ApplicationRow | undefined> {
    const [row] = await tx
      .select()
      .from(leadContacts)
      .where(and(eq(leadContacts.id, id), eq(leadContacts.type, 'transport')));
    return row;
  },

  /** Only a waiting application changes; answers whether it did. */
  async markApproved(tx: Executor, id: number, partnerId: number, at: Date): Promise<boolean> {
    const rows = await tx
      .update(leadContacts)
      .set({ status: 'approved', partnerId, decidedAt: at })
      .where(and(eq(leadContacts.id, id), eq(leadContacts.status, 'new')))
      .returning({ id: leadContacts.id });
    return rows.length > 0;
  },

  async markRefused(tx: Executor, id: number, reason: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(leadContacts)
      .set({ status: 'refused', refusalReason: reason, decidedAt: at })
      .where(and(eq(leadContacts.id, id), eq(leadContacts.status, 'new')))
      .returning({ id: leadContacts.id });
    return rows.length > 0;
  },
};

export type PartnerApplications = typeof partnerApplications;
