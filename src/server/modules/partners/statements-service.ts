// A partner's monthly statement: its finished trips and its cancelled tickets whose money Vivu kept, each with the
// channel the money came by and Vivu's commission at the configured percent, summed by day and for the month
// (shared/domain/partner-statement.ts). The tickets come from the tickets module and their payments and refunds from
// the payments module, the business credit from the business module (handed in by app.ts); this module reads none of
// their tables.
import { PAY_METHOD, PAYPAL_SENT_ID, VIETQR_PAY_METHOD } from '../../../shared/contract/booking';
import type { Statement, StatementChannel } from '../../../shared/contract/partner-statements';
import { buildStatement, statementMonthRange, type StatementEntry } from '../../../shared/domain/partner-statement';
import type { KeptOnCredit } from './ports';

/** The tickets module's: the partner's finished (status 3, 4) and cancelled (5) tickets departing in [from, to). */
export type StatementTickets = (
  partnerId: number,
  from: Date,
  to: Date,
) => Promise<{ id: number; code: string; departAt: Date; status: number; payMethodId: number; totalCost: number }[]>;

/** The payments module's: each ticket's successful online payment and its cancellation's refunds. */
export type StatementPayments = (
  ticketIds: readonly number[],
) => Promise<Map<number, { paid: number; payMethodId: number; refunded: number }>>;

const CANCELLED = 5;

/** The online channel of a payment's method; a ticket with no successful online payment was paid to the driver. */
function onlineChannel(payMethodId: number): StatementChannel {
  if (payMethodId === VIETQR_PAY_METHOD) return 'vietqr';
  if (payMethodId === PAY_METHOD.paypal || payMethodId === PAYPAL_SENT_ID) return 'paypal';
  return 'card';
}

export function createStatementsService(deps: {
  tickets: StatementTickets;
  payments: StatementPayments;
  keptOnCredit: KeptOnCredit;
  /** The commission percent configured now (the config service's partner_commission_percent). */
  commissionPercent: () => Promise<number>;
}) {
  return {
    /** The month (YYYY-MM, Vietnam time) of the partner's statement, at the commission percent configured now. */
    async month(partnerId: number, month: string): Promise<Statement> {
      const { from, to } = statementMonthRange(month);
      const [rows, percent] = await Promise.all([deps.tickets(partnerId, from, to), deps.commissionPercent()]);
      const ids = rows.map((row) => row.id);
      const [onCredit, paid] = await Promise.all([deps.keptOnCredit(ids), deps.payments(ids)]);
      const entries: StatementEntry[] = [];
      for (const row of rows) {
        const payment = paid.get(row.id);
        const credit = onCredit.has(row.id);
        const channel: StatementChannel = credit ? 'credit' : payment ? onlineChannel(payment.payMethodId) : 'cash';
        const base = { code: row.code, departAt: row.departAt, channel };
        if (row.status !== CANCELLED) {
          entries.push({ ...base, kind: 'finished', gross: row.totalCost });
          continue;
        }
        // A cancelled ticket carries the money Vivu kept of it: the credit kept, or the online payment less its refunds.
        const kept = credit ? row.totalCost : payment ? payment.paid - payment.refunded : 0;
        if (kept > 0) entries.push({ ...base, kind: 'cancelled', gross: kept });
      }
      return buildStatement(month, percent, entries);
    },
  };
}

export type StatementsService = ReturnType<typeof createStatementsService>;
