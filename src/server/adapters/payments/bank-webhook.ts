// Bank-transfer confirmation: reads the webhook of a Vietnamese transaction-notification service (SePay,
// Casso) that reports money arriving on the receiving account, checks its shared secret and finds the ticket code.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { safeEqualHex } from './signature';

/**
 * Ticket codes as service-tickets.ts newTicketCode makes them: VV and 6 symbols of base32 without I, O, 0 and 1.
 * Written again here (not imported) so that the adapter does not reach into a module.
 */
const CODE_SYMBOLS = 'A-HJ-NP-Z2-9';
const TICKET_CODE_TOKEN = new RegExp(`^VV[${CODE_SYMBOLS}]{6}$`);
const TICKET_CODE_ANYWHERE = new RegExp(`(?=(VV[${CODE_SYMBOLS}]{6}))`, 'g');

/** The header carrying our HMAC-SHA256 of the raw body, hex (a "sha256=" prefix is accepted). */
export const BANK_WEBHOOK_SIGNATURE_HEADER = 'x-signature';

export interface BankWebhookOptions {
  /** The secret shared with the notification service. */
  secret: string;
  /**
   * Also accept SePay's "Authorization: Apikey <secret>" (SePay sends the key itself, not a signature of the body,
   * so it proves the sender but not the body: opt in only where the service cannot sign).
   */
  allowApiKey?: boolean;
  signatureHeader?: string;
}

export type BankWebhookSource = 'sepay' | 'casso';

/** One incoming transfer, as the service reported it. */
export interface BankTransfer {
  source: BankWebhookSource;
  /** The service's own id of the transaction, prefixed by the source: unique, the key to apply a payment once. */
  id: string;
  /** The bank's reference (SePay referenceCode, Casso tid / reference), or the service's id when there is none. */
  reference: string;
  /** Whole VND received. Whether it is the ticket's total is the caller's to check. */
  amount: number;
  /** The transfer note as the bank passed it on. */
  note: string;
  /** The ticket code found in the note; null when there is none or more than one could be meant. */
  ticketCode: string | null;
  /** Every code the note could hold, most likely first (for a caller that checks each against its tickets). */
  candidates: string[];
  /** The account the money arrived on, as reported. */
  accountNumber: string | null;
  /** The virtual account it was sent to (SePay), when there is one. */
  subAccount: string | null;
  /** The bank's time of the transaction, as the service wrote it (Vietnam time, no zone). */
  transactionDate: string | null;
  raw: Record<string, unknown>;
}

export type BankWebhookRefusal = 'unsigned' | 'bad_signature' | 'bad_body';

export type BankWebhookResult =
  | {
      ok: true;
      transfers: BankTransfer[];
      /** Rows that are not a transfer (no usable id, amount or direction): recorded and skipped by the caller. */
      rejected: RejectedRow[];
      /** Outgoing transfers (money leaving the account). */
      ignored: number;
    }
  | { ok: false; reason: BankWebhookRefusal };

type HeaderSource = Headers | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  const key = Object.keys(headers).find((candidate) => candidate.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
}

/** Equal strings of any length, compared in constant time (of their digests). */
function safeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}

/** Upper case without Vietnamese marks, as banks pass a note on. */
function foldNote(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd').replace(/Đ/g, 'D').toUpperCase();
}

/**
 * The ticket codes a transfer note may hold. Banks upper-case notes, drop punctuation and prefix their own
 * references ("MBVCB.3278614.VVABC234.CT tu ..."), sometimes gluing the words together: a code standing alone as a
 * word comes first; codes found inside glued text follow.
 */
export function findTicketCodes(note: string): string[] {
  const folded = foldNote(note);
  const found: string[] = [];
  for (const token of folded.split(/[^A-Z0-9]+/)) if (TICKET_CODE_TOKEN.test(token)) found.push(token);
  const squashed = folded.replace(/[^A-Z0-9]+/g, '');
  for (const match of squashed.matchAll(TICKET_CODE_ANYWHERE)) if (match[1]) found.push(match[1]);
  return [...new Set(found)];
}

/** The one code a note names: a code standing alone, or else the only code found inside glued text. */
export function ticketCodeOfNote(note: string): string | null {
  const folded = foldNote(note);
  const standing = folded.split(/[^A-Z0-9]+/).filter((token) => TICKET_CODE_TOKEN.test(token));
  if (new Set(standing).size === 1) return standing[0] ?? null;
  if (standing.length > 1) return null;
  const inside = findTicketCodes(note);
  return inside.length === 1 ? (inside[0] ?? null) : null;
}

/**
 * Bank text as a database keeps it: NUL and the other control characters (which no note means) become spaces, and a
 * lone UTF-16 surrogate becomes U+FFFD, so no row of a notification fails on the text it carries.
 */
export function cleanBankText(value: string): string {
  return value
    .replace(/\p{Cc}/gu, (char) => ('\t\n\r'.includes(char) ? char : ' '))
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== ''
    ? cleanBankText(value.trim())
    : typeof value === 'number' && Number.isFinite(value)
      ? String(value)
      : null;

/** The largest amount a transfer row holds (a 32-bit integer column): anything above is not a transfer we take. */
export const MAX_TRANSFER_AMOUNT = 2_147_483_647;
/** The longest transaction id kept: the services' ids are short numbers. */
const MAX_ID_LENGTH = 100;
/** How much of a refused row is kept, as JSON text. */
export const REJECTED_EXCERPT_CHARS = 300;

const wholeVnd = (value: unknown): number | null => {
  const amount = typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) && Math.abs(amount) <= MAX_TRANSFER_AMOUNT ? amount : null;
};

const transactionId = (value: unknown): string | null => {
  const id = text(value);
  return id !== null && id.length <= MAX_ID_LENGTH ? id : null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Why one row of a notification was refused: it has no usable id, amount or direction, or is not an object. */
export type RejectedRowReason = 'not_an_object' | 'bad_id' | 'bad_amount' | 'bad_direction';

/** A row of a notification that was not read as a transfer, kept as a bounded excerpt with why. */
export interface RejectedRow {
  source: BankWebhookSource;
  why: RejectedRowReason;
  /** The row as JSON text, cut to REJECTED_EXCERPT_CHARS. */
  excerpt: string;
  /** A digest of the whole row: the same refused row sent again is recorded once. */
  key: string;
}

export function rejectedRow(source: BankWebhookSource, why: RejectedRowReason, row: unknown): RejectedRow {
  let json: string;
  try {
    json = JSON.stringify(row) ?? String(row);
  } catch {
    json = String(row);
  }
  return {
    source,
    why,
    excerpt: cleanBankText(json.slice(0, REJECTED_EXCERPT_CHARS)),
    key: `reject:${createHash('sha256').update(json).digest('hex').slice(0, 40)}`,
  };
}

interface Normalised {
  transfer: Omit<BankTransfer, 'ticketCode' | 'candidates'>;
  incoming: boolean;
}
type RowRead = Normalised | { rejected: RejectedRow };

/**
 * SePay: one transaction per call, { id, gateway, transactionDate, accountNumber, subAccount, content, transferType:
 * 'in' | 'out', transferAmount, referenceCode, description } (content is the note; description the bank's whole
 * message; subAccount the virtual account the money was sent to, when the account has them).
 */
function fromSepay(body: Record<string, unknown>): RowRead {
  const id = transactionId(body.id);
  const amount = wholeVnd(body.transferAmount);
  if (id === null) return { rejected: rejectedRow('sepay', 'bad_id', body) };
  if (amount === null) return { rejected: rejectedRow('sepay', 'bad_amount', body) };
  if (body.transferType !== 'in' && body.transferType !== 'out') return { rejected: rejectedRow('sepay', 'bad_direction', body) };
  return {
    incoming: body.transferType === 'in' && amount > 0,
    transfer: {
      source: 'sepay',
      id: `sepay:${id}`,
      reference: text(body.referenceCode) ?? id,
      amount,
      note: [text(body.content), text(body.description)].filter(Boolean).join(' '),
      accountNumber: text(body.accountNumber),
      subAccount: text(body.subAccount),
      transactionDate: text(body.transactionDate),
      raw: body,
    },
  };
}

/**
 * Casso: { error: 0, data } with data one transaction or a list of them; { id, tid, description, amount, when,
 * bank_sub_acc_id } in its first webhook version, { id, reference, description, amount, transactionDateTime,
 * accountNumber } in the second. Money going out has a negative amount.
 */
function fromCasso(entry: unknown): RowRead {
  if (!isRecord(entry)) return { rejected: rejectedRow('casso', 'not_an_object', entry) };
  const id = transactionId(entry.id);
  const amount = wholeVnd(entry.amount);
  if (id === null) return { rejected: rejectedRow('casso', 'bad_id', entry) };
  if (amount === null) return { rejected: rejectedRow('casso', 'bad_amount', entry) };
  return {
    incoming: amount > 0,
    transfer: {
      source: 'casso',
      id: `casso:${id}`,
      reference: text(entry.reference) ?? text(entry.tid) ?? id,
      amount,
      note: text(entry.description) ?? '',
      accountNumber: text(entry.accountNumber) ?? text(entry.bank_sub_acc_id) ?? text(entry.subAccId),
      subAccount: null,
      transactionDate: text(entry.transactionDateTime) ?? text(entry.when),
      raw: entry,
    },
  };
}

/**
 * Both services' bodies, row by row: each row a transfer or a refused row (a bad row never spoils the others of its
 * batch). Null for a body neither service would send.
 */
export function normaliseBankWebhookBody(body: unknown): RowRead[] | null {
  if (!isRecord(body)) return null;
  if ('transferAmount' in body) return [fromSepay(body)];
  if ('data' in body) {
    if (body.error !== undefined && body.error !== 0) return null;
    const entries = Array.isArray(body.data) ? body.data : [body.data];
    return entries.map(fromCasso);
  }
  return null;
}

/** Account numbers as banks write them: letters and digits, spaces and dots dropped, upper case. */
const accountKey = (value: string) => value.replace(/[\s.-]+/g, '').toUpperCase();

/**
 * Whether a transfer arrived on the receiving account (the VietQR account of the settings): its account number, or
 * the virtual account it was sent to, is that account. A transfer that names no account is not one of ours.
 */
export function isReceivingAccount(transfer: Pick<BankTransfer, 'accountNumber' | 'subAccount'>, account: string | null) {
  if (!account?.trim()) return false;
  const wanted = accountKey(account);
  return [transfer.accountNumber, transfer.subAccount].some((number) => number !== null && accountKey(number) === wanted);
}

export interface BankWebhook {
  /** True when the request carries our signature of this exact body (or, if allowed, the SePay API key). */
  verify(rawBody: string, headers: HeaderSource): boolean;
  /** Verifies, then reads the incoming transfers with the ticket code of each. */
  read(rawBody: string, headers: HeaderSource): BankWebhookResult;
}

/** The signature to send with a body: hex HMAC-SHA256 under the shared secret (for a relay, and for tests). */
export function signBankWebhook(rawBody: string, secret: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

export function createBankWebhook({
  secret,
  allowApiKey = false,
  signatureHeader = BANK_WEBHOOK_SIGNATURE_HEADER,
}: BankWebhookOptions): BankWebhook {
  if (!secret) throw new Error('the bank webhook needs a shared secret');
  const signatureName = signatureHeader.toLowerCase();

  function check(rawBody: string, headers: HeaderSource): true | BankWebhookRefusal {
    const signature = header(headers, signatureName)
      ?.trim()
      .replace(/^sha256=/i, '');
    if (signature) return safeEqualHex(signBankWebhook(rawBody, secret), signature) ? true : 'bad_signature';
    const authorization = header(headers, 'authorization')?.trim();
    if (allowApiKey && authorization) {
      const match = /^apikey\s+(.+)$/i.exec(authorization);
      return match?.[1] && safeEqualText(match[1].trim(), secret) ? true : 'bad_signature';
    }
    return 'unsigned';
  }

  return {
    verify: (rawBody, headers) => check(rawBody, headers) === true,
    read(rawBody, headers) {
      const checked = check(rawBody, headers);
      if (checked !== true) return { ok: false, reason: checked };
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        return { ok: false, reason: 'bad_body' };
      }
      const rows = normaliseBankWebhookBody(body);
      if (!rows) return { ok: false, reason: 'bad_body' };
      const rejected = rows.flatMap((row) => ('rejected' in row ? [row.rejected] : []));
      const read = rows.filter((row): row is Normalised => !('rejected' in row));
      const kept = read.filter(({ incoming }) => incoming);
      return {
        ok: true,
        ignored: read.length - kept.length,
        rejected,
        transfers: kept.map(({ transfer }) => ({
          ...transfer,
          ticketCode: ticketCodeOfNote(transfer.note),
          candidates: findTicketCodes(transfer.note),
        })),
      };
    },
  };
}
