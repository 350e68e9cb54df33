// Tells when an element comes near the viewport, to load what it holds only then (the home sections below
// the booking widget). It also answers true on the first Tab key press, so a keyboard user who tabs past the widget
// finds the sections already there instead of skipping to the footer, and at once where IntersectionObserver is
// missing. Once true it stays true.
import { useEffect, useRef, useState } from 'react';

export function useNearViewport<T extends Element>(rootMargin = '400px 0px'): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T | null>(null);
  const [near, setNear] = useState(false);

  useEffect(() => {
    if (near) return undefined;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return undefined;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Tab') setNear(true);
    };
    window.addEventListener('keydown', onKey, true);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', onKey, true);
    };
  }, [near, rootMargin]);

  return [ref, near];
}
