import { describe, expect, it } from 'vitest';
import { clockText } from './inbox-clock';

const clock = (seconds_left: number | null, answered = false) => ({
  due_at: seconds_left === null ? null : '2026-12-01T03:00:00.000Z',
  seconds_left,
  overdue: !answered && seconds_left !== null && seconds_left < 0,
  answered_at: answered ? '2026-11-29T03:00:00.000Z' : null,
  within_promise: answered && seconds_left !== null ? seconds_left >= 0 : null,
});

describe('clockText', () => {
  it('says the time left, how late, or that nothing was promised', () => {
    expect(clockText(clock(45 * 3600 + 59))).toEqual({
      key: 'desk_inbox.clock.left',
      duration: { key: 'desk_inbox.duration.hm', hours: 45, minutes: 0 },
      tone: 'ok',
    });
    expect(clockText(clock(-30 * 60 - 5))).toEqual({
      key: 'desk_inbox.clock.overdue',
      duration: { key: 'desk_inbox.duration.m', hours: 0, minutes: 30 },
      tone: 'late',
    });
    expect(clockText(clock(null)).key).toBe('desk_inbox.clock.none');
  });

  it('says how early or late the first answer came once answered', () => {
    expect(clockText(clock(3600, true)).key).toBe('desk_inbox.clock.answered_in_time');
    expect(clockText(clock(-60, true))).toMatchObject({ key: 'desk_inbox.clock.answered_late', tone: 'late' });
  });
});
