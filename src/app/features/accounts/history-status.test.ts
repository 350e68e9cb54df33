import { describe, expect, it } from 'vitest';
import { historyBadge } from './history-status';

const ticket = (status: number, transaction: number, payMethod = 8) => ({
  status,
  transaction_status_id: transaction,
  pay_method_id: payMethod,
});

describe('historyBadge', () => {
  it('marks a cancelled ticket or a cancelled transaction as cancel', () => {
    expect(historyBadge(ticket(5, 2))).toEqual({ style: 'cancel', labelKey: 'history.statuses.cancel' });
    expect(historyBadge(ticket(1, 4))).toEqual({ style: 'cancel', labelKey: 'history.statuses.cancel' });
    expect(historyBadge(ticket(4, 4)).style).toBe('cancel');
  });

  it('shows an online ticket waiting for its payment as pending', () => {
    expect(historyBadge(ticket(1, 1, 8))).toEqual({ style: 'pending', labelKey: 'history.statuses.pending' });
    expect(historyBadge(ticket(1, 1, 4)).style).toBe('pending');
  });

  it('shows a paid or postpaid ticket not yet started as not_start', () => {
    expect(historyBadge(ticket(1, 2, 8))).toEqual({ style: 'not_start', labelKey: 'history.statuses.not_start' });
    expect(historyBadge(ticket(1, 2, 3)).style).toBe('not_start');
    expect(historyBadge(ticket(1, 1, 3)).style).toBe('not_start');
  });

  it('keeps a trip in progress in the not_start style with its own text', () => {
    expect(historyBadge(ticket(2, 2))).toEqual({ style: 'not_start', labelKey: 'history.statuses.in_progress' });
  });

  it('maps not rated and finished', () => {
    expect(historyBadge(ticket(3, 2))).toEqual({ style: 'not_rating', labelKey: 'history.statuses.not_rating' });
    expect(historyBadge(ticket(4, 2))).toEqual({ style: 'done', labelKey: 'history.statuses.done' });
  });

  it('shows a failed or timed-out payment in the cancel style', () => {
    expect(historyBadge(ticket(1, 3))).toEqual({ style: 'cancel', labelKey: 'history.statuses.payment_failed' });
    expect(historyBadge(ticket(1, 99))).toEqual({ style: 'cancel', labelKey: 'history.statuses.payment_timeout' });
  });
});
