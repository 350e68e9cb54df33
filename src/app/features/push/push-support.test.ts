import { describe, expect, it } from 'vitest';
import { canFollowTicket, pushSupport, type PushEnvironment } from './push-support';

const chrome: PushEnvironment = {
  serviceWorker: true,
  pushManager: true,
  notification: true,
  iosSafari: false,
  standalone: false,
};

describe('pushSupport', () => {
  it('is supported with a service worker, PushManager and Notification', () => {
    expect(pushSupport(chrome)).toBe('supported');
  });

  it('asks iOS Safari in a tab to install the app first', () => {
    expect(pushSupport({ ...chrome, pushManager: false, notification: false, iosSafari: true })).toBe('ios-install');
  });

  it('is supported in the installed iOS app', () => {
    expect(pushSupport({ ...chrome, iosSafari: true, standalone: true })).toBe('supported');
  });

  it('is unsupported elsewhere without PushManager', () => {
    expect(pushSupport({ ...chrome, pushManager: false })).toBe('unsupported');
    expect(pushSupport({ ...chrome, iosSafari: true, standalone: true, pushManager: false })).toBe('unsupported');
  });
});

describe('canFollowTicket', () => {
  it('follows a pending or running ticket', () => {
    expect(canFollowTicket({ status: 1, transaction_status_id: 1 })).toBe(true);
    expect(canFollowTicket({ status: 2, transaction_status_id: 2 })).toBe(true);
  });

  it('does not follow a finished or cancelled one', () => {
    expect(canFollowTicket({ status: 3, transaction_status_id: 2 })).toBe(false);
    expect(canFollowTicket({ status: 4, transaction_status_id: 2 })).toBe(false);
    expect(canFollowTicket({ status: 5, transaction_status_id: 1 })).toBe(false);
    expect(canFollowTicket({ status: 1, transaction_status_id: 4 })).toBe(false);
  });
});
