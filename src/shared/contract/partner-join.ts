// A transport partner's joining and its staff: the application's provinces (the current, post-2025 provinces of the
// gazetteer), the operator's approval and refusal, the one-time set-password link, and the owner's staff calls. Every
// message is an i18n key of the partner_join group (docs/decisions.md "API").
import { passwordSchema } from './accounts';
import { ACCOUNT_ERROR_KEYS } from './accounts-constants';
import { FORM_ERROR_KEYS, langSchema, phoneCodeSchema, phoneSchema, requiredText } from './common';
import { successSchema } from './envelope';
import { PARTNER_ROLES } from './partner-roles';
import { staffSessionSchema } from './partners';
import { PROVINCES_ERROR_KEY } from './provinces';
import { yup } from './yup';

/** A set-password link lives this long (hours) and works once. */
export const PASSWORD_LINK_HOURS = 72;
/** The longest refusal reason the operator may give (it goes out by SMS too). */
export const REFUSAL_REASON_MAX = 300;
/** New set-password links a login may be sent in an hour, beyond the one made with the login (429 past it). */
export const PASSWORD_LINK_RESENDS_PER_HOUR = 3;
/** A partner's staff logins at most (the owner's add is refused past it). */
export const PARTNER_STAFF_MAX = 50;

export const JOIN_ERROR_KEYS = {
  blank: FORM_ERROR_KEYS.blank,
  provinces: PROVINCES_ERROR_KEY,
  /** 404: no transport application of that id. */
  applicationNotFound: 'partner_join.errors.application_not_found',
  /** 409: the application was refused (it cannot be approved), or approved (it cannot be refused). */
  alreadyDecided: 'partner_join.errors.already_decided',
  /** 409: the applicant's phone already signs in to a partner console. */
  phoneTaken: 'partner_join.errors.phone_taken',
  /** 410: the set-password link is unknown or was used. */
  linkUsed: 'partner_join.errors.link_used',
  /** 410: the set-password link is past its time. */
  linkExpired: 'partner_join.errors.link_expired',
  /** 404: no staff member of that id in the caller's partner (another partner's id answers the same). */
  staffNotFound: 'partner_join.errors.staff_not_found',
  /** 409: the partner's last owner cannot be removed or made another role. */
  lastOwner: 'partner_join.errors.last_owner',
  /** 400: not one of the roles. */
  role: 'partner_join.errors.role',
  /** 409: the partner has PARTNER_STAFF_MAX logins already. */
  staffFull: 'partner_join.errors.staff_full',
  /** 400: the refusal has no reason, or one too long. */
  reason: 'partner_join.errors.reason',
  /** 429: the login was sent PASSWORD_LINK_RESENDS_PER_HOUR new links in the last hour. */
  resendLimit: 'partner_join.errors.resend_limit',
} as const;

export const JOIN_PATHS = {
  /** POST (operator token): approves a transport application (lead id). */
  approve: '/api/operator/partner_applications/approve',
  /** POST (operator token): refuses a transport application with a reason. */
  refuse: '/api/operator/partner_applications/refuse',
  /** POST: the set-password link's secret and the new password twice → signed in to the console. */
  setPassword: '/api/agent/set_password',
  /** GET (Bearer, owner): the partner's staff. */
  staff: '/api/agent/staff',
  /** POST (Bearer, owner): fullname, phone, role → the member and a set-password link by SMS. */
  staffAdd: '/api/agent/staff/add',
  /** POST (Bearer, owner): staff_id → the login and its sessions are gone. */
  staffRemove: '/api/agent/staff/remove',
  /** POST (Bearer, owner): staff_id, role → the new role; the member's sessions end. */
  staffRole: '/api/agent/staff/role',
  /** POST (Bearer, owner): staff_id, lang → a new set-password link by SMS; the member's earlier links die. */
  staffResendLink: '/api/agent/staff/resend_link',
  /** POST (operator token): phone, lang → the same for any partner's login (an owner who lost the approval's link). */
  resendLink: '/api/operator/partner_staff/resend_link',
} as const;

export const applicationIdSchema = yup.object({
  lead_id: yup.number().typeError({ key: JOIN_ERROR_KEYS.applicationNotFound }).integer().min(1).required(),
});

export const refusalSchema = applicationIdSchema.shape({
  reason: yup
    .string()
    .trim()
    .required({ key: JOIN_ERROR_KEYS.reason })
    .max(REFUSAL_REASON_MAX, { key: JOIN_ERROR_KEYS.reason, params: { max: REFUSAL_REASON_MAX } }),
});

export const approvalResultSchema = yup.object({
  lead_id: yup.number().integer().required(),
  partner_id: yup.number().integer().required(),
  owner_staff_id: yup.number().integer().required(),
  /** False when the application was approved already (nothing new was made or sent). */
  created: yup.boolean().required(),
});
export type ApprovalResult = yup.InferType<typeof approvalResultSchema>;
export const approvalResponseSchema = successSchema(approvalResultSchema.required());

export const setPasswordSchema = yup.object({
  token: yup.string().trim().required({ key: JOIN_ERROR_KEYS.linkUsed }).max(200, { key: JOIN_ERROR_KEYS.linkUsed }),
  password: passwordSchema,
  re_password: yup
    .string()
    .required({ key: ACCOUNT_ERROR_KEYS.passwordMismatch })
    .test('password-match', { key: ACCOUNT_ERROR_KEYS.passwordMismatch }, function test(value) {
      return value === (this.parent as { password?: unknown }).password;
    }),
  lang: langSchema,
});
export type SetPasswordInput = yup.InferType<typeof setPasswordSchema>;
export const setPasswordResponseSchema = successSchema(staffSessionSchema.required());

export const roleSchema = yup
  .string()
  .oneOf([...PARTNER_ROLES], { key: JOIN_ERROR_KEYS.role })
  .required({ key: JOIN_ERROR_KEYS.role });

export const staffAddSchema = yup.object({
  fullname: requiredText(100),
  phone_code: phoneCodeSchema,
  phone: phoneSchema,
  role: roleSchema,
  lang: langSchema,
});
export type StaffAddInput = yup.InferType<typeof staffAddSchema>;

const staffIdSchema = yup.number().typeError({ key: JOIN_ERROR_KEYS.staffNotFound }).integer().min(1).required();
export const staffRemoveSchema = yup.object({ staff_id: staffIdSchema });
export const staffRoleSchema = yup.object({ staff_id: staffIdSchema, role: roleSchema });
export const staffResendSchema = yup.object({ staff_id: staffIdSchema, lang: langSchema });
export const operatorResendSchema = yup.object({ phone_code: phoneCodeSchema, phone: phoneSchema, lang: langSchema });

/** A new link was sent: to whom, and until when it works. */
export const resendResultSchema = yup.object({
  staff_id: yup.number().integer().required(),
  phone: yup.string().required(),
  expires_at: yup.string().required(),
});
export type ResendResult = yup.InferType<typeof resendResultSchema>;
export const resendResponseSchema = successSchema(resendResultSchema.required());

export const staffMemberSchema = yup.object({
  id: yup.number().integer().required(),
  fullname: yup.string().defined(),
  phone: yup.string().required(),
  role: yup.string().oneOf(PARTNER_ROLES).required(),
  /** Whether the member has set a password (a new member waits on the link). */
  has_password: yup.boolean().required(),
  created_at: yup.string().required(),
});
export type StaffMember = yup.InferType<typeof staffMemberSchema>;
export const staffListResponseSchema = successSchema(
  yup.object({ items: yup.array(staffMemberSchema.required()).required() }).required(),
);
export const staffMemberResponseSchema = successSchema(staffMemberSchema.required());
