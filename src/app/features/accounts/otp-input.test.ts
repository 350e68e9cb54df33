import { describe, expect, it } from 'vitest';
import {
  backspace,
  codeOf,
  countdownAnnouncement,
  emptyDigits,
  enterText,
  formatCountdown,
  isComplete,
  moveFocus,
  secondsLeft,
} from './otp-input';

describe('OTP boxes', () => {
  it('starts with 4 empty boxes, not complete', () => {
    const digits = emptyDigits();
    expect(digits).toEqual(['', '', '', '']);
    expect(isComplete(digits)).toBe(false);
  });

  it('a typed digit fills its box and moves to the next', () => {
    const change = enterText(emptyDigits(), 0, '7');
    expect(change.digits).toEqual(['7', '', '', '']);
    expect(change.focus).toBe(1);
  });

  it('the last box keeps the focus once filled', () => {
    const change = enterText(['1', '2', '3', ''], 3, '4');
    expect(change.digits).toEqual(['1', '2', '3', '4']);
    expect(change.focus).toBe(3);
    expect(isComplete(change.digits)).toBe(true);
    expect(codeOf(change.digits)).toBe('1234');
  });

  it('a paste of 4 digits fills every box, whichever box it lands in', () => {
    expect(enterText(emptyDigits(), 2, '4821').digits).toEqual(['4', '8', '2', '1']);
    expect(enterText(['9', '9', '', ''], 0, ' 48-21 ').digits).toEqual(['4', '8', '2', '1']);
  });

  it('a shorter paste fills from the box it lands in', () => {
    const change = enterText(['5', '', '', ''], 1, '67');
    expect(change.digits).toEqual(['5', '6', '7', '']);
    expect(change.focus).toBe(3);
  });

  it('ignores letters and keeps the boxes as they were', () => {
    const digits = ['1', '', '', ''];
    expect(enterText(digits, 1, 'a').digits).toBe(digits);
  });

  it('an emptied box stays empty', () => {
    expect(enterText(['1', '2', '', ''], 1, '').digits).toEqual(['1', '', '', '']);
  });

  it('backspace empties the box, then goes back and empties the one before', () => {
    const first = backspace(['1', '2', '3', ''], 2);
    expect(first).toEqual({ digits: ['1', '2', '', ''], focus: 2 });
    const second = backspace(first.digits, 2);
    expect(second).toEqual({ digits: ['1', '', '', ''], focus: 1 });
    expect(backspace(emptyDigits(), 0).focus).toBe(0);
  });

  it('arrow keys, Home and End move between boxes and stop at the ends', () => {
    expect(moveFocus('ArrowLeft', 0)).toBe(0);
    expect(moveFocus('ArrowLeft', 2)).toBe(1);
    expect(moveFocus('ArrowRight', 3)).toBe(3);
    expect(moveFocus('ArrowRight', 1)).toBe(2);
    expect(moveFocus('Home', 3)).toBe(0);
    expect(moveFocus('End', 0)).toBe(3);
    expect(moveFocus('a', 1)).toBeNull();
  });
});

describe('OTP countdown', () => {
  it('shows m:ss', () => {
    expect(formatCountdown(179)).toBe('2:59');
    expect(formatCountdown(60)).toBe('1:00');
    expect(formatCountdown(5)).toBe('0:05');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-3)).toBe('0:00');
  });

  it('counts whole seconds left before the deadline', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 500)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('tells screen readers only every minute, at 30 s, 10 s and the end', () => {
    const told = Array.from({ length: 180 }, (_, index) => 179 - index)
      .map(countdownAnnouncement)
      .filter((value) => value !== null);
    expect(told).toEqual([120, 60, 30, 10, 0]);
  });
});
