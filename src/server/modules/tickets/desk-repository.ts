// SQL of the operator desk's tickets: the search (each field a condition on an index: the code's unique index, the
// phone's and the partner's with their booking time, lower(e-mail), the start of lower(name) and the pick-up time,
// which also orders the page), a ticket's trip history, and the move of a ticket to another partner.
import { and, asc, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { DeskTicketSearch } from '../../../shared/contract/desk-tickets';
import type { TripState } from '../../../shared/contract/tickets';
import { normalizePhone } from '../../../shared/domain/phone';
import type { Db } from '../../db/client';
import { tickets, tripEvents, type TicketRow } from '../../db/schema';
import type { Tx } from './ports';

/** Vietnam's midnight starting the day `yyyy-mm-dd` (Vietnam has no daylight saving). */
const vnMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);
const DAY_MS = 86_400_000;

/** A LIKE pattern matching text that starts with `value` (its own % and _ taken literally). */
const startsWith = (value: string) => `${value.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export function createDeskTicketsRepository(db: Db) {
  return {
    /** One page of the tickets matching every field given, latest pick-up first; `more` when another page follows. */
    async search(query: DeskTicketSearch, size: number): Promise<{ rows: TicketRow[]; more: boolean }> {
      const where: SQL[] = [];
      if (query.code) where.push(eq(tickets.code, query.code.toUpperCase()));
      if (query.phone) where.push(eq(tickets.phone, normalizePhone('84', query.phone.replace(/[\s.-]/g, ''))));
      if (query.email) where.push(sql`lower(${tickets.email}) = ${query.email.toLowerCase()}`);
      if (query.name) where.push(sql`lower(${tickets.fullname}) like ${startsWith(query.name)}`);
      if (query.from) where.push(gte(tickets.departAt, vnMidnight(query.from)));
      if (query.to) where.push(lt(tickets.departAt, new Date(vnMidnight(query.to).getTime() + DAY_MS)));
      if (query.partner_id) where.push(eq(tickets.partnerId, query.partner_id));
      if (query.state) where.push(eq(tickets.tripState, query.state));
      const page = query.page ?? 1;
      const rows = await db
        .select()
        .from(tickets)
        .where(where.length ? and(...where) : undefined)
        .orderBy(desc(tickets.departAt), desc(tickets.id))
        .limit(size + 1)
        .offset((page - 1) * size);
      return { rows: rows.slice(0, size), more: rows.length > size };
    },

    async byCode(code: string): Promise<TicketRow | undefined> {
      const [row] = await db.select().from(tickets).where(eq(tickets.code, code.toUpperCase())).limit(1);
      return row;
    },

    /** In the action's transaction: the ticket, locked until it commits (two actions on one ticket run one after the other). */
    async lockByCode(tx: Tx, code: string): Promise<TicketRow | undefined> {
      const [row] = await tx.select().from(tickets).where(eq(tickets.code, code.toUpperCase())).for('update');
      return row;
    },

    /** The ticket's trip state history, oldest first. */
    async tripHistory(ticketId: number) {
      return db
        .select()
        .from(tripEvents)
        .where(eq(tripEvents.ticketId, ticketId))
        .orderBy(asc(tripEvents.at), asc(tripEvents.id));
    },

    /**
     * In the move's transaction: the ticket is the new partner's, waiting for its answer again (`toState`, with the
     * history's row when the state changes).
     */
    async moveTo(
      tx: Tx,
      row: TicketRow,
      move: { partnerId: number; fromState: TripState; toState: TripState; staffId: number; reason: string; at: Date },
    ): Promise<TicketRow> {
      const [moved] = await tx
        .update(tickets)
        .set({
          partnerId: move.partnerId,
          tripState: move.toState,
          updatedAt: move.at,
        })
        .where(eq(tickets.id, row.id))
        .returning();
      if (move.fromState !== move.toState)
        await tx.insert(tripEvents).values({
          ticketId: row.id,
          fromState: move.fromState,
          toState: move.toState,
          actor: 'desk',
          actorId: move.staffId,
          reason: move.reason,
          at: move.at,
        });
      return moved!;
    },
  };
}

export type DeskTicketsRepository = ReturnType<typeof createDeskTicketsRepository>;
