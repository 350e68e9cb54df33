// The content revision a cache of content is made under: the database's number (raised by every publish and
// unpublish, desk-repository.ts) read at most every REVISION_READ_MS, and this server's own count of its changes, so
// the server that published starts over at once and the others within that time.
import { cached } from '../../http/cached';

export const REVISION_READ_MS = 2_000;

export interface ContentRevision {
  /** A value that differs after every change of the site's content. */
  current(): Promise<string>;
  /** This server changed the content (after the commit). */
  changed(): void;
}

export function createContentRevision(read: () => Promise<number>, now: () => number = Date.now): ContentRevision {
  const stored = cached(read, REVISION_READ_MS, now);
  let local = 0;
  return {
    async current() {
      return `${await stored.get()}.${local}`;
    },
    changed() {
      local += 1;
      stored.invalidate();
    },
  };
}
