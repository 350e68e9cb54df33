// The operator desk's rules, and what other modules may call: Vivu's staff logins (created with a one-time
// set-password link by e-mail, never a default password), the sign-in with a password and a TOTP code (each code
// accepted once), 12-hour sessions that sign-out, a role change and removal end on the server at once, and the
// append-only audit log every desk action writes in its own transaction (`audit`, re-exported here for the other
// modules' desk calls).
import {
  DESK_ENROL_MINUTES,
  DESK_ERROR_KEYS,
  DESK_LINK_HOURS,
  DESK_LINK_RESENDS_PER_HOUR,
  DESK_SESSION_HOURS,
  isDeskRole,
  type DeskAuditQuery,
  type DeskEnrolInput,
  type DeskEnrolment,
  type DeskLinkSent,
  type DeskLoginInput,
  type DeskLoginResult,
  type DeskMember,
  type DeskRole,
  type DeskSession,
  type DeskSetPasswordInput,
  type DeskStaffAddInput,
  type DeskStaffMember,
} from '../../../shared/contract/desk';
import { pathFor, type Lang } from '../../../shared/domain/route-table';
import { isUniqueViolation } from '../../db/errors';
import type { LoginThrottle } from '../../http/login-throttle';
import { refuse, type Refusal, type Result } from '../../http/refusal';
import type { MessageWriter } from '../../outbox/writer';
import { dummyPasswordHash, hashPassword, newSecretToken, sha256, verifyPassword } from '../../security/crypto';
import { newTotpSecret, totpMatch, totpUri } from '../../security/totp';
import { audit, auditPage } from './audit';
import { NO_PASSWORD, type DeskRepository, type DeskStaffRow, type Executor } from './repository';

export { audit, auditCountSince, auditOfSubject, type AuditEntry, type AuditExecutor } from './audit';

export type DeskRefusal = Refusal<401 | 404 | 409 | 410 | 429>;
type DeskResult<T> = Result<T, DeskRefusal['status']>;

/** The signed-in member a desk call acts as (what `requireDesk` puts in the request's context as `desk`). */
export type DeskActor = DeskMember;

/** Who an action of `npm run staff:create` is recorded as in the audit log (no member acts). */
export const COMMAND_LINE = { id: null, email: 'npm run staff:create' } as const;
/** Who the operator's API call (OPERATOR_API_TOKEN) is recorded as. */
export const OPERATOR_CALL = { id: null, email: 'operator API call' } as const;

const HOUR_MS = 3_600_000;
/** The throttle's login name of a desk e-mail (known or not). */
export const deskLoginKey = (email: string) => `desk:${email}`;
/** The outbox subject of a desk login's messages (its set-password links). */
export const deskSubject = (staffId: number) => `desk-${staffId}`;

export const actorOf = (row: DeskStaffRow): DeskActor => ({
  id: row.id,
  email: row.email,
  role: isDeskRole(row.role) ? row.role : 'support',
});

const memberOf = (row: DeskStaffRow): DeskStaffMember => ({
  ...actorOf(row),
  has_password: row.passwordHash !== NO_PASSWORD,
  enrolled: row.totpSecret !== null,
  created_at: row.createdAt.toISOString(),
});

export interface DeskServiceDeps {
  repository: DeskRepository;
  /** The failed-login back-off shared by every login (http/login-throttle.ts). */
  throttle: LoginThrottle;
  /** The message outbox: a login's set-password link is written in the transaction that makes it. */
  messages: MessageWriter;
  now: () => Date;
}

/** A new link's secret, path and end: the secret is only in the outbox row (until sent) and in this answer. */
export interface NewLink {
  token: string;
  path: string;
  expiresAt: Date;
}

export function createDeskService(deps: DeskServiceDeps) {
  const { repository, throttle, messages, now } = deps;
  const db = repository.db;

  /** A new set-password link of `member`, in `tx`, with its e-mail in the outbox; answers the secret. */
  async function sendLink(tx: Executor, member: DeskStaffRow, lang: Lang, at: Date): Promise<NewLink> {
    const token = newSecretToken();
    const expiresAt = new Date(at.getTime() + DESK_LINK_HOURS * HOUR_MS);
    const linkId = await repository.insertLink(tx, { staffId: member.id, tokenHash: sha256(token), at, expiresAt });
    const path = pathFor('desk', lang);
    await messages.account(tx, 'desk_password_link', {
      subject: deskSubject(member.id),
      discriminator: `link-${linkId}`,
      phone: '',
      email: member.email,
      lang,
      payload: { name: member.email, company: 'Vivu', role: member.role, path, token },
    });
    return { token, path, expiresAt };
  }

  /** A new enrolment of an authenticator: its secret, and the token (stored as its sha256) that confirms it. */
  function newEnrolment(at: Date) {
    return {
      secret: newTotpSecret(),
      token: newSecretToken(),
      expiresAt: new Date(at.getTime() + DESK_ENROL_MINUTES * 60_000),
    };
  }
  type Pending = ReturnType<typeof newEnrolment>;
  const stored = (pending: Pending) => ({
    secret: pending.secret,
    tokenHash: sha256(pending.token),
    expiresAt: pending.expiresAt,
  });
  /** What the member's authenticator app needs: the secret as text and the QR code's otpauth:// address. */
  const enrolmentOf = (email: string, pending: Pending): DeskEnrolment => ({
    enrol_token: pending.token,
    email,
    secret: pending.secret,
    uri: totpUri(pending.secret, email),
    expires_at: pending.expiresAt.toISOString(),
  });

  /** A session of `member`, written in `tx` with its audit entry; answers the token (stored only as its sha256). */
  async function openSession(tx: Executor, member: DeskStaffRow, at: Date): Promise<DeskSession> {
    const token = newSecretToken();
    await repository.createSession(tx, member.id, sha256(token), at);
    await audit(tx, { staff: member, action: 'sign_in', at });
    return { token, staff: actorOf(member) };
  }

  const failedSignIn = (staff: { id: number | null; email: string }, reason: string, at: Date) =>
    audit(db, { staff, action: 'sign_in_failed', after: { reason }, at });

  return {
    /**
     * A new desk login with no password and a one-time set-password link, mailed through the outbox (and answered
     * to `npm run staff:create`, which prints it). `actor` is the admin who adds it, else the command line or the
     * operator's call as the audit log names them.
     */
    async create(
      actor: DeskActor | typeof COMMAND_LINE | typeof OPERATOR_CALL,
      input: Pick<DeskStaffAddInput, 'email' | 'role' | 'lang'>,
    ): Promise<DeskResult<{ member: DeskStaffMember; link: NewLink }>> {
      const at = now();
      let made: { row: DeskStaffRow; link: NewLink } | 'taken';
      try {
        made = await db.transaction(async (tx) => {
          if (await repository.byEmail(tx, input.email)) return 'taken' as const;
          const row = await repository.insert(tx, { email: input.email, role: input.role, at });
          const link = await sendLink(tx, row, input.lang, at);
          await audit(tx, {
            staff: actor,
            action: 'staff_created',
            subject: deskSubject(row.id),
            after: { email: row.email, role: row.role },
            at,
          });
          return { row, link };
        });
      } catch (error) {
        if (isUniqueViolation(error)) return refuse(409, DESK_ERROR_KEYS.emailTaken, { field: 'email' });
        throw error;
      }
      if (made === 'taken') return refuse(409, DESK_ERROR_KEYS.emailTaken, { field: 'email' });
      messages.wake();
      return { ok: true, data: { member: memberOf(made.row), link: made.link } };
    },

    async list(): Promise<{ items: DeskStaffMember[] }> {
      return { items: (await repository.list()).map(memberOf) };
    },

    /** Another role for a member: its sessions end (it signs in again with the new role). The last admin stays one. */
    async setRole(actor: DeskActor, staffId: number, role: DeskRole): Promise<DeskResult<DeskStaffMember>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const { target, admins } = await repository.lockForChange(tx, staffId);
        if (!target) return 'not_found' as const;
        if (target.role === role) return target;
        if (target.role === 'admin' && admins <= 1) return 'last_admin' as const;
        const row = await repository.setRole(tx, target.id, role, at);
        await audit(tx, {
          staff: actor,
          action: 'staff_role_changed',
          subject: deskSubject(target.id),
          before: { email: target.email, role: target.role },
          after: { email: row.email, role: row.role },
          at,
        });
        return row;
      });
      if (outcome === 'not_found') return refuse(404, DESK_ERROR_KEYS.staffNotFound);
      if (outcome === 'last_admin') return refuse(409, DESK_ERROR_KEYS.lastAdmin);
      return { ok: true, data: memberOf(outcome) };
    },

    /** The login and its sessions deleted: its token's next call answers as an unknown route. Never the last admin. */
    async remove(actor: DeskActor, staffId: number): Promise<DeskResult<{ removed: number }>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const { target, admins } = await repository.lockForChange(tx, staffId);
        if (!target) return 'not_found' as const;
        if (target.role === 'admin' && admins <= 1) return 'last_admin' as const;
        await repository.remove(tx, target.id);
        await audit(tx, {
          staff: actor,
          action: 'staff_removed',
          subject: deskSubject(target.id),
          before: { email: target.email, role: target.role },
          at,
        });
        return 'removed' as const;
      });
      if (outcome === 'not_found') return refuse(404, DESK_ERROR_KEYS.staffNotFound);
      if (outcome === 'last_admin') return refuse(409, DESK_ERROR_KEYS.lastAdmin);
      return { ok: true, data: { removed: staffId } };
    },

    /**
     * A new set-password link (also the way back for a forgotten password or a lost authenticator: using it sets both
     * again). The member's open links die and their unsent e-mails are withdrawn; at most DESK_LINK_RESENDS_PER_HOUR
     * an hour per login, counted with the login's row locked.
     */
    async resendLink(actor: DeskActor, staffId: number, lang: Lang): Promise<DeskResult<DeskLinkSent>> {
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const target = await repository.lockMember(tx, staffId);
        if (!target) return 'not_found' as const;
        if ((await repository.linksResentSince(tx, target, new Date(at.getTime() - HOUR_MS))) >= DESK_LINK_RESENDS_PER_HOUR)
          return 'limited' as const;
        await repository.killLinks(tx, target.id, at);
        await messages.withdrawLinks(tx, deskSubject(target.id));
        const link = await sendLink(tx, target, lang, at);
        await audit(tx, { staff: actor, action: 'staff_link_sent', subject: deskSubject(target.id), at });
        return { target, link };
      });
      if (outcome === 'not_found') return refuse(404, DESK_ERROR_KEYS.staffNotFound);
      if (outcome === 'limited') return refuse(429, DESK_ERROR_KEYS.resendLimit, { params: { max: DESK_LINK_RESENDS_PER_HOUR } });
      messages.wake();
      return {
        ok: true,
        data: { staff_id: outcome.target.id, email: outcome.target.email, expires_at: outcome.link.expiresAt.toISOString() },
      };
    },

    /**
     * Uses the link once: the password is set, the member's authenticator, sessions and other links are forgotten,
     * and the enrolment starts (its secret answered once, to be confirmed by a code).
     */
    async setPassword(input: DeskSetPasswordInput): Promise<DeskResult<DeskEnrolment>> {
      const at = now();
      const passwordHash = await hashPassword(input.password);
      const pending = newEnrolment(at);
      const outcome = await db.transaction(async (tx) => {
        const { secret, tokenHash, expiresAt } = stored(pending);
        const used = await repository.useLink(
          tx,
          sha256(input.token),
          { passwordHash, pendingSecret: secret, enrolTokenHash: tokenHash, enrolExpiresAt: expiresAt },
          at,
        );
        if ('refused' in used) return used.refused;
        await audit(tx, { staff: used.staff, action: 'password_set', at });
        return enrolmentOf(used.staff.email, pending);
      });
      if (outcome === 'used') return refuse(410, DESK_ERROR_KEYS.linkUsed);
      if (outcome === 'expired') return refuse(410, DESK_ERROR_KEYS.linkExpired);
      return { ok: true, data: outcome };
    },

    /** One valid code of the enrolment's secret confirms it: the authenticator counts from now, and the member is signed in. */
    async enrol(input: DeskEnrolInput): Promise<DeskResult<DeskSession>> {
      const at = now();
      const tokenHash = sha256(input.enrol_token);
      const pending = await repository.byEnrolment(tokenHash, at);
      if (!pending) return refuse(410, DESK_ERROR_KEYS.enrolExpired);
      // Wrong codes count against the login as wrong passwords do.
      const claim = await throttle.claim(deskLoginKey(pending.email), at);
      if (!claim.allowed) return refuse(429, DESK_ERROR_KEYS.tooManyAttempts, { params: { seconds: claim.retryAfterSeconds } });
      const outcome = await db.transaction(async (tx) => {
        const member = await repository.lockEnrolment(tx, tokenHash, at);
        if (!member?.totpPendingSecret) return 'expired' as const;
        const step = totpMatch(member.totpPendingSecret, input.code, at);
        if (step === null) return 'code' as const;
        await repository.confirmEnrolment(tx, member.id, member.totpPendingSecret, step, at);
        await audit(tx, { staff: member, action: 'totp_enrolled', at });
        return openSession(tx, member, at);
      });
      if (outcome === 'expired') return refuse(410, DESK_ERROR_KEYS.enrolExpired);
      if (outcome === 'code') return refuse(401, DESK_ERROR_KEYS.code, { field: 'code' });
      await throttle.succeeded(deskLoginKey(pending.email));
      return { ok: true, data: outcome };
    },

    /**
     * The password, then the code of the member's authenticator (a code whose time-step is not later than the last
     * accepted one is refused: each code signs in once). A wrong password and an unknown e-mail get the same answer
     * after the same work; each try is claimed from the login's back-off before the password is hashed. A login whose
     * authenticator is not enrolled yet gets a new enrolment instead of a session.
     */
    async login(input: DeskLoginInput): Promise<DeskResult<DeskLoginResult>> {
      const at = now();
      const claim = await throttle.claim(deskLoginKey(input.email), at);
      if (!claim.allowed) return refuse(429, DESK_ERROR_KEYS.tooManyAttempts, { params: { seconds: claim.retryAfterSeconds } });
      const member = await repository.byEmail(db, input.email);
      const hash = member?.passwordHash || (await dummyPasswordHash());
      const passwordOk = (await verifyPassword(input.password, hash)) && Boolean(member?.passwordHash);
      if (!member || !passwordOk) {
        await failedSignIn({ id: member?.id ?? null, email: input.email }, 'password', at);
        return refuse(401, DESK_ERROR_KEYS.loginFailed);
      }
      if (!member.totpSecret) {
        const pending = newEnrolment(at);
        await repository.startEnrolment(db, member.id, stored(pending));
        await throttle.succeeded(deskLoginKey(input.email));
        return { ok: true, data: { session: null, enrolment: enrolmentOf(member.email, pending) } };
      }
      if (!input.code) return refuse(401, DESK_ERROR_KEYS.codeRequired, { field: 'code' });
      const step = totpMatch(member.totpSecret, input.code, at);
      const session =
        step === null
          ? null
          : await db.transaction(async (tx) =>
              (await repository.claimStep(tx, member.id, step)) ? openSession(tx, member, at) : null,
            );
      if (!session) {
        await failedSignIn(member, step === null ? 'code' : 'code_used', at);
        return refuse(401, DESK_ERROR_KEYS.code, { field: 'code' });
      }
      await throttle.succeeded(deskLoginKey(input.email));
      return { ok: true, data: { session, enrolment: null } };
    },

    /** The session of `token` ends on the server, with its audit entry. */
    async logout(actor: DeskActor, token: string): Promise<boolean> {
      const at = now();
      return db.transaction(async (tx) => {
        const ended = await repository.revokeSession(tx, sha256(token), at);
        if (ended) await audit(tx, { staff: actor, action: 'sign_out', at });
        return ended;
      });
    },

    /** The member of a live session (not ended, at most DESK_SESSION_HOURS old), else null. */
    async memberForToken(token: string | undefined): Promise<DeskActor | null> {
      if (!token) return null;
      const row = await repository.staffBySession(sha256(token), new Date(now().getTime() - DESK_SESSION_HOURS * HOUR_MS));
      return row ? actorOf(row) : null;
    },

    auditPage: (query: DeskAuditQuery) => auditPage(db, query),
  };
}

export type DeskService = ReturnType<typeof createDeskService>;
