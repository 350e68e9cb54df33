import { describe, expect, it } from 'vitest';
import { cached } from './cached';

describe('cached', () => {
  it('reads again once the lifetime has passed, a lifetime given as a function being read at each get', async () => {
    let clock = 0;
    let loads = 0;
    let lifetime = 1000;
    const value = cached(
      () => Promise.resolve((loads += 1)),
      () => lifetime,
      () => clock,
    );
    expect(await value.get()).toBe(1);
    clock = 1000;
    expect(await value.get()).toBe(1);
    clock = 1001;
    expect(await value.get()).toBe(2);
    // A shorter configured lifetime applies to the value already held.
    lifetime = 0;
    clock = 1002;
    expect(await value.get()).toBe(3);
  });

  it('does not keep a failed read', async () => {
    let fail = true;
    const value = cached(() => (fail ? Promise.reject(new Error('down')) : Promise.resolve('up')), 60_000);
    await expect(value.get()).rejects.toThrow('down');
    fail = false;
    expect(await value.get()).toBe('up');
  });
});
