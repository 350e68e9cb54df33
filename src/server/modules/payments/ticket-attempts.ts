// The payment line of a list of tickets, as the partner console shows it: each ticket's latest payment attempt and
// whether its payment window is over by the database's clock (the time-out rule's: from the latest attempt, else the
// booking). The caller gives the tickets' booking times and methods; one query for the whole list. app.ts hands it
// to the partners module (createTicketAttempts).
import { sql } from 'drizzle-orm';
import { VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import type { LatestAttempt } from '../../../shared/domain/payment-attempt';
import type { PaymentWindows } from '../../../shared/domain/payment-window';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';

/** A ticket as its payment window needs it: its id, when it was booked and its pay method. */
export interface AttemptTicket {
  id: number;
  createdAt: Date;
  payMethodId: number;
}

export function createTicketAttempts(db: Db) {
  return {
    /** The latest attempt (null before any) and whether the window is over, of each of `list`. */
    async latestOf(
      list: readonly AttemptTicket[],
      windows: PaymentWindows,
    ): Promise<Map<number, { latest: LatestAttempt | null; expired: boolean }>> {
      if (!list.length) return new Map();
      const rows = sql.join(
        list.map(
          (ticket) => sql`(${ticket.id}::int, ${ticket.createdAt.toISOString()}::timestamptz, ${ticket.payMethodId}::int)`,
        ),
        sql`, `,
      );
      // The subqueries' bare column names are the payments table's; the listed ticket's are qualified by hand.
      const latest = (column: typeof payments.status | typeof payments.responseCode) =>
        sql<
          string | null
        >`(select ${column} from ${payments} where ${payments.ticketId} = listed.id order by ${payments.createdAt} desc, ${payments.id} desc limit 1)`;
      const startedAt = sql`(select max(${payments.createdAt}) from ${payments} where ${payments.ticketId} = listed.id)`;
      const found = await db
        .select({
          id: sql<number>`listed.id`.mapWith(Number),
          latestStatus: latest(payments.status),
          latestCode: latest(payments.responseCode),
          expired:
            sql<boolean>`coalesce(${startedAt}, listed.created_at) + make_interval(mins => (case when listed.pay_method_id = ${VIETQR_PAY_METHOD} then ${windows.transfer}::int else ${windows.card}::int end)) <= now()`.mapWith(
              Boolean,
            ),
        })
        .from(sql`(values ${rows}) as listed(id, created_at, pay_method_id)`);
      return new Map(
        found.map((row) => [
          row.id,
          {
            latest: row.latestStatus === null ? null : { status: row.latestStatus, responseCode: row.latestCode },
            expired: row.expired,
          },
        ]),
      );
    },
  };
}

export type TicketAttempts = ReturnType<typeof createTicketAttempts>;
