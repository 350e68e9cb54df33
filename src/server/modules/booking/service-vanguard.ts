// The anti-fraud pre-check (spec 7 hub util/v1/vanguard; spec 8 spam message): a booking is refused when the
// phone, the IP or the browser session made too many tickets in the window (settings, seeded), or when the same
// phone already holds an identical pending ticket that the caller proves (its booking session or its signed-in
// owner): to anyone else the answer is the one of no such ticket. Ticket creation runs it too.
import type { BookingSettings } from '../../db/seed-booking';
import { provesTwin, type BookingRepository } from './repository-create';

export type VanguardReason = 'phone_limit' | 'ip_limit' | 'session_limit' | 'duplicate';

export interface VanguardInput {
  /** Normalised. */
  phone: string;
  ip: string;
  sessionId: string;
  /** The attempt's own key: a resubmission never counts against itself. */
  ticketSession: string;
  pickAddress: string;
  dropAddress: string;
  departTime: string;
  /** The signed-in caller (account token), who proves a ticket booked under their account. */
  userId?: number | null;
  /** spec 7 ignore_duplicate_warning: the passenger confirmed a second identical booking. */
  ignoreDuplicate?: boolean;
}

export function createVanguardService(tickets: BookingRepository, settings: () => Promise<BookingSettings>, now: () => Date) {
  return {
    async check(input: VanguardInput): Promise<{ result: boolean; reason: VanguardReason | null }> {
      const limits = await settings();
      const since = new Date(now().getTime() - limits.vanguard_window_minutes * 60_000);
      const counts = await tickets.recentCounts({ ...input, since });
      // "more than N in the window": the attempt would be ticket N + 1.
      if (counts.phone >= limits.vanguard_max_per_phone) return { result: false, reason: 'phone_limit' };
      if (input.ip && counts.ip >= limits.vanguard_max_per_ip) return { result: false, reason: 'ip_limit' };
      if (input.sessionId && counts.session >= limits.vanguard_max_per_session) return { result: false, reason: 'session_limit' };
      if (input.ignoreDuplicate) return { result: true, reason: null };
      // Looked up whoever asks, so the answer takes the same work with and without such a ticket.
      const twin = await tickets.findDuplicate({
        phone: input.phone,
        pick: input.pickAddress,
        drop: input.dropAddress,
        depart: input.departTime,
        ticketSession: input.ticketSession,
      });
      if (twin && provesTwin(twin, { sessionId: input.sessionId, userId: input.userId ?? null }))
        return { result: false, reason: 'duplicate' };
      return { result: true, reason: null };
    },
  };
}

export type VanguardService = ReturnType<typeof createVanguardService>;
