// A transport partner's joining, decided by the operator (`npm run partner:approve` / `partner:refuse` and the
// operator's API call use this one service). Approval, in one transaction with the application's row locked: the
// partner (the pricing module's record; in no price list until it has fares), its owner login (the applicant's
// phone, no usable password) and a one-time set-password link (a 256-bit secret, stored as its sha256, expiring
// after PASSWORD_LINK_HOURS), then the application marked approved with the partner. Of two approvals at once the
// second waits for the lock and answers the first's partner; a repeated approval makes and sends nothing. The link's
// SMS and e-mail are rows of the message outbox written in the same transaction (sent once after the commit, retried
// as every message is). Refusal records the reason and tells the applicant in the application's language, the same
// way. The staff a member of the owner adds get the same kind of link (staff-service.ts).
import { JOIN_ERROR_KEYS, PASSWORD_LINK_HOURS, type ApprovalResult } from '../../../shared/contract/partner-join';
import { isLang, pathFor, type Lang } from '../../../shared/domain/route-table';
import { refuse, type Refusal, type Result } from '../../http/refusal';
import { newSecretToken, sha256 } from '../../security/crypto';
import type { ApplicationRow, PartnerApplications } from '../leads/module';
import { isUniqueViolation } from '../../db/errors';
import type { MessageWriter } from '../../outbox/writer';
import { type Executor, type StaffRepository } from './staff-repository';

export type OnboardingRefusal = Refusal<404 | 409>;

export interface OnboardingDeps {
  staff: StaffRepository;
  /** The leads module's: the transport application, locked, read and marked. */
  applications: PartnerApplications;
  /** The pricing module's: inserts the transport partner in the approval's transaction; its id. */
  createPartner: (tx: Executor, input: { name: string; provinces: readonly string[]; slugKey: number }) => Promise<number>;
  /** The message outbox: the links and the refusal are written in the decision's transaction. */
  messages: MessageWriter;
  now: () => Date;
}

const HOUR_MS = 3_600_000;

/**
 * A new one-time set-password link of a staff member, written in `tx`; answers its secret (stored only as its hash,
 * and in the outbox row that sends it until that row is sent) and its id.
 */
export async function newPasswordLink(
  staff: StaffRepository,
  tx: Executor,
  staffId: number,
  at: Date,
): Promise<{ token: string; linkId: number }> {
  const token = newSecretToken();
  const linkId = await staff.insertLink(tx, {
    staffId,
    tokenHash: sha256(token),
    at,
    expiresAt: new Date(at.getTime() + PASSWORD_LINK_HOURS * HOUR_MS),
  });
  return { token, linkId };
}

/** The outbox subject of a staff login's messages (its set-password links). */
export const staffSubject = (staffId: number) => `staff-${staffId}`;

/** The set-password page's path in `lang` (the link's secret goes in its fragment when it is sent). */
export const setPasswordPath = (lang: Lang) => pathFor('partner-set-password', lang);

/**
 * A partner's owner login, written in `tx`: the phone, no usable password, and a one-time set-password link; answers
 * the row and the link's secret. Approval makes every owner this way (and so does the demo seed).
 */
export async function createOwnerLogin(
  staff: StaffRepository,
  tx: Executor,
  owner: { partnerId: number; phone: string; fullname: string; at: Date },
) {
  const row = await staff.insert(tx, { ...owner, role: 'owner' });
  return { row, ...(await newPasswordLink(staff, tx, row.id, owner.at)) };
}

type Approval =
  | { kind: 'not_found' }
  | { kind: 'refused' }
  | { kind: 'phone_taken' }
  | { kind: 'done'; partnerId: number; ownerId: number }
  | { kind: 'made'; partnerId: number; ownerId: number };

export function createOnboardingService(deps: OnboardingDeps) {
  const { staff, applications, messages, now } = deps;
  const db = staff.db;

  const langOf = (application: ApplicationRow): Lang => (isLang(application.lang) ? application.lang : 'vi');

  return {
    async approve(leadId: number): Promise<Result<ApprovalResult, OnboardingRefusal['status']>> {
      const at = now();
      let outcome: Approval;
      try {
        outcome = await db.transaction(async (tx): Promise<Approval> => {
          const application = await applications.lock(tx, leadId);
          if (!application) return { kind: 'not_found' };
          if (application.status === 'approved' && application.partnerId !== null) {
            const owner = await staff.firstOwner(tx, application.partnerId);
            return { kind: 'done', partnerId: application.partnerId, ownerId: owner?.id ?? 0 };
          }
          if (application.status !== 'new') return { kind: 'refused' };
          if (await staff.byPhone(tx, application.phone)) return { kind: 'phone_taken' };
          const partnerId = await deps.createPartner(tx, {
            name: application.companyName,
            provinces: application.provinces,
            slugKey: application.id,
          });
          const {
            row: owner,
            token,
            linkId,
          } = await createOwnerLogin(staff, tx, {
            partnerId,
            phone: application.phone,
            fullname: application.fullname,
            at,
          });
          if (!(await applications.markApproved(tx, application.id, partnerId, at))) throw new Error('application moved');
          const lang = langOf(application);
          await messages.account(tx, 'partner_application_approved', {
            subject: staffSubject(owner.id),
            discriminator: `link-${linkId}`,
            phone: application.phone,
            email: application.email,
            lang,
            payload: {
              name: application.fullname,
              company: application.companyName,
              path: setPasswordPath(lang),
              token,
            },
          });
          return { kind: 'made', partnerId, ownerId: owner.id };
        });
      } catch (error) {
        // Another application with the same phone approved at the same moment took the login.
        if (isUniqueViolation(error)) return refuse(409, JOIN_ERROR_KEYS.phoneTaken);
        throw error;
      }
      if (outcome.kind === 'not_found') return refuse(404, JOIN_ERROR_KEYS.applicationNotFound);
      if (outcome.kind === 'refused') return refuse(409, JOIN_ERROR_KEYS.alreadyDecided);
      if (outcome.kind === 'phone_taken') return refuse(409, JOIN_ERROR_KEYS.phoneTaken);
      if (outcome.kind === 'made') messages.wake();
      return {
        ok: true,
        data: {
          lead_id: leadId,
          partner_id: outcome.partnerId,
          owner_staff_id: outcome.ownerId,
          created: outcome.kind === 'made',
        },
      };
    },

    /** Records the reason and tells the applicant; a repeated refusal tells nothing again; an approved one is 409. */
    async refuse(
      leadId: number,
      reason: string,
    ): Promise<Result<{ lead_id: number; refused: boolean }, OnboardingRefusal['status']>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const application = await applications.lock(tx, leadId);
        if (!application) return { kind: 'not_found' as const };
        if (application.status === 'refused') return { kind: 'done' as const };
        if (application.status !== 'new') return { kind: 'decided' as const };
        await applications.markRefused(tx, application.id, reason, at);
        await messages.account(tx, 'partner_application_refused', {
          subject: `lead-${application.id}`,
          phone: application.phone,
          email: application.email,
          lang: langOf(application),
          payload: { name: application.fullname, company: application.companyName, reason },
        });
        return { kind: 'made' as const };
      });
      if (outcome.kind === 'not_found') return refuse(404, JOIN_ERROR_KEYS.applicationNotFound);
      if (outcome.kind === 'decided') return refuse(409, JOIN_ERROR_KEYS.alreadyDecided);
      if (outcome.kind === 'made') messages.wake();
      return { ok: true, data: { lead_id: leadId, refused: outcome.kind === 'made' } };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
