// A page the server rendered shows its buttons before the app has hydrated them (src/app/boot.ts waits for the
// first paint before it even evaluates the app), and a tap or a key on one then did nothing: an FAQ answer that did not
// open. The presses are kept from the first script on and given to their buttons once React has hydrated the page
// (React itself handles a press that comes while it hydrates). Links and form fields act natively, and are left to it.

/** Dispatched on the document when the page's hydration has started (lib/ssr-state.ts). */
export const HYDRATION_STARTED = 'vivu:hydration-started';

/** Keeps presses on buttons until HYDRATION_STARTED, then presses them again, in order. */
export function keepEarlyPresses(doc: Document = document): void {
  const pressed: HTMLElement[] = [];
  const keep = (event: Event) => {
    const button = (event.target as Element | null)?.closest?.('button[type="button"]');
    if (button instanceof HTMLElement) pressed.push(button);
  };
  doc.addEventListener('click', keep, true);
  doc.addEventListener(
    HYDRATION_STARTED,
    () => {
      doc.removeEventListener('click', keep, true);
      for (const button of pressed.splice(0)) if (button.isConnected) button.click();
    },
    { once: true },
  );
}

/** Says the page's hydration has started (after hydrateRoot). */
export function announceHydration(doc: Document = document): void {
  doc.dispatchEvent(new Event(HYDRATION_STARTED));
}
