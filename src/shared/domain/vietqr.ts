// The VietQR payload a bank app scans to pay by transfer: the NAPAS profile of the EMVCo
// merchant-presented QR code, with the receiving account, the exact amount and the ticket code as the transfer note.

/** NAPAS's globally unique identifier in ID 38 (the VietQR merchant account information). */
export const VIETQR_GUID = 'A000000727';
/** The service code of a transfer to an account (QRIBFTTC would name a card number). */
export const VIETQR_SERVICE_ACCOUNT = 'QRIBFTTA';
/** ISO 4217 numeric code of the đồng. */
const CURRENCY_VND = '704';
/** EMVCo limits: ID 54 holds at most 13 characters, ID 62/08 (purpose of transaction) at most 25. */
const MAX_AMOUNT_DIGITS = 13;
export const VIETQR_NOTE_MAX = 25;

export interface VietQrInput {
  /** The receiving bank's 6-digit NAPAS BIN (vn-banks.ts). */
  bin: string;
  /** The receiving account number: 1 to 19 letters and digits. */
  accountNumber: string;
  /** Whole VND; null or absent for a static code (the payer types the amount). */
  amount?: number | null;
  /** The transfer note (the ticket code), kept to the characters banks carry; absent for none. */
  note?: string | null;
}

export class VietQrInputError extends Error {
  constructor(
    readonly field: keyof VietQrInput,
    message: string,
  ) {
    super(message);
    this.name = 'VietQrInputError';
  }
}

/**
 * What banks carry in a transfer note: ASCII letters, digits and spaces. Vietnamese letters lose their marks (ạ → a,
 * đ → d) rather than disappear; other characters go, runs of spaces become one.
 */
export function vietQrNote(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .replace(/[^A-Za-z0-9 ]/g, ' ')
    .replace(/ +/g, ' ')
    .trim();
}

/** One EMVCo data object: the 2-digit ID, the 2-digit length, the value. */
function tlv(id: string, value: string): string {
  if (value.length > 99) throw new Error(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

// CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR (EMVCo QRCPS 4.7.3).
const CRC_TABLE = (() => {
  const table = new Uint16Array(256);
  for (let byte = 0; byte < 256; byte += 1) {
    let crc = byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    table[byte] = crc;
  }
  return table;
})();

/** The CRC of an ASCII string (a payload is ASCII only), table-driven. */
export function crc16CcittFalse(text: string): number {
  let crc = 0xffff;
  for (let index = 0; index < text.length; index += 1) {
    const byte = text.charCodeAt(index) & 0xff;
    crc = ((crc << 8) & 0xffff) ^ (CRC_TABLE[((crc >> 8) ^ byte) & 0xff] ?? 0);
  }
  return crc;
}

function validate({ bin, accountNumber, amount, note }: VietQrInput): { amount: number | null; note: string } {
  if (!/^\d{6}$/.test(bin)) throw new VietQrInputError('bin', `VietQR: the bank BIN must be 6 digits, got "${bin}"`);
  if (!/^[A-Za-z0-9]{1,19}$/.test(accountNumber)) {
    throw new VietQrInputError('accountNumber', 'VietQR: the account number must be 1 to 19 letters or digits');
  }
  if (amount !== undefined && amount !== null) {
    if (!Number.isSafeInteger(amount) || amount <= 0) {
      throw new VietQrInputError('amount', `VietQR: the amount must be a positive whole number of VND, got ${amount}`);
    }
    if (String(amount).length > MAX_AMOUNT_DIGITS) {
      throw new VietQrInputError('amount', `VietQR: the amount has more than ${MAX_AMOUNT_DIGITS} digits`);
    }
  }
  const cleanNote = vietQrNote(note ?? '');
  if (cleanNote.length > VIETQR_NOTE_MAX) {
    throw new VietQrInputError('note', `VietQR: the note is longer than ${VIETQR_NOTE_MAX} characters once cleaned`);
  }
  return { amount: amount ?? null, note: cleanNote };
}

/**
 * The payload string to draw as a QR code. With an amount the code is dynamic (ID 01 = 12: for this payment),
 * without one static (11). Throws VietQrInputError on an input a bank would refuse.
 */
export function buildVietQrPayload(input: VietQrInput): string {
  const { amount, note } = validate(input);
  const beneficiary = tlv('00', input.bin) + tlv('01', input.accountNumber);
  const merchantAccount = tlv('00', VIETQR_GUID) + tlv('01', beneficiary) + tlv('02', VIETQR_SERVICE_ACCOUNT);
  const body =
    tlv('00', '01') +
    tlv('01', amount === null ? '11' : '12') +
    tlv('38', merchantAccount) +
    tlv('53', CURRENCY_VND) +
    (amount === null ? '' : tlv('54', String(amount))) +
    tlv('58', 'VN') +
    (note ? tlv('62', tlv('08', note)) : '') +
    '6304';
  return body + crc16CcittFalse(body).toString(16).toUpperCase().padStart(4, '0');
}

/** The receiving account a VietQR code names (the settings vietqr_bank_bin, _account_number, _account_name). */
export interface VietQrAccount {
  bin: string;
  accountNumber: string;
  accountName: string;
}

/**
 * The configured receiving account, or null while it is not set or not one a bank would accept: the transfer method
 * is offered, and a transfer code drawn, only with a whole account.
 */
export function vietQrAccountOf(settings: {
  vietqr_bank_bin: string;
  vietqr_account_number: string;
  vietqr_account_name: string;
}): VietQrAccount | null {
  const bin = settings.vietqr_bank_bin.trim();
  const accountNumber = settings.vietqr_account_number.trim();
  const accountName = settings.vietqr_account_name.trim();
  if (!/^\d{6}$/.test(bin) || !/^[A-Za-z0-9]{1,19}$/.test(accountNumber) || !accountName) return null;
  return { bin, accountNumber, accountName };
}

/**
 * The VietQR deep link that opens the app `appId` (vn-banks.ts) on a transfer to `account` of `amount` with `note`
 * (https://www.vietqr.io/deeplink: dl.vietqr.io/pay?app=…&am=…&tn=…&ba=<account>@<bank code>&bn=…). The `@` of `ba`
 * stays as it is, as the page asks; apps that cannot fill the transfer in open on their transfer screen. Null when
 * the receiving bank is not one whose code we know.
 */
export function vietQrDeepLink(
  appId: string,
  account: VietQrAccount,
  bankCode: string | undefined,
  amount: number,
  note: string,
): string | null {
  if (!bankCode) return null;
  const query = (value: string) => encodeURIComponent(value);
  return (
    `https://dl.vietqr.io/pay?app=${query(appId)}&am=${amount}&tn=${query(vietQrNote(note))}` +
    `&ba=${query(account.accountNumber)}@${query(bankCode.toLowerCase())}&bn=${query(account.accountName)}`
  );
}
