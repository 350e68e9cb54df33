// A live ticket. Open ticket pages (Server-Sent Events, passenger/ticket_events) learn of a change within
// about a second: one query per process per second reads the `updated_at` of every watched ticket (every change a
// passenger cares about bumps it: payment, the partner's answer, the driver's assignment, the trip's state, a
// cancellation), so it works the same with several server processes on one PostgreSQL, whatever process made the
// change. Nothing is polled while nobody watches.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tickets } from '../../db/schema';

export interface TicketWatch {
  /**
   * Calls `onChange` after each change of the ticket after `since` (its `updated_at` as the caller last read it);
   * answers the function that stops watching.
   */
  watch(ticketId: number, since: Date, onChange: () => void): () => void;
  /** Stops every watch (the server is stopping). */
  close(): void;
}

interface Watched {
  version: number | null;
  listeners: Set<() => void>;
}

export function createTicketWatch(db: Db, { intervalMs = 1000 }: { intervalMs?: number } = {}): TicketWatch {
  const watched = new Map<number, Watched>();
  let timer: ReturnType<typeof setInterval> | null = null;
  let busy = false;

  async function poll() {
    if (busy || watched.size === 0) return;
    busy = true;
    try {
      const rows = await db
        .select({ id: tickets.id, updatedAt: tickets.updatedAt })
        .from(tickets)
        .where(inArray(tickets.id, [...watched.keys()]));
      for (const row of rows) {
        const entry = watched.get(row.id);
        if (!entry) continue;
        const version = row.updatedAt.getTime();
        const changed = entry.version !== null && entry.version !== version;
        entry.version = version;
        if (changed) for (const listener of [...entry.listeners]) listener();
      }
    } catch {
      // A failed read is tried again at the next tick (the database restarting, a lost connection).
    } finally {
      busy = false;
    }
  }

  function stopTimerWhenIdle() {
    if (watched.size === 0 && timer !== null) {
      clearInterval(timer);
      timer = null;
    }
  }

  return {
    watch(ticketId, since, onChange) {
      let entry = watched.get(ticketId);
      if (!entry) {
        entry = { version: since.getTime(), listeners: new Set() };
        watched.set(ticketId, entry);
      } else if (entry.version !== null && entry.version !== since.getTime()) {
        // Watched already, from another version than this caller read: tell it at the next change it misses nothing.
        queueMicrotask(onChange);
      }
      entry.listeners.add(onChange);
      if (timer === null) {
        timer = setInterval(() => void poll(), intervalMs);
        timer.unref?.();
      }
      return () => {
        const current = watched.get(ticketId);
        current?.listeners.delete(onChange);
        if (current && current.listeners.size === 0) watched.delete(ticketId);
        stopTimerWhenIdle();
      };
    },
    close() {
      watched.clear();
      stopTimerWhenIdle();
    },
  };
}
