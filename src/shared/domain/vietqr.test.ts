import { describe, expect, it } from 'vitest';
import { buildVietQrPayload, crc16CcittFalse, VietQrInputError, vietQrAccountOf, vietQrDeepLink, vietQrNote } from './vietqr';
import { bankOfBin, VN_BANKS } from './vn-banks';

// An independent reader of EMVCo TLV strings: shares no code with the builder, so a builder that writes a wrong
// length, order or nesting fails here rather than agreeing with itself.
function readTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) throw new Error(`bad TLV header at ${at}: ${text.slice(at)}`);
    const length = Number.parseInt(lengthText, 10);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) throw new Error(`field ${id} runs past the end`);
    if (fields.has(id)) throw new Error(`field ${id} twice`);
    fields.set(id, value);
    at += 4 + length;
  }
  return fields;
}

// A second CRC-16/CCITT-FALSE, bit by bit (the builder's is table-driven).
function crcBitwise(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) {
      crc = crc & 0x8000 ? (crc << 1) ^ 0x1021 : crc << 1;
      crc &= 0xffff;
    }
  }
  return crc;
}

function fieldsOf(payload: string) {
  const top = readTlv(payload);
  const merchant = readTlv(top.get('38') ?? '');
  const beneficiary = readTlv(merchant.get('01') ?? '');
  const additional = top.has('62') ? readTlv(top.get('62') ?? '') : new Map<string, string>();
  return { top, merchant, beneficiary, additional };
}

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16CcittFalse('123456789')).toBe(0x29b1);
    expect(crcBitwise('123456789')).toBe(0x29b1);
  });

  it('agrees with a bitwise implementation on many strings', () => {
    const samples = ['', 'A', '6304', '000201010212', 'VIVU VVABC234 0123456789 ~!@#$%^&*()'];
    for (let n = 0; n < 200; n += 1)
      samples.push(Array.from({ length: n }, (_, i) => String.fromCharCode(32 + ((i * 7 + n) % 95))).join(''));
    for (const sample of samples) expect(crc16CcittFalse(sample)).toBe(crcBitwise(sample));
  });
});

describe('buildVietQrPayload', () => {
  it('writes every field of the NAPAS profile, read back by an independent parser', () => {
    const payload = buildVietQrPayload({ bin: '970436', accountNumber: '0011001234567', amount: 350000, note: 'VVABC234' });
    const { top, merchant, beneficiary, additional } = fieldsOf(payload);
    expect([...top.keys()]).toEqual(['00', '01', '38', '53', '54', '58', '62', '63']);
    expect(top.get('00')).toBe('01');
    expect(top.get('01')).toBe('12');
    expect(merchant.get('00')).toBe('A000000727');
    expect(beneficiary.get('00')).toBe('970436');
    expect(beneficiary.get('01')).toBe('0011001234567');
    expect([...beneficiary.keys()]).toEqual(['00', '01']);
    expect(merchant.get('02')).toBe('QRIBFTTA');
    expect([...merchant.keys()]).toEqual(['00', '01', '02']);
    expect(top.get('53')).toBe('704');
    expect(top.get('54')).toBe('350000');
    expect(top.get('58')).toBe('VN');
    expect(additional.get('08')).toBe('VVABC234');
  });

  it('ends with the CRC of everything before it, "6304" included, in 4 upper-case hex digits', () => {
    const payload = buildVietQrPayload({ bin: '970415', accountNumber: '101870000123', amount: 1_250_000, note: 'VVZZ99KK' });
    expect(payload.slice(-8, -4)).toBe('6304');
    const crc = payload.slice(-4);
    expect(crc).toMatch(/^[0-9A-F]{4}$/);
    expect(Number.parseInt(crc, 16)).toBe(crcBitwise(payload.slice(0, -4)));
  });

  it('matches a payload written out by hand from the format', () => {
    const body =
      '000201' +
      '010212' +
      '3853' +
      '0010A000000727' +
      '0123' +
      '0006970422' +
      '0109123456789' +
      '0208QRIBFTTA' +
      '5303704' +
      '5406200000' +
      '5802VN' +
      '6212' +
      '0808VVABC234' +
      '6304';
    const expected = body + crcBitwise(body).toString(16).toUpperCase().padStart(4, '0');
    expect(buildVietQrPayload({ bin: '970422', accountNumber: '123456789', amount: 200000, note: 'VVABC234' })).toBe(expected);
  });

  it('is static (01 = 11) with neither amount nor note when none is given', () => {
    const { top } = fieldsOf(buildVietQrPayload({ bin: '970418', accountNumber: '12345' }));
    expect(top.get('01')).toBe('11');
    expect(top.has('54')).toBe(false);
    expect(top.has('62')).toBe(false);
  });

  it('keeps only the characters banks carry in the note', () => {
    expect(vietQrNote('  Thanh toán vé #VVABC234 — Đà Nẵng! ')).toBe('Thanh toan ve VVABC234 Da Nang');
    const { additional } = fieldsOf(buildVietQrPayload({ bin: '970436', accountNumber: '1', amount: 1, note: 'vé: VVABC234' }));
    expect(additional.get('08')).toBe('ve VVABC234');
  });

  it('refuses inputs a bank would refuse, naming the field', () => {
    const base = { bin: '970436', accountNumber: '0011001234567', amount: 100000, note: 'VVABC234' };
    const fieldOf = (input: Parameters<typeof buildVietQrPayload>[0]) => {
      try {
        buildVietQrPayload(input);
        return null;
      } catch (error) {
        return error instanceof VietQrInputError ? error.field : 'other';
      }
    };
    expect(fieldOf({ ...base, bin: '97043' })).toBe('bin');
    expect(fieldOf({ ...base, bin: '97043a' })).toBe('bin');
    expect(fieldOf({ ...base, accountNumber: '' })).toBe('accountNumber');
    expect(fieldOf({ ...base, accountNumber: '12345678901234567890' })).toBe('accountNumber');
    expect(fieldOf({ ...base, accountNumber: '0011-001' })).toBe('accountNumber');
    expect(fieldOf({ ...base, amount: 0 })).toBe('amount');
    expect(fieldOf({ ...base, amount: -5 })).toBe('amount');
    expect(fieldOf({ ...base, amount: 1000.5 })).toBe('amount');
    expect(fieldOf({ ...base, amount: 10 ** 13 })).toBe('amount');
    expect(fieldOf({ ...base, note: 'A'.repeat(26) })).toBe('note');
    expect(fieldOf({ ...base, accountNumber: '1234567890123456789', amount: 10 ** 13 - 1, note: 'A'.repeat(25) })).toBe(null);
  });
});

describe('VN_BANKS', () => {
  it('lists each BIN once, 6 digits each', () => {
    const bins = VN_BANKS.map((bank) => bank.bin);
    expect(new Set(bins).size).toBe(bins.length);
    for (const bin of bins) expect(bin).toMatch(/^\d{6}$/);
    expect(bankOfBin('970436')?.shortName).toBe('Vietcombank');
    expect(bankOfBin('000000')).toBeUndefined();
  });
});

describe('vietQrAccountOf', () => {
  const whole = { vietqr_bank_bin: '970436', vietqr_account_number: '0011001234567', vietqr_account_name: 'CONG TY VIVU' };

  it('answers the configured account, trimmed', () => {
    expect(vietQrAccountOf({ ...whole, vietqr_account_name: ' CONG TY VIVU ' })).toEqual({
      bin: '970436',
      accountNumber: '0011001234567',
      accountName: 'CONG TY VIVU',
    });
  });

  it('answers null for an account a bank would refuse or one not set', () => {
    expect(vietQrAccountOf({ ...whole, vietqr_bank_bin: '' })).toBeNull();
    expect(vietQrAccountOf({ ...whole, vietqr_bank_bin: '97043' })).toBeNull();
    expect(vietQrAccountOf({ ...whole, vietqr_account_number: '' })).toBeNull();
    expect(vietQrAccountOf({ ...whole, vietqr_account_number: '0011-0012' })).toBeNull();
    expect(vietQrAccountOf({ ...whole, vietqr_account_name: '  ' })).toBeNull();
  });
});

describe('vietQrDeepLink', () => {
  const account = { bin: '970436', accountNumber: '0011001234567', accountName: 'CONG TY TNHH VIVU' };

  it('opens the chosen app on a transfer to the account at its bank, with the amount and the note', () => {
    const link = vietQrDeepLink('mb', account, 'VCB', 1_250_000, 'VV98Z6QN');
    expect(link).toBe('https://dl.vietqr.io/pay?app=mb&am=1250000&tn=VV98Z6QN&ba=0011001234567@vcb&bn=CONG%20TY%20TNHH%20VIVU');
    const url = new URL(link ?? '');
    expect(url.searchParams.get('ba')).toBe('0011001234567@vcb');
    expect(url.searchParams.get('am')).toBe('1250000');
  });

  it('keeps the note to what banks carry', () => {
    const url = new URL(vietQrDeepLink('vcb', account, 'VCB', 1000, 'Vé VV98Z6QN & đi') ?? '');
    expect(url.searchParams.get('tn')).toBe('Ve VV98Z6QN di');
  });

  it('names no link for a bank whose code is unknown', () => {
    expect(vietQrDeepLink('vcb', account, undefined, 1000, 'VV98Z6QN')).toBeNull();
  });

  it('has an app id for each common bank but Sacombank, which VietQR.io lists no app of', () => {
    expect(VN_BANKS.filter((bank) => !bank.appId).map((bank) => bank.shortName)).toEqual(['Sacombank']);
    expect(bankOfBin('970405')?.appId).toBe('vba');
  });
});
