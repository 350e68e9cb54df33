// Web Push: the passenger subscribes a browser to one ticket's news, proving ownership like
// get_ticket_info (the code with the phone or e-mail it was booked with, or the owner's account token). The push
// payload schema is the one the server sends and the service worker reads.
import { langSchema } from './lang';
import { successSchema } from './envelope';
import { yup } from './yup';

export const PUSH_PATHS = {
  /** GET: the server's VAPID public key (base64url), for PushManager.subscribe's applicationServerKey. */
  vapidPublicKey: '/api/push/vapid_public_key',
  /** POST: subscription, ticket_code, contact (phone or e-mail) or token, lang. */
  subscribe: '/api/push/subscribe',
  /** POST: endpoint. */
  unsubscribe: '/api/push/unsubscribe',
} as const;

export const PUSH_ERROR_KEYS = {
  /** Neither a contact nor a token was given. */
  proofRequired: 'push.errors.proof_required',
  /** The subscription is not a usable Web Push subscription (an https endpoint with its keys). */
  subscription: 'push.errors.subscription',
} as const;

export const PUSH_EVENT_TYPES = [
  'partner_accepted',
  'partner_refused',
  'driver_assigned',
  'driver_arrived',
  'trip_started',
  'payment_succeeded',
  'payment_failed',
  'cancelled',
] as const;
export type PushEventType = (typeof PUSH_EVENT_TYPES)[number];

const base64url = (max: number) =>
  yup
    .string()
    .trim()
    .max(max)
    .matches(/^[A-Za-z0-9_-]+=*$/, { message: PUSH_ERROR_KEYS.subscription })
    .required();

export const pushSubscriptionSchema = yup.object({
  endpoint: yup
    .string()
    .trim()
    .max(2000)
    .matches(/^https:\/\/\S+$/, { message: PUSH_ERROR_KEYS.subscription })
    .required(),
  keys: yup
    .object({
      /** The browser's P-256 public key (65 bytes, base64url). */
      p256dh: base64url(200),
      /** The 16-byte auth secret (base64url). */
      auth: base64url(100),
    })
    .required(),
});
export type PushSubscriptionInput = yup.InferType<typeof pushSubscriptionSchema>;

export const pushSubscribeRequestSchema = yup.object({
  subscription: pushSubscriptionSchema.required(),
  ticket_code: yup.string().trim().uppercase().min(4).max(20).required(),
  /** The phone or e-mail the ticket was booked with. */
  contact: yup.string().trim().max(200).optional(),
  /** The booking browser's access key (or the X-Ticket-Key header), instead of the contact. */
  ticket_key: yup.string().trim().max(100).optional(),
  /** The signed-in owner's account token (or an `Authorization: Bearer` header). */
  token: yup.string().trim().max(100).optional(),
  lang: langSchema,
});
export type PushSubscribeRequest = yup.InferType<typeof pushSubscribeRequestSchema>;

export const pushUnsubscribeRequestSchema = yup.object({
  endpoint: yup.string().trim().max(2000).required(),
});
export type PushUnsubscribeRequest = yup.InferType<typeof pushUnsubscribeRequestSchema>;

export const vapidPublicKeyResponseSchema = successSchema(yup.object({ public_key: yup.string().required() }).required());
export const pushSubscribeResponseSchema = successSchema(yup.object({ subscribed: yup.boolean().required() }).required());
export const pushUnsubscribeResponseSchema = successSchema(yup.object({ unsubscribed: yup.boolean().required() }).required());

/** What a push message carries (JSON), sent by the server and read by the service worker. */
export const pushPayloadSchema = yup.object({
  type: yup.string().oneOf(PUSH_EVENT_TYPES).required(),
  ticket_code: yup.string().required(),
  title: yup.string().required(),
  body: yup.string().defined(),
  /** The ticket-detail path in the ticket's language, opened when the notification is clicked. */
  url: yup.string().required(),
  lang: langSchema.required(),
});
export type PushPayload = yup.InferType<typeof pushPayloadSchema>;
