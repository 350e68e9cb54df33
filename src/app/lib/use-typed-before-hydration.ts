// A box on a page the server rendered can be focused and typed into before the app has hydrated it, when none
// of its handlers runs yet. Once it has, what was typed and the focus are handed to the box, as if they came now.
import { useEffect, type RefObject } from 'react';

/**
 * Once, when the box first mounts (or is hydrated): `take` gets what the input holds when it differs from `shown` (else
 * null), and whether it has the focus.
 */
export function useTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | null>,
  shown: string,
  take: (typed: string | null, focused: boolean) => void,
): void {
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    take(input.value !== shown ? input.value : null, document.activeElement === input);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
