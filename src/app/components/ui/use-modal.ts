import { useEffect, useRef } from 'react';

/**
 * Opens and closes a native <dialog> to follow `open`: as a modal (the browser then keeps focus inside and the page
 * behind inert), or, with `modal` false, in the page's flow, the header and its menu still reachable.
 */
export function useModal(open: boolean, modal = true) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) {
      if (modal) element.showModal();
      else element.show();
    }
    if (!open && element.open) element.close();
  }, [open, modal]);
  return ref;
}
