// The cancellation flow of the ticket page (spec 2 cancel confirm and cancel success popups, spec 4): ask for a
// cancel token, confirm (showing what a cancellation refunds), cancel, then optionally say why. A reducer so the
// steps, and what an answer arriving late or an error does to them, are tested on their own.
import { CANCEL_ERROR_KEYS, type CancelResult, type CancelToken } from '../../../shared/contract/tickets';
import type { ErrorRef } from '../../components/form/form-errors';

export type CancelStep = 'closed' | 'preparing' | 'confirm' | 'cancelling' | 'feedback' | 'sending' | 'done';

export interface CancelState {
  step: CancelStep;
  token: CancelToken | null;
  result: CancelResult | null;
  error: ErrorRef | null;
  feedbackSent: boolean;
}

export type CancelAction =
  | { type: 'open' }
  | { type: 'token_ok'; token: CancelToken }
  | { type: 'token_failed'; error: ErrorRef }
  | { type: 'confirm' }
  | { type: 'cancel_ok'; result: CancelResult }
  | { type: 'cancel_failed'; error: ErrorRef }
  | { type: 'send' }
  | { type: 'feedback_ok' }
  | { type: 'feedback_failed'; error: ErrorRef }
  | { type: 'close' };

export const initialCancelState: CancelState = { step: 'closed', token: null, result: null, error: null, feedbackSent: false };

/** The ticket can no longer be cancelled: only closing (and reloading the ticket) makes sense. */
export function isFinalError(error: ErrorRef | null): boolean {
  return error?.key === CANCEL_ERROR_KEYS.alreadyCancelled || error?.key === CANCEL_ERROR_KEYS.departed;
}

/** The cancel token is gone (expired, used, unknown): a new one must be asked for. */
export function needsNewToken(error: ErrorRef | null): boolean {
  return error?.key === CANCEL_ERROR_KEYS.tokenInvalid;
}

export function cancelReducer(state: CancelState, action: CancelAction): CancelState {
  switch (action.type) {
    case 'open':
      if (state.result || state.step === 'cancelling' || state.step === 'preparing') return state;
      return { ...state, step: 'preparing', token: null, error: null };
    case 'token_ok':
      return state.step === 'preparing' ? { ...state, step: 'confirm', token: action.token, error: null } : state;
    case 'token_failed':
      return state.step === 'preparing' ? { ...state, step: 'confirm', token: null, error: action.error } : state;
    case 'confirm':
      return state.step === 'confirm' && state.token ? { ...state, step: 'cancelling', error: null } : state;
    case 'cancel_ok':
      // Never dropped: the ticket is cancelled whatever the popup shows.
      return { ...state, step: 'feedback', result: action.result, error: null };
    case 'cancel_failed':
      if (state.step !== 'cancelling') return state;
      return {
        ...state,
        step: 'confirm',
        token: needsNewToken(action.error) || isFinalError(action.error) ? null : state.token,
        error: action.error,
      };
    case 'send':
      return state.step === 'feedback' && state.result && state.token ? { ...state, step: 'sending', error: null } : state;
    case 'feedback_ok':
      return state.step === 'sending' ? { ...state, step: 'done', feedbackSent: true, error: null } : state;
    case 'feedback_failed':
      return state.step === 'sending' ? { ...state, step: 'feedback', error: action.error } : state;
    case 'close':
      // A cancellation under way finishes first; a cancelled ticket's popup closes on the cancelled view.
      if (state.step === 'cancelling' || state.step === 'sending') return state;
      if (state.result) return { ...state, step: 'done', error: null };
      return { ...initialCancelState };
  }
}
