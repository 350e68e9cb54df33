// A move of one ticket (a transition or a driver's assignment): the call, then the list asked again whatever the
// answer (another staff member or the passenger may have moved the ticket first). A 409 says the ticket changed;
// a 401 ends the session.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PARTNER_ERROR_KEYS } from '../../../../shared/contract/partners';
import { errorText, isApiErrorKey } from '../../../components/form/form-errors';
import { endSessionIfUnauthorized } from '../session';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

/** The ticket was moved meanwhile (by another staff member, the passenger or the system): the move no longer applies. */
export const ticketChanged = (error: unknown): boolean =>
  isApiErrorKey(error, PARTNER_ERROR_KEYS.illegalTransition) || isApiErrorKey(error, PARTNER_ERROR_KEYS.notAssignable);

/** The text of a failed move: a ticket moved meanwhile reads as "it changed, the list is refreshed". */
export function useMoveErrorText() {
  const { t } = useTranslation();
  return (error: unknown): string => (ticketChanged(error) ? t('partner.moves.changed') : errorText(error, t));
}

interface MoveCallbacks<V> {
  onSuccess?(variables: V): void;
  onError?(error: unknown, variables: V): void;
}

/**
 * The callbacks run here, before the list is asked again (the mutation stays busy until it is): callbacks given to
 * mutate() would be lost when the refreshed list takes the card out of its tab.
 */
export function useTicketMove<V>(token: string, call: (variables: V) => Promise<unknown>, callbacks: MoveCallbacks<V> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (_data, variables) => callbacks.onSuccess?.(variables),
    onError: (error, variables) => {
      if (!endSessionIfUnauthorized(error)) callbacks.onError?.(error, variables);
    },
    onSettled: () => refreshAfterWrite(queryClient, { queryKey: ['partner', token, 'tickets'] }),
  });
}
