// spec 2 "Depart time was over": a pickup time that passes while its form is open is told at once, on the passenger's
// next move there (focus, typing, a click, the page coming back into view), not at the next tick of a slow clock.
// That first click is taken for the telling: it does not search, book or open anything. A time the passenger never
// chose (the widget's default, the next quarter hour) is not theirs to be told about: it moves on to the next slot.
// A timer set for the very minute marks it passed before that, so the time shown is never silently stale.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { defaultDepartAt, isFutureDepartTime } from '../../../shared/domain/depart-time';
import { formatVnDateTime, parseVnDateTime } from '../../../shared/domain/vn-time';

/** setTimeout holds at most 2^31 - 1 ms (about 24.8 days); a later pickup is checked again when that one fires. */
const MAX_DELAY_MS = 2_147_483_647;

export interface DepartTimeWatch {
  /** The time to show: the chosen one, or for a default that lapsed, the next free slot. */
  time: string;
  /** The chosen time has passed (by the watch's clock, brought up to date by every check). */
  passed: boolean;
  /** Checks now (a submit does it itself): the time to send, or null when the chosen time has passed. */
  check(): string | null;
}

/** The last instant a default may not be at `at`: now, or the end of the lead time less a millisecond. */
const closedAt = (at: number, leadMinutes: number) => (leadMinutes > 0 ? at + leadMinutes * 60_000 - 1 : at);

/**
 * The time in force at `at`: a chosen one stays (passed or not); a default that lapsed, or that is sooner than the
 * service's lead time, is the first slot after it.
 */
function timeAt(time: string, picked: boolean, at: number, leadMinutes = 0): string {
  const closed = closedAt(at, leadMinutes);
  return picked || !time || isFutureDepartTime(time, closed) ? time : formatVnDateTime(defaultDepartAt(closed));
}

/**
 * Watches `time` ("HH:mm d/M/yyyy", Vietnam time; empty: nothing chosen) inside the element of `ref`. `onPassed`
 * runs once per chosen time, on the first move after it passed; choosing another time arms it again. `picked`
 * false: the passenger has not chosen it, and it follows the clock instead.
 */
export function useDepartTimeWatch(
  time: string,
  ref: RefObject<HTMLElement | null>,
  onPassed: () => void,
  picked = true,
  leadMinutes = 0,
): DepartTimeWatch {
  const [now, setNow] = useState(() => Date.now());
  const shown = timeAt(time, picked, now, leadMinutes);
  const latest = useRef({ time, picked, onPassed, leadMinutes });
  /** The time already told about: the dialog closing gives focus back to the form, which must not reopen it. */
  const told = useRef<string | null>(null);
  useEffect(() => {
    latest.current = { time, picked, onPassed, leadMinutes };
  });

  // The moment the time passes, without waiting for a move (a background tab's timers may be late: the
  // visibility check below covers that).
  useEffect(() => {
    const at = parseVnDateTime(shown)?.getTime();
    if (at === undefined) return;
    const delay = at - Date.now();
    if (delay < 0) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(delay + 1, MAX_DELAY_MS));
    return () => clearTimeout(timer);
  }, [shown, now]);

  useEffect(() => {
    const element = ref.current;
    const onMove = (event: Event) => {
      // A picker open over the form is the passenger choosing a time: left alone.
      if (event.target instanceof Element && event.target !== element && event.target.closest('dialog')) return;
      const at = Date.now();
      const current = latest.current;
      if (!current.time) return;
      // A render only when something shows differently: one in the middle of a click on a controlled box would undo
      // it.
      if (!current.picked) {
        // A default that lapsed moves on to the next slot, without a word.
        setNow((previous) =>
          isFutureDepartTime(timeAt(current.time, false, previous, current.leadMinutes), closedAt(at, current.leadMinutes))
            ? previous
            : at,
        );
        return;
      }
      if (isFutureDepartTime(current.time, at)) return;
      setNow((previous) => (isFutureDepartTime(current.time, previous) ? at : previous));
      if (told.current === current.time) return;
      told.current = current.time;
      // The click that would have searched or booked (or opened something) is the one that tells instead.
      if (event.type === 'click') {
        event.preventDefault();
        event.stopPropagation();
      }
      current.onPassed();
    };
    // Focus and typing are heard on the document, after React has handled them: a render between the form and
    // React's own listener would put a controlled field's old value back over the character just typed.
    const onDocumentMove = (event: Event) => {
      if (element && event.target instanceof Node && element.contains(event.target)) onMove(event);
    };
    const onVisibility = (event: Event) => {
      if (document.visibilityState === 'visible') onMove(event);
    };
    document.addEventListener('focusin', onDocumentMove);
    document.addEventListener('input', onDocumentMove);
    // A click before React's: the one that tells does not also search, book or open a picker.
    element?.addEventListener('click', onMove, true);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      document.removeEventListener('focusin', onDocumentMove);
      document.removeEventListener('input', onDocumentMove);
      element?.removeEventListener('click', onMove, true);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [ref]);

  return {
    time: shown,
    passed: shown !== '' && !isFutureDepartTime(shown, now),
    check: () => {
      const at = Date.now();
      setNow(at);
      const current = latest.current;
      const inForce = timeAt(current.time, current.picked, at, current.leadMinutes);
      if (isFutureDepartTime(inForce, at)) return inForce;
      told.current = current.time;
      return null;
    },
  };
}
