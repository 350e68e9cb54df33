// Zalo Notification Service: trip messages as Zalo template messages (ZNS), which passengers in Vietnam
// read more than SMS, with SMS for a phone Zalo will not deliver to. POST message/template as Zalo documents it.
import type { SmsSender } from './types';

export const ZALO_ZNS_URL = 'https://business.openapi.zalo.me/message/template';

/** The trip messages we send by Zalo (events of outbox/events.ts), each with its own approved template. */
export const ZALO_TRIP_EVENTS = ['booking_received', 'driver_assigned', 'payment_received', 'cancelled'] as const;
export type ZaloTripEvent = (typeof ZALO_TRIP_EVENTS)[number];

/**
 * Why Zalo did not deliver:
 * - refused: this phone cannot get it (no Zalo account, ZNS not accepted, the user declined): send an SMS instead;
 * - rejected: Zalo refuses our request whatever the phone (access token, template, quota): SMS too, and an operator
 *   should look;
 * - transient: the service failed or did not answer; trying again later may work, an SMS now would duplicate it.
 */
export type ZaloFailureKind = 'refused' | 'rejected' | 'transient';

export class ZaloSendError extends Error {
  constructor(
    message: string,
    readonly kind: ZaloFailureKind,
    /** Zalo's `error` code, null when the failure is not one of Zalo's answers. */
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'ZaloSendError';
  }
}

/**
 * Zalo's ZNS error codes this adapter tells apart, in one table (the `error` field of message/template's answer,
 * from ZNS's published error list, https://zalo.cloud/zns/guidelines/handle-error-code: -100 "Unknown error, try again
 * later", -108 "Phone number invalid", -109 template id, -111/-112 template data were checked against a stored copy of
 * that page; -114, -118, -119 and -139 come from memory of the rest of it, which the copy cut off). 'refused' means "Zalo will not deliver to this phone": the message goes by SMS once instead;
 * 'transient' is tried again later by the outbox. Every code not listed is 'rejected' (our request is wrong whatever
 * the phone: access token -124, template -109, template data -111/-112, quota …): SMS too, and an operator should look.
 */
const ZALO_ERROR_KINDS: Readonly<Record<number, ZaloFailureKind>> = {
  /** Unknown error: Zalo's own internal failure. */
  [-100]: 'transient',
  /** The phone number is invalid. */
  [-108]: 'refused',
  /** The user is inactive, or does not receive ZNS. */
  [-114]: 'refused',
  /** No Zalo account for this phone, or it is disabled. */
  [-118]: 'refused',
  /** The account cannot receive ZNS. */
  [-119]: 'refused',
  /** The user refused this type of ZNS. */
  [-139]: 'refused',
};

export function classifyZaloError(code: number): ZaloFailureKind {
  return ZALO_ERROR_KINDS[code] ?? 'rejected';
}

/** ZNS takes a Vietnamese number in international form without '+' (84 + 9 digits); null for any other number. */
export function zaloPhone(phone: string): string | null {
  const digits = phone.replace(/[\s.-]/g, '');
  if (/^0\d{9}$/.test(digits)) return `84${digits.slice(1)}`;
  if (/^\+?84\d{9}$/.test(digits)) return digits.replace(/^\+/, '');
  return null;
}

export interface ZaloZnsOptions {
  /** The Official Account's access token, or a function giving the current one (Zalo's tokens are refreshed). */
  accessToken: string | (() => Promise<string>);
  /** The approved template id of each trip message; an event without one goes by SMS. */
  templates: Partial<Record<ZaloTripEvent, string>>;
  url?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export interface ZaloTemplateMessage {
  /** A normalised Vietnamese phone (0 + 9 digits) or its 84 form. */
  phone: string;
  templateId: string;
  /** The template's parameters by name. */
  data: Record<string, string | number>;
  /** Our id of the message, echoed in Zalo's delivery reports. */
  trackingId: string;
}

export interface ZaloZnsClient {
  /** The template of a trip message, or null when none is configured. */
  templateFor(event: string): string | null;
  /** Sends one template message; rejects with a ZaloSendError saying why it was not accepted. */
  sendTemplate(message: ZaloTemplateMessage): Promise<{ msgId: string }>;
}

export function createZaloZnsClient({
  accessToken,
  templates,
  url = ZALO_ZNS_URL,
  timeoutMs = 10_000,
  fetch: fetchImpl = fetch,
}: ZaloZnsOptions): ZaloZnsClient {
  const token = typeof accessToken === 'string' ? async () => accessToken : accessToken;
  return {
    templateFor: (event) => (Object.hasOwn(templates, event) ? (templates[event as ZaloTripEvent] ?? null) : null),
    async sendTemplate({ phone, templateId, data, trackingId }) {
      const to = zaloPhone(phone);
      if (!to) throw new ZaloSendError('ZNS reaches Vietnamese numbers only', 'refused');
      let response: Response;
      try {
        response = await fetchImpl(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', access_token: await token() },
          body: JSON.stringify({ phone: to, template_id: templateId, template_data: data, tracking_id: trackingId }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new ZaloSendError(`Zalo did not answer: ${error instanceof Error ? error.message : String(error)}`, 'transient');
      }
      const text = await response.text();
      if (response.status >= 500 || response.status === 429) {
        throw new ZaloSendError(`Zalo answered ${response.status}`, 'transient');
      }
      let body: { error?: unknown; message?: unknown; data?: { msg_id?: unknown } } = {};
      try {
        body = JSON.parse(text) as typeof body;
      } catch {
        throw new ZaloSendError(`Zalo answered ${response.status} without JSON`, response.ok ? 'transient' : 'rejected');
      }
      const code = typeof body.error === 'number' ? body.error : Number.NaN;
      if (code === 0 && response.ok) return { msgId: String(body.data?.msg_id ?? '') };
      const message =
        `Zalo refused the message: ${Number.isNaN(code) ? response.status : code} ${String(body.message ?? '')}`.trim();
      if (Number.isNaN(code)) throw new ZaloSendError(message, 'rejected');
      throw new ZaloSendError(message, classifyZaloError(code), code);
    },
  };
}

/** A trip message for one passenger: the Zalo template's data and the SMS text that says the same. */
export interface TripMessage {
  /** The ticket's phone (spec 5: 0 + 9 digits, or an international number). */
  phone: string;
  /** The message event (outbox/events.ts). */
  event: string;
  templateData: Record<string, string | number>;
  smsText: string;
  /** A stable id of this message (the outbox row's), so Zalo's reports can be matched. */
  trackingId: string;
}

export interface TripMessageSender {
  /** Sends by Zalo, or by SMS when Zalo has no template or will not deliver; resolves with the channel used. */
  send(message: TripMessage): Promise<'zalo' | 'sms'>;
}

/**
 * Zalo first, SMS once when Zalo refuses or rejects the message. A transient Zalo failure rejects without an SMS, so
 * the outbox tries again later (Zalo may have delivered a message whose answer was lost: an SMS too would duplicate
 * it); an SMS that fails rejects too.
 */
export function createZaloSmsFallback(zalo: ZaloZnsClient, sms: SmsSender): TripMessageSender {
  return {
    async send({ phone, event, templateData, smsText, trackingId }) {
      const templateId = zalo.templateFor(event);
      if (templateId) {
        try {
          await zalo.sendTemplate({ phone, templateId, data: templateData, trackingId });
          return 'zalo';
        } catch (error) {
          if (!(error instanceof ZaloSendError) || error.kind === 'transient') throw error;
        }
      }
      await sms.send(phone, smsText);
      return 'sms';
    },
  };
}

/** Zalo's ZNS API origin (ZALO_BASE_URL to change it: a proxy, or a local fake in tests). */
export const ZALO_BASE_URL = 'https://business.openapi.zalo.me';

/**
 * Zalo when ZALO_ACCESS_TOKEN and at least one ZALO_TEMPLATE_<EVENT> (BOOKING_RECEIVED, DRIVER_ASSIGNED,
 * PAYMENT_RECEIVED, CANCELLED) are set; otherwise null (SMS, or the outbox). ZALO_BASE_URL replaces Zalo's origin.
 */
export function zaloFromEnv(env: NodeJS.ProcessEnv): ZaloZnsClient | null {
  const accessToken = env.ZALO_ACCESS_TOKEN?.trim();
  const templates = Object.fromEntries(
    ZALO_TRIP_EVENTS.map((event) => [event, env[`ZALO_TEMPLATE_${event.toUpperCase()}`]?.trim()]).filter(([, id]) => id),
  ) as Partial<Record<ZaloTripEvent, string>>;
  if (!accessToken || Object.keys(templates).length === 0) return null;
  const base = (env.ZALO_BASE_URL?.trim() || ZALO_BASE_URL).replace(/\/+$/, '');
  return createZaloZnsClient({ accessToken, templates, url: `${base}/message/template` });
}
