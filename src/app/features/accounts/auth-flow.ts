// Which account dialog is open and what passes between them (spec 2, 4): sign-in, sign-up, the sign-up
// confirmation and account verification OTP dialogs, and forgot password. Pure, so it is unit tested.

export type AuthView =
  | { name: 'login' }
  | { name: 'signup' }
  | { name: 'forgot' }
  /** OTP after sign-up, or after a sign-in refused as not verified ('verify'). */
  | { name: 'signupConfirm' | 'verify'; userId: number; phone: string; expiresIn: number };

export type AuthEntry = 'login' | 'signup' | 'forgot';

export type AuthEvent =
  | { type: 'open'; view: AuthEntry }
  /** register_account succeeded: the code was sent. */
  | { type: 'registered'; userId: number; phone: string; expiresIn: number }
  /** The sign-in dialog's "Verify now": resend_verify_account succeeded. */
  | { type: 'verifyRequested'; userId: number; phone: string; expiresIn: number }
  | { type: 'close' };

export function authFlow(state: AuthView | null, event: AuthEvent): AuthView | null {
  switch (event.type) {
    case 'open':
      return { name: event.view };
    case 'registered':
      if (state?.name !== 'signup') return state;
      return { name: 'signupConfirm', userId: event.userId, phone: event.phone, expiresIn: event.expiresIn };
    case 'verifyRequested':
      if (state?.name !== 'login') return state;
      return { name: 'verify', userId: event.userId, phone: event.phone, expiresIn: event.expiresIn };
    case 'close':
      return null;
  }
}

/** The three steps of forgot password (spec 2: phone, OTP, new password). */
export type ForgotStep =
  | { step: 'phone'; error?: string }
  | { step: 'otp'; phoneCode: string; phoneNumber: string; expiresIn: number }
  | { step: 'password'; phoneCode: string; phoneNumber: string; resetTicket: string };

export type ForgotEvent =
  | { type: 'codeSent'; phoneCode: string; phoneNumber: string; expiresIn: number }
  | { type: 'codeVerified'; resetTicket: string }
  /** The reset ticket was refused (reset_expired): start again, with the message. */
  | { type: 'restart'; error: string }
  | { type: 'back' };

export function forgotFlow(state: ForgotStep, event: ForgotEvent): ForgotStep {
  switch (event.type) {
    case 'codeSent':
      return { step: 'otp', phoneCode: event.phoneCode, phoneNumber: event.phoneNumber, expiresIn: event.expiresIn };
    case 'codeVerified':
      if (state.step !== 'otp') return state;
      return {
        step: 'password',
        phoneCode: state.phoneCode,
        phoneNumber: state.phoneNumber,
        resetTicket: event.resetTicket,
      };
    case 'restart':
      return { step: 'phone', error: event.error };
    case 'back':
      return { step: 'phone' };
  }
}

export const FORGOT_STEP_NUMBER: Record<ForgotStep['step'], number> = { phone: 1, otp: 2, password: 3 };
