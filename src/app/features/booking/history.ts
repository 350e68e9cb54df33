// Booked tickets kept on the device (spec 3 user record "tickets list"; spec 9: recent tickets kept 2). On
// success the ticket moves here and the booking draft is removed (spec 4).
import { SYSTEM_CONFIG_DEFAULTS } from '../../../shared/domain/system-config';
import { readEntry, writeEntry } from '../../lib/store-keys';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    tickets: HistoryEntry[];
  }
}

export interface HistoryEntry {
  code: string;
  /** The phone (or e-mail) that opens the ticket with its code (ticket-detail's second parameter). */
  contact: string;
  kind: 'ride' | 'hourly';
  pickAddress: string;
  dropAddress: string;
  departTime: string;
  /** For the return-trip quick book. */
  pickPlaceId: string;
  dropPlaceId: string;
  chair: number;
  duration: number;
  at: number;
  /** The ticket's access key, the proof this device holds besides the contact (absent in older entries). */
  key?: string;
}

const KEY = 'tickets';

/** Entries written by older versions names the departure `departDatetime` (spec 3's word); they read as `departTime`. */
type StoredHistoryEntry = HistoryEntry & { departDatetime?: string };
const fromStored = ({ departDatetime, ...entry }: StoredHistoryEntry): HistoryEntry => ({
  ...entry,
  departTime: entry.departTime ?? departDatetime ?? '',
});

export function readHistory(): HistoryEntry[] {
  return (readEntry(KEY) ?? []).map(fromStored);
}

/** `kept`: spec 9 recent_tickets_kept from the served config (2 by default). */
export function addToHistory(entry: HistoryEntry, kept: number = SYSTEM_CONFIG_DEFAULTS.recent_tickets_kept): void {
  const rest = readHistory().filter((item) => item.code !== entry.code);
  writeEntry(KEY, [entry, ...rest].slice(0, Math.max(1, kept)), null);
}

export function lastTicket(kind?: HistoryEntry['kind']): HistoryEntry | null {
  return readHistory().find((entry) => !kind || entry.kind === kind) ?? null;
}
