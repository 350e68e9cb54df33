// The support callback prompt of spec 4 (idle timer) and 7 (support request): after the configured idle time
// (system config idle_timeout minutes, idle_debounce_ms) on home, ticket-manage or billing-detail, a dialog offers a
// call back. "No sector set" is not defined further by the spec; here it means the passenger is not busy in another
// overlay (no other dialog open): then the count starts again. Once dismissed or sent it does not come back in the
// same browser session (sessionStorage). The dialog and its form load only when it opens.
import { Suspense, useEffect, useState } from 'react';
import { lazyDialog } from '../../components/ui/load-error';
import { matchPath, type RouteName } from '../../../shared/domain/route-table';
import { withMessages } from '../../lib/i18n';
import { BILLING_DRAFT_KEY, readEntry } from '../../lib/store-keys';
import { startIdleTimer } from './idle-timer';

const SupportDialog = lazyDialog(
  withMessages(() => import('./support-dialog').then((module) => ({ default: module.SupportDialog }))),
);

/** spec 4: the configured idle pages. */
export const IDLE_PAGES: ReadonlySet<RouteName> = new Set<RouteName>(['home', 'ticket-manage', 'billing-detail']);

const HANDLED_KEY = 'vivu:support-callback-handled';

function wasHandled(): boolean {
  try {
    return window.sessionStorage.getItem(HANDLED_KEY) === '1';
  } catch {
    return false;
  }
}

function markHandled(): void {
  try {
    window.sessionStorage.setItem(HANDLED_KEY, '1');
  } catch {
    // Private mode without storage: the prompt then only stays away until the next reload.
  }
}

function draftPhone(): string {
  const draft = readEntry(BILLING_DRAFT_KEY);
  return typeof draft?.phone === 'string' ? draft.phone : '';
}

/** Another dialog is open: the passenger is busy in it (see the note above). */
const busy = () => document.querySelector('dialog[open]') !== null;

interface Props {
  pathname: string;
  /** System config idle_timeout, in minutes (spec 9: x 60,000 ms). */
  idleMinutes: number;
  debounceMs: number;
  /** The signed-in passenger's phone, if any. */
  userPhone: string | undefined;
}

export function IdleSupport({ pathname, idleMinutes, debounceMs, userPhone }: Props) {
  const match = matchPath(pathname);
  const eligible = match !== null && IDLE_PAGES.has(match.name);
  const [handled, setHandled] = useState(wasHandled);
  const [open, setOpen] = useState(false);
  const [round, setRound] = useState(0);
  const [phone, setPhone] = useState('');

  useEffect(() => {
    if (!eligible || handled || open || !(idleMinutes > 0)) return undefined;
    return startIdleTimer({
      timeoutMs: idleMinutes * 60_000,
      debounceMs,
      target: window,
      onIdle: () => {
        if (busy()) {
          setRound((n) => n + 1);
          return;
        }
        setPhone(userPhone || draftPhone());
        setOpen(true);
      },
    });
  }, [eligible, handled, open, idleMinutes, debounceMs, userPhone, pathname, round]);

  if (!open) return null;
  const close = () => {
    markHandled();
    setHandled(true);
    setOpen(false);
  };
  return (
    <Suspense fallback={null}>
      <SupportDialog open initialPhone={phone} page={pathname} onSent={markHandled} onClose={close} />
    </Suspense>
  );
}
