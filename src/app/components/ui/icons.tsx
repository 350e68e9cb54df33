// Small inline icons; decorative (aria-hidden): the control that holds one carries the accessible name.
const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  focusable: false,
} as const;

export function MenuIcon() {
  return (
    <svg {...common}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </svg>
  );
}

export function CloseIcon() {
  return (
    <svg {...common}>
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

/** Add (the extra pick-up or drop-off of an address box). */
export function PlusIcon() {
  return (
    <svg {...common} width={20} height={20}>
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/** Remove (the extra stop). */
export function MinusIcon() {
  return (
    <svg {...common} width={20} height={20}>
      <path d="M5 12h14" />
    </svg>
  );
}

/** Swap pick-up and drop-off: an arrow up and an arrow down. */
export function SwapIcon() {
  return (
    <svg {...common} width={20} height={20}>
      <path d="M8 20V4M4 8l4-4 4 4M16 4v16M12 16l4 4 4-4" />
    </svg>
  );
}

export function PhoneIcon() {
  return (
    <svg {...common} width={18} height={18}>
      <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
    </svg>
  );
}

export function LogoMark() {
  return (
    <svg width={32} height={32} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="14" fill="#0f766e" />
      <path d="M15 18 32 46 49 18" fill="none" stroke="#fff" strokeWidth="7" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="49" cy="17" r="6" fill="#f59e0b" />
    </svg>
  );
}
