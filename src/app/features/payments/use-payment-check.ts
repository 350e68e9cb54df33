// The payment check: what happens when the payment gateway sends the passenger back (the payment-result route). The
// gateway's signed return is reported by the server at once: paid goes on to the success page; declined, abandoned or
// expired is "not paid" at once, with the ways on: pay again (a new attempt on the same ticket), pay another way (cash
// later, or the other online method) and cancel. A gateway that could not be reached says so, with the same ways on.
// The proof of every call is the ticket's key from this device's store: the pending booking the caller hands in.
import { useCallback, useEffect, useRef, useState } from 'react';
import { PAY_METHOD, PAYPAL_SENT_ID, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import {
  NOT_PAID_ATTEMPTS,
  PAYPAL_RETURN_PARAMS,
  type PaymentAttempt,
  type PaymentStatus,
} from '../../../shared/contract/payments';
import type { Lang } from '../../../shared/domain/route-table';
import { ApiError } from '../../lib/api-client';
import { paymentCalls } from './api';
import { leaveForGateway, paymentReturnPath, peekGatewayLeft, takeGatewayLeft } from './gateway';

/** Why the ticket is not paid: the latest attempt's end, the gateway unreachable, or no attempt yet. */
/** An action on the result page that got no answer: our connection was lost, nothing was sent. */
export const OFFLINE_ACTION = 'payments.result.offline_action';

export type NotPaidReason = 'declined' | 'abandoned' | 'expired' | 'unreachable' | 'unpaid';

export type PaymentResultState =
  | { status: 'checking' }
  /** Nothing on this device proves the ticket (another device, or its store was cleared). */
  | { status: 'noProof' }
  | { status: 'notPaid'; reason: NotPaidReason; payment: PaymentStatus | null; error?: string; busy?: NotPaidAction }
  /**
   * The attempt is still open at the gateway (its answer has not come): spec 2's "checking payment" with the time
   * left; the other ways on stay offered.
   */
  | { status: 'waiting'; payment: PaymentStatus; error?: string; busy?: NotPaidAction }
  | { status: 'cancelled' }
  | { status: 'done' };

export type NotPaidAction = 'pay' | 'cash' | 'switch' | 'cancel';

/** The method the passenger chose (3, 8 or 99) from the one a ticket is paid by (3, 8, or 4 for PayPal-style). */
export const chosenMethod = (sentId: number): number => (sentId === PAYPAL_SENT_ID ? PAY_METHOD.paypal : sentId);

const isNotPaid = (attempt: PaymentAttempt) => NOT_PAID_ATTEMPTS.includes(attempt);

/** PayPal's return: our reference and cancel mark, its order id (token) and payer id. */
const PAYPAL_PARAMS: readonly string[] = Object.values(PAYPAL_RETURN_PARAMS);

/**
 * The gateway's own parameters of a return (VNPay's vnp_…, the sandbox's sb_…, PayPal's), exactly as they came in
 * the query string: the router's parsed search would turn "240000" into a number, and the signature is over the text.
 */
export function gatewayParamsOf(query: string): Record<string, string> {
  const params = [...new URLSearchParams(query)];
  const paypal = params.some(([name]) => name === PAYPAL_RETURN_PARAMS.ref);
  return Object.fromEntries(
    params.filter(([name]) => name.startsWith('vnp_') || name.startsWith('sb_') || (paypal && PAYPAL_PARAMS.includes(name))),
  );
}

/** What a payment status means for the page: done, not paid (why), or still to wait for. */
export function outcomeOf(payment: PaymentStatus): 'done' | 'cancelled' | 'wait' | NotPaidReason {
  if (payment.transaction_status_id === TRANSACTION_STATUS.success || payment.attempt === 'paid') return 'done';
  if (payment.transaction_status_id === TRANSACTION_STATUS.cancel) return 'cancelled';
  if (isNotPaid(payment.attempt)) return payment.attempt as NotPaidReason;
  if (payment.transaction_status_id === TRANSACTION_STATUS.timeout) return 'expired';
  if (payment.attempt === 'none') return 'unpaid';
  return 'wait';
}

/** What proves the ticket on this device: its code and key, the passenger's contact, the attempt last left for. */
export interface PaymentProof {
  code: string;
  key: string;
  entry: { contact: string };
  attempt?: string;
}

export interface PaymentCheckOptions<P extends PaymentProof> {
  code: string;
  /** The page's query string as it came (window.location.search). */
  query: string;
  lang: Lang;
  /** This device's proof of the ticket `code` (its pending booking), or null. */
  proofOf(code: string): P | null;
  /** Keeps the attempt the browser is about to leave for with the proof (for the browser's Back from the gateway). */
  keepAttempt(code: string, ref: string): void;
  /** The booking is done (paid, or cash later): finish it and go to its success page. */
  onDone(proof: P): void;
  /** The passenger cancels the ticket (the cancellation flow of the ticket pages; answers once it is cancelled). */
  cancel(proof: P): Promise<void>;
}

/** How the page was reached: the gateway's return (its parameters), the gateway unreachable, or this tab's Back. */
interface Arrival {
  unreachable: boolean;
  params: Record<string, string>;
  /** This tab had gone to the gateway and came back without its return (the browser's Back). */
  back: boolean;
}

export function usePaymentCheck<P extends PaymentProof>({
  code,
  query,
  lang,
  proofOf,
  keepAttempt,
  onDone,
  cancel,
}: PaymentCheckOptions<P>) {
  const [pending, setPending] = useState(() => proofOf(code));
  const [state, setState] = useState<PaymentResultState>(() => (pending ? { status: 'checking' } : { status: 'noProof' }));
  // The return's parameters as the page opened with them; the tab's mark of a visit to the gateway is taken here.
  const [opened, setOpened] = useState<Arrival>(() => {
    const unreachable = new URLSearchParams(query).get('gateway') === 'unreachable';
    const params = gatewayParamsOf(query);
    const left = peekGatewayLeft();
    return { unreachable, params, back: left === code && !unreachable && Object.keys(params).length === 0 };
  });
  // Read once: a Back to the billing page from here has nothing to send on any more.
  useEffect(() => {
    takeGatewayLeft();
  }, []);

  // Back from the gateway to this page as it was left (the browser's back-forward cache): the same as a Back that loads
  // it again, the attempt left for is reported and its answer shown (not the buttons' "working" of before it left).
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted || takeGatewayLeft() !== code) return;
      setPending(proofOf(code));
      setState((current) => ('busy' in current && current.busy ? { ...current, busy: undefined } : current));
      setOpened({ unreachable: false, params: {}, back: true });
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [code, proofOf]);
  const done = useRef(onDone);
  useEffect(() => {
    done.current = onDone;
  }, [onDone]);

  const finish = useCallback(() => {
    if (!pending) return;
    setState({ status: 'done' });
    done.current(pending);
  }, [pending]);

  /** Shows what a status means; answers whether to keep asking. */
  const show = useCallback(
    (payment: PaymentStatus, reason?: NotPaidReason): boolean => {
      const outcome = outcomeOf(payment);
      if (outcome === 'done') finish();
      else if (outcome === 'cancelled') setState({ status: 'cancelled' });
      else if (outcome !== 'wait' || reason)
        setState({ status: 'notPaid', reason: reason ?? (outcome as NotPaidReason), payment });
      else {
        setState((current) => (current.status === 'waiting' && current.busy ? current : { status: 'waiting', payment }));
        return true;
      }
      return false;
    },
    [finish],
  );

  // The first answer: the gateway's signed return reported by the server; after the browser's Back from the gateway,
  // the attempt it had left for closed by the server (unless it was paid: the server decides); else the ticket's
  // status. A payment still pending (a gateway whose return came before its callback) is asked again every 3 s.
  useEffect(() => {
    if (!pending) return;
    let stopped = false;
    let stopPolling: (() => void) | null = null;
    const { unreachable, params, back } = opened;
    const poll = () => {
      stopPolling = startPaymentPolling({
        ask: () =>
          void paymentCalls
            .checkPayment(pending.code, pending.key)
            .then((answer) => {
              if (!stopped && !show(answer.data)) stopPolling?.();
            })
            .catch(() => {}),
        tick: () => {},
        intervalMs: 3000,
      });
    };
    const first =
      back && pending.attempt
        ? paymentCalls
            .abandonAttempt(pending.code, pending.key, pending.attempt)
            .catch(() => paymentCalls.checkPayment(pending.code, pending.key))
        : !unreachable && Object.keys(params).length > 0
          ? paymentCalls
              .paymentReturned(pending.code, pending.key, params)
              .catch(() => paymentCalls.checkPayment(pending.code, pending.key))
          : paymentCalls.checkPayment(pending.code, pending.key);
    first
      .then((answer) => {
        if (stopped) return;
        if (show(answer.data, unreachable && outcomeOf(answer.data) !== 'done' ? 'unreachable' : undefined)) poll();
      })
      .catch((error: unknown) => {
        if (stopped) return;
        // Our own connection is down (not the gateway): keep asking; the answer after reconnecting decides.
        if (error instanceof ApiError && error.status === 0) poll();
        else setState({ status: 'notPaid', reason: 'unreachable', payment: null });
      });
    return () => {
      stopped = true;
      stopPolling?.();
    };
  }, [pending, opened, show]);

  const failed = (action: NotPaidAction, error: unknown) =>
    setState((current) =>
      current.status === 'notPaid' || current.status === 'waiting'
        ? {
            ...current,
            busy: undefined,
            ...(current.status === 'notPaid'
              ? {
                  // The gateway itself failed (the server's 503); our own lost connection is not the gateway's.
                  reason:
                    error instanceof ApiError && error.status === 503 && action !== 'cancel'
                      ? ('unreachable' as const)
                      : current.reason,
                }
              : {}),
            error:
              error instanceof ApiError && error.status === 0
                ? OFFLINE_ACTION
                : error instanceof ApiError
                  ? error.key
                  : 'errors.server_busy',
          }
        : current,
    );
  const working = (action: NotPaidAction) =>
    setState((current) =>
      current.status === 'notPaid' || current.status === 'waiting' ? { ...current, busy: action, error: undefined } : current,
    );
  const actionable = state.status === 'notPaid' || state.status === 'waiting';

  /** Starts an attempt with `method` and takes the browser to its gateway. */
  const toGateway = async (proof: NonNullable<typeof pending>, method: number) => {
    const started = await paymentCalls.startPayment(proof.code, proof.key, method, paymentReturnPath(lang, proof.code), lang);
    await leaveForGateway(proof.code, started.data, keepAttempt);
  };

  /** A new attempt on the same ticket, by its method now or `method` (chosen id); the browser goes to the gateway. */
  const payAgain = async (method?: number) => {
    if (!pending || !actionable) return;
    const payMethod = method ?? chosenMethod(state.payment?.pay_method_id ?? PAY_METHOD.online);
    working(method === undefined ? 'pay' : 'switch');
    try {
      await toGateway(pending, payMethod);
    } catch (error) {
      failed(method === undefined ? 'pay' : 'switch', error);
    }
  };

  /** Pay another way: cash later (done at once), or the other online method (then to its gateway). */
  const switchTo = async (method: number) => {
    if (!pending || !actionable) return;
    working(method === PAY_METHOD.postpaid ? 'cash' : 'switch');
    try {
      const changed = await paymentCalls.changeMethod(pending.code, pending.key, method, lang);
      if (method === PAY_METHOD.postpaid) {
        if (!show(changed.data)) return;
        setState({ status: 'notPaid', reason: 'unpaid', payment: changed.data });
        return;
      }
      setState({
        status: 'notPaid',
        reason: state.status === 'notPaid' ? state.reason : 'unpaid',
        payment: changed.data,
        busy: 'switch',
      });
      await toGateway(pending, method);
    } catch (error) {
      failed(method === PAY_METHOD.postpaid ? 'cash' : 'switch', error);
    }
  };

  const cancelTicket = async () => {
    if (!pending || !actionable) return;
    working('cancel');
    try {
      await cancel(pending);
      setState({ status: 'cancelled' });
    } catch (error) {
      failed('cancel', error);
    }
  };

  return { state, pending, payAgain, switchTo, cancelTicket };
}

// When the payment check asks the server (spec 4: it polls payment/check_status for up to 300,000 ms): at once,
// then every `intervalMs`; and at once again when the connection returns (`online`) or the page becomes visible
// again (a hidden tab's timers are throttled), so a result reached meanwhile shows within a moment. The deadline
// is not this module's business: the booking machine keeps it, counted from the start.
export interface PollTargets {
  /** Fires `online` (the window). */
  connection: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Fires `visibilitychange` and tells visibilityState (the document). */
  page: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> & { visibilityState: string };
}

export interface PollOptions {
  /** One request to the server; a failure must be handled by the caller (it never stops the polling). */
  ask(): void;
  /** The clock: called every `clockMs` and on each wake-up, with the time. */
  tick(at: number): void;
  intervalMs: number;
  clockMs?: number;
  now?: () => number;
  targets?: PollTargets;
}

export function startPaymentPolling({ ask, tick, intervalMs, clockMs = 1000, now = Date.now, targets }: PollOptions): () => void {
  const found: PollTargets | null = targets ?? (typeof window === 'undefined' ? null : { connection: window, page: document });
  let poll: ReturnType<typeof setInterval> | null = null;
  const restartInterval = () => {
    if (poll !== null) clearInterval(poll);
    poll = setInterval(ask, intervalMs);
  };
  /** Asks now and starts the interval again from here (no second request right behind this one). */
  const wake = () => {
    tick(now());
    ask();
    restartInterval();
  };
  const onVisible = () => {
    if (found?.page.visibilityState === 'visible') wake();
  };
  ask();
  restartInterval();
  const clock = setInterval(() => tick(now()), clockMs);
  found?.connection.addEventListener('online', wake);
  found?.page.addEventListener('visibilitychange', onVisible);
  return () => {
    if (poll !== null) clearInterval(poll);
    clearInterval(clock);
    found?.connection.removeEventListener('online', wake);
    found?.page.removeEventListener('visibilitychange', onVisible);
  };
}
