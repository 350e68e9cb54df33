// Whether the page is visible (document.visibilityState), kept current by the visibilitychange event; the live
// booking count only polls while it is (spec 9).
import { useSyncExternalStore } from 'react';

function subscribe(onChange: () => void): () => void {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
}

const isVisible = (): boolean => typeof document === 'undefined' || document.visibilityState !== 'hidden';

export function usePageVisible(): boolean {
  return useSyncExternalStore(subscribe, isVisible, () => true);
}
