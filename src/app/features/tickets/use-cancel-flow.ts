// The cancellation flow of the ticket page: its effects first, each step of the reducer calling the server (contract
// cancellation.ts), then the reducer. The state lives with the ticket page, not with the button, so the reasons popup
// survives the page switching to the cancelled view.
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import { CANCEL_ERROR_KEYS, type CancelReasonId, type CancelResult, type CancelToken } from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { getStoredUser } from '../../lib/session';
import { forgetUserIfUnauthorized } from '../../lib/forget-user';
import { errorRef, type ErrorRef } from '../../components/form/form-errors';
import { cancelCalls } from './api';
import { refreshAfterWrite } from '../../lib/refresh-queries';

export function useCancelFlow(code: string, contact: string, lang: Lang, onTicketChanged: () => void) {
  const queryClient = useQueryClient();
  const [state, dispatch] = useReducer(cancelReducer, initialCancelState);

  const requestToken = async () => {
    dispatch({ type: 'open' });
    try {
      const response = await cancelCalls.generateToken(code, contact, getStoredUser(), lang);
      dispatch({ type: 'token_ok', token: response.data });
    } catch (error) {
      forgetUserIfUnauthorized(error);
      const ref = errorRef(error);
      dispatch({ type: 'token_failed', error: ref });
      if (isFinalError(ref)) onTicketChanged();
    }
  };

  const confirm = async () => {
    if (state.step !== 'confirm' || !state.token) return;
    const cancelToken = state.token.cancel_token;
    dispatch({ type: 'confirm' });
    try {
      const response = await cancelCalls.cancel(code, cancelToken, lang);
      dispatch({ type: 'cancel_ok', result: response.data });
      onTicketChanged();
      // The history and the member balance (a part paid with it comes back) have changed.
      void refreshAfterWrite(queryClient, { queryKey: ['me'] });
    } catch (error) {
      const ref = errorRef(error);
      dispatch({ type: 'cancel_failed', error: ref });
      if (isFinalError(ref)) onTicketChanged();
    }
  };

  const sendFeedback = async (reasonId: CancelReasonId, note: string) => {
    if (state.step !== 'feedback' || !state.token) return;
    const cancelToken = state.token.cancel_token;
    dispatch({ type: 'send' });
    try {
      await cancelCalls.feedback(code, cancelToken, reasonId, note.trim(), lang);
      dispatch({ type: 'feedback_ok' });
    } catch (error) {
      dispatch({ type: 'feedback_failed', error: errorRef(error) });
    }
  };

  return {
    state,
    start: () => void requestToken(),
    confirm: () => void confirm(),
    sendFeedback: (reasonId: CancelReasonId, note: string) => void sendFeedback(reasonId, note),
    close: () => dispatch({ type: 'close' }),
  };
}

export type CancelFlow = ReturnType<typeof useCancelFlow>;

// The cancellation flow of the ticket page (spec 2 cancel confirm and cancel success popups, spec 4): ask for a
// cancel token, confirm (showing what a cancellation refunds), cancel, then optionally say why. A reducer so the
// steps, and what an answer arriving late or an error does to them, are tested on their own.
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
