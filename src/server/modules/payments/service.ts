// The rules of online payment (spec 4, 7): who may start a payment, what a gateway's callback changes (the
// only thing that changes a payment), what the browser's return and the status check answer, and the
// payment window after which a processing ticket times out.
import { randomBytes } from 'node:crypto';
import { ERROR_KEYS } from '../../../shared/contract/envelope';
import { BOOKING_ERROR_KEYS, sentPayMethod } from '../../../shared/contract/booking';
import { payMethodFee } from '../../../shared/domain/fare-total';
import {
  ABANDONED_RESPONSE_CODE,
  IPN_CODES,
  PAY_METHODS,
  PAYMENT_ERROR_KEYS,
  PAYMENT_WINDOW_MINUTES,
  TRANSACTION_STATUS,
  type IpnAnswer,
  type OnlinePayMethod,
  type PaymentAttempt,
  type PaymentGateway,
  type PaymentStatus,
  type TransactionStatusId,
} from '../../../shared/contract/payments';
import { attemptOf } from '../../../shared/domain/payment-attempt';
import { windowOfMethod, type PaymentWindows } from '../../../shared/domain/payment-window';
import type { VietQrAccount } from '../../../shared/domain/vietqr';
import { isLang, type Lang } from '../../../shared/domain/route-table';
import type { PaymentGatewayAdapter, VerifiedCallback } from '../../adapters/payments/types';
import type { Logger } from '../../http/errors';
import { refuse, type Refusal } from '../../http/refusal';
import type { PaypalFlow } from './paypal-flow';
import { createRefusals, type Refusals } from './refusals';
import type { PaymentsRepository, TicketForPayment } from './repository';

export interface PaymentGateways {
  /** Pay method 8: VNPay when configured, else the sandbox; null when neither is enabled. */
  online: PaymentGatewayAdapter | null;
  /** Pay method 4 (PayPal-style): the PayPal-style sandbox; null when disabled or when PayPal itself is configured. */
  paypal: PaymentGatewayAdapter | null;
  /** PayPal's Orders v2 (PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET): takes pay method 4 when set. */
  paypalApi?: PaypalFlow | null;
}

/** What a verified callback did to a business credit top-up (the leads module settles those). */
export type TopUpOutcome = 'paid' | 'failed' | 'duplicate' | 'not_found' | 'amount_mismatch';

/**
 * Orders that are not tickets but are paid through the same gateways and the same callback routes (a gateway has
 * one IPN address): the business partners' credit top-ups, told apart by their reference.
 */
export interface TopUpOrders {
  owns(txnRef: string): boolean;
  /** Applies a verified result once (a repeat is 'duplicate'); checks the gateway and the amount itself. */
  settle(gateway: PaymentGateway, verified: VerifiedCallback): Promise<TopUpOutcome>;
}

const TOP_UP_ANSWERS: Record<TopUpOutcome, IpnAnswer> = {
  paid: IPN_CODES.confirmed,
  failed: IPN_CODES.confirmed,
  duplicate: IPN_CODES.alreadyConfirmed,
  not_found: IPN_CODES.orderNotFound,
  amount_mismatch: IPN_CODES.invalidAmount,
};

export interface PaymentsServiceOptions {
  repository: PaymentsRepository;
  gateways: PaymentGateways;
  /** spec 4, 9: the customer's payment window in minutes (the setting payment_window_minutes). */
  windowMinutes: () => Promise<number>;
  log: Logger;
  /** Told when a callback moved the ticket to paid or failed; must not throw (it is not awaited). */
  onResult?: (ticketId: number, paid: boolean) => void;
  /** spec 9: the PayPal-style fee percent (the configured paypal_fee_percent), for a change of method. */
  paypalFeePercent?: () => Promise<number>;
  /** The business credit top-ups' callbacks (absent: every callback is a ticket payment's). */
  topUps?: TopUpOrders;
  /** A bank transfer's window in minutes (the setting transfer_window_minutes); default: a card's. */
  transferWindowMinutes?: () => Promise<number>;
  /** The VietQR receiving account; null (the default) while none is configured: no transfer is offered. */
  transferAccount?: () => Promise<VietQrAccount | null>;
  /** The booking module's: the methods a promotion code is limited to ([] for any), null for an unknown code. */
  promotionPayMethods?: (code: string) => Promise<number[] | null>;
  /** Where refused callbacks go (bounded, per-address limited); default: the hourly cap alone. */
  refusals?: Refusals;
}

/** A callback's answer; `limited`: the caller's address is over its refused-callback limit (answered 429). */
export type CallbackAnswer = IpnAnswer & { limited?: boolean };

export type ServiceError = Refusal<400 | 404 | 409 | 503> & { ticketCode?: string };

export interface StartPayment {
  ticketId: number;
  payMethod: OnlinePayMethod;
  chargeTypeId: number;
  /** A same-origin path (the contract refuses anything else). */
  urlReturn: string;
  /** The page's language; the gateway follows the ticket's own and this only when that is unknown. */
  lang: Lang;
}

/**
 * spec 8: why a ticket cannot be paid, by its transaction status. A failed (3) or timed-out (99) payment is not a
 * closed ticket: a new attempt on the same ticket reopens it while the departure is ahead.
 */
const CLOSED: Record<number, string> = {
  [TRANSACTION_STATUS.success]: PAYMENT_ERROR_KEYS.alreadyPaid,
  [TRANSACTION_STATUS.cancel]: PAYMENT_ERROR_KEYS.alreadyCancelled,
};

/** The response code an attempt is closed with when the browser said it came back from the gateway with Back. */
export const BROWSER_BACK_CODE = 'browser_back';

/** Tickets one statement of the window sweep times out at most (a backlog is worked through in several). */
const SWEEP_BATCH = 500;

/** VNPay's vnp_TxnRef: letters and digits, unique: the time and 10 random hex digits (no ticket id). */
function newTxnRef(): string {
  return `T${Date.now().toString(36)}${randomBytes(5).toString('hex')}`.toUpperCase();
}

/** The app's page the gateway sends the browser back to, with the ticket code so that the page can ask about it. */
export function returnUrlFor(origin: string, urlReturn: string, ticketCode: string): string {
  const url = new URL(urlReturn, origin);
  if (!url.searchParams.has('ticket_code')) url.searchParams.set('ticket_code', ticketCode);
  return url.toString();
}

export function createPaymentsService({
  repository,
  gateways,
  windowMinutes,
  log,
  onResult,
  topUps,
  paypalFeePercent = async () => 5,
  transferWindowMinutes,
  transferAccount = async () => null,
  promotionPayMethods = async () => null,
  refusals = createRefusals(repository, null),
}: PaymentsServiceOptions) {
  const all = [gateways.online, gateways.paypal].filter((g): g is PaymentGatewayAdapter => g !== null);
  const byName = (name: PaymentGateway) => all.find((gateway) => gateway.name === name) ?? null;

  const window = async () => {
    const minutes = await windowMinutes();
    return Number.isInteger(minutes) && minutes >= 0 ? minutes : PAYMENT_WINDOW_MINUTES;
  };
  /** Both windows: a card's, and a bank transfer's. */
  const windows = async (): Promise<PaymentWindows> => {
    const card = await window();
    const transfer = transferWindowMinutes ? await transferWindowMinutes() : card;
    return { card, transfer: Number.isInteger(transfer) && transfer >= 0 ? transfer : card };
  };

  /** The answer about a ticket's payment: its status, its latest attempt and when that attempt's window closes. */
  function statusFrom(
    ticket: TicketForPayment,
    transactionStatusId: number,
    startedAt: Date | null,
    windowsNow: PaymentWindows,
    attempt: PaymentAttempt,
  ): PaymentStatus {
    const windowMinutes = windowOfMethod(windowsNow, ticket.payMethodId);
    return {
      ticket_code: ticket.code,
      transaction_status_id: transactionStatusId as TransactionStatusId,
      expires_at: startedAt ? new Date(startedAt.getTime() + windowMinutes * 60_000).toISOString() : null,
      // A ticket that timed out with its attempt still pending: the window closed with no answer.
      attempt: attempt === 'pending' && transactionStatusId === TRANSACTION_STATUS.timeout ? 'expired' : attempt,
      pay_method_id: ticket.payMethodId,
      total_cost: ticket.totalCost,
    };
  }

  async function statusOf(ticketId: number): Promise<PaymentStatus | null> {
    const minutes = await windows();
    const state = await repository.pollState(ticketId, minutes);
    if (!state) return null;
    const { ticket, startedAt, expired, latest } = state;
    return statusFrom(ticket, ticket.transactionStatusId, startedAt, minutes, attemptOf(latest, expired));
  }

  /**
   * Gives back the money of a payment that arrived after its ticket changed its method, through its gateway (once,
   * by the gateway's own books), and marks the payment refunded. A refund the gateway refuses leaves it marked for the
   * operator, as does a gateway with no refund call here (VNPay). Answers whether it was refunded.
   */
  async function refundLate(
    gateway: PaymentGatewayAdapter,
    payment: { id: number; txnRef: string; amount: number },
    gatewayTxnNo: string,
  ): Promise<boolean> {
    if (!gateway.refund) return false;
    const refund = await gateway
      .refund({ txnRef: payment.txnRef, gatewayTxnNo, amount: payment.amount })
      .catch((error: unknown) => ({ status: 'failed' as const, refundId: null, detail: String(error) }));
    if (refund.status !== 'refunded') {
      log.error('refund failed: refund due', { txn_ref: payment.txnRef, gateway: gateway.name, detail: refund.detail });
      return false;
    }
    await repository.markRefunded(payment.id);
    log.info('payment after a change of method refunded', { txn_ref: payment.txnRef, refund_id: refund.refundId ?? '' });
    return true;
  }

  return {
    /** spec 7 pay_online_request / paypal_request: a new payment attempt and the gateway URL to send the browser to. */
    async start(
      input: StartPayment,
      origin: string,
      ipAddr: string,
    ): Promise<{ ok: true; url: URL; expiresAt: Date; txnRef: string } | ServiceError> {
      // A bank transfer has no gateway to go to: its "payment page" is the app's own, which draws the code;
      // PayPal's Orders API, when it is configured, takes the PayPal method.
      const transfer = input.payMethod === PAY_METHODS.vietqr;
      const paypalApi = input.payMethod === PAY_METHODS.paypalSent ? (gateways.paypalApi ?? null) : null;
      const gateway =
        transfer || paypalApi ? null : input.payMethod === PAY_METHODS.paypalSent ? gateways.paypal : gateways.online;
      if (transfer ? !(await transferAccount()) : !gateway && !paypalApi) return refuse(503, PAYMENT_ERROR_KEYS.unavailable);
      const ticket = await repository.ticketById(input.ticketId);
      if (!ticket) return refuse(404, ERROR_KEYS.notFound);
      const fail = (status: 400 | 409 | 503, message: string): ServiceError => ({
        ...refuse(status, message),
        ticketCode: ticket.code,
      });
      const cardTicket = ticket.payMethodId === PAY_METHODS.online || ticket.payMethodId === PAY_METHODS.paypalSent;
      // A transfer ticket is paid by transfer only, and a transfer only pays a transfer ticket.
      if (transfer ? ticket.payMethodId !== PAY_METHODS.vietqr : !cardTicket) return fail(409, PAYMENT_ERROR_KEYS.notOnline);
      const minutes = await windows();
      // A ticket whose window has passed times out first (spec 4).
      const timedOut = await repository.timeOutIfExpired(ticket.id, minutes);
      const status = timedOut ? TRANSACTION_STATUS.timeout : ticket.transactionStatusId;
      const closed = CLOSED[status];
      if (closed) return fail(409, closed);
      // spec 4, 8: 'Session timed out' once the departure has passed.
      if (ticket.departAt.getTime() <= Date.now()) return fail(409, PAYMENT_ERROR_KEYS.sessionTimedOut);
      if (!Number.isSafeInteger(ticket.totalCost) || ticket.totalCost <= 0) return fail(409, PAYMENT_ERROR_KEYS.nothingToPay);
      // The gateway page speaks the language the ticket was booked in (vnp_Locale vn/en, the sandbox page).
      const locale: Lang = isLang(ticket.lang) ? ticket.lang : input.lang;
      // Paying again after a decline (3) or a time-out (99) reopens the same ticket for this attempt, in the
      // attempt's own transaction (the window sweep never sees the ticket reopened without it).
      const payment = await repository.createPayment(
        {
          ticketId: ticket.id,
          gateway: gateway ? gateway.name : transfer ? 'vietqr' : 'paypal',
          payMethodId: input.payMethod,
          chargeTypeId: input.chargeTypeId,
          txnRef: newTxnRef(),
          amount: ticket.totalCost,
          locale,
          windowMinutes: windowOfMethod(minutes, input.payMethod),
          // PayPal has no VND; the attempt keeps the USD it charges beside the VND total.
          ...(paypalApi ? await paypalApi.amounts(ticket.totalCost) : {}),
        },
        status === TRANSACTION_STATUS.processing ? undefined : status,
      );
      if (!payment) {
        const now = (await repository.ticketById(ticket.id))?.transactionStatusId ?? status;
        return fail(409, CLOSED[now] ?? PAYMENT_ERROR_KEYS.failed);
      }
      const returnUrl = returnUrlFor(origin, input.urlReturn, ticket.code);
      if (transfer) {
        // The transfer's attempt is open (its window runs from now); the app's payment page shows the code and waits.
        log.info('transfer awaited', { ticket_id: ticket.id, txn_ref: payment.txnRef });
        return { ok: true, url: new URL(returnUrl), expiresAt: payment.expiresAt, txnRef: payment.txnRef };
      }
      if (!gateway) {
        const approve = await paypalApi?.open(payment, ticket.code, returnUrl, locale);
        if (!approve) return fail(503, PAYMENT_ERROR_KEYS.lostConnection);
        log.info('payment started', { ticket_id: ticket.id, txn_ref: payment.txnRef, gateway: 'paypal' });
        return { ok: true, url: approve, expiresAt: payment.expiresAt, txnRef: payment.txnRef };
      }
      const url = await gateway.buildPaymentUrl(
        {
          txnRef: payment.txnRef,
          amount: payment.amount,
          ticketCode: ticket.code,
          createdAt: payment.createdAt,
          expiresAt: payment.expiresAt,
        },
        returnUrl,
        ipAddr,
        locale,
      );
      log.info('payment started', { ticket_id: ticket.id, txn_ref: payment.txnRef, gateway: gateway.name });
      return { ok: true, url, expiresAt: payment.expiresAt, txnRef: payment.txnRef };
    },

    /**
     * A gateway's server-to-server callback: verify, find, check the amount, apply once, and record it, whatever
     * it was. The answer follows VNPay's IPN protocol; the sandbox gateways read it the same way.
     */
    async callback(name: PaymentGateway, params: Record<string, string>, address = ''): Promise<CallbackAnswer> {
      const gateway = byName(name);
      if (!gateway) return IPN_CODES.unknownError;
      const verified = await gateway.verifyCallback(params);
      // A plain copy: query objects have no prototype, which the JSON column's writer does not expect.
      const event = { gateway: name, txnRef: verified.txnRef.slice(0, 200), params: { ...params }, signatureOk: verified.ok };
      /** A refusal: recorded small (refusals), and 429 for an address over its limit. */
      const refused = async (answer: IpnAnswer, detail: string, paymentId: number | null = null): Promise<CallbackAnswer> =>
        (await refusals.record({ ...event, paymentId, detail, rspCode: answer.RspCode }, address))
          ? answer
          : { ...answer, limited: true };
      if (!verified.ok) return refused(IPN_CODES.invalidSignature, 'bad_signature');
      if (topUps?.owns(verified.txnRef)) {
        const outcome = await topUps.settle(name, verified);
        const answer = TOP_UP_ANSWERS[outcome];
        if (outcome === 'not_found' || outcome === 'amount_mismatch') return refused(answer, `top_up_${outcome}`);
        await repository.recordEvent({
          ...event,
          paymentId: null,
          result: outcome === 'duplicate' ? 'duplicate' : 'applied',
          detail: `top_up_${outcome}`,
          rspCode: answer.RspCode,
        });
        return answer;
      }
      const payment = await repository.paymentByTxnRef(verified.txnRef);
      if (!payment || payment.gateway !== name) return refused(IPN_CODES.orderNotFound, 'not_found');
      if (verified.amount !== payment.amount) return refused(IPN_CODES.invalidAmount, 'amount_mismatch', payment.id);
      // Only a result that moved the ticket is a confirmation; a repeat, or money that arrived after the ticket was
      // closed (recorded for a refund), is answered as an order already settled, so the gateway stops retrying.
      const answerFor = (outcome: string) =>
        outcome === 'paid' || outcome === 'failed' ? IPN_CODES.confirmed : IPN_CODES.alreadyConfirmed;
      // The event is written in the payment's own transaction (a crash cannot keep one without the other).
      const outcome = await repository.applyResult(payment, verified, (applied) => ({
        ...event,
        paymentId: payment.id,
        result: applied === 'duplicate' ? 'duplicate' : 'applied',
        detail: applied,
        rspCode: answerFor(applied).RspCode,
      }));
      const answer = answerFor(outcome);
      if (outcome === 'paid' || outcome === 'failed') onResult?.(payment.ticketId, outcome === 'paid');
      // A payment that arrives after its ticket changed its method never pays the ticket: its money goes back at once
      // where the gateway refunds through this server (the sandboxes, from their own books); VNPay has no refund call
      // here, so its payment, like one that arrives after the ticket closed, is kept marked for the operator's refund.
      if (outcome === 'paid_after_change' && (await refundLate(gateway, payment, verified.gatewayTxnNo))) return answer;
      if (outcome.startsWith('paid_'))
        log.error('payment received for a closed ticket: refund due', { txn_ref: payment.txnRef, outcome });
      return answer;
    },

    /** spec 7 pay_online_response: the browser's return, verified; it reports, it never changes state. */
    async returned(
      ticketCode: string,
      params: Record<string, string>,
    ): Promise<{ ok: true; status: PaymentStatus } | ServiceError> {
      // PayPal's return is not signed: its order is captured here (the capture is PayPal's word on it).
      if (gateways.paypalApi?.recognises(params)) {
        const ticket = await repository.ticketByCode(ticketCode);
        if (!ticket) return refuse(404, ERROR_KEYS.notFound);
        const done = await gateways.paypalApi.returned(ticket.id, params);
        if (done === 'not_found') return refuse(404, ERROR_KEYS.notFound);
        if (done === 'mismatch') return refuse(400, PAYMENT_ERROR_KEYS.badSignature);
        const status = await statusOf(ticket.id);
        return status ? { ok: true, status } : refuse(404, ERROR_KEYS.notFound);
      }
      const gateway = all.find((candidate) => candidate.recognises(params));
      if (!gateway) return refuse(400, PAYMENT_ERROR_KEYS.badSignature);
      const verified = await gateway.verifyCallback(params);
      if (!verified.ok) return refuse(400, PAYMENT_ERROR_KEYS.badSignature);
      const [payment, ticket] = await Promise.all([
        repository.paymentByTxnRef(verified.txnRef),
        repository.ticketByCode(ticketCode),
      ]);
      if (!payment || !ticket || payment.ticketId !== ticket.id) return refuse(404, ERROR_KEYS.notFound);
      if (verified.amount !== payment.amount) return refuse(400, PAYMENT_ERROR_KEYS.amountMismatch);
      // The gateway signed that the passenger went back without paying: that attempt is over, at once
      // (no callback follows a "go back"), so the page says "not paid" instead of waiting out the window.
      if (!verified.success && verified.responseCode === ABANDONED_RESPONSE_CODE)
        await repository.markAbandoned(payment.id, verified.responseCode, verified.gatewayTxnNo);
      const status = await statusOf(ticket.id);
      if (!status) return refuse(404, ERROR_KEYS.notFound);
      return { ok: true, status };
    },

    /** spec 7 check_status: the ticket's transaction status, after applying the payment window (spec 4, 9). */
    async check(ticketId: number): Promise<{ ok: true; status: PaymentStatus } | ServiceError> {
      const minutes = await windows();
      const state = await repository.pollState(ticketId, minutes);
      if (!state) return refuse(404, ERROR_KEYS.notFound);
      const { ticket, startedAt, expired, latest } = state;
      let status = ticket.transactionStatusId;
      // Polled by every waiting browser (the bench: 500 clients): one read, and a write only once the window is
      // over. The time-out is a compare-and-set; when it loses, another request moved the ticket: read it again.
      if (status === TRANSACTION_STATUS.processing && expired && ticket.payMethodId !== PAY_METHODS.postpaid) {
        if (await repository.timeOutIfExpired(ticket.id, minutes)) status = TRANSACTION_STATUS.timeout;
        else status = (await repository.ticketById(ticketId))?.transactionStatusId ?? status;
      }
      return { ok: true, status: statusFrom(ticket, status, startedAt, minutes, attemptOf(latest, expired)) };
    },

    /**
     * The browser came back from the gateway with its own Back button (no signed return): the attempt it left for is
     * over, as the gateway's own back button says with its signed return, so the page says "not paid" at once. Only an
     * attempt still pending is closed (one that was paid stays paid, and a payment of it that arrives later is still
     * applied: repository.applyResult). A bank transfer's attempt is not ended so: the passenger may be sending it
     * from the bank's app. `ticketId` is the ticket the call proved; the attempt must be its own.
     */
    async abandon(ticketId: number, txnRef: string): Promise<{ ok: true; status: PaymentStatus } | ServiceError> {
      const payment = await repository.paymentByTxnRef(txnRef);
      if (!payment || payment.ticketId !== ticketId) return refuse(404, ERROR_KEYS.notFound);
      // A window that has passed closed the attempt first: the page says "timed out", not "went back".
      const current = await this.check(ticketId);
      if (!current.ok || current.status.transaction_status_id !== TRANSACTION_STATUS.processing) return current;
      if (payment.gateway !== 'vietqr' && (await repository.markAbandoned(payment.id, BROWSER_BACK_CODE, '')))
        log.info('payment abandoned by the browser', { ticket_id: ticketId, txn_ref: payment.txnRef });
      const status = await statusOf(ticketId);
      return status ? { ok: true, status } : refuse(404, ERROR_KEYS.notFound);
    },

    /**
     * spec 4, 9: the server's own keeping of the payment window: every ticket whose window has passed times out, with
     * no page open. Answers the tickets it timed out (each by this sweep alone, whatever other servers sweep).
     */
    async sweep(at: Date | null = null): Promise<number[]> {
      const minutes = await windows();
      const timedOut: number[] = [];
      for (;;) {
        const batch = await repository.timeOutExpired(minutes, at, SWEEP_BATCH);
        timedOut.push(...batch);
        if (batch.length < SWEEP_BATCH) return timedOut;
      }
    },

    /**
     * A ticket not paid changes its method: to cash later (3; done for a day booking, awaiting the partner
     * for a night one), or between card and PayPal-style (the 5% fee added or taken off; awaiting payment). Refused
     * once it is paid or cancelled, past its departure, and where its promotion code needs another method.
     */
    async changeMethod(ticketId: number, chosen: number): Promise<{ ok: true; status: PaymentStatus } | ServiceError> {
      const target = sentPayMethod(chosen);
      const ticket = await repository.methodState(ticketId);
      if (!ticket) return refuse(404, ERROR_KEYS.notFound);
      if (target === ticket.payMethodId) return refuse(409, PAYMENT_ERROR_KEYS.methodUnchangeable);
      // A cash booking that is done stays as it is (a business's credit may pay it); cancel and book again instead.
      if (ticket.payMethodId === PAY_METHODS.postpaid && ticket.transactionStatusId === TRANSACTION_STATUS.success)
        return refuse(409, PAYMENT_ERROR_KEYS.methodUnchangeable);
      const closed = CLOSED[ticket.transactionStatusId];
      if (closed) return refuse(409, closed);
      if (ticket.departAt.getTime() <= Date.now()) return refuse(409, PAYMENT_ERROR_KEYS.sessionTimedOut);
      if (target === PAY_METHODS.online && !gateways.online) return refuse(503, PAYMENT_ERROR_KEYS.unavailable);
      if (target === PAY_METHODS.paypalSent && !gateways.paypal && !gateways.paypalApi)
        return refuse(503, PAYMENT_ERROR_KEYS.unavailable);
      if (target === PAY_METHODS.vietqr && !(await transferAccount())) return refuse(503, PAYMENT_ERROR_KEYS.unavailable);
      const methods = (ticket.promotionCode ? await promotionPayMethods(ticket.promotionCode) : null) ?? [];
      if (ticket.promotionCode && methods.length > 0 && !methods.includes(target))
        return refuse(409, BOOKING_ERROR_KEYS.promotionPayMethod);
      const beforeFee = ticket.totalCost - ticket.paypalFee;
      const fee = target === PAY_METHODS.paypalSent ? payMethodFee(beforeFee, await paypalFeePercent()) : 0;
      // Cash later needs no payment: a day booking is done, a night one still waits for its partner (spec 4).
      const awaiting = target !== PAY_METHODS.postpaid || (ticket.isNightBooking && ticket.nightStatus !== 'accepted');
      const changed = await repository.changeMethod(
        ticketId,
        { payMethodId: ticket.payMethodId, transactionStatusId: ticket.transactionStatusId },
        {
          payMethodId: target,
          paypalFee: fee,
          totalCost: beforeFee + fee,
          transactionStatusId: awaiting ? TRANSACTION_STATUS.processing : TRANSACTION_STATUS.success,
        },
      );
      if (!changed) return refuse(409, BOOKING_ERROR_KEYS.stateChanged);
      log.info('payment method changed', { ticket_id: ticketId, from: ticket.payMethodId, to: target });
      const status = await statusOf(ticketId);
      return status ? { ok: true, status } : refuse(404, ERROR_KEYS.notFound);
    },

    gateway: byName,

    /** PayPal's webhook (404 when PayPal or its webhook id is not configured). */
    paypalWebhook: (rawBody: string, headers: Headers, address = '') =>
      gateways.paypalApi
        ? gateways.paypalApi.webhook(rawBody, headers, address)
        : Promise.resolve({ status: 404 as const, result: 'not_configured' }),

    /** Both payment windows now (the bank transfers' desk reads them). */
    windows,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
