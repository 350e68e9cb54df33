// Check_status answers shared by the pollers of a ticket, and one read in flight per ticket.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConfigModule } from '../../../src/server/modules/config/module';
import { createTicketAccess, type TicketAccess } from '../../../src/server/modules/tickets/access';
import { TRANSACTION_STATUS, type PaymentStatus } from '../../../src/shared/contract/payments';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

let database: TestDatabase;
let access: TicketAccess;
const ticket = { id: 4242, code: 'VTSHARED1' };
const other = { id: 4243, code: 'VTSHARED2' };
const status = (id: number): PaymentStatus => ({
  ticket_code: ticket.code,
  transaction_status_id: id,
  expires_at: null,
  attempt: 'pending',
  pay_method_id: 8,
  total_cost: 350_000,
});
/** Whether the promise is still unsettled after the event loop has run everything queued. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await new Promise((resolve) => setTimeout(resolve, 20));
  return !settled;
}

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  access = createTicketAccess({
    db: database.database.db,
    secrets: createConfigModule({ db: database.database.db }).secrets,
    userIdForToken: async () => null,
    now: () => new Date(),
  });
});
afterAll(async () => database.cleanup());

describe('one check_status read in flight per ticket', () => {
  it('makes a poll that arrives during a read wait for it and get the answer it kept, with the right key only', async () => {
    const key = await access.keyFor(ticket);
    const wrong = await access.keyFor(other);
    const since = access.recentAnswers.version();
    const done = access.recentAnswers.reading(ticket.code);
    const right = access.recentAnswers.afterRead(ticket.code.toLowerCase(), key);
    const guessed = access.recentAnswers.afterRead(ticket.code, wrong);
    expect(await pending(right)).toBe(true);
    expect(await pending(guessed)).toBe(true);
    await access.recentAnswers.keep(ticket, status(TRANSACTION_STATUS.processing), since);
    done();
    expect(await right).toEqual(status(TRANSACTION_STATUS.processing));
    // A wrong key waits like the right one but gets nothing: its poll goes on to the proof and the lookup limit.
    expect(await guessed).toBeNull();
    access.recentAnswers.forget(ticket.id);
  });

  it('gives nothing to a poll without a key, or when no read is in flight, without waiting', async () => {
    const key = await access.keyFor(ticket);
    expect(await access.recentAnswers.afterRead(ticket.code, key)).toBeNull();
    const done = access.recentAnswers.reading(ticket.code);
    const keyless = access.recentAnswers.afterRead(ticket.code, undefined);
    expect(await pending(keyless)).toBe(false);
    expect(await keyless).toBeNull();
    done();
  });

  it('does not join a read started before a change to the payment, and a read that kept nothing gives nothing', async () => {
    const key = await access.keyFor(ticket);
    const since = access.recentAnswers.version();
    const done = access.recentAnswers.reading(ticket.code);
    access.recentAnswers.forget(ticket.id); // e.g. a callback paid the ticket during the read
    const late = access.recentAnswers.afterRead(ticket.code, key);
    expect(await pending(late)).toBe(false);
    expect(await late).toBeNull();
    // The read's answer is from before the change, so it is not kept either.
    await access.recentAnswers.keep(ticket, status(TRANSACTION_STATUS.processing), since);
    done();
    expect(access.recentAnswers.get(ticket.code, key)).toBeNull();

    const failed = access.recentAnswers.reading(ticket.code);
    const waiting = access.recentAnswers.afterRead(ticket.code, key);
    failed(); // the read's proof or check failed: nothing kept
    expect(await waiting).toBeNull();
  });
});
