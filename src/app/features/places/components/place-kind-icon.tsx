import type { PlaceKind } from '../../../../shared/contract/places';

const PATHS: Record<PlaceKind, string> = {
  airport: 'M2 16l20-6-2-2-7 2-5-6H6l3 7-5 1-2-2H1l1 5z M2 21h20',
  city: 'M3 21V9l6-4v16 M9 21V3l12 6v12 M3 21h18',
  province: 'M3 6l6-3 6 3 6-3v15l-6 3-6-3-6 3z M9 3v15 M15 6v15',
  ward: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z M12 11a2 2 0 1 0 0-4 2 2 0 0 0 0 4z',
  station: 'M6 3h12v13H6z M6 11h12 M8 21l2-5 M16 21l-2-5',
  hotel: 'M3 20V6 M3 14h18v6 M21 14v-3a3 3 0 0 0-3-3h-7v6 M7 11a1.5 1.5 0 1 0 0-.1',
  sight: 'M12 3l2.7 5.6 6.3.9-4.5 4.4 1 6.1L12 17l-5.5 3 1-6.1L3 9.5l6.3-.9z',
  place: 'M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z',
};

export function PlaceKindIcon({ kind }: { kind: PlaceKind }) {
  return (
    <svg
      className="suggestion-icon"
      width={20}
      height={20}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
