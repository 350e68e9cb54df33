import { useEffect, useRef } from 'react';

/** Opens and closes a native <dialog> as a modal to follow `open`; the browser then keeps focus inside. */
export function useModal(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);
  return ref;
}
