// Where the inbox's items come from: each owner module's rows, read through its service, as inbox items (the kind,
// when the person sent it, when the answer is due, who and what about) and, for one item, the person and the request
// as they sent it. A source is read after the last row the inbox has of it, so each row becomes one item.
import {
  INBOX_DRIVER_HOURS,
  INBOX_PROMISE_MINUTES,
  type InboxChannel,
  type InboxField,
  type InboxKind,
  type InboxPerson,
} from '../../../shared/contract/desk-inbox';
import { formatVnd } from '../../../shared/domain/money';
import type { LeadContactRecord, LeadsService, SpecialRequestRecord } from '../leads/service';
import type { TransfersService } from '../payments/module';
import { complaintReference } from '../../../shared/contract/support';
import type { ComplaintRecord, SupportRequestRecord, SupportService } from '../support/service';

const MINUTE_MS = 60_000;

/** A row of an owner module as an inbox item. */
export interface FoundItem {
  kind: InboxKind;
  sourceId: number;
  name: string;
  summary: string;
  receivedAt: Date;
  dueAt: Date | null;
  /** Settled in its owner module before the inbox found it (an application already decided): found closed. */
  settled: boolean;
}

/** The person and the request behind an item. */
export interface ItemSource {
  person: InboxPerson;
  fields: InboxField[];
}

export interface InboxSource {
  /** The kinds this source's rows become (its last row is the newest item of these kinds). */
  kinds: readonly InboxKind[];
  /** A source of new rows: those after the newest the inbox has (found at `now`). */
  after?(afterId: number, limit: number, now: Date): Promise<FoundItem[]>;
  /** A source of a condition that comes true with time: the rows that meet it at `now` (found once each). */
  current?(now: Date): Promise<FoundItem[]>;
  read(kind: InboxKind, id: number): Promise<ItemSource | null>;
}

/** A ticket as the inbox reads it (the tickets module's row). */
export interface TicketRecord {
  id: number;
  code: string;
  fullname: string;
  phone: string;
  email: string;
  lang: string;
  pickAddress: string;
  dropAddress: string;
  departTime: string;
  departAt: Date;
  tripState: string;
}

/** The owner modules' services the inbox reads. */
export interface InboxOwners {
  leads: Pick<LeadsService, 'specialRequestsAfter' | 'specialRequestById' | 'leadsAfter' | 'leadById'>;
  support: Pick<SupportService, 'requestsAfter' | 'requestById' | 'complaintsAfter' | 'complaintById'>;
  transfers: Pick<TransfersService, 'operatorsAfter' | 'transferById'>;
  /** The tickets module's reads: live tickets picking up in [from, to] whose trip has not started; one by id. */
  tickets: {
    pickingUpUnstarted(from: Date, to: Date, limit: number): Promise<TicketRecord[]>;
    byId(id: number): Promise<TicketRecord | null>;
  };
  /** The partners module's drivers assigned to tickets (by ticket id). */
  crew: { assignedDrivers(ticketIds: readonly number[]): Promise<Map<number, unknown>> };
}

const HOUR_MS = 3_600_000;
/** Tickets found at most this many tickets at a time, the soonest pick-ups first. */
const TICKETS_AT_ONCE = 200;

type TransferRecord = NonNullable<Awaited<ReturnType<TransfersService['transferById']>>>;

type PromisedKind = keyof typeof INBOX_PROMISE_MINUTES;

const promised = (kind: PromisedKind, receivedAt: Date): Date | null => {
  const minutes = INBOX_PROMISE_MINUTES[kind];
  return minutes === null ? null : new Date(receivedAt.getTime() + minutes * MINUTE_MS);
};

export const field = (key: string, value: string | number | null | undefined): InboxField[] =>
  value === null || value === undefined || value === '' ? [] : [{ key, value: String(value) }];

function specialRequestItem(row: SpecialRequestRecord): FoundItem {
  return {
    kind: 'special_request',
    sourceId: row.id,
    name: row.fullname,
    summary: `${row.pickAddress} → ${row.dropAddress}, ${row.departTime}`,
    receivedAt: row.createdAt,
    // Promised when it was sent (spec 9 special_request_reply_hours), kept with the request.
    dueAt: row.replyDueAt,
    settled: false,
  };
}

function callbackItem(row: SupportRequestRecord): FoundItem {
  return {
    kind: 'callback',
    sourceId: row.id,
    // A call-back request gives a phone and no name.
    name: row.phone,
    summary: row.note,
    receivedAt: row.createdAt,
    dueAt: promised('callback', row.createdAt),
    settled: false,
  };
}

/** A list line's length: the whole text is the item's. */
const SUMMARY_MAX = 140;
function short(text: string): string {
  // By code points, so that a cut never splits an emoji's surrogate pair.
  const points = Array.from(text);
  return points.length > SUMMARY_MAX
    ? `${points
        .slice(0, SUMMARY_MAX - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

function complaintItem(row: ComplaintRecord): FoundItem {
  return {
    kind: 'complaint',
    sourceId: row.id,
    name: row.fullname,
    summary: short(`${complaintReference(row.id)}${row.ticketCode ? ` · ${row.ticketCode}` : ''} · ${row.description}`),
    receivedAt: row.createdAt,
    // Promised when it was sent (the complaints page's 2 working days), kept with the complaint.
    dueAt: row.replyDueAt,
    settled: false,
  };
}

const leadKind = (row: LeadContactRecord): InboxKind =>
  row.type === 'business' ? 'business_application' : 'partner_application';

function leadItem(row: LeadContactRecord): FoundItem {
  const kind = leadKind(row);
  return {
    kind,
    sourceId: row.id,
    name: row.fullname,
    summary: row.companyName,
    receivedAt: row.createdAt,
    dueAt: promised(kind as PromisedKind, row.createdAt),
    // A transport application the operator approved or refused waits on no one; a business one is approved at once
    // and stays open (its note may ask for more).
    settled: kind === 'partner_application' && row.status !== 'new',
  };
}

function transferItem(row: TransferRecord): FoundItem {
  return {
    kind: 'bank_transfer',
    sourceId: row.id,
    // A transfer names no person: its amount and the bank's note are what staff look it up by.
    name: formatVnd(row.amount),
    summary: row.note,
    receivedAt: row.receivedAt,
    dueAt: null,
    settled: false,
  };
}

/** A ticket's list line: its code, its route and its pick-up time. */
export const ticketSummary = (row: Pick<TicketRecord, 'code' | 'pickAddress' | 'dropAddress' | 'departTime'>) =>
  `${row.code} · ${row.dropAddress ? `${row.pickAddress} → ${row.dropAddress}` : row.pickAddress}, ${row.departTime}`;

function ticketItem(row: TicketRecord): FoundItem {
  return {
    kind: 'ticket_without_driver',
    sourceId: row.id,
    name: row.fullname,
    summary: ticketSummary(row),
    // It needs a person from 2 hours before the pick-up; the pick-up itself is the promise.
    receivedAt: new Date(row.departAt.getTime() - INBOX_DRIVER_HOURS * HOUR_MS),
    dueAt: row.departAt,
    settled: false,
  };
}

export function createInboxSources({ leads, support, transfers, tickets, crew }: InboxOwners): InboxSource[] {
  return [
    {
      kinds: ['special_request'],
      after: async (afterId, limit) => (await leads.specialRequestsAfter(afterId, limit)).map(specialRequestItem),
      async read(_kind, id) {
        const row = await leads.specialRequestById(id);
        if (!row) return null;
        return {
          person: { name: row.fullname, phone: row.phone, email: row.email, lang: row.lang },
          fields: [
            ...field('pick_address', row.pickAddress),
            ...field('drop_address', row.dropAddress),
            ...field('depart_time', row.departTime),
            ...field('days', row.days),
            ...field('seats', row.seats),
            ...field('vehicle_count', row.vehicleCount),
            ...field('note', row.note),
          ],
        };
      },
    },
    {
      kinds: ['callback'],
      after: async (afterId, limit) => (await support.requestsAfter(afterId, limit)).map(callbackItem),
      async read(_kind, id) {
        const row = await support.requestById(id);
        if (!row) return null;
        return {
          person: { name: '', phone: row.phone, email: '', lang: row.lang },
          fields: [...field('note', row.note), ...field('page', row.page)],
        };
      },
    },
    {
      kinds: ['complaint'],
      after: async (afterId, limit) => (await support.complaintsAfter(afterId, limit)).map(complaintItem),
      async read(_kind, id) {
        const row = await support.complaintById(id);
        if (!row) return null;
        return {
          person: { name: row.fullname, phone: row.phone, email: row.email, lang: row.lang },
          fields: [
            ...field('complaint_reference', complaintReference(row.id)),
            ...field('ticket_code', row.ticketCode),
            ...field('complaint_topic', row.topic),
            ...field('description', row.description),
          ],
        };
      },
    },
    {
      kinds: ['partner_application', 'business_application'],
      after: async (afterId, limit) => (await leads.leadsAfter(afterId, limit)).map(leadItem),
      async read(kind, id) {
        const row = await leads.leadById(id);
        if (!row || leadKind(row) !== kind) return null;
        return {
          person: { name: row.fullname, phone: row.phone, email: row.email, lang: row.lang },
          fields: [
            ...field('company', row.companyName),
            ...field('tax_code', row.taxCode),
            ...field('address', row.address),
            ...field('fleet_size', row.fleetSize),
            ...field('provinces', row.provinces.join(', ')),
            ...field('note', row.note),
            ...field('application_status', row.status),
            ...field('refusal_reason', row.refusalReason),
          ],
        };
      },
    },
    {
      kinds: ['bank_transfer'],
      after: async (afterId, limit) => (await transfers.operatorsAfter(afterId, limit)).map(transferItem),
      async read(_kind, id) {
        const row = await transfers.transferById(id);
        if (!row) return null;
        return {
          // The payer left no address: an answer cannot go anywhere.
          person: { name: '', phone: '', email: '', lang: 'vi' },
          fields: [
            ...field('amount', formatVnd(row.amount)),
            ...field('reference', row.reference),
            ...field('note', row.note),
            ...field('transaction_date', row.transactionDate),
            ...field('transfer_reason', row.reason),
            ...field('transfer_status', row.status),
          ],
        };
      },
    },
    {
      kinds: ['ticket_without_driver'],
      async current(now) {
        // From 2 hours before the pick-up until 2 hours after it (a trip long past is no longer anyone's to save).
        const rows = await tickets.pickingUpUnstarted(
          new Date(now.getTime() - INBOX_DRIVER_HOURS * HOUR_MS),
          new Date(now.getTime() + INBOX_DRIVER_HOURS * HOUR_MS),
          TICKETS_AT_ONCE,
        );
        const drivers = await crew.assignedDrivers(rows.map((row) => row.id));
        return rows.filter((row) => !drivers.has(row.id)).map(ticketItem);
      },
      async read(_kind, id) {
        const row = await tickets.byId(id);
        if (!row) return null;
        return {
          person: { name: row.fullname, phone: row.phone, email: row.email, lang: row.lang },
          fields: [
            ...field('ticket_code', row.code),
            ...field('pick_address', row.pickAddress),
            ...field('drop_address', row.dropAddress),
            ...field('depart_time', row.departTime),
            ...field('trip_state', row.tripState),
          ],
        };
      },
    },
  ];
}

/** The channels an answer can take: e-mail and SMS where the person gave an address. */
export const channelsOf = (person: InboxPerson): InboxChannel[] => [
  ...(person.email ? (['mail'] as const) : []),
  ...(person.phone ? (['sms'] as const) : []),
];
