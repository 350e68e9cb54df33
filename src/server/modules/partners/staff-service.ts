// A partner's staff logins as the owner manages them, and the one-time set-password link every new login gets:
// members listed, added (name, phone, role; the member's link goes by SMS, a row of the message outbox written with
// the member), removed (the row and every session go at
// once: the next console call of its token is 401) and given another role (its sessions end too). The partner's last
// owner is never removed or demoted. Every call is scoped to the caller's partner: another partner's staff id answers
// exactly like an unknown one. Setting the password uses the link once and signs the member in.
import {
  JOIN_ERROR_KEYS,
  PARTNER_STAFF_MAX,
  PASSWORD_LINK_HOURS,
  PASSWORD_LINK_RESENDS_PER_HOUR,
  type ResendResult,
  type SetPasswordInput,
  type StaffAddInput,
  type StaffMember,
} from '../../../shared/contract/partner-join';
import { isPartnerRole, type PartnerRole } from '../../../shared/contract/partner-roles';
import type { StaffSession } from '../../../shared/contract/partners';
import { normalizePhone } from '../../../shared/domain/phone';
import type { Lang } from '../../../shared/domain/route-table';
import { refuse, type Refusal, type Result } from '../../http/refusal';
import { hashPassword, newSecretToken, sha256 } from '../../security/crypto';
import type { MessageWriter } from '../../outbox/writer';
import { newPasswordLink, setPasswordPath, staffSubject } from './onboarding-service';
import type { StaffRow } from './repository';
import { isUniqueViolation } from '../../db/errors';
import { NO_PASSWORD, type StaffRepository } from './staff-repository';

export type StaffRefusal = Refusal<404 | 409 | 410 | 429>;

const HOUR_MS = 3_600_000;

export interface StaffServiceDeps {
  staff: StaffRepository;
  /** The signed-in session of a member whose password was just set (the partners repository's). */
  createSession: (staffId: number, tokenHash: string, at: Date) => Promise<void>;
  /** The pricing module's: the partner's name (active partners only). */
  activePartners: (ids: readonly number[]) => Promise<{ id: number; name: string }[]>;
  /** The message outbox: a member's link is written in the transaction that makes it. */
  messages: MessageWriter;
  now: () => Date;
}

const member = (row: StaffRow): StaffMember => ({
  id: row.id,
  fullname: row.fullname,
  phone: row.phone,
  role: isPartnerRole(row.role) ? row.role : 'dispatcher',
  has_password: row.passwordHash !== NO_PASSWORD,
  created_at: row.createdAt.toISOString(),
});

const owners = (rows: readonly StaffRow[]) => rows.filter((row) => row.role === 'owner').length;

/**
 * Uses a set-password link once: the member's password is set (the contract's password rules were checked by the
 * caller's schema). The set-password page signs the member in after it; the demo seed does not.
 */
export async function usePasswordLink(
  staff: StaffRepository,
  input: Pick<SetPasswordInput, 'token' | 'password'>,
  at: Date,
): Promise<Result<StaffRow, StaffRefusal['status']>> {
  const used = await staff.useLink(sha256(input.token), await hashPassword(input.password), at);
  if ('refused' in used) return refuse(410, used.refused === 'expired' ? JOIN_ERROR_KEYS.linkExpired : JOIN_ERROR_KEYS.linkUsed);
  return { ok: true, data: used.staff };
}

export function createStaffService(deps: StaffServiceDeps) {
  const { staff, messages, now } = deps;
  const db = staff.db;

  async function partnerName(partnerId: number): Promise<string> {
    const [partner] = await deps.activePartners([partnerId]);
    return partner?.name ?? '';
  }

  /**
   * A new set-password link for the login of `partnerId` (another partner's answering as an unknown one):
   * the login's open links die, its unsent link messages are withdrawn, and the new link goes by SMS through the
   * outbox. Any login may be sent one, as a reset too (its password works until the link is used). At most
   * PASSWORD_LINK_RESENDS_PER_HOUR an hour per login, counted with the login's row locked.
   */
  async function resendLink(
    staffId: number,
    partnerId: number,
    lang: Lang,
  ): Promise<Result<ResendResult, StaffRefusal['status']>> {
    const at = now();
    const company = await partnerName(partnerId);
    const outcome = await db.transaction(async (tx) => {
      const target = await staff.lockMember(tx, staffId, partnerId);
      if (!target) return 'not_found' as const;
      if ((await staff.linksResentSince(tx, target, new Date(at.getTime() - HOUR_MS))) >= PASSWORD_LINK_RESENDS_PER_HOUR)
        return 'limited' as const;
      await staff.killLinks(tx, target.id, at);
      await messages.withdrawLinks(tx, staffSubject(target.id));
      const { token, linkId } = await newPasswordLink(staff, tx, target.id, at);
      await messages.account(tx, 'staff_password_link', {
        subject: staffSubject(target.id),
        discriminator: `link-${linkId}`,
        phone: target.phone,
        lang,
        payload: {
          name: target.fullname,
          company,
          role: target.role,
          path: setPasswordPath(lang),
          token,
        },
      });
      return target;
    });
    if (outcome === 'not_found') return refuse(404, JOIN_ERROR_KEYS.staffNotFound);
    if (outcome === 'limited')
      return refuse(429, JOIN_ERROR_KEYS.resendLimit, { params: { max: PASSWORD_LINK_RESENDS_PER_HOUR } });
    messages.wake();
    return {
      ok: true,
      data: {
        staff_id: outcome.id,
        phone: outcome.phone,
        expires_at: new Date(at.getTime() + PASSWORD_LINK_HOURS * HOUR_MS).toISOString(),
      },
    };
  }

  return {
    /** The owner's resend: a member of the caller's own partner only. */
    resendLink: (caller: StaffRow, staffId: number, lang: Lang) => resendLink(staffId, caller.partnerId, lang),

    /** The operator's resend (the API call and `npm run partner:resend-link`): any partner's login, by its phone. */
    async resendLinkByPhone(phone: string, lang: Lang): Promise<Result<ResendResult, StaffRefusal['status']>> {
      const member = await staff.byPhone(db, phone);
      if (!member) return refuse(404, JOIN_ERROR_KEYS.staffNotFound);
      return resendLink(member.id, member.partnerId, lang);
    },

    async list(caller: StaffRow): Promise<{ items: StaffMember[] }> {
      return { items: (await staff.list(caller.partnerId)).map(member) };
    },

    async add(caller: StaffRow, input: StaffAddInput): Promise<Result<StaffMember, StaffRefusal['status']>> {
      const at = now();
      const phone = normalizePhone(input.phone_code, input.phone);
      const company = await partnerName(caller.partnerId);
      let made: StaffRow | 'full' | 'taken';
      try {
        made = await db.transaction(async (tx) => {
          await staff.lockPartner(tx, caller.partnerId);
          if ((await staff.count(tx, caller.partnerId)) >= PARTNER_STAFF_MAX) return 'full' as const;
          if (await staff.byPhone(tx, phone)) return 'taken' as const;
          const row = await staff.insert(tx, {
            partnerId: caller.partnerId,
            phone,
            fullname: input.fullname,
            role: input.role,
            at,
          });
          const { token, linkId } = await newPasswordLink(staff, tx, row.id, at);
          await messages.account(tx, 'staff_password_link', {
            subject: staffSubject(row.id),
            discriminator: `link-${linkId}`,
            phone,
            lang: input.lang,
            payload: { name: row.fullname, company, role: row.role, path: setPasswordPath(input.lang), token },
          });
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return refuse(409, JOIN_ERROR_KEYS.phoneTaken, { field: 'phone' });
        throw error;
      }
      if (made === 'full') return refuse(409, JOIN_ERROR_KEYS.staffFull, { params: { max: PARTNER_STAFF_MAX } });
      if (made === 'taken') return refuse(409, JOIN_ERROR_KEYS.phoneTaken, { field: 'phone' });
      messages.wake();
      return { ok: true, data: member(made) };
    },

    async remove(caller: StaffRow, staffId: number): Promise<Result<{ removed: number }, StaffRefusal['status']>> {
      const outcome = await db.transaction(async (tx) => {
        const rows = await staff.lockPartner(tx, caller.partnerId);
        const target = rows.find((row) => row.id === staffId);
        if (!target) return 'not_found' as const;
        if (target.role === 'owner' && owners(rows) <= 1) return 'last_owner' as const;
        await staff.remove(tx, target.id);
        return 'removed' as const;
      });
      if (outcome === 'not_found') return refuse(404, JOIN_ERROR_KEYS.staffNotFound);
      if (outcome === 'last_owner') return refuse(409, JOIN_ERROR_KEYS.lastOwner);
      return { ok: true, data: { removed: staffId } };
    },

    async setRole(caller: StaffRow, staffId: number, role: PartnerRole): Promise<Result<StaffMember, StaffRefusal['status']>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const rows = await staff.lockPartner(tx, caller.partnerId);
        const target = rows.find((row) => row.id === staffId);
        if (!target) return 'not_found' as const;
        if (target.role === role) return target;
        if (target.role === 'owner' && owners(rows) <= 1) return 'last_owner' as const;
        return staff.setRole(tx, target.id, role, at);
      });
      if (outcome === 'not_found') return refuse(404, JOIN_ERROR_KEYS.staffNotFound);
      if (outcome === 'last_owner') return refuse(409, JOIN_ERROR_KEYS.lastOwner);
      return { ok: true, data: member(outcome) };
    },

    /** Uses the link once: the password set and the member signed in (a console session, as a login makes). */
    async setPassword(input: SetPasswordInput): Promise<Result<StaffSession, StaffRefusal['status']>> {
      const at = now();
      const used = await usePasswordLink(staff, input, at);
      if (!used.ok) return used;
      const row = used.data;
      const token = newSecretToken();
      await deps.createSession(row.id, sha256(token), at);
      return {
        ok: true,
        data: {
          token,
          staff: {
            id: row.id,
            fullname: row.fullname,
            role: isPartnerRole(row.role) ? row.role : 'dispatcher',
            partner_id: row.partnerId,
            partner_name: await partnerName(row.partnerId),
          },
        },
      };
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
