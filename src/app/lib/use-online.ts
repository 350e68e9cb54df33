// Whether the app is online: the browser says a network is attached (navigator.onLine, kept current by the
// online/offline events) and the server could be reached (api-client: a request that could not reach it says
// otherwise until a probe gets through). Back online by the browser's word, the server is probed at once, and again
// after 1, 2 and 4 s while that fails.
import { useSyncExternalStore } from 'react';
import { isServerReachable, probeAfterReconnect, probeServer, subscribeReachability } from './api-client';

/** The app's first look at the server, a moment after it starts (off the first paint's path): is it really online? */
let checkedAtStart = false;
function checkOnceAtStart(): void {
  if (checkedAtStart) return;
  checkedAtStart = true;
  setTimeout(() => {
    if (navigator.onLine !== false) void probeServer();
  }, 1000);
}

function subscribe(onChange: () => void): () => void {
  checkOnceAtStart();
  const onOnline = () => {
    onChange();
    if (!isServerReachable()) void probeAfterReconnect();
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onChange);
  const stop = subscribeReachability(onChange);
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onChange);
    stop();
  };
}

export const isOnline = (): boolean =>
  (typeof navigator === 'undefined' ? true : navigator.onLine !== false) && isServerReachable();

export function useOnline(): boolean {
  return useSyncExternalStore(subscribe, isOnline, () => true);
}
