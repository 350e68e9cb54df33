import { describe, expect, it } from 'vitest';
import { createBankWebhook, signBankWebhook } from '../../adapters/payments/bank-webhook';
import type { Logger } from '../../http/errors';
import { createTransfersService, matchTransfer } from './transfers';
import type { IncomingTransfer, RejectedIncoming, TransferOutcome, TransfersRepository } from './transfers-repository';

const SECRET = 'unit-bank-secret';
const ACCOUNT = '0011001234567';

/** A repository that keeps what it was given, and fails on the transfers it is told to. */
function fakeRepository(failOn: Set<string>) {
  const received: string[] = [];
  const ignored: string[] = [];
  const rejected: RejectedIncoming[] = [];
  const repository = {
    async receive(incoming: IncomingTransfer): Promise<TransferOutcome> {
      if (failOn.has(incoming.transactionId)) throw new Error('connection reset');
      received.push(incoming.transactionId);
      return { outcome: 'unmatched', transferId: received.length, reason: 'no_code' };
    },
    async ignore(incoming: IncomingTransfer): Promise<TransferOutcome> {
      ignored.push(incoming.transactionId);
      return { outcome: 'ignored', transferId: ignored.length };
    },
    async reject(row: RejectedIncoming): Promise<TransferOutcome> {
      rejected.push(row);
      return { outcome: 'rejected' };
    },
  };
  return { repository: repository as unknown as TransfersRepository, received, ignored, rejected };
}

function casso(rows: unknown[]) {
  const body = JSON.stringify({ error: 0, data: rows });
  return { body, headers: new Headers({ 'x-signature': signBankWebhook(body, SECRET) }) };
}

const row = (id: number, accountNumber: string | null = ACCOUNT) => ({ id, description: 'ck', amount: 1000, accountNumber });

describe('the transfers service reading a notification', () => {
  function service(failOn: string[] = []) {
    const errors: string[] = [];
    const log: Logger = { info: () => {}, error: (message) => errors.push(message) };
    const fake = fakeRepository(new Set(failOn));
    const transfers = createTransfersService({
      repository: fake.repository,
      webhook: createBankWebhook({ secret: SECRET }),
      receivingAccount: async () => ACCOUNT,
      log,
    });
    return { transfers, errors, ...fake };
  }

  it('goes on past a row that fails, and asks for the batch again', async () => {
    const { transfers, received, errors } = service(['casso:2']);
    const { body, headers } = casso([row(1), row(2), row(3)]);
    const answer = await transfers.receive(body, headers);
    expect(answer).toMatchObject({ ok: true, failed: 1 });
    expect(received).toEqual(['casso:1', 'casso:3']);
    expect(errors).toEqual(['bank webhook row failed']);
  });

  it('records a bad row, ignores another account, and reads the rest', async () => {
    const { transfers, received, ignored, rejected } = service();
    const { body, headers } = casso([row(1), { id: 2, amount: 'x' }, row(3, '999'), row(4, null)]);
    const answer = await transfers.receive(body, headers);
    expect(answer).toMatchObject({ ok: true, failed: 0 });
    expect(received).toEqual(['casso:1']);
    expect(ignored).toEqual(['casso:3', 'casso:4']);
    expect(rejected.map((one) => [one.provider, one.why])).toEqual([['casso', 'bad_amount']]);
  });

  it('counts no account while the settings name none', async () => {
    const fake = fakeRepository(new Set());
    const transfers = createTransfersService({
      repository: fake.repository,
      webhook: createBankWebhook({ secret: SECRET }),
      receivingAccount: async () => null,
      log: { info: () => {}, error: () => {} },
    });
    const { body, headers } = casso([row(1)]);
    await transfers.receive(body, headers);
    expect([fake.received, fake.ignored]).toEqual([[], ['casso:1']]);
  });
});

describe('which ticket a transfer pays', () => {
  const awaiting = { id: 7, code: 'VV7', partnerId: 1, payMethodId: 20, transactionStatusId: 1, status: 1, totalCost: 240_000 };

  it('pays the total exactly, with no extra', () => {
    expect(matchTransfer(240_000, ['VV7'], [awaiting])).toEqual({ ticket: awaiting, earlier: 0, extra: 0 });
  });

  it('is short below the total, counting the short transfers before it', () => {
    expect(matchTransfer(200_000, ['VV7'], [awaiting])).toEqual({ reason: 'wrong_amount' });
    expect(matchTransfer(20_000, ['VV7'], [awaiting], 200_000)).toEqual({ reason: 'wrong_amount' });
    expect(matchTransfer(40_000, ['VV7'], [awaiting], 200_000)).toEqual({ ticket: awaiting, earlier: 200_000, extra: 0 });
  });

  it('pays above the total and names the extra', () => {
    expect(matchTransfer(250_000, ['VV7'], [awaiting])).toEqual({ ticket: awaiting, earlier: 0, extra: 10_000 });
    expect(matchTransfer(240_000, ['VV7'], [awaiting], 100_000)).toEqual({ ticket: awaiting, earlier: 100_000, extra: 100_000 });
  });

  it('pays nothing for a ticket no longer awaiting its transfer', () => {
    expect(matchTransfer(240_000, ['VV7'], [{ ...awaiting, transactionStatusId: 2 }])).toEqual({ reason: 'not_awaiting' });
  });
});
