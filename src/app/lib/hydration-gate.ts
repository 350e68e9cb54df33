// A navigation that starts while the server's HTML is still hydrating breaks it. The header hydrates first;
// the screen, inside the router's Suspense boundary, hydrates after it in a task of its own. A link pressed in between
// (the language switch, a menu entry) moved the router's stores to the next page while React was still hydrating the
// first one: its match was gone (a TypeError in the router's Match), and React gave up and rendered the whole page again
// from scratch (its errors #422 and #520). Upstream: TanStack/router issues 8233 and 8306.
// So while a page hydrates, the router's history holds every navigation (a link, Back) until the screen has hydrated,
// then lets it go on; a press is never lost, it waits a few frames at most.
import type { RouterHistory } from '@tanstack/react-router';

/** The longest a navigation waits for the screen (a screen that never hydrates must not hold the app). */
export const HYDRATION_HOLD_MAX_MS = 3000;

let shown: (() => void) | null = null;

/** Holds `history`'s navigations until screenHydrated() is called (or HYDRATION_HOLD_MAX_MS has passed). */
export function holdNavigationsUntilHydrated(history: RouterHistory, maxMs = HYDRATION_HOLD_MAX_MS): void {
  const hydrated = new Promise<void>((resolve) => {
    shown = resolve;
    setTimeout(resolve, maxMs);
  });
  const release = history.block({ blockerFn: () => hydrated.then(() => false), enableBeforeUnload: false });
  void hydrated.then(() => {
    shown = null;
    release();
  });
}

/** Called by each screen once it has committed (router.tsx): its hydration is done, held navigations go on. */
export function screenHydrated(): void {
  shown?.();
}
