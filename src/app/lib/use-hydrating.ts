// True while a component renders on the server or hydrates the server's HTML, false afterwards (and in a page
// the browser rendered itself). What depends on this browser (its stored data, its clock) is shown once it is false,
// so the first render in the browser matches the server's HTML (no hydration mismatch).
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrating(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => false,
    () => true,
  );
}
