// storedSession over an in-memory store: what counts as a session, and the end on a 401 that the login reports.
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { storedSession } from './stored-session';

const entries = new Map<string, unknown>();
vi.mock('./store', () => ({
  readEntry: (key: string) => entries.get(key) ?? null,
  writeEntry: (key: string, value: unknown) => entries.set(key, value),
  removeEntry: (key: string) => entries.delete(key),
  subscribeToStore: () => () => {},
}));

interface Staff {
  token: string;
  staff?: { name: string };
}

describe('storedSession', () => {
  it('answers a stored session only with a token and what isComplete asks for', () => {
    const session = storedSession<Staff>('test:complete', (stored) => Boolean(stored.staff));
    expect(session.get()).toBeNull();
    entries.set('test:complete', { token: '', staff: { name: 'An' } });
    expect(session.get()).toBeNull();
    session.save({ token: 't1' });
    expect(session.get()).toBeNull();
    session.save({ token: 't1', staff: { name: 'An' } });
    expect(session.get()).toEqual({ token: 't1', staff: { name: 'An' } });
    session.clear();
    expect(session.get()).toBeNull();
  });

  it('ends on a 401 only, remembers that it expired, and a new sign-in forgets it', () => {
    const session = storedSession<Staff>('test:expiry');
    session.save({ token: 't2' });
    expect(session.endIfUnauthorized(new ApiError(403, 'errors.forbidden'))).toBe(false);
    expect(session.endIfUnauthorized(new Error('x'))).toBe(false);
    expect(session.get()).toEqual({ token: 't2' });
    expect(session.expired()).toBe(false);
    expect(session.endIfUnauthorized(new ApiError(401, 'errors.unauthorized'))).toBe(true);
    expect(session.get()).toBeNull();
    expect(session.expired()).toBe(true);
    session.save({ token: 't3' });
    expect(session.expired()).toBe(false);
  });

  it('keeps each key apart', () => {
    const first = storedSession<Staff>('test:first');
    const second = storedSession<Staff>('test:second');
    first.save({ token: 'a' });
    expect(second.get()).toBeNull();
    second.endIfUnauthorized(new ApiError(401, 'errors.unauthorized'));
    expect(first.expired()).toBe(false);
    expect(first.get()).toEqual({ token: 'a' });
  });
});
