// Tickets refused by their partner as inbox items: the ticket goes to one partner, and its refusal cancels it and tells
// the passenger, who is left without a ride unless someone at Vivu finds them another car before the pick-up.
import { field, ticketSummary, type FoundItem, type InboxSource, type TicketRecord } from './sources';

/** A partner's refusal as the tickets module reads it: the trip history row and its ticket. */
export interface RefusalRecord {
  id: number;
  at: Date;
  reason: string;
  ticket: Omit<TicketRecord, 'id' | 'tripState'> & { partnerId: number };
}

/** The tickets module's reads of the refusals (after a trip history row; one by its id), and the partners' names. */
export interface RefusalOwners {
  after(afterId: number, limit: number): Promise<RefusalRecord[]>;
  byId(id: number): Promise<RefusalRecord | null>;
  partnerNames(): Promise<Map<number, string>>;
}

function refusalItem(row: RefusalRecord, now: Date): FoundItem {
  const { ticket } = row;
  return {
    kind: 'ticket_refused',
    sourceId: row.id,
    name: ticket.fullname,
    summary: ticketSummary(ticket),
    receivedAt: row.at,
    // Another car must be found before the pick-up; one already past when the refusal is found can no longer be.
    dueAt: ticket.departAt,
    settled: ticket.departAt.getTime() <= now.getTime(),
  };
}

export function refusalSource(refusals: RefusalOwners): InboxSource {
  return {
    kinds: ['ticket_refused'],
    after: async (afterId, limit, now) => (await refusals.after(afterId, limit)).map((row) => refusalItem(row, now)),
    async read(_kind, id) {
      const row = await refusals.byId(id);
      if (!row) return null;
      const { ticket } = row;
      return {
        person: { name: ticket.fullname, phone: ticket.phone, email: ticket.email, lang: ticket.lang },
        fields: [
          ...field('ticket_code', ticket.code),
          ...field('pick_address', ticket.pickAddress),
          ...field('drop_address', ticket.dropAddress),
          ...field('depart_time', ticket.departTime),
          ...field('partner', (await refusals.partnerNames()).get(ticket.partnerId) ?? ''),
          ...field('refusal_reason', row.reason),
        ],
      };
    },
  };
}
