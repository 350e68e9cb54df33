// The desk's numbers: the tickets booked in a range of Vietnam days, per day, partner and service. The tickets module
// counts and sums them in SQL; the payments module tells what Vivu kept of the cancelled online ones (the partners'
// statement rule: the payment less its refunds), which then count as paid, their kept money as revenue, and carry a
// commission. The commission is the statements' own: ticketCommission at the configured percent, ticket by ticket.
import {
  addDays,
  NUMBERS_SERVICES,
  numbersDayCount,
  type Numbers,
  type NumbersAnswer,
  type NumbersFigures,
  type NumbersServiceKind,
} from '../../../shared/contract/desk-numbers';
import { ticketCommission } from '../../../shared/domain/partner-statement';
import { vnParts } from '../../../shared/domain/vn-time';

export interface NumbersGroup {
  day: string;
  partnerId: number;
  service: NumbersServiceKind;
  bookings: number;
  cancelled: number;
  paid: number;
  revenue: number;
  commission: number;
}

export interface NumbersDeps {
  /** The tickets module's: the tickets booked in [from, to) per Vietnam day, partner and service. */
  groups: (from: Date, to: Date, percent: number) => Promise<NumbersGroup[]>;
  /** The tickets module's: the cancelled tickets booked in [from, to) that were to be paid online. */
  cancelledOnline: (
    from: Date,
    to: Date,
  ) => Promise<{ id: number; day: string; partnerId: number; service: NumbersServiceKind }[]>;
  /** The payments module's: each ticket's successful online payment and its cancellation's refunds. */
  payments: (ticketIds: readonly number[]) => Promise<Map<number, { paid: number; refunded: number }>>;
  /** The partners' names by id. */
  partnerNames: () => Promise<Map<number, string>>;
  /** The inbox's: its answer times for the items received on the days `from` to `to` (both included). */
  answerTimes: (range: { from: string; to: string }) => Promise<NumbersAnswer[]>;
  /** The commission percent configured now (partner_commission_percent). */
  commissionPercent: () => Promise<number>;
  now: () => Date;
}

const zero = (): NumbersFigures => ({ bookings: 0, paid: 0, cancelled: 0, revenue: 0, commission: 0 });

function add(into: NumbersFigures, figures: NumbersFigures): void {
  into.bookings += figures.bookings;
  into.paid += figures.paid;
  into.cancelled += figures.cancelled;
  into.revenue += figures.revenue;
  into.commission += figures.commission;
}

/** The first instant of a Vietnam day (yyyy-mm-dd). */
const vnMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);

const pad = (value: number) => String(value).padStart(2, '0');

/** Today in Vietnam, yyyy-mm-dd. */
export function vnToday(now: Date): string {
  const parts = vnParts(now);
  return `${parts.year}-${pad(parts.month + 1)}-${pad(parts.day)}`;
}

export function createNumbersService(deps: NumbersDeps) {
  return {
    today: () => vnToday(deps.now()),

    /** The figures of the tickets booked from `from` to `to` (Vietnam days, both included; a valid range). */
    async range(from: string, to: string): Promise<Numbers> {
      const start = vnMidnight(from);
      const end = vnMidnight(addDays(to, 1));
      const percent = await deps.commissionPercent();
      const [groups, cancelled, names, answers] = await Promise.all([
        deps.groups(start, end, percent),
        deps.cancelledOnline(start, end),
        deps.partnerNames(),
        deps.answerTimes({ from, to }),
      ]);
      const kept = await deps.payments(cancelled.map((row) => row.id));
      const rows: NumbersGroup[] = [...groups];
      for (const ticket of cancelled) {
        const payment = kept.get(ticket.id);
        const money = payment ? payment.paid - payment.refunded : 0;
        if (money <= 0) continue;
        rows.push({
          day: ticket.day,
          partnerId: ticket.partnerId,
          service: ticket.service,
          bookings: 0,
          cancelled: 0,
          paid: 1,
          revenue: money,
          commission: ticketCommission(money, percent),
        });
      }

      const days = new Map<string, NumbersFigures>();
      for (let index = 0; index < numbersDayCount(from, to); index += 1) days.set(addDays(from, index), zero());
      const partners = new Map<number, NumbersFigures>();
      const services = new Map<NumbersServiceKind, NumbersFigures>();
      const totals = zero();
      for (const row of rows) {
        const figures: NumbersFigures = {
          bookings: row.bookings,
          paid: row.paid,
          cancelled: row.cancelled,
          revenue: row.revenue,
          commission: row.commission,
        };
        const day = days.get(row.day);
        if (day) add(day, figures);
        let partner = partners.get(row.partnerId);
        if (!partner) partners.set(row.partnerId, (partner = zero()));
        add(partner, figures);
        let service = services.get(row.service);
        if (!service) services.set(row.service, (service = zero()));
        add(service, figures);
        add(totals, figures);
      }
      return {
        from,
        to,
        commission_percent: percent,
        days: [...days].map(([date, figures]) => ({ date, ...figures })),
        partners: [...partners]
          .map(([id, figures]) => ({ partner_id: id, name: names.get(id) ?? '', ...figures }))
          .sort((a, b) => b.bookings - a.bookings || a.name.localeCompare(b.name) || a.partner_id - b.partner_id),
        services: NUMBERS_SERVICES.flatMap((name) => {
          const figures = services.get(name);
          return figures ? [{ service: name, ...figures }] : [];
        }),
        totals,
        answers,
      };
    },
  };
}

export type NumbersService = ReturnType<typeof createNumbersService>;
