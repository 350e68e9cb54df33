import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  createBankWebhook,
  findTicketCodes,
  isReceivingAccount,
  REJECTED_EXCERPT_CHARS,
  signBankWebhook,
  ticketCodeOfNote,
} from './bank-webhook';

const SECRET = 'shared-secret-of-the-notification-service';

// The signature as a sender computes it, written here without the adapter's helper.
const hmac = (body: string, secret = SECRET) => createHmac('sha256', secret).update(body, 'utf8').digest('hex');

const sepayBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    id: 92704,
    gateway: 'Vietcombank',
    transactionDate: '2026-11-25 14:02:37',
    accountNumber: '0011001234567',
    code: null,
    content: 'VVABC234 thanh toan ve',
    transferType: 'in',
    transferAmount: 350000,
    accumulated: 19077000,
    subAccount: null,
    referenceCode: 'FT26329123456',
    description: 'MBVCB.3278614.VVABC234 thanh toan ve.CT tu 0123456789 NGUYEN VAN A',
    ...overrides,
  });

describe('createBankWebhook', () => {
  const webhook = createBankWebhook({ secret: SECRET });

  it('reads a signed SePay transfer: reference, amount, ticket code and the body as sent', () => {
    const body = sepayBody();
    const result = webhook.read(body, { 'x-signature': hmac(body) });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.ignored).toBe(0);
    expect(result.transfers).toHaveLength(1);
    const [transfer] = result.transfers;
    expect(transfer).toMatchObject({
      source: 'sepay',
      id: 'sepay:92704',
      reference: 'FT26329123456',
      amount: 350000,
      ticketCode: 'VVABC234',
      accountNumber: '0011001234567',
      transactionDate: '2026-11-25 14:02:37',
    });
    expect(transfer?.raw).toEqual(JSON.parse(body));
    expect(signBankWebhook(body, SECRET)).toBe(hmac(body));
  });

  it('accepts the signature with a sha256= prefix and in upper case, through a Headers object', () => {
    const body = sepayBody();
    const headers = new Headers({ 'X-Signature': `sha256=${hmac(body).toUpperCase()}` });
    expect(webhook.verify(body, headers)).toBe(true);
    expect(webhook.read(body, headers).ok).toBe(true);
  });

  it('refuses a forged signature (another secret) and an unsigned call', () => {
    const body = sepayBody();
    expect(webhook.read(body, { 'x-signature': hmac(body, 'guessed') })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(webhook.read(body, { 'x-signature': 'zz' })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(webhook.read(body, {})).toEqual({ ok: false, reason: 'unsigned' });
    expect(webhook.verify(body, {})).toBe(false);
  });

  it('refuses a body changed after it was signed', () => {
    const signed = sepayBody();
    const tampered = sepayBody({ transferAmount: 3500000 });
    expect(webhook.read(tampered, { 'x-signature': hmac(signed) })).toEqual({ ok: false, reason: 'bad_signature' });
    // Even a change of white space only: the signature is over the bytes received.
    expect(webhook.read(`${signed} `, { 'x-signature': hmac(signed) })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it("takes SePay's Apikey header only when allowed, and only with the right key", () => {
    const body = sepayBody();
    expect(webhook.read(body, { authorization: `Apikey ${SECRET}` })).toEqual({ ok: false, reason: 'unsigned' });
    const sepay = createBankWebhook({ secret: SECRET, allowApiKey: true });
    expect(sepay.read(body, { Authorization: `Apikey ${SECRET}` }).ok).toBe(true);
    expect(sepay.read(body, { authorization: `apikey ${SECRET}x` })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(sepay.read(body, { authorization: `Bearer ${SECRET}` })).toEqual({ ok: false, reason: 'bad_signature' });
  });

  it('leaves a wrong amount to the caller: the amount received is reported as it is', () => {
    const body = sepayBody({ transferAmount: 349000 });
    const result = webhook.read(body, { 'x-signature': hmac(body) });
    expect(result.ok && result.transfers[0]?.amount).toBe(349000);
    expect(result.ok && result.transfers[0]?.ticketCode).toBe('VVABC234');
  });

  it('reports a transfer without a code with a null code', () => {
    const body = sepayBody({ content: 'chuyen tien an trua', description: 'MBVCB.3278614.chuyen tien an trua' });
    const result = webhook.read(body, { 'x-signature': hmac(body) });
    expect(result.ok && result.transfers[0]).toMatchObject({ ticketCode: null, candidates: [], amount: 350000 });
  });

  it('ignores money going out, and reports the account money came into for the caller to check', () => {
    const out = sepayBody({ transferType: 'out' });
    expect(webhook.read(out, { 'x-signature': hmac(out) })).toEqual({ ok: true, transfers: [], rejected: [], ignored: 1 });
    const elsewhere = sepayBody({ accountNumber: '999999', subAccount: 'VA12' });
    const read = webhook.read(elsewhere, { 'x-signature': hmac(elsewhere) });
    expect(read.ok && read.transfers[0]).toMatchObject({ accountNumber: '999999', subAccount: 'VA12' });
  });

  it('counts only the receiving account: the account or the virtual account it was sent to, never none', () => {
    expect(isReceivingAccount({ accountNumber: '0011001234567', subAccount: null }, '0011001234567')).toBe(true);
    expect(isReceivingAccount({ accountNumber: '0011 0012 34567', subAccount: null }, '0011001234567')).toBe(true);
    expect(isReceivingAccount({ accountNumber: '999', subAccount: 'vivu01' }, 'VIVU01')).toBe(true);
    expect(isReceivingAccount({ accountNumber: '999999', subAccount: null }, '0011001234567')).toBe(false);
    expect(isReceivingAccount({ accountNumber: null, subAccount: null }, '0011001234567')).toBe(false);
    expect(isReceivingAccount({ accountNumber: '0011001234567', subAccount: null }, null)).toBe(false);
    expect(isReceivingAccount({ accountNumber: '', subAccount: null }, ' ')).toBe(false);
  });

  it('reads a batch row by row: a row of odd types is refused alone, with a bounded excerpt and why', () => {
    const rows = [
      { id: 1, description: 'VVKM7PQ2', amount: 420000, accountNumber: '0011001234567' },
      { id: 2, description: 'x'.repeat(5000), amount: 'many', accountNumber: '0011001234567' },
      { id: { nested: true }, description: 'VVKM7PQ3', amount: 1, accountNumber: '0011001234567' },
      { id: 4, description: 'VVKM7PQ4', amount: 99_999_999_999, accountNumber: '0011001234567' },
      null,
    ];
    const body = JSON.stringify({ error: 0, data: rows });
    const read = webhook.read(body, { 'x-signature': hmac(body) });
    expect(read.ok && read.transfers.map((transfer) => transfer.id)).toEqual(['casso:1']);
    const rejected = read.ok ? read.rejected : [];
    expect(rejected.map((row) => row.why)).toEqual(['bad_amount', 'bad_id', 'bad_amount', 'not_an_object']);
    expect(rejected.every((row) => row.excerpt.length <= REJECTED_EXCERPT_CHARS)).toBe(true);
    expect(new Set(rejected.map((row) => row.key)).size).toBe(4);
    // The same refused row sent again has the same key (it is recorded once).
    const again = webhook.read(body, { 'x-signature': hmac(body) });
    expect(again.ok && again.rejected.map((row) => row.key)).toEqual(rejected.map((row) => row.key));
  });

  it('reads a SePay body of odd types as one refused row, not as a refused body', () => {
    for (const [overrides, why] of [
      [{ transferAmount: 10.5 }, 'bad_amount'],
      [{ transferAmount: { value: 1 } }, 'bad_amount'],
      [{ id: ['x'] }, 'bad_id'],
      [{ transferType: 1 }, 'bad_direction'],
    ] as const) {
      const body = sepayBody(overrides);
      const read = webhook.read(body, { 'x-signature': hmac(body) });
      expect(read.ok && read.transfers).toEqual([]);
      expect(read.ok && read.rejected.map((row) => row.why)).toEqual([why]);
    }
  });

  it('keeps no NUL or control character of a note, and no lone surrogate', () => {
    const body = sepayBody({ content: 'VVABC234\u0000 thanh\u0007 toan \ud800', description: null });
    const read = webhook.read(body, { 'x-signature': hmac(body) });
    const note = read.ok ? (read.transfers[0]?.note ?? '') : '';
    expect(note).toBe('VVABC234  thanh  toan \ufffd');
    expect(read.ok && read.transfers[0]?.ticketCode).toBe('VVABC234');
  });

  it('reads Casso bodies, a list (first version) and one transaction (second version)', () => {
    const v1 = JSON.stringify({
      error: 0,
      data: [
        {
          id: 1,
          tid: 'TF1',
          description: 'CUSTOMER VVKM7PQ2 CHUYEN TIEN',
          amount: 420000,
          when: '2026-11-25 09:00:00',
          bank_sub_acc_id: '0011001234567',
        },
        {
          id: 2,
          tid: 'TF2',
          description: 'PHI DICH VU',
          amount: -11000,
          when: '2026-11-25 09:01:00',
          bank_sub_acc_id: '0011001234567',
        },
      ],
    });
    const first = webhook.read(v1, { 'x-signature': hmac(v1) });
    expect(first.ok && first.ignored).toBe(1);
    expect(first.ok && first.transfers).toMatchObject([
      { source: 'casso', id: 'casso:1', reference: 'TF1', amount: 420000, ticketCode: 'VVKM7PQ2' },
    ]);
    const v2 = JSON.stringify({
      error: 0,
      data: {
        id: 7,
        reference: 'BANK_REF_7',
        description: 'vvkm7pq2',
        amount: 99000,
        transactionDateTime: '2026-11-25 10:00:00',
        accountNumber: '0011001234567',
      },
    });
    const second = webhook.read(v2, { 'x-signature': hmac(v2) });
    expect(second.ok && second.transfers[0]).toMatchObject({
      id: 'casso:7',
      reference: 'BANK_REF_7',
      amount: 99000,
      ticketCode: 'VVKM7PQ2',
    });
  });

  it('refuses a signed body that is not a transfer', () => {
    for (const body of ['not json', '[]', '{"hello":1}', '{"error":1,"data":[]}']) {
      expect(webhook.read(body, { 'x-signature': hmac(body) })).toEqual({ ok: false, reason: 'bad_body' });
    }
  });

  it('needs a secret', () => {
    expect(() => createBankWebhook({ secret: '' })).toThrow();
  });
});

describe('ticket codes in notes', () => {
  it('finds the code in the noisy notes banks pass on, whatever the case', () => {
    expect(ticketCodeOfNote('MBVCB.3278614.VVABC234.CT tu 0123456789 NGUYEN VAN A')).toBe('VVABC234');
    expect(ticketCodeOfNote('IBFT vvabc234 thanh toan')).toBe('VVABC234');
    expect(ticketCodeOfNote('Thanh toán vé: VVABC234!')).toBe('VVABC234');
    // Punctuation stripped and words glued together.
    expect(ticketCodeOfNote('MBVCB3278614VVABC234CT TU 0123')).toBe('VVABC234');
    expect(ticketCodeOfNote('NGUYEN VAN A chuyen khoan VVABC234 VVABC234')).toBe('VVABC234');
  });

  it('gives no code for a note without one, or with symbols a code never holds', () => {
    expect(ticketCodeOfNote('chuyen tien an trua')).toBeNull();
    expect(ticketCodeOfNote('')).toBeNull();
    // I, O, 0 and 1 are not in the alphabet; 7 symbols is too short.
    expect(ticketCodeOfNote('VVABC0I1 VVABC23')).toBeNull();
  });

  it('gives no single code when two could be meant, but lists both', () => {
    expect(ticketCodeOfNote('VVABC234 VVKM7PQ2')).toBeNull();
    expect(findTicketCodes('VVABC234 VVKM7PQ2')).toEqual(['VVABC234', 'VVKM7PQ2']);
    // Glued: "VVVABC234" holds VVVABC23 and VVABC234.
    expect(ticketCodeOfNote('XVVVABC234')).toBeNull();
    expect(findTicketCodes('XVVVABC234')).toEqual(['VVVABC23', 'VVABC234']);
  });

  it('finds every code the ticket service can make', () => {
    const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
    for (let n = 0; n < 500; n += 1) {
      const code = `VV${Array.from({ length: 6 }, (_, i) => alphabet.charAt((n * 7 + i * 13 + (n >> i)) % 32)).join('')}`;
      expect(ticketCodeOfNote(`MBVCB.${n}.${code.toLowerCase()}.CT tu`)).toBe(code);
    }
  });
});
