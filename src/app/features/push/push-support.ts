// Whether this browser can get Web Push: a service worker, PushManager and Notification. Safari on iPhone/iPad has
// them only in the app added to the home screen (iOS 16.4+), never in a Safari tab, so there the passenger is told
// to install Vivu first.
import { TICKET_STATUS, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import { isIosSafari } from '../../lib/ios-safari';
import { type TicketInfo } from '../../../shared/contract/tickets';

export type PushSupport =
  /** The browser can ask for permission and subscribe. */
  | 'supported'
  /** iOS Safari in a tab: push works once Vivu is added to the home screen. */
  | 'ios-install'
  /** No Web Push here: nothing is offered. */
  | 'unsupported';

export interface PushEnvironment {
  serviceWorker: boolean;
  pushManager: boolean;
  notification: boolean;
  iosSafari: boolean;
  standalone: boolean;
}

export function pushSupport(env: PushEnvironment): PushSupport {
  if (env.serviceWorker && env.pushManager && env.notification) return 'supported';
  return env.iosSafari && !env.standalone ? 'ios-install' : 'unsupported';
}

/** This browser's environment (read once, when the opt-in is shown). */
export function currentPushEnvironment(): PushEnvironment {
  const nav = navigator as Navigator & { standalone?: boolean };
  return {
    serviceWorker: 'serviceWorker' in navigator,
    pushManager: 'PushManager' in window,
    notification: 'Notification' in window,
    iosSafari: isIosSafari(navigator.userAgent, navigator.platform, navigator.maxTouchPoints),
    standalone: nav.standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true,
  };
}

/** A ticket still has news to come: pending or in progress (spec 4 statuses), and not cancelled. */
export function canFollowTicket(ticket: Pick<TicketInfo, 'status' | 'transaction_status_id'>): boolean {
  const live = ticket.status === TICKET_STATUS.pending || ticket.status === TICKET_STATUS.inProgress;
  return live && ticket.transaction_status_id !== TRANSACTION_STATUS.cancel;
}
