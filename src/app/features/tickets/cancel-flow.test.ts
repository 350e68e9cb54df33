import { describe, expect, it } from 'vitest';
import type { CancelResult, CancelToken } from '../../../shared/contract/tickets';
import {
  cancelReducer,
  initialCancelState,
  isFinalError,
  needsNewToken,
  type CancelAction,
  type CancelState,
} from './use-cancel-flow';

const token: CancelToken = { cancel_token: 'tok', expires_in: 600, refund_amount: 250_000 };
const result: CancelResult = {
  ticket_code: 'VV1234',
  status: 5,
  transaction_status_id: 4,
  cancelled_at: '2026-11-23T10:00:00.000Z',
  refund_amount: 250_000,
  member_promotion_returned: 0,
};

const run = (...actions: CancelAction[]): CancelState => actions.reduce(cancelReducer, initialCancelState);

describe('cancelReducer', () => {
  it('goes from the button to the confirm popup, the cancellation and the reasons', () => {
    let state = run({ type: 'open' });
    expect(state.step).toBe('preparing');
    state = cancelReducer(state, { type: 'token_ok', token });
    expect(state).toMatchObject({ step: 'confirm', token, error: null });
    state = cancelReducer(state, { type: 'confirm' });
    expect(state.step).toBe('cancelling');
    state = cancelReducer(state, { type: 'cancel_ok', result });
    expect(state).toMatchObject({ step: 'feedback', result });
    state = cancelReducer(state, { type: 'send' });
    expect(state.step).toBe('sending');
    state = cancelReducer(state, { type: 'feedback_ok' });
    expect(state).toMatchObject({ step: 'done', feedbackSent: true, result });
  });

  it('lets the reasons be skipped, keeping the result', () => {
    const state = run(
      { type: 'open' },
      { type: 'token_ok', token },
      { type: 'confirm' },
      { type: 'cancel_ok', result },
      { type: 'close' },
    );
    expect(state).toMatchObject({ step: 'done', result, feedbackSent: false });
  });

  it('shows a token failure in the confirm popup without a token to confirm with', () => {
    const error = { key: 'cancel.errors.too_many_lookups', params: { seconds: 30 } };
    const state = run({ type: 'open' }, { type: 'token_failed', error });
    expect(state).toMatchObject({ step: 'confirm', token: null, error });
    expect(cancelReducer(state, { type: 'confirm' })).toBe(state);
    expect(cancelReducer(state, { type: 'open' }).step).toBe('preparing');
  });

  it('keeps the token after a network failure so confirming can be tried again', () => {
    const error = { key: 'errors.network' };
    const state = run({ type: 'open' }, { type: 'token_ok', token }, { type: 'confirm' }, { type: 'cancel_failed', error });
    expect(state).toMatchObject({ step: 'confirm', token, error });
    expect(cancelReducer(state, { type: 'confirm' }).step).toBe('cancelling');
  });

  it('drops the token when it is invalid, and a final error leaves nothing to confirm', () => {
    const invalid = run(
      { type: 'open' },
      { type: 'token_ok', token },
      { type: 'confirm' },
      {
        type: 'cancel_failed',
        error: { key: 'cancel.errors.token_invalid' },
      },
    );
    expect(invalid).toMatchObject({ step: 'confirm', token: null });
    const departed = run(
      { type: 'open' },
      { type: 'token_ok', token },
      { type: 'confirm' },
      {
        type: 'cancel_failed',
        error: { key: 'cancel.errors.departed' },
      },
    );
    expect(departed.token).toBeNull();
    expect(isFinalError(departed.error)).toBe(true);
    expect(isFinalError({ key: 'cancel.errors.already_cancelled' })).toBe(true);
    expect(isFinalError({ key: 'errors.network' })).toBe(false);
    expect(needsNewToken(invalid.error)).toBe(true);
  });

  it('ignores a token that arrives after the popup was closed', () => {
    const state = run({ type: 'open' }, { type: 'close' }, { type: 'token_ok', token });
    expect(state).toEqual(initialCancelState);
  });

  it('cannot be closed while the cancellation is under way', () => {
    const state = run({ type: 'open' }, { type: 'token_ok', token }, { type: 'confirm' }, { type: 'close' });
    expect(state.step).toBe('cancelling');
  });

  it('keeps the reasons popup open with the error when sending fails', () => {
    const error = { key: 'errors.network' };
    const state = run(
      { type: 'open' },
      { type: 'token_ok', token },
      { type: 'confirm' },
      { type: 'cancel_ok', result },
      { type: 'send' },
      { type: 'feedback_failed', error },
    );
    expect(state).toMatchObject({ step: 'feedback', error, result });
    expect(cancelReducer(state, { type: 'send' }).step).toBe('sending');
  });

  it('does not open again once the ticket is cancelled', () => {
    const state = run(
      { type: 'open' },
      { type: 'token_ok', token },
      { type: 'confirm' },
      { type: 'cancel_ok', result },
      { type: 'close' },
    );
    expect(cancelReducer(state, { type: 'open' })).toBe(state);
  });
});
