// The one script index.html runs at once. A page the server rendered is painted before the app's first-load
// chunk (main.tsx and everything it imports statically) is evaluated: that evaluation is the longest task of the start
// (130–340 ms on a 4× slowed phone), and when the chunk had arrived before the HTML was parsed the browser ran it before
// the first frame. The chunk is fetched beside the HTML all the same (index.html preloads it at low priority,
// vite.config.ts) and its styles are in the head; only its evaluation waits, until the browser reports the first
// contentful paint. A page with nothing to paint yet (the app shell of a screen the server does not render) or a
// hidden tab, where frames do not come, starts the app at once. Meanwhile a press on a rendered button is kept for it
// (lib/early-presses.ts).
import { keepEarlyPresses } from './lib/early-presses';

/** The longest the app waits for the first paint (a browser that does not report paints waits for a frame). */
const PAINT_WAIT_MAX_MS = 500;

let started = false;
const start = () => {
  if (started) return;
  started = true;
  import('./main').catch((error: unknown) => console.error('The app could not start', error));
};

function afterFirstPaint(then: () => void) {
  if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      then();
    });
    observer.observe({ type: 'paint', buffered: true });
  } else {
    // The callback runs before the frame is painted; the task it queues runs after.
    requestAnimationFrame(() => setTimeout(then, 0));
  }
  setTimeout(then, PAINT_WAIT_MAX_MS);
}

if (document.getElementById('root')?.firstElementChild) {
  keepEarlyPresses();
  if (document.visibilityState === 'visible') afterFirstPaint(start);
  else start();
} else {
  start();
}
