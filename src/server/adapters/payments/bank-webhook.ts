// Bank-transfer confirmation (issue 23): reads the webhook of a Vietnamese transaction-notification service (SePay,
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
  /** The receiving account: a transfer reported for another account is ignored. */
  accountNumber?: string;
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
  accountNumber: string | null;
  /** The bank's time of the transaction, as the service wrote it (Vietnam time, no zone). */
  transactionDate: string | null;
  raw: Record<string, unknown>;
}

export type BankWebhookRefusal = 'unsigned' | 'bad_signature' | 'bad_body';

export type BankWebhookResult =
  | { ok: true; transfers: BankTransfer[]; /** Outgoing transfers and transfers to another account. */ ignored: number }
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

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : null;

const wholeVnd = (value: unknown): number | null => {
  const amount = typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : value;
  return typeof amount === 'number' && Number.isSafeInteger(amount) ? amount : null;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

interface Normalised {
  transfer: Omit<BankTransfer, 'ticketCode' | 'candidates'>;
  incoming: boolean;
}

/**
 * SePay: one transaction per call, { id, gateway, transactionDate, accountNumber, content, transferType: 'in' | 'out',
 * transferAmount, referenceCode, description } (content is the note; description the bank's whole message).
 */
function fromSepay(body: Record<string, unknown>): Normalised | null {
  const id = text(body.id);
  const amount = wholeVnd(body.transferAmount);
  if (id === null || amount === null || (body.transferType !== 'in' && body.transferType !== 'out')) return null;
  return {
    incoming: body.transferType === 'in' && amount > 0,
    transfer: {
      source: 'sepay',
      id: `sepay:${id}`,
      reference: text(body.referenceCode) ?? id,
      amount,
      note: [text(body.content), text(body.description)].filter(Boolean).join(' '),
      accountNumber: text(body.accountNumber),
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
function fromCasso(entry: unknown): Normalised | null {
  if (!isRecord(entry)) return null;
  const id = text(entry.id);
  const amount = wholeVnd(entry.amount);
  if (id === null || amount === null) return null;
  return {
    incoming: amount > 0,
    transfer: {
      source: 'casso',
      id: `casso:${id}`,
      reference: text(entry.reference) ?? text(entry.tid) ?? id,
      amount,
      note: text(entry.description) ?? '',
      accountNumber: text(entry.accountNumber) ?? text(entry.bank_sub_acc_id) ?? text(entry.subAccId),
      transactionDate: text(entry.transactionDateTime) ?? text(entry.when),
      raw: entry,
    },
  };
}

/** Both services' bodies as a list of transfers; null for a body neither would send. */
export function normaliseBankWebhookBody(body: unknown): Normalised[] | null {
  if (!isRecord(body)) return null;
  if ('transferAmount' in body) {
    const one = fromSepay(body);
    return one ? [one] : null;
  }
  if ('data' in body) {
    if (body.error !== undefined && body.error !== 0) return null;
    const entries = Array.isArray(body.data) ? body.data : [body.data];
    const transfers = entries.map(fromCasso);
    return transfers.every((transfer): transfer is Normalised => transfer !== null) ? transfers : null;
  }
  return null;
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
  accountNumber,
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
      const normalised = normaliseBankWebhookBody(body);
      if (!normalised) return { ok: false, reason: 'bad_body' };
      const kept = normalised.filter(
        ({ incoming, transfer }) =>
          incoming && (!accountNumber || transfer.accountNumber === null || transfer.accountNumber === accountNumber),
      );
      return {
        ok: true,
        ignored: normalised.length - kept.length,
        transfers: kept.map(({ transfer }) => ({
          ...transfer,
          ticketCode: ticketCodeOfNote(transfer.note),
          candidates: findTicketCodes(transfer.note),
        })),
      };
    },
  };
}
