import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECAPTCHA_POLL_MS } from '../../shared/contract/recaptcha';
import { recaptchaToken, type RecaptchaHost } from './recaptcha';

interface FakeScript {
  src: string;
  async: boolean;
  dataset: Record<string, string>;
}

function fakeHost() {
  const scripts: FakeScript[] = [];
  const host: RecaptchaHost & { scripts: FakeScript[] } = {
    scripts,
    window: {},
    document: {
      querySelector: ((selector: string) =>
        selector === 'script[data-recaptcha]' && scripts.length ? scripts[0] : null) as Document['querySelector'],
      createElement: (() => ({ src: '', async: false, dataset: {} })) as unknown as Document['createElement'],
      head: { append: (script: FakeScript) => scripts.push(script) } as unknown as HTMLHeadElement,
    },
  };
  return host;
}

const api = (execute: (key: string, options: { action: string }) => Promise<string>) => ({
  ready: (callback: () => void) => callback(),
  execute: vi.fn(execute),
});

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('recaptchaToken (spec 7 recaptcha)', () => {
  it('loads nothing and answers null without a site key', async () => {
    const host = fakeHost();
    expect(await recaptchaToken('', 'create_ticket', host)).toBeNull();
    expect(host.scripts).toHaveLength(0);
    // Without a key it touches no page at all (the default host is not even looked at).
    expect(await recaptchaToken('', 'create_ticket')).toBeNull();
  });

  it('adds the script once with the key, polls every 1000 ms until it is ready, then executes the action', async () => {
    const host = fakeHost();
    const token = recaptchaToken('site-key 1', 'create_ticket', host, 10_000);
    expect(host.scripts).toHaveLength(1);
    expect(host.scripts[0]?.src).toBe('https://www.google.com/recaptcha/api.js?render=site-key%201');
    await vi.advanceTimersByTimeAsync(2 * RECAPTCHA_POLL_MS);
    const ready = api(async (_key, { action }) => `token-for-${action}`);
    host.window.grecaptcha = ready;
    await vi.advanceTimersByTimeAsync(RECAPTCHA_POLL_MS - 1);
    expect(ready.execute).not.toHaveBeenCalled(); // not before the next poll
    await vi.advanceTimersByTimeAsync(1);
    expect(await token).toBe('token-for-create_ticket');
    expect(ready.execute).toHaveBeenCalledWith('site-key 1', { action: 'create_ticket' });

    // A second call reuses the script.
    expect(await recaptchaToken('site-key 1', 'register_account', host)).toBe('token-for-register_account');
    expect(host.scripts).toHaveLength(1);
  });

  it('gives up with null when the script is not ready in time', async () => {
    const host = fakeHost();
    const token = recaptchaToken('key', 'create_ticket', host, 3 * RECAPTCHA_POLL_MS);
    await vi.advanceTimersByTimeAsync(3 * RECAPTCHA_POLL_MS);
    expect(await token).toBeNull();
  });

  it('answers null when the service fails to execute', async () => {
    const host = fakeHost();
    host.window.grecaptcha = api(() => Promise.reject(new Error('offline')));
    expect(await recaptchaToken('key', 'create_ticket', host)).toBeNull();
  });
});
