// The SMS and e-mail texts of each event, from locales/vi.json and en.json, in the ticket's (or the account
// message's) language: {{name}} placeholders filled from the row's payload, money as 1.250.000đ, times in Vietnam
// time. A set-password link carries its secret in the address's fragment (never sent to a server or a referrer).
import { formatVnd } from '../../../shared/domain/money';
import { isLang, type Lang } from '../../../shared/domain/route-table';
import { formatVnDateTime } from '../../../shared/domain/vn-time';
import { PASSWORD_LINK_HOURS } from '../../../shared/contract/partner-join';
import type { AccountPayload, MessageChannel, MessageEvent, MessagePayload } from '../../outbox/events';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { formatPhone } from '../../../shared/domain/phone';

/** The texts of one event: the SMS, the e-mail's subject and body, and optional fragments of the body. */
export type EventTexts = { sms: string; mail_subject: string; mail_body: string } & Record<string, string>;
export type MessageTexts = Record<string, EventTexts>;

export const MESSAGE_TEXTS: Record<Lang, MessageTexts> = { vi, en };

/** The support hotline the messages give (the same as the other mails'). */
export const HOTLINE = '1900 6022';

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholder names a text uses, sorted. */
export function placeholdersOf(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(PLACEHOLDER), (match) => match[1] ?? ''))].sort();
}

/** Fills the placeholders; a name with no value is an error (a typo in a locale file must not reach a passenger). */
export function fill(text: string, vars: Record<string, string>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`message placeholder {{${name}}} has no value`);
    return value;
  });
}

/** The ticket page's absolute address on `origin` (a phone cannot open a bare path). */
export function linkTo(path: string, origin: string): string {
  return new URL(path, origin).toString();
}

/** A partner's or the desk's staff login's role as its set-password message names it. */
const ROLE_NAMES: Record<Lang, Record<string, string>> = {
  vi: {
    owner: 'chủ nhà xe',
    dispatcher: 'điều phối',
    accountant: 'kế toán',
    admin: 'quản trị',
    support: 'hỗ trợ',
    finance: 'tài chính',
    content: 'nội dung',
  },
  en: {
    owner: 'owner',
    dispatcher: 'dispatcher',
    accountant: 'accountant',
    admin: 'admin',
    support: 'support',
    finance: 'finance',
    content: 'content',
  },
};

/** A ticket's payload, or an account message's (which has no ticket's fields). */
type AnyPayload = MessagePayload | (AccountPayload & Partial<MessagePayload>);

function varsOf(input: AnyPayload, lang: Lang, origin: string): Record<string, string> {
  const account = input as Partial<AccountPayload>;
  const payload = input as Partial<MessagePayload>;
  const path = payload.path ?? '/';
  const vehicle = payload.car ? `${payload.plate ?? ''} (${payload.car})` : (payload.plate ?? '');
  return {
    code: payload.code ?? '',
    name: payload.name ?? '',
    route: payload.route ?? '',
    depart: payload.depart ?? '',
    total: formatVnd(payload.total ?? 0),
    amount: formatVnd(payload.amount ?? payload.total ?? 0),
    member_amount: formatVnd(payload.member_returned ?? 0),
    cancelled_at: payload.cancelled_at ? formatVnDateTime(new Date(payload.cancelled_at)) : '',
    driver_name: payload.driver_name ?? '',
    driver_phone: formatPhone(payload.driver_phone ?? ''),
    vehicle,
    link: linkTo(path, origin) + (account.token ? `#token=${account.token}` : ''),
    other_code: payload.other_code ?? '',
    other_link: payload.other_path ? linkTo(payload.other_path, origin) : '',
    hotline: HOTLINE,
    member_returned: '',
    company: account.company ?? '',
    reason: account.reason ?? '',
    answer: account.answer ?? '',
    reference: account.reference ?? '',
    reply_by: account.reply_by ?? '',
    role: account.role ? (ROLE_NAMES[lang][account.role] ?? account.role) : '',
    hours: String(PASSWORD_LINK_HOURS),
  };
}

export type RenderedMessage = { channel: 'sms'; text: string } | { channel: 'mail'; subject: string; text: string };

/** An SMS or an e-mail of `event` in `lang` (vi when the ticket's language is unknown). */
export function renderMessage(
  event: MessageEvent,
  channel: Exclude<MessageChannel, 'push' | 'zalo'>,
  lang: string,
  payload: AnyPayload,
  origin: string,
): RenderedMessage {
  const language: Lang = isLang(lang) ? lang : 'vi';
  const texts = MESSAGE_TEXTS[language][event];
  if (!texts) throw new Error(`no message texts for ${event}`);
  const vars = varsOf(payload, language, origin);
  if (texts.member_returned && (payload.member_returned ?? 0) > 0) vars.member_returned = fill(texts.member_returned, vars);
  if (channel === 'sms') return { channel, text: fill(texts.sms, vars) };
  // An empty optional line leaves no double blank line behind.
  const body = fill(texts.mail_body, vars)
    .split('\n')
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
  return { channel, subject: fill(texts.mail_subject, vars), text: body };
}
