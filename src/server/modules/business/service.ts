// The business partner's credit account (spec 1): approved at once from its lead (account, generated password
// e-mailed through the mail adapter), its login (e-mail and password, backed off per name), the credit ledger, the
// top-ups paid through the card gateway (credited by its verified callback, which the payments module hands over)
// and the postpaid tickets paid from the credit.
import { randomBytes, randomInt } from 'node:crypto';
import {
  BUSINESS_LOGIN_MAIL_MINUTES,
  TOP_UP_REF_PREFIX,
  TOP_UP_WINDOW_MINUTES,
  type CreditEntryKind,
  type TopUpState,
} from '../../../shared/contract/business';
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { LEAD_ERROR_KEYS } from '../../../shared/contract/leads';
import type { PaymentGateway } from '../../../shared/contract/payments';
import { pathFor, type Lang } from '../../../shared/domain/route-table';
import type { Mailer } from '../../adapters/messaging/types';
import type { PaymentGatewayAdapter, VerifiedCallback } from '../../adapters/payments/types';
import type { Logger } from '../../http/errors';
import type { LoginThrottle } from '../../http/login-throttle';
import { refuse } from '../../http/refusal';
import { dummyPasswordHash, hashPassword, newSecretToken, sha256, verifyPassword } from '../../security/crypto';
import type { TopUpOrders, TopUpOutcome } from '../payments/service';
import { businessExistsMail, businessLoginMail } from './mail';
import type { BusinessAccount, BusinessRepository, CreditEntry, TopUpRow } from './repository';
import { BUSINESS_ERROR_KEYS } from '../../../shared/contract/business';

const HOUR_MS = 60 * 60 * 1000;
/** A business session lasts one working day, 12 hours from its login. */
export const BUSINESS_SESSION_HOURS = 12;
/** The throttle's login name of a business e-mail (known or not). */
export const businessLoginKey = (email: string) => `business:${email.toLowerCase()}`;
/** The postpaid pay method (spec 4): the only tickets a business pays from credit afterwards. */
const POSTPAID = 3;

const PASSWORD_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
/** A generated login password: 12 characters without look-alikes (about 70 bits). */
export const newBusinessPassword = (): string =>
  Array.from({ length: 12 }, () => PASSWORD_ALPHABET[randomInt(0, PASSWORD_ALPHABET.length)]).join('');

/** A top-up's gateway reference (VNPay's vnp_TxnRef: letters and digits): the prefix, the account, time, randomness. */
const newTopUpRef = (accountId: number): string =>
  `${TOP_UP_REF_PREFIX}${accountId}T${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();

/** Where the gateway sends the browser back: the business account screen, in the top-up's language. */
export function topUpReturnUrl(origin: string, lang: Lang, ref: string): string {
  const url = new URL(pathFor('business-account', lang), origin);
  url.searchParams.set('top_up', ref);
  return url.toString();
}

export interface BusinessServiceDeps {
  repository: BusinessRepository;
  mailer: Mailer;
  log: Logger;
  now: () => Date;
  /** The card gateway top-ups are paid through (the payments module's online gateway); null: none configured. */
  topUpGateway: PaymentGatewayAdapter | null;
  /** The failed-login back-off shared by every login (http/login-throttle.ts). */
  throttle: LoginThrottle;
}

/** A business lead's registration (the leads module's form): the account to open and e-mail the login to. */
export interface BusinessRegistration {
  leadId: number;
  email: string;
  companyName: string;
  contactName: string;
  phone: string;
  lang: string;
  createdAt: Date;
}

export function createBusinessService(deps: BusinessServiceDeps) {
  const { repository, mailer, log, now } = deps;

  async function sendLogin(account: BusinessAccount, password: string, lang: string): Promise<boolean> {
    const mail = businessLoginMail({
      lang,
      contactName: account.contactName,
      companyName: account.companyName,
      email: account.email,
      password,
    });
    try {
      await mailer.send(account.email, mail.subject, mail.text);
      await repository.markLoginSent(account.id, now());
      return true;
    } catch (error) {
      log.error('business login e-mail failed', { account: account.id, error: String(error) });
      return false;
    }
  }

  async function topUpState(topUp: TopUpRow, accountId: number): Promise<TopUpState> {
    const expired = topUp.status === 'pending' && topUp.expiresAt.getTime() <= now().getTime();
    return {
      ref: topUp.txnRef,
      amount: topUp.amount,
      status: expired ? 'expired' : (topUp.status as TopUpState['status']),
      credit_balance: await repository.balance(accountId),
    };
  }

  const entryView = (entry: CreditEntry, ticketCode: string | null) => ({
    id: entry.id,
    kind: entry.kind as CreditEntryKind,
    amount: entry.amount,
    balance_after: entry.balanceAfter,
    ticket_code: ticketCode,
    created_at: entry.createdAt.toISOString(),
  });

  return {
    /**
     * spec 1: a business partner is approved at once (no operator screen exists yet) and its login is e-mailed
     * before the answer. True when the login (or, for a known e-mail, a notice) went out.
     */
    async register({ leadId, email, companyName, contactName, phone, lang, createdAt }: BusinessRegistration): Promise<boolean> {
      const password = newBusinessPassword();
      const account = await repository.createAccount({
        leadId,
        email,
        companyName,
        contactName,
        phone,
        passwordHash: await hashPassword(password),
        createdAt,
      });
      if (account) return sendLogin(account, password, lang);
      // The e-mail has an account already: the same answer (existence is not revealed), a notice by e-mail.
      const notice = businessExistsMail({ lang, contactName, email });
      void mailer.send(email, notice.subject, notice.text).catch((error: unknown) => {
        log.error('business notice e-mail failed', { lead: leadId, error: String(error) });
      });
      return true;
    },

    async businessLogin(email: string, password: string) {
      // Each try is claimed from the e-mail's back-off before the password is hashed, as the other logins are.
      const key = businessLoginKey(email);
      const claim = await deps.throttle.claim(key, now());
      if (!claim.allowed) return refuse(429, LEAD_ERROR_KEYS.tooMany, { params: { seconds: claim.retryAfterSeconds } });
      const account = await repository.accountByEmail(email.toLowerCase());
      // An unknown e-mail is checked against a dummy hash, so both answers take as long.
      const ok = await verifyPassword(password, account?.passwordHash ?? (await dummyPasswordHash()));
      if (!account || !ok) return refuse(401, BUSINESS_ERROR_KEYS.login);
      await deps.throttle.succeeded(key);
      const token = newSecretToken();
      await repository.createSession(account.id, sha256(token), new Date(now().getTime() + BUSINESS_SESSION_HOURS * HOUR_MS));
      return {
        ok: true as const,
        data: { token, company_name: account.companyName, credit_balance: account.creditBalance },
      };
    },

    async accountForToken(token: string | undefined): Promise<BusinessAccount | null> {
      if (!token) return null;
      return repository.accountForSession(sha256(token), now());
    },

    /** Sign-out: the token's session is deleted, so a copy of the token is refused from then on. */
    async logout(token: string | undefined): Promise<void> {
      if (token) await repository.deleteSession(sha256(token));
    },

    async credit(account: BusinessAccount) {
      const rows = await repository.creditEntries(account.id, 50);
      return {
        company_name: account.companyName,
        credit_balance: account.creditBalance,
        entries: rows.map((row) => entryView(row.entry, row.ticketCode)),
      };
    },

    /** A pending top-up and the gateway page to pay it on; nothing is credited before the gateway's callback. */
    async topUp(account: BusinessAccount, input: { amount: number; lang: Lang; origin: string; ipAddr: string }) {
      const gateway = deps.topUpGateway;
      if (!gateway) return refuse(503, BUSINESS_ERROR_KEYS.topUpUnavailable);
      const topUp = await repository.createTopUp({
        accountId: account.id,
        gateway: gateway.name,
        txnRef: newTopUpRef(account.id),
        amount: input.amount,
        locale: input.lang,
        windowMinutes: TOP_UP_WINDOW_MINUTES,
      });
      const url = await gateway.buildPaymentUrl(
        {
          txnRef: topUp.txnRef,
          amount: topUp.amount,
          ticketCode: topUp.txnRef,
          description: `Nạp tín dụng doanh nghiệp ${topUp.txnRef}`,
          createdAt: topUp.createdAt,
          expiresAt: topUp.expiresAt,
        },
        topUpReturnUrl(input.origin, input.lang, topUp.txnRef),
        input.ipAddr,
        input.lang,
      );
      log.info('credit top-up started', { account: account.id, txn_ref: topUp.txnRef, gateway: gateway.name });
      return { ok: true as const, data: { ref: topUp.txnRef, amount: topUp.amount, payment_url: url.toString() } };
    },

    /** The account's top-up as its callback left it (the browser's return never changes it). */
    async topUpStatus(account: BusinessAccount, ref: string) {
      const topUp = await repository.topUpByRef(ref.toUpperCase());
      if (!topUp || topUp.accountId !== account.id) return refuse(404, BUSINESS_ERROR_KEYS.topUpNotFound);
      return { ok: true as const, data: await topUpState(topUp, account.id) };
    },

    /** The payments module's callbacks for references it does not own. */
    topUpOrders: {
      owns: (txnRef: string) => txnRef.startsWith(TOP_UP_REF_PREFIX),
      async settle(gateway: PaymentGateway, verified: VerifiedCallback): Promise<TopUpOutcome> {
        const topUp = await repository.topUpByRef(verified.txnRef);
        if (!topUp || topUp.gateway !== gateway) return 'not_found';
        if (verified.amount !== topUp.amount) return 'amount_mismatch';
        if (!(await repository.settleTopUp(topUp.id, verified, now()))) return 'duplicate';
        log.info('credit top-up settled', { txn_ref: topUp.txnRef, paid: verified.success });
        return verified.success ? 'paid' : 'failed';
      },
    } satisfies TopUpOrders,

    /** Pays a postpaid, pending, future ticket (proven by the route, like get_ticket_info) from the credit, once. */
    async payOnCredit(account: BusinessAccount, ticketCode: string) {
      const ticket = await repository.ticketByCode(ticketCode);
      if (!ticket) return refuse(404, 'booking.errors.ticket_not_found');
      const payable =
        ticket.payMethodId === POSTPAID &&
        ticket.status === TICKET_STATUS.pending &&
        ticket.transactionStatusId !== TRANSACTION_STATUS.cancel &&
        ticket.departAt.getTime() > now().getTime();
      if (!payable) return refuse(409, BUSINESS_ERROR_KEYS.notPayable);
      // A night booking until its partner accepts: the night flow's cancellations do not return credit yet.
      if (ticket.isNightBooking && ticket.nightStatus !== 'accepted') return refuse(409, BUSINESS_ERROR_KEYS.creditNight);
      const move = await repository.payTicket(account.id, ticket.id, ticket.totalCost, now());
      if (!move.ok && move.reason === 'already_paid') return refuse(409, BUSINESS_ERROR_KEYS.alreadyPaid);
      if (!move.ok)
        return refuse(409, BUSINESS_ERROR_KEYS.creditInsufficient, {
          params: { balance: move.balance, amount: ticket.totalCost },
        });
      return { ok: true as const, data: { credit_balance: move.balance, entry: entryView(move.entry, ticket.code) } };
    },

    loginMailMinutes: BUSINESS_LOGIN_MAIL_MINUTES,
  };
}

export type BusinessService = ReturnType<typeof createBusinessService>;

// The credit a booking on credit takes, in the booking's own transaction.
export { debitCreditForTicket, type TicketCreditDebit } from './credit-debit';
