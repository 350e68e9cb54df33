// Builds the payments module from the server's dependencies and the environment: VNPay when VNPAY_TMN_CODE and
// VNPAY_HASH_SECRET are set, PayPal when PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET are, the built-in sandbox gateways
// otherwise. The business credit top-ups (leads module) pay through the same online gateway and callback routes.
import { Hono } from 'hono';
import { createSandboxGateway, newSandboxSecret, type SandboxGateway, type SandboxLedger } from '../../adapters/payments/sandbox';
import { vnpayFromEnv } from '../../adapters/payments/vnpay';
import { paypalFromEnv, type PaypalClient } from '../../adapters/payments/paypal';
import { systemValue } from '../../../shared/domain/system-config';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { TicketAccess } from '../tickets/service';
import type { Logger } from '../../http/errors';
import type { ConfigService, ServerSecrets } from '../config/service';
import type { MessageWriter } from '../../outbox/writer';
import { createPaymentsRepository } from './repository';
import { createPaypalFlow } from './paypal-flow';
import { createRefusals, REFUSED_PER_ADDRESS, REFUSED_WINDOW_SECONDS } from './refusals';
import { createRateLimiter } from '../../http/rate-limit';
import { paymentsRoutes } from './routes';
import { sandboxRoutes } from './sandbox-routes';
import type { PaymentGatewayAdapter } from '../../adapters/payments/types';
import { createPaymentsService, type PaymentGateways, type TopUpOrders } from './service';
import { paymentWindowsOf } from '../../../shared/domain/payment-window';
import { vietQrAccountOf } from '../../../shared/domain/vietqr';
import { bankWebhookFromEnv, createTransfersService, type TransfersService } from './transfers';
import { createTransfersRepository } from './transfers-repository';
import { transfersRoutes } from './transfers-routes';

/** The bank transfers desk, as the partners module's console uses it. */
export type { TransfersService };

/**
 * The bank transfers desk, built before the modules that use it (the partners' console and this module's
 * webhook route): the webhook from BANK_WEBHOOK_SECRET, none without it.
 */
/** The refunds cancelled tickets owe, recorded in the cancelling transaction (the tickets module's cancellation). */
export { createRefunds, type Refunds } from './refunds';
/** The finance desk's: a ticket's payments, refunds and payouts, and a refund marked paid (the desk's tickets area). */
export { createRefundDesk, type RefundDesk, type RefundState } from './refunds';
/** Each ticket's successful payment and its cancellation's refunds (the partner console's statements). */
export { createStatementPayments, type StatementPayment, type StatementPayments } from './statement-reads';
/** The latest payment attempt of a list of tickets and whether its window is over (the partner console's list). */
export { createTicketAttempts, type AttemptTicket, type TicketAttempts } from './ticket-attempts';

export function createTransfers(options: {
  db: Db;
  log: Logger;
  messages?: MessageWriter;
  env?: NodeJS.ProcessEnv;
  /** The settings: their VietQR account is the one receiving account. */
  config: ConfigService;
  onPaid?: (ticketId: number) => void;
}): TransfersService {
  return createTransfersService({
    repository: createTransfersRepository(options.db, options.messages),
    webhook: bankWebhookFromEnv(options.env ?? process.env),
    receivingAccount: async () => vietQrAccountOf((await options.config.get()).system)?.accountNumber ?? null,
    log: options.log,
    onPaid: options.onPaid,
  });
}

/** The sandbox gateways' books, in the payments tables (every server process sees the same charges and refunds). */
export function sandboxLedger(db: Db): SandboxLedger {
  const repository = createPaymentsRepository(db);
  return { charge: (entry) => repository.sandboxCharge(entry), refund: (entry) => repository.sandboxRefund(entry) };
}

/** The settings key of the sandbox gateways' signing secret (generated at first use, never sent anywhere). */
export const SANDBOX_SECRET_KEY = 'payment_sandbox_secret';
/** The settings group of values that never leave the server. */
const SECRET_GROUP = 'secrets';

export interface PaymentsModuleOptions {
  db: Db;
  /** The proof of a ticket on every payment call: the tickets module's ticket access. */
  access: TicketAccess;
  config: ConfigService;
  log: Logger;
  clientIp: ClientIp;
  /** How the sandbox page reaches the callback route; createApp passes its own fetch (in-process dispatch). */
  internalFetch?: (request: Request) => Promise<Response>;
  env?: NodeJS.ProcessEnv;
  /** Told (without waiting) when a callback moved a ticket to paid or failed: the push module. */
  onResult?: (ticketId: number, paid: boolean) => void;
  /** The gateways (createPaymentGateways): the credit top-ups pay through them too. */
  gateways: ConfiguredGateways;
  /** The booking module's: the methods a promotion code is limited to ([] for any), null for an unknown code. */
  promotionPayMethods: (code: string) => Promise<number[] | null>;
  /** The business credit top-ups, whose callbacks come to the same routes. */
  topUps?: TopUpOrders;
  /** The outbox writer: a payment's messages are written in its transaction. */
  messages?: MessageWriter;
  /** The bank transfers desk (createTransfers), whose webhook route this module serves. */
  transfers?: TransfersService;
  /** The payment window sweep's clock (tests move it); without it, the database's, as check_status's time-out. */
  now?: () => Date;
  /** How often a started sweep runs (PAYMENT_SWEEP_MS). */
  sweepMs?: number;
}

/**
 * How often each server process times out the tickets whose payment window has passed: a ticket nobody watches reads
 * "timed out" at most 15 s after its window (5 minutes for a card, 30 for a transfer); the cost is one UPDATE over the
 * partial index of tickets awaiting payment per process each time, nothing when none is due.
 */
export const PAYMENT_SWEEP_MS = 15_000;

/** What the server's owner (main.ts, a test) does with the payment window sweep. */
export interface PaymentWindowControl {
  /** Sweeps from now on, every sweepMs (the first at once). */
  start(): void;
  /** Stops the timer and waits for the sweep in progress. */
  stop(): Promise<void>;
  /** Sweeps now and answers the tickets it timed out (tests await it instead of waiting out a window). */
  sweep(): Promise<number[]>;
}

export interface ConfiguredGateways extends PaymentGateways {
  /** The built-in sandboxes among them, whose pages this server serves. */
  sandboxes: SandboxGateway[];
  /** PayPal's REST API when configured (the module builds its flow with the settings and the log). */
  paypalClient: PaypalClient | null;
}

/**
 * The sandbox is the built-in default gateway: `npm start` on one machine takes online payments with its test card.
 * Production is safe by default: with NODE_ENV=production the sandbox is off unless PAYMENT_SANDBOX=1 says
 * otherwise, so no test card is accepted by accident; PAYMENT_SANDBOX=0 turns it off anywhere (docs/decisions.md).
 */
export function sandboxEnabled(env: NodeJS.ProcessEnv): boolean {
  if (env.PAYMENT_SANDBOX === '1') return true;
  if (env.PAYMENT_SANDBOX === '0') return false;
  return env.NODE_ENV !== 'production';
}

/** Which gateway takes each online method, for the start-up log: a real one, the sandbox, or none (not offered). */
export function describeGateways(gateways: PaymentGateways & { paypalClient?: PaypalClient | null }): string {
  const name = (gateway: PaymentGatewayAdapter | null) =>
    !gateway ? 'none (not offered)' : gateway.name === 'vnpay' ? 'VNPay' : `the built-in sandbox (test card accepted)`;
  const paypal = gateways.paypalClient ? 'PayPal (Orders v2, in USD)' : name(gateways.paypal);
  return `card (8) → ${name(gateways.online)}; PayPal-style (99) → ${paypal}`;
}

/** The gateways from the environment: VNPay when configured, the sandboxes while PAYMENT_SANDBOX is not '0'. */
export function createPaymentGateways(db: Db, secrets: ServerSecrets, env: NodeJS.ProcessEnv = process.env): ConfiguredGateways {
  let secret: Promise<string> | null = null;
  const read = async () => {
    const value = await secrets.secret(SANDBOX_SECRET_KEY, SECRET_GROUP, newSandboxSecret);
    if (typeof value !== 'string' || !value) throw new Error(`setting ${SANDBOX_SECRET_KEY} is not a secret string`);
    return value;
  };
  const sandboxSecret = () => {
    secret ??= read().catch((error: unknown) => {
      secret = null; // a failed read is tried again at the next payment
      throw error;
    });
    return secret;
  };

  const ledger = sandboxLedger(db);
  const sandboxes: SandboxGateway[] = [];
  const vnpay = vnpayFromEnv(env);
  let online = vnpay;
  let paypal: SandboxGateway | null = null;
  // PayPal itself takes the PayPal method when configured; the PayPal-style sandbox otherwise.
  const paypalClient = paypalFromEnv(env);
  if (sandboxEnabled(env)) {
    if (!paypalClient) {
      paypal = createSandboxGateway('paypal_sandbox', sandboxSecret, ledger);
      sandboxes.push(paypal);
    }
    if (!online) {
      const sandbox = createSandboxGateway('sandbox', sandboxSecret, ledger);
      sandboxes.push(sandbox);
      online = sandbox;
    }
  }
  return { online, paypal, sandboxes, paypalClient };
}

export function createPaymentsModule({
  db,
  access,
  config,
  log,
  clientIp,
  internalFetch,
  env = process.env,
  onResult,
  gateways,
  promotionPayMethods,
  topUps,
  messages,
  transfers,
  now,
  sweepMs = PAYMENT_SWEEP_MS,
}: PaymentsModuleOptions) {
  const repository = createPaymentsRepository(db, messages);
  const { online, paypal, sandboxes, paypalClient } = gateways;

  const publicUrl = env.PUBLIC_URL?.trim() || undefined;
  const refusals = createRefusals(
    repository,
    createRateLimiter(db, { limit: REFUSED_PER_ADDRESS, windowSeconds: REFUSED_WINDOW_SECONDS }),
  );
  const paypalApi = paypalClient
    ? createPaypalFlow({
        repository,
        client: paypalClient,
        vndPerUsd: async () => systemValue((await config.get()).system, 'paypal_vnd_per_usd'),
        log,
        onResult,
        refusals,
      })
    : null;
  const service = createPaymentsService({
    repository,
    gateways: { online, paypal, paypalApi },
    windowMinutes: async () => (await config.get()).system.payment_window_minutes,
    paypalFeePercent: async () => (await config.get()).system.paypal_fee_percent,
    transferWindowMinutes: async () => paymentWindowsOf((await config.get()).system).transfer,
    transferAccount: async () => vietQrAccountOf((await config.get()).system),
    promotionPayMethods,
    log,
    onResult,
    topUps,
    refusals,
  });
  const routes = new Hono();
  routes.route('/', paymentsRoutes(service, { access, publicUrl, log, clientIp }));
  routes.route('/', sandboxRoutes({ sandboxes, internalFetch, publicUrl, log }));
  if (transfers) routes.route('/', transfersRoutes(transfers, { access, clientIp }));

  // The payment window is the server's (spec 4, 9): a ticket times out whether or not a page polls it. Each ticket is
  // timed out by one sweep of one process; its pollers in this process read it anew, and its live pages (any
  // process's) learn of it from its updated_at.
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number[]> | null = null;
  const sweep = (): Promise<number[]> => {
    running ??= service
      .sweep(now ? now() : null)
      .then((timedOut) => {
        for (const ticketId of timedOut) {
          access.recentAnswers.forget(ticketId);
          log.info('payment window closed: ticket timed out', { ticket_id: ticketId });
        }
        return timedOut;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const windowControl: PaymentWindowControl = {
    start() {
      if (timer) return;
      const tick = () =>
        void sweep().catch((error: unknown) => log.error('payment window sweep failed', { error: String(error) }));
      timer = setInterval(tick, sweepMs);
      timer.unref();
      tick();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => {});
    },
    sweep,
  };
  return { service, routes, window: windowControl };
}
