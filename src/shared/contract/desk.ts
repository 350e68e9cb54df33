// The operator desk: Vivu's own staff (never a partner's or a passenger's login), their roles and what each may use,
// the sign-in with a password and a TOTP code, the staff an admin manages, and the audit log. Every message is an i18n
// key of the desk group. The server checks the role on every call; the desk only leaves out what the role may not use.
import { passwordSchema } from './accounts';
import { ACCOUNT_ERROR_KEYS } from './accounts-constants';
import { emailSchema, FORM_ERROR_KEYS, langSchema } from './common';
import { successSchema } from './envelope';
import { PASSWORD_LINK_HOURS, PASSWORD_LINK_RESENDS_PER_HOUR } from './partner-join';
import { yup } from './yup';

/** admin: everything, the staff included; support: the inbox and tickets; finance: payments, refunds, statements; content: pages. */
export const DESK_ROLES = ['admin', 'support', 'finance', 'content'] as const;
export type DeskRole = (typeof DESK_ROLES)[number];
export const isDeskRole = (role: string): role is DeskRole => (DESK_ROLES as readonly string[]).includes(role);

/**
 * The desk's areas and the roles besides admin that may use each (admin may use every area). The side navigation
 * shows an area to the roles listed here, and the server's `requireDesk(...)` of the area's calls names the same roles.
 * A new part of the desk adds its area here. The order is the navigation's, and a member lands on the first area their
 * role may use: an admin on the staff, support on the inbox, finance on the tickets, content on the pages.
 */
export const DESK_AREAS = {
  staff: [],
  inbox: ['support'],
  tickets: ['support', 'finance'],
  numbers: ['finance'],
  promotions: ['finance'],
  content: ['content'],
  settings: [],
  audit: [],
} as const satisfies Record<string, readonly Exclude<DeskRole, 'admin'>[]>;
export type DeskArea = keyof typeof DESK_AREAS;

/** The roles that may use an area: admin and those the area lists. */
export const areaRoles = (area: DeskArea): DeskRole[] => ['admin', ...DESK_AREAS[area]];
export const deskRoleMay = (role: string, area: DeskArea): boolean => (areaRoles(area) as string[]).includes(role);

/** A set-password link lives as long as a partner's (hours) and works once; new links per hour per login. */
export const DESK_LINK_HOURS = PASSWORD_LINK_HOURS;
export const DESK_LINK_RESENDS_PER_HOUR = PASSWORD_LINK_RESENDS_PER_HOUR;
/** A desk session lasts one working shift from its sign-in. */
export const DESK_SESSION_HOURS = 12;
/** An enrolment (the secret shown after the password is set) must be confirmed within this many minutes. */
export const DESK_ENROL_MINUTES = 15;
/** RFC 6238 as every authenticator app reads it: 6 digits, a new code every 30 seconds. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** The issuer an authenticator app shows beside the e-mail. */
export const TOTP_ISSUER = 'Vivu';
/** The audit log's page. */
export const DESK_AUDIT_PAGE_SIZE = 50;

/**
 * What the audit log records: the desk's own actions. A new part of the desk adds its actions here (the log's filter
 * offers exactly these).
 */
export const DESK_AUDIT_ACTIONS = [
  'sign_in',
  'sign_in_failed',
  'sign_out',
  'password_set',
  'totp_enrolled',
  'staff_created',
  'staff_role_changed',
  'staff_removed',
  'staff_link_sent',
  // The tickets area's (desk-tickets.ts): the subject is the ticket's code.
  'ticket_refund_paid',
  'ticket_cancelled',
  'ticket_moved',
  'ticket_messages_resent',
  'promotion_created',
  'promotion_changed',
  'promotion_paused',
  'promotion_resumed',
  'setting_changed',
  'inbox_taken',
  'inbox_answered',
  'inbox_closed',
  'inbox_reopened',
  'content_draft_saved',
  'content_published',
  'content_unpublished',
  'content_created',
  'content_post_changed',
] as const;
export type DeskAuditAction = (typeof DESK_AUDIT_ACTIONS)[number];

export const DESK_ERROR_KEYS = {
  blank: FORM_ERROR_KEYS.blank,
  email: FORM_ERROR_KEYS.email,
  /** 401: the e-mail and password do not match a desk login (the same for an unknown e-mail). */
  loginFailed: 'desk.errors.login_failed',
  /** 401: the password was right and the authenticator's code is missing. */
  codeRequired: 'desk.errors.code_required',
  /** 401 (400 when malformed): the code is wrong, late, or was used already. */
  code: 'desk.errors.code',
  /** 429 with params {seconds}. */
  tooManyAttempts: 'desk.errors.too_many_attempts',
  /** 410: the set-password link is unknown or was used. */
  linkUsed: 'desk.errors.link_used',
  /** 410: the set-password link is past its time. */
  linkExpired: 'desk.errors.link_expired',
  /** 410: the enrolment is unknown, confirmed already or past its time (sign in again for a new one). */
  enrolExpired: 'desk.errors.enrol_expired',
  /** 404: no staff member of that id. */
  staffNotFound: 'desk.errors.staff_not_found',
  /** 409: a desk login of that e-mail exists. */
  emailTaken: 'desk.errors.email_taken',
  /** 400: not one of the roles. */
  role: 'desk.errors.role',
  /** 409: the last admin cannot be removed or given another role. */
  lastAdmin: 'desk.errors.last_admin',
  /** 429: DESK_LINK_RESENDS_PER_HOUR new links in the last hour. */
  resendLimit: 'desk.errors.resend_limit',
  /** 400: an audit filter that is not a date (yyyy-mm-dd), an action or a staff id. */
  filter: 'desk.errors.filter',
} as const;

export const DESK_PATHS = {
  /** POST: e-mail, password, code → signed in; or, for a login not enrolled yet, its enrolment. */
  login: '/api/desk/login',
  /** POST: the set-password link's secret and the password twice → the enrolment (secret, QR address). */
  setPassword: '/api/desk/set_password',
  /** POST: the enrolment's token and one code of its secret → enrolled and signed in. */
  enrol: '/api/desk/enrol',
  /** POST (desk session): the session ends on the server. */
  logout: '/api/desk/logout',
  /** GET (desk session): who is signed in and the areas the role may use. */
  me: '/api/desk/me',
  /** GET (admin): every desk login. */
  staff: '/api/desk/staff',
  /** POST (admin): e-mail, role, lang → the login and its set-password link by e-mail. */
  staffAdd: '/api/desk/staff/add',
  /** POST (admin): staff_id, role → the new role; the member's sessions end. */
  staffRole: '/api/desk/staff/role',
  /** POST (admin): staff_id → the login and its sessions are gone. */
  staffRemove: '/api/desk/staff/remove',
  /** POST (admin): staff_id, lang → a new set-password link (a reset: password and authenticator set again). */
  staffResendLink: '/api/desk/staff/resend_link',
  /** GET (admin): the audit log, filtered and paged on the server. */
  audit: '/api/desk/audit',
  /**
   * POST (operator token, only where OPERATOR_API_TOKEN is set): e-mail, role, lang → a new login and its link by
   * e-mail, as `npm run staff:create` makes one, for a server that holds its data folder.
   */
  operatorCreate: '/api/operator/desk_staff/create',
} as const;

const deskEmailSchema = emailSchema.lowercase().required({ key: DESK_ERROR_KEYS.blank }).max(200, { key: DESK_ERROR_KEYS.email });

export const deskRoleSchema = yup
  .string()
  .oneOf([...DESK_ROLES], { key: DESK_ERROR_KEYS.role })
  .required({ key: DESK_ERROR_KEYS.role });

/** A code as an authenticator shows it (spaces allowed: "123 456"). */
const totpCodeSchema = yup
  .string()
  .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\s+/g, '') : value))
  .matches(new RegExp(`^\\d{${TOTP_DIGITS}}$`), { message: { key: DESK_ERROR_KEYS.code }, excludeEmptyString: true });

export const deskLoginSchema = yup.object({
  email: deskEmailSchema,
  password: yup.string().required({ key: DESK_ERROR_KEYS.blank }).max(200, { key: DESK_ERROR_KEYS.loginFailed }),
  code: totpCodeSchema.optional(),
});
export type DeskLoginInput = yup.InferType<typeof deskLoginSchema>;

export const deskSetPasswordSchema = yup.object({
  token: yup.string().trim().required({ key: DESK_ERROR_KEYS.linkUsed }).max(200, { key: DESK_ERROR_KEYS.linkUsed }),
  password: passwordSchema,
  re_password: yup
    .string()
    .required({ key: ACCOUNT_ERROR_KEYS.passwordMismatch })
    .test('password-match', { key: ACCOUNT_ERROR_KEYS.passwordMismatch }, function test(value) {
      return value === (this.parent as { password?: unknown }).password;
    }),
});
export type DeskSetPasswordInput = yup.InferType<typeof deskSetPasswordSchema>;

export const deskEnrolSchema = yup.object({
  enrol_token: yup
    .string()
    .trim()
    .required({ key: DESK_ERROR_KEYS.enrolExpired })
    .max(200, { key: DESK_ERROR_KEYS.enrolExpired }),
  code: totpCodeSchema.required({ key: DESK_ERROR_KEYS.code }),
});
export type DeskEnrolInput = yup.InferType<typeof deskEnrolSchema>;

const staffIdSchema = yup.number().typeError({ key: DESK_ERROR_KEYS.staffNotFound }).integer().min(1).required();
export const deskStaffAddSchema = yup.object({ email: deskEmailSchema, role: deskRoleSchema, lang: langSchema });
export type DeskStaffAddInput = yup.InferType<typeof deskStaffAddSchema>;
export const deskStaffRoleSchema = yup.object({ staff_id: staffIdSchema, role: deskRoleSchema });
export const deskStaffRemoveSchema = yup.object({ staff_id: staffIdSchema });
export const deskStaffResendSchema = yup.object({ staff_id: staffIdSchema, lang: langSchema });

const isoDay = yup
  .string()
  .matches(/^\d{4}-\d{2}-\d{2}$/, { message: { key: DESK_ERROR_KEYS.filter }, excludeEmptyString: true })
  .test('day', { key: DESK_ERROR_KEYS.filter }, (value) => !value || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

/** The audit log's filters: a member, an action, a range of days (Vietnam time, both ends included), and the page. */
export const deskAuditQuerySchema = yup.object({
  page: yup.number().typeError({ key: DESK_ERROR_KEYS.filter }).integer().min(1).max(100_000).default(1),
  staff_id: yup.number().typeError({ key: DESK_ERROR_KEYS.filter }).integer().min(1).optional(),
  action: yup
    .string()
    .oneOf([...DESK_AUDIT_ACTIONS, ''], { key: DESK_ERROR_KEYS.filter })
    .optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
});
export type DeskAuditQuery = yup.InferType<typeof deskAuditQuerySchema>;

export const deskMemberSchema = yup.object({
  id: yup.number().integer().required(),
  email: yup.string().required(),
  role: yup.string().oneOf(DESK_ROLES).required(),
});
export type DeskMember = yup.InferType<typeof deskMemberSchema>;

export const deskSessionSchema = yup.object({ token: yup.string().required(), staff: deskMemberSchema.required() });
export type DeskSession = yup.InferType<typeof deskSessionSchema>;
export const deskSessionResponseSchema = successSchema(deskSessionSchema.required());

/** What an authenticator app needs: the secret as text and the otpauth:// address the QR code holds. */
export const deskEnrolmentSchema = yup.object({
  enrol_token: yup.string().required(),
  email: yup.string().required(),
  secret: yup.string().required(),
  uri: yup.string().required(),
  expires_at: yup.string().required(),
});
export type DeskEnrolment = yup.InferType<typeof deskEnrolmentSchema>;
export const deskEnrolmentResponseSchema = successSchema(deskEnrolmentSchema.required());

/** A sign-in: the session, or (a login whose authenticator is not enrolled yet) the enrolment to confirm first. */
export const deskLoginResultSchema = yup.object({
  session: deskSessionSchema.nullable().defined(),
  enrolment: deskEnrolmentSchema.nullable().defined(),
});
export type DeskLoginResult = yup.InferType<typeof deskLoginResultSchema>;
export const deskLoginResponseSchema = successSchema(deskLoginResultSchema.required());

export const deskMeSchema = yup.object({
  staff: deskMemberSchema.required(),
  areas: yup
    .array(
      yup
        .string()
        .oneOf(Object.keys(DESK_AREAS) as DeskArea[])
        .required(),
    )
    .required(),
});
export type DeskMe = yup.InferType<typeof deskMeSchema>;
export const deskMeResponseSchema = successSchema(deskMeSchema.required());

export const deskStaffMemberSchema = deskMemberSchema.shape({
  /** Whether the member has set a password (a new member waits on the link). */
  has_password: yup.boolean().required(),
  /** Whether the member's authenticator is enrolled. */
  enrolled: yup.boolean().required(),
  created_at: yup.string().required(),
});
export type DeskStaffMember = yup.InferType<typeof deskStaffMemberSchema>;
export const deskStaffListResponseSchema = successSchema(
  yup.object({ items: yup.array(deskStaffMemberSchema.required()).required() }).required(),
);
export const deskStaffMemberResponseSchema = successSchema(deskStaffMemberSchema.required());
export const deskRemovedResponseSchema = successSchema(yup.object({ removed: yup.number().integer().required() }).required());

export const deskLinkSentSchema = yup.object({
  staff_id: yup.number().integer().required(),
  email: yup.string().required(),
  expires_at: yup.string().required(),
});
export type DeskLinkSent = yup.InferType<typeof deskLinkSentSchema>;
export const deskLinkSentResponseSchema = successSchema(deskLinkSentSchema.required());

export const deskAuditEntrySchema = yup.object({
  id: yup.number().integer().required(),
  at: yup.string().required(),
  staff_id: yup.number().integer().nullable().defined(),
  staff_email: yup.string().defined(),
  action: yup.string().required(),
  subject: yup.string().defined(),
  before: yup.mixed().nullable().defined(),
  after: yup.mixed().nullable().defined(),
});
export type DeskAuditEntry = yup.InferType<typeof deskAuditEntrySchema>;
export const deskAuditPageSchema = yup.object({
  items: yup.array(deskAuditEntrySchema.required()).required(),
  page: yup.number().integer().required(),
  pages: yup.number().integer().required(),
  total: yup.number().integer().required(),
});
export type DeskAuditPage = yup.InferType<typeof deskAuditPageSchema>;
export const deskAuditResponseSchema = successSchema(deskAuditPageSchema.required());
