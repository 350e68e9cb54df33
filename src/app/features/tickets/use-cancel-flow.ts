// The cancellation flow's effects: each step of the reducer calls the server (contract cancellation.ts). The state
// lives with the ticket page, not with the button, so the reasons popup survives the page switching to the
// cancelled view.
import { useQueryClient } from '@tanstack/react-query';
import { useReducer } from 'react';
import type { CancelReasonId } from '../../../shared/contract/tickets';
import type { Lang } from '../../../shared/domain/route-table';
import { getStoredUser } from '../../lib/session';
import { errorRef } from '../../components/form/form-errors';
import { forgetUserIfUnauthorized } from '../accounts';
import { cancelCalls } from './api';
import { cancelReducer, initialCancelState, isFinalError } from './cancel-flow';

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
      void queryClient.invalidateQueries({ queryKey: ['me'] });
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
