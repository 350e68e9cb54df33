// A transport partner's joining, decided by the operator (`npm run partner:approve` / `partner:refuse` and the
// operator's API call use this one service). Approval, in one transaction with the application's row locked: the
// partner (the pricing module's record; in no price list until it has fares), its owner login (the applicant's
// phone, no usable password) and a one-time set-password link (a 256-bit secret, stored as its sha256, expiring
// after PASSWORD_LINK_HOURS), then the application marked approved with the partner. Of two approvals at once the
// second waits for the lock and answers the first's partner; a repeated approval makes and sends nothing. The link
// goes by SMS and e-mail after the commit. Refusal records the reason and tells the applicant in the application's
// language. The staff a member of the owner adds get the same kind of link (staff-service.ts).
import { JOIN_ERROR_KEYS, PASSWORD_LINK_HOURS, type ApprovalResult } from '../../../shared/contract/partner-join';
import { isLang, type Lang } from '../../../shared/domain/route-table';
import type { Messaging } from '../../adapters/messaging/types';
import type { Logger } from '../../http/errors';
import { refuse, type Refusal, type Result } from '../../http/refusal';
import { newSecretToken, sha256 } from '../../security/crypto';
import type { ApplicationRow, PartnerApplications } from '../leads/module';
import { approvedTexts, refusedTexts, setPasswordLink } from './join-messages';
import { isUniqueViolation } from '../../db/errors';
import { type Executor, type StaffRepository } from './staff-repository';

export type OnboardingRefusal = Refusal<404 | 409>;

export interface OnboardingDeps {
  staff: StaffRepository;
  /** The leads module's: the transport application, locked, read and marked. */
  applications: PartnerApplications;
  /** The pricing module's: inserts the transport partner in the approval's transaction; its id. */
  createPartner: (tx: Executor, input: { name: string; provinces: readonly string[]; slugKey: number }) => Promise<number>;
  messaging: Messaging;
  /** The origin of the links sent (PUBLIC_URL's, else the server's own). */
  origin: () => string;
  now: () => Date;
  log: Logger;
}

const HOUR_MS = 3_600_000;

/** A new one-time set-password link of a staff member, written in `tx`; answers its secret (sent, never stored). */
export async function newPasswordLink(staff: StaffRepository, tx: Executor, staffId: number, at: Date): Promise<string> {
  const token = newSecretToken();
  await staff.insertLink(tx, {
    staffId,
    tokenHash: sha256(token),
    at,
    expiresAt: new Date(at.getTime() + PASSWORD_LINK_HOURS * HOUR_MS),
  });
  return token;
}

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
  return { row, token: await newPasswordLink(staff, tx, row.id, owner.at) };
}

type Approval =
  | { kind: 'not_found' }
  | { kind: 'refused' }
  | { kind: 'phone_taken' }
  | { kind: 'done'; partnerId: number; ownerId: number }
  | { kind: 'made'; partnerId: number; ownerId: number; token: string; application: ApplicationRow };

export function createOnboardingService(deps: OnboardingDeps) {
  const { staff, applications, now, log } = deps;
  const db = staff.db;

  /** Sends both messages after the commit; a failed send is logged (the decision stands). */
  async function tell(application: ApplicationRow, texts: { sms: string; mail: { subject: string; text: string } }) {
    const sends = [deps.messaging.sms.send(application.phone, texts.sms)];
    if (application.email) sends.push(deps.messaging.mailer.send(application.email, texts.mail.subject, texts.mail.text));
    const results = await Promise.allSettled(sends);
    for (const result of results)
      if (result.status === 'rejected')
        log.error('partner application message failed', { lead: application.id, error: String(result.reason) });
  }

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
          const { row: owner, token } = await createOwnerLogin(staff, tx, {
            partnerId,
            phone: application.phone,
            fullname: application.fullname,
            at,
          });
          if (!(await applications.markApproved(tx, application.id, partnerId, at))) throw new Error('application moved');
          return { kind: 'made', partnerId, ownerId: owner.id, token, application };
        });
      } catch (error) {
        // Another application with the same phone approved at the same moment took the login.
        if (isUniqueViolation(error)) return refuse(409, JOIN_ERROR_KEYS.phoneTaken);
        throw error;
      }
      if (outcome.kind === 'not_found') return refuse(404, JOIN_ERROR_KEYS.applicationNotFound);
      if (outcome.kind === 'refused') return refuse(409, JOIN_ERROR_KEYS.alreadyDecided);
      if (outcome.kind === 'phone_taken') return refuse(409, JOIN_ERROR_KEYS.phoneTaken);
      if (outcome.kind === 'made') {
        const { application } = outcome;
        const lang = langOf(application);
        await tell(
          application,
          approvedTexts({
            lang,
            company: application.companyName,
            name: application.fullname,
            link: setPasswordLink(deps.origin(), lang, outcome.token),
          }),
        );
      }
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
        return { kind: 'made' as const, application };
      });
      if (outcome.kind === 'not_found') return refuse(404, JOIN_ERROR_KEYS.applicationNotFound);
      if (outcome.kind === 'decided') return refuse(409, JOIN_ERROR_KEYS.alreadyDecided);
      if (outcome.kind === 'made') {
        const { application } = outcome;
        await tell(
          application,
          refusedTexts({ lang: langOf(application), company: application.companyName, name: application.fullname, reason }),
        );
      }
      return { ok: true, data: { lead_id: leadId, refused: outcome.kind === 'made' } };
    },
  };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
