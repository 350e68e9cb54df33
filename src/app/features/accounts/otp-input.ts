// The pure parts of the OTP boxes (spec 5: 4 digits in separate boxes, submit only when all are filled) and of
// the countdown (spec 4: the dialog counts down, then allows a resend).
import { OTP_LENGTH } from '../../../shared/contract/accounts';

export type OtpDigits = readonly string[];

export function emptyDigits(length = OTP_LENGTH): OtpDigits {
  return Array.from({ length }, () => '');
}

export function isComplete(digits: OtpDigits): boolean {
  return digits.every((digit) => /^\d$/.test(digit));
}

export function codeOf(digits: OtpDigits): string {
  return digits.join('');
}

export interface OtpChange {
  digits: OtpDigits;
  /** The box to focus next. */
  focus: number;
}

/**
 * Text typed, pasted or auto-filled into box `index`: its digits fill that box and the ones after it (a paste
 * of 4 digits, or a one-time-code autofill into the first box, fills them all); anything else is ignored.
 * An empty text empties the box.
 */
export function enterText(digits: OtpDigits, index: number, text: string): OtpChange {
  const next = [...digits];
  const typed = text.replace(/\D/g, '');
  if (text === '') {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (!typed) return { digits, focus: index };
  // A whole code pasted into any box fills every box from the first.
  const start = typed.length >= digits.length ? 0 : index;
  const chars = typed.slice(0, digits.length - start).split('');
  chars.forEach((char, offset) => {
    next[start + offset] = char;
  });
  const last = start + chars.length;
  return { digits: next, focus: Math.min(last, digits.length - 1) };
}

/** Backspace in box `index`: empties it, or when it is already empty, empties the one before and goes back. */
export function backspace(digits: OtpDigits, index: number): OtpChange {
  const next = [...digits];
  if (next[index]) {
    next[index] = '';
    return { digits: next, focus: index };
  }
  if (index === 0) return { digits, focus: 0 };
  next[index - 1] = '';
  return { digits: next, focus: index - 1 };
}

/** Arrow keys, Home and End move between boxes; null for any other key. */
export function moveFocus(key: string, index: number, length = OTP_LENGTH): number | null {
  switch (key) {
    case 'ArrowLeft':
      return Math.max(0, index - 1);
    case 'ArrowRight':
      return Math.min(length - 1, index + 1);
    case 'Home':
      return 0;
    case 'End':
      return length - 1;
    default:
      return null;
  }
}

/** 179 -> "2:59", 5 -> "0:05". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/** Seconds left before `deadline` (a time in ms), never below 0. */
export function secondsLeft(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/**
 * The screen-reader countdown: told only every whole minute, at 30 and 10 seconds and when the code runs out,
 * not each second. Answers the value to announce, or null to keep the last announcement.
 */
export function countdownAnnouncement(seconds: number): number | null {
  if (seconds <= 0) return 0;
  if (seconds % 60 === 0 || seconds === 30 || seconds === 10) return seconds;
  return null;
}
