// Builds the messages module: the writer the other modules' transactions use, and the dispatcher that
// sends after the commit. createApp builds it idle (tests drain it themselves); main.ts starts it (woken by each
// commit that wrote messages, and every few seconds for other processes' rows and retries) and stops it before
// closing the database.
import type { Messaging } from '../../adapters/messaging/types';
import { ZALO_TRIP_EVENTS, type ZaloZnsClient } from '../../adapters/messaging/zalo';
import type { Db } from '../../db/client';
import type { Logger } from '../../http/errors';
import { fallbackLinkOrigin, publicOrigin } from '../../http/origin';
import { createMessagesRepository } from './repository';
import { createMessageDispatcher, type DispatcherOptions, type DrainReport, type PushNotifier } from './service';
import type { Executor } from '../../outbox/rows';
import { createMessageWriter, type MessageWriter } from '../../outbox/writer';

/** The messages a ticket was sent (the operator desk's timeline). */
export { createTicketMessages, type TicketMessage, type TicketMessages } from './ticket-messages';

/** How often a started dispatcher looks for due rows without being woken. */
export const MESSAGE_POLL_MS = 2000;

export interface MessagesModuleOptions extends Partial<
  Pick<DispatcherOptions, 'batch' | 'leaseSeconds' | 'maxAttempts' | 'retryBaseSeconds' | 'retryMaxSeconds'>
> {
  db: Db;
  messaging: Messaging;
  push: PushNotifier | null;
  /** The push module's: whether a browser is subscribed to a ticket, read in the writing transaction. */
  pushSubscribed: (tx: Executor, ticketId: number) => Promise<boolean>;
  log: Logger;
  /** PUBLIC_URL: the ticket links are sent on its origin. */
  publicUrl?: string;
  /** The origin of a ticket's links when neither PUBLIC_URL nor the origin its booking came through is known. */
  fallbackOrigin?: string;
  /** Zalo's ZNS (zaloFromEnv): the trip messages it has templates for go by Zalo, SMS once where it refuses. */
  zalo?: ZaloZnsClient | null;
  pollMs?: number;
}

/** What the server's owner (main.ts, a test) does with the dispatcher. */
export interface MessagesControl {
  /**
   * Sends from now on, woken by commits and every pollMs. `exclusive`: this process is alone on its database
   * (PGlite's locked folder), so rows a killed process left claimed are due again at once, not after their lease.
   */
  start(options?: { exclusive?: boolean }): Promise<void>;
  /** Stops the timer and waits for the send in progress (the claimed rows not reached are given back). */
  stop(): Promise<void>;
  /** Sends everything due now, and answers what happened (tests await it instead of sleeping). */
  drain(): Promise<DrainReport>;
}

export function createMessagesModule(options: MessagesModuleOptions): { writer: MessageWriter; control: MessagesControl } {
  const { db, messaging, push, pushSubscribed, log, publicUrl, pollMs = MESSAGE_POLL_MS, zalo = null, ...rest } = options;
  const { fallbackOrigin = fallbackLinkOrigin(), ...tuning } = rest;
  const repository = createMessagesRepository(db);
  const dispatcher = createMessageDispatcher({
    repository,
    messaging,
    push,
    log,
    origin: publicOrigin(publicUrl),
    fallbackOrigin,
    zalo,
    ...tuning,
  });
  let timer: NodeJS.Timeout | undefined;
  let started = false;

  const drainInBackground = () => {
    void dispatcher.drain().catch((error: unknown) => log.error('message dispatch failed', { error: String(error) }));
  };
  const zaloEvents = zalo ? ZALO_TRIP_EVENTS.filter((event) => zalo.templateFor(event) !== null) : [];
  const writer = createMessageWriter(
    () => {
      if (started) drainInBackground();
    },
    pushSubscribed,
    zaloEvents,
  );

  return {
    writer,
    control: {
      async start({ exclusive = false } = {}) {
        if (started) return;
        if (exclusive) {
          const released = await repository.releaseAll();
          if (released > 0) log.info(`messages: ${released} left claimed by a stopped process are due again`);
        }
        started = true;
        timer = setInterval(drainInBackground, pollMs);
        timer.unref();
        drainInBackground();
      },
      async stop() {
        started = false;
        clearInterval(timer);
        timer = undefined;
        await dispatcher.stop();
      },
      drain: () => dispatcher.drain(),
    },
  };
}
