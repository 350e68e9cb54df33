// The desk's inbox: every request a person waits on Vivu's staff for, found in its owner module (read through that
// module's service) and kept here with its state, who took it, its promise clock and its history. A member takes an
// item (of two at once, one wins and the other is told who has it), answers it by e-mail or SMS through the message
// outbox in the answer's own transaction (in the person's language), closes and reopens it; each action writes its
// history and its audit entry in the same transaction. `answerTimes` gives the numbers dashboard the first answers
// against the promises.
import {
  INBOX_ERROR_KEYS,
  INBOX_KINDS,
  INBOX_PAGE_SIZE,
  type InboxAnswerInput,
  type InboxAnswerTimes,
  type InboxChannel,
  type InboxClock,
  type InboxEvent,
  type InboxItem,
  type InboxItemDetail,
  type InboxKind,
  type InboxListQuery,
  type InboxNoteInput,
  type InboxPage,
  type InboxState,
} from '../../../shared/contract/desk-inbox';
import { isLang } from '../../../shared/domain/route-table';
import { refuse, type Refusal, type Result } from '../../http/refusal';
import type { MessageWriter } from '../../outbox/writer';
import { audit, type DeskActor } from '../desk/service';
import type { InboxEventRow, InboxItemRow, InboxRepository } from './repository';
import { channelsOf, type InboxSource, type ItemSource } from './sources';

export type InboxRefusal = Refusal<400 | 404 | 409>;
type InboxResult<T> = Result<T, InboxRefusal['status']>;

/** Rows read from a source per query while catching up with it. */
const FIND_BATCH = 200;
const DAY_MS = 86_400_000;

/** The audit log's and the outbox's name of an item. */
export const inboxSubject = (id: number) => `inbox-${id}`;

/** The clock at `now`: stopped at the first answer. */
export function clockOf(row: Pick<InboxItemRow, 'dueAt' | 'firstAnsweredAt' | 'state'>, now: Date): InboxClock {
  const answeredAt = row.firstAnsweredAt;
  const at = answeredAt ?? now;
  const secondsLeft = row.dueAt ? Math.trunc((row.dueAt.getTime() - at.getTime()) / 1000) : null;
  return {
    due_at: row.dueAt?.toISOString() ?? null,
    seconds_left: secondsLeft,
    overdue: !answeredAt && row.state !== 'closed' && secondsLeft !== null && secondsLeft < 0,
    answered_at: answeredAt?.toISOString() ?? null,
    within_promise: answeredAt && row.dueAt ? answeredAt.getTime() <= row.dueAt.getTime() : null,
  };
}

const itemOf = (row: InboxItemRow, now: Date): InboxItem => ({
  id: row.id,
  kind: row.kind as InboxKind,
  state: row.state as InboxState,
  name: row.name,
  summary: row.summary,
  received_at: row.receivedAt.toISOString(),
  clock: clockOf(row, now),
  taken_by: row.takenByEmail ? { id: row.takenById, email: row.takenByEmail } : null,
  taken_at: row.takenAt?.toISOString() ?? null,
});

const eventOf = (row: InboxEventRow): InboxEvent => ({
  id: row.id,
  at: row.at.toISOString(),
  action: row.action as InboxEvent['action'],
  staff_email: row.staffEmail,
  note: row.note,
  answer: row.answer,
  channel: (row.channel as InboxEvent['channel']) ?? null,
  recipient: row.recipient,
});

/** What the audit log keeps of an item before and after an action. */
const stateOf = (row: InboxItemRow) => ({ kind: row.kind, state: row.state, taken_by: row.takenByEmail });

/** Vietnam's midnight starting the day `yyyy-mm-dd` (Vietnam has no daylight saving). */
const vnMidnight = (day: string) => new Date(`${day}T00:00:00+07:00`);

/** The answer times of each kind among `rows` (items received in the range) at `now`. */
export function answerTimesOf(rows: InboxItemRow[], now: Date): InboxAnswerTimes[] {
  return INBOX_KINDS.map((kind) => {
    const mine = rows.filter((row) => row.kind === kind);
    const answered = mine.filter((row) => row.firstAnsweredAt);
    const minutes = answered.map((row) => Math.round((row.firstAnsweredAt!.getTime() - row.receivedAt.getTime()) / 60_000));
    const waitingRows = mine.filter((row) => !row.firstAnsweredAt && row.state !== 'closed');
    return {
      kind,
      received: mine.length,
      answered: answered.length,
      within_promise: answered.filter((row) => row.dueAt && clockOf(row, now).within_promise).length,
      late: answered.filter((row) => row.dueAt && !clockOf(row, now).within_promise).length,
      waiting: waitingRows.length,
      overdue: waitingRows.filter((row) => clockOf(row, now).overdue).length,
      average_minutes: minutes.length ? Math.round(minutes.reduce((sum, value) => sum + value, 0) / minutes.length) : null,
      max_minutes: minutes.length ? Math.max(...minutes) : null,
    };
  });
}

export interface InboxServiceDeps {
  repository: InboxRepository;
  sources: InboxSource[];
  /** The message outbox: an answer's message is written in the answer's transaction. */
  messages: MessageWriter;
  now: () => Date;
}

export function createInboxService({ repository, sources, messages, now }: InboxServiceDeps) {
  const db = repository.db;

  /**
   * Each source's rows the inbox has not seen yet become items, and each condition met now (a ticket without a
   * driver near its pick-up) an item once: a row found twice, or by two reads at once, is inserted once.
   */
  async function catchUp(at: Date): Promise<void> {
    for (const source of sources) {
      if (source.current) await repository.insertFound(await source.current(at), at);
      if (!source.after) continue;
      let after = await repository.lastSourceId(source.kinds);
      for (;;) {
        const found = await source.after(after, FIND_BATCH, at);
        await repository.insertFound(found, at);
        if (found.length < FIND_BATCH) break;
        after = found[found.length - 1]!.sourceId;
      }
    }
  }

  const sourceOf = (kind: string) => sources.find((source) => (source.kinds as readonly string[]).includes(kind));
  const readSource = async (row: InboxItemRow): Promise<ItemSource | null> =>
    (await sourceOf(row.kind)?.read(row.kind as InboxKind, row.sourceId)) ?? null;

  async function detail(row: InboxItemRow, at: Date): Promise<InboxItemDetail> {
    const source = await readSource(row);
    const person = source?.person ?? { name: row.name, phone: '', email: '', lang: 'vi' };
    return {
      ...itemOf(row, at),
      person,
      fields: source?.fields ?? [],
      channels: channelsOf(person),
      events: (await repository.events(row.id)).map(eventOf),
      now: at.toISOString(),
    };
  }

  const notFound = () => refuse(404, INBOX_ERROR_KEYS.notFound);
  const takenByOther = (row: InboxItemRow) => refuse(409, INBOX_ERROR_KEYS.takenByOther, { params: { email: row.takenByEmail } });
  const heldByOther = (row: InboxItemRow, actor: DeskActor) => row.takenById !== null && row.takenById !== actor.id;

  return {
    async list(actor: DeskActor, query: InboxListQuery): Promise<InboxPage> {
      const at = now();
      await catchUp(at);
      const { rows, total } = await repository.page(query, actor.id, at);
      return {
        items: rows.map((row) => itemOf(row, at)),
        page: query.page ?? 1,
        pages: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
        total,
        now: at.toISOString(),
      };
    },

    async item(id: number): Promise<InboxResult<InboxItemDetail>> {
      const at = now();
      await catchUp(at);
      const row = await repository.byId(db, id);
      return row ? { ok: true, data: await detail(row, at) } : notFound();
    },

    /** The member takes the item: of two members at once, the second is told who has it. */
    async take(actor: DeskActor, id: number): Promise<InboxResult<InboxItemDetail>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const before = await repository.lock(tx, id);
        if (!before) return notFound();
        if (before.takenById === actor.id) return { ok: true as const, row: before };
        if (before.state === 'closed') return refuse(409, INBOX_ERROR_KEYS.closed);
        const row = await repository.claim(tx, id, actor, at);
        if (!row) return takenByOther(before);
        await repository.addEvent(tx, { itemId: id, at, staffId: actor.id, staffEmail: actor.email, action: 'taken' });
        await audit(tx, {
          staff: actor,
          action: 'inbox_taken',
          subject: inboxSubject(id),
          before: stateOf(before),
          after: stateOf(row),
          at,
        });
        return { ok: true as const, row };
      });
      return outcome.ok ? { ok: true, data: await detail(outcome.row, at) } : outcome;
    },

    /**
     * The answer goes to the person by the channel chosen (an address they gave), in their language, written to the
     * outbox with the item's answered state, its history and its audit entry in one transaction; the first answer
     * stops the clock. An item no one holds is taken by the member who answers it.
     */
    async answer(actor: DeskActor, input: InboxAnswerInput): Promise<InboxResult<InboxItemDetail>> {
      const at = now();
      const found = await repository.byId(db, input.id);
      if (!found) return notFound();
      const source = await readSource(found);
      if (!source) return notFound();
      const channel = input.channel as InboxChannel;
      if (!channelsOf(source.person).includes(channel)) return refuse(400, INBOX_ERROR_KEYS.channel, { field: 'channel' });
      const recipient = channel === 'mail' ? source.person.email : source.person.phone;
      const lang = isLang(source.person.lang) ? source.person.lang : 'vi';
      const outcome = await db.transaction(async (tx) => {
        const before = await repository.lock(tx, input.id);
        if (!before) return notFound();
        if (before.state === 'closed') return refuse(409, INBOX_ERROR_KEYS.closed);
        if (heldByOther(before, actor)) return takenByOther(before);
        const row = await repository.markAnswered(tx, before, actor, at);
        const event = await repository.addEvent(tx, {
          itemId: row.id,
          at,
          staffId: actor.id,
          staffEmail: actor.email,
          action: 'answered',
          answer: input.text,
          channel,
          recipient,
        });
        await messages.account(tx, channel === 'mail' ? 'inbox_answer_mail' : 'inbox_answer_sms', {
          subject: inboxSubject(row.id),
          discriminator: `answer-${event.id}`,
          phone: source.person.phone,
          email: source.person.email,
          lang,
          payload: { name: source.person.name, company: '', answer: input.text },
        });
        await audit(tx, {
          staff: actor,
          action: 'inbox_answered',
          subject: inboxSubject(row.id),
          before: stateOf(before),
          after: { ...stateOf(row), channel, recipient, answer: input.text },
          at,
        });
        return { ok: true as const, row };
      });
      if (!outcome.ok) return outcome;
      messages.wake();
      return { ok: true, data: await detail(outcome.row, at) };
    },

    /** Closed by the member holding it, by anyone when no one holds it, or by an admin. */
    async close(actor: DeskActor, input: InboxNoteInput): Promise<InboxResult<InboxItemDetail>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const before = await repository.lock(tx, input.id);
        if (!before) return notFound();
        if (before.state === 'closed') return refuse(409, INBOX_ERROR_KEYS.closed);
        if (heldByOther(before, actor) && actor.role !== 'admin') return takenByOther(before);
        const row = await repository.setState(tx, before.id, 'closed', at);
        await repository.addEvent(tx, {
          itemId: row.id,
          at,
          staffId: actor.id,
          staffEmail: actor.email,
          action: 'closed',
          note: input.note,
        });
        await audit(tx, {
          staff: actor,
          action: 'inbox_closed',
          subject: inboxSubject(row.id),
          before: stateOf(before),
          after: { ...stateOf(row), note: input.note },
          at,
        });
        return { ok: true as const, row };
      });
      return outcome.ok ? { ok: true, data: await detail(outcome.row, at) } : outcome;
    },

    /** A closed item opens again, held by no one, for any member to take. */
    async reopen(actor: DeskActor, input: InboxNoteInput): Promise<InboxResult<InboxItemDetail>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const before = await repository.lock(tx, input.id);
        if (!before) return notFound();
        if (before.state !== 'closed') return refuse(409, INBOX_ERROR_KEYS.notClosed);
        const row = await repository.setState(tx, before.id, 'reopened', at);
        await repository.addEvent(tx, {
          itemId: row.id,
          at,
          staffId: actor.id,
          staffEmail: actor.email,
          action: 'reopened',
          note: input.note,
        });
        await audit(tx, {
          staff: actor,
          action: 'inbox_reopened',
          subject: inboxSubject(row.id),
          before: stateOf(before),
          after: { ...stateOf(row), note: input.note },
          at,
        });
        return { ok: true as const, row };
      });
      return outcome.ok ? { ok: true, data: await detail(outcome.row, at) } : outcome;
    },

    /**
     * For the numbers dashboard: per kind, the items received on the days `from` to `to` (yyyy-mm-dd, Vietnam time,
     * both included), how many were answered within their promise, and the first answers' minutes.
     */
    async answerTimes(range: { from: string; to: string }): Promise<InboxAnswerTimes[]> {
      const at = now();
      await catchUp(at);
      const rows = await repository.receivedBetween(vnMidnight(range.from), new Date(vnMidnight(range.to).getTime() + DAY_MS));
      return answerTimesOf(rows, at);
    },
  };
}

export type InboxService = ReturnType<typeof createInboxService>;
