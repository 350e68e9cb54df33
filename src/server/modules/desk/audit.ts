// The audit log: append-only. `audit(tx, entry)` inserts one row in the caller's transaction, so an action and its
// entry commit or roll back together; this file has no update and no delete of the log, and nothing else writes it.
// Admins read it filtered by member, action and days (Vietnam time), a page at a time.
import { and, asc, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import {
  DESK_AUDIT_PAGE_SIZE,
  type DeskAuditAction,
  type DeskAuditEntry,
  type DeskAuditPage,
  type DeskAuditQuery,
} from '../../../shared/contract/desk';
import type { Db } from '../../db/client';
import { deskAudit } from '../../db/schema';

/** Whatever the action's own write runs in (a transaction, or the database for an action of one statement). */
export type AuditExecutor = Pick<Db, 'insert'>;

export interface AuditEntry {
  /** Who: the member's id and e-mail at the time (no id for a failed sign-in of an unknown e-mail). */
  staff: { id: number | null; email: string };
  action: DeskAuditAction;
  /** What the action was on ('staff-<id>', a ticket's code…); '' when nothing but the member. */
  subject?: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
  at: Date;
}

/** Writes one entry of the log in `tx`. */
export async function audit(tx: AuditExecutor, entry: AuditEntry): Promise<void> {
  await tx.insert(deskAudit).values({
    at: entry.at,
    staffId: entry.staff.id,
    staffEmail: entry.staff.email,
    action: entry.action,
    subject: entry.subject ?? '',
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** Vietnam's midnight starting the day `yyyy-mm-dd` (Vietnam has no daylight saving). */
const vnMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);
const DAY_MS = 86_400_000;

/** A page of the log, newest first, with the filters applied in SQL. */
export async function auditPage(db: Db, query: DeskAuditQuery): Promise<DeskAuditPage> {
  const conditions: SQL[] = [];
  if (query.staff_id) conditions.push(eq(deskAudit.staffId, query.staff_id));
  if (query.action) conditions.push(eq(deskAudit.action, query.action));
  if (query.from) conditions.push(gte(deskAudit.at, vnMidnight(query.from)));
  if (query.to) conditions.push(lt(deskAudit.at, new Date(vnMidnight(query.to).getTime() + DAY_MS)));
  const where = conditions.length ? and(...conditions) : undefined;
  const [counted] = await db.select({ n: count() }).from(deskAudit).where(where);
  const total = counted?.n ?? 0;
  const page = query.page ?? 1;
  const rows = await db
    .select()
    .from(deskAudit)
    .where(where)
    .orderBy(desc(deskAudit.at), desc(deskAudit.id))
    .limit(DESK_AUDIT_PAGE_SIZE)
    .offset((page - 1) * DESK_AUDIT_PAGE_SIZE);
  const items: DeskAuditEntry[] = rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    action: row.action,
    subject: row.subject,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
  return { items, page, pages: Math.max(1, Math.ceil(total / DESK_AUDIT_PAGE_SIZE)), total };
}

/** Every entry about one subject (a ticket's code…), oldest first: the desk's part of that subject's history. */
export async function auditOfSubject(db: Pick<Db, 'select'>, subject: string): Promise<DeskAuditEntry[]> {
  const rows = await db
    .select()
    .from(deskAudit)
    .where(eq(deskAudit.subject, subject))
    .orderBy(asc(deskAudit.at), asc(deskAudit.id));
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    staff_id: row.staffId,
    staff_email: row.staffEmail,
    action: row.action,
    subject: row.subject,
    before: row.before ?? null,
    after: row.after ?? null,
  }));
}

/** How many times `action` was recorded about `subject` since `since` (a limit on repeating an action). */
export async function auditCountSince(
  tx: Pick<Db, 'select'>,
  subject: string,
  action: DeskAuditAction,
  since: Date,
): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(deskAudit)
    .where(and(eq(deskAudit.subject, subject), eq(deskAudit.action, action), gte(deskAudit.at, since)));
  return row?.n ?? 0;
}
