import { describe, expect, it } from 'vitest';
import { authFlow, forgotFlow, type AuthView, type ForgotStep } from './auth-flow';

describe('account dialogs', () => {
  it('opens the entry dialog and moves between sign-in, sign-up and forgot password', () => {
    let view = authFlow(null, { type: 'open', view: 'login' });
    expect(view).toEqual({ name: 'login' });
    view = authFlow(view, { type: 'open', view: 'signup' });
    expect(view).toEqual({ name: 'signup' });
    view = authFlow(view, { type: 'open', view: 'forgot' });
    expect(view).toEqual({ name: 'forgot' });
    expect(authFlow(view, { type: 'close' })).toBeNull();
  });

  it('a sign-up opens the confirmation OTP with the account and the countdown', () => {
    const view = authFlow({ name: 'signup' }, { type: 'registered', userId: 7, phone: '0912345678', expiresIn: 179 });
    expect(view).toEqual({ name: 'signupConfirm', userId: 7, phone: '0912345678', expiresIn: 179 });
  });

  it('"Verify now" from sign-in opens the verify-account OTP', () => {
    const view = authFlow({ name: 'login' }, { type: 'verifyRequested', userId: 3, phone: '0987654321', expiresIn: 179 });
    expect(view).toEqual({ name: 'verify', userId: 3, phone: '0987654321', expiresIn: 179 });
  });

  it('ignores a late answer once the passenger has moved to another dialog', () => {
    const closed: AuthView | null = null;
    expect(authFlow(closed, { type: 'registered', userId: 1, phone: 'x', expiresIn: 1 })).toBeNull();
    expect(authFlow({ name: 'forgot' }, { type: 'verifyRequested', userId: 1, phone: 'x', expiresIn: 1 })).toEqual({
      name: 'forgot',
    });
  });
});

describe('forgot password steps', () => {
  const sent: ForgotStep = { step: 'otp', phoneCode: '84', phoneNumber: '912345678', expiresIn: 179 };

  it('goes phone, then OTP, then new password with the reset ticket', () => {
    const otp = forgotFlow({ step: 'phone' }, { type: 'codeSent', phoneCode: '84', phoneNumber: '912345678', expiresIn: 179 });
    expect(otp).toEqual(sent);
    expect(forgotFlow(otp, { type: 'codeVerified', resetTicket: 'ticket' })).toEqual({
      step: 'password',
      phoneCode: '84',
      phoneNumber: '912345678',
      resetTicket: 'ticket',
    });
  });

  it('an expired reset goes back to the phone step with the message', () => {
    const password = forgotFlow(sent, { type: 'codeVerified', resetTicket: 'ticket' });
    expect(forgotFlow(password, { type: 'restart', error: 'expired' })).toEqual({ step: 'phone', error: 'expired' });
  });

  it('a verified code only counts on the OTP step', () => {
    expect(forgotFlow({ step: 'phone' }, { type: 'codeVerified', resetTicket: 'ticket' })).toEqual({ step: 'phone' });
  });
});
