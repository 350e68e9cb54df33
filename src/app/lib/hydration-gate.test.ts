// lib/hydration-gate.ts: while a server-rendered page hydrates, a navigation waits for its screen, then goes on.
import { createMemoryHistory } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { holdNavigationsUntilHydrated, screenHydrated } from './hydration-gate';

beforeEach(() => {
  // The history consults its blockers only in a browser (where `document` exists).
  vi.stubGlobal('document', {});
  vi.useFakeTimers();
});
afterEach(() => {
  screenHydrated();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const settle = () => vi.advanceTimersByTimeAsync(0);

describe('holdNavigationsUntilHydrated', () => {
  it('holds a navigation until the screen has hydrated, then lets it and later ones go at once', async () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    holdNavigationsUntilHydrated(history);
    history.push('/en');
    await settle();
    expect(history.location.pathname).toBe('/');
    screenHydrated();
    await settle();
    expect(history.location.pathname).toBe('/en');
    history.push('/en/faqs');
    await settle();
    expect(history.location.pathname).toBe('/en/faqs');
  });

  it('lets a held navigation go after the longest wait, if the screen never says it hydrated', async () => {
    const history = createMemoryHistory({ initialEntries: ['/'] });
    holdNavigationsUntilHydrated(history, 3000);
    history.push('/en');
    await vi.advanceTimersByTimeAsync(2999);
    expect(history.location.pathname).toBe('/');
    await vi.advanceTimersByTimeAsync(1);
    expect(history.location.pathname).toBe('/en');
  });
});
