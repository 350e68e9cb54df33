// The SMS and e-mail texts of each event, from locales/vi.json and en.json, in the ticket's language:
// {{name}} placeholders filled from the row's payload, money as 1.250.000đ, times in Vietnam time.
import { formatVnd } from '../../../shared/domain/money';
import { isLang, type Lang } from '../../../shared/domain/route-table';
import { formatVnDateTime } from '../../../shared/domain/vn-time';
import type { MessageChannel, MessageEvent, MessagePayload } from '../../outbox/events';
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

function varsOf(payload: MessagePayload, origin: string): Record<string, string> {
  const vehicle = payload.car ? `${payload.plate ?? ''} (${payload.car})` : (payload.plate ?? '');
  return {
    code: payload.code,
    name: payload.name,
    route: payload.route,
    depart: payload.depart,
    total: formatVnd(payload.total),
    amount: formatVnd(payload.amount ?? payload.total),
    member_amount: formatVnd(payload.member_returned ?? 0),
    cancelled_at: payload.cancelled_at ? formatVnDateTime(new Date(payload.cancelled_at)) : '',
    driver_name: payload.driver_name ?? '',
    driver_phone: formatPhone(payload.driver_phone ?? ''),
    vehicle,
    link: linkTo(payload.path, origin),
    other_code: payload.other_code ?? '',
    other_link: payload.other_path ? linkTo(payload.other_path, origin) : '',
    hotline: HOTLINE,
    member_returned: '',
  };
}

export type RenderedMessage = { channel: 'sms'; text: string } | { channel: 'mail'; subject: string; text: string };

/** An SMS or an e-mail of `event` in `lang` (vi when the ticket's language is unknown). */
export function renderMessage(
  event: MessageEvent,
  channel: Exclude<MessageChannel, 'push' | 'zalo'>,
  lang: string,
  payload: MessagePayload,
  origin: string,
): RenderedMessage {
  const texts = MESSAGE_TEXTS[isLang(lang) ? lang : 'vi'][event];
  if (!texts) throw new Error(`no message texts for ${event}`);
  const vars = varsOf(payload, origin);
  if (texts.member_returned && (payload.member_returned ?? 0) > 0) vars.member_returned = fill(texts.member_returned, vars);
  if (channel === 'sms') return { channel, text: fill(texts.sms, vars) };
  // An empty optional line leaves no double blank line behind.
  const body = fill(texts.mail_body, vars)
    .split('\n')
    .filter((line, index, lines) => line !== '' || lines[index - 1] !== '')
    .join('\n');
  return { channel, subject: fill(texts.mail_subject, vars), text: body };
}
