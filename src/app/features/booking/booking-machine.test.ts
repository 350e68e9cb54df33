import { describe, expect, it } from 'vitest';
import { PAYMENT_CHECK_MAX_MS } from '../../../shared/domain/system-config';
import { NIGHT_CHECK_MAX_MS, bookingReducer, secondsLeft, type BookingEvent, type BookingState } from './booking-machine';

const run = (events: BookingEvent[], from: BookingState = { status: 'idle' }) => events.reduce(bookingReducer, from);
const created = (night: boolean, online: boolean): BookingEvent => ({
  type: 'created',
  code: 'VVABC123',
  ticketKey: 'key-7',
  night,
  online,
  at: 1000,
});

describe('booking state machine', () => {
  it('a cash booking goes from processing to looking for a driver', () => {
    expect(run([{ type: 'submit', departPassed: false }, created(false, false)])).toEqual({
      status: 'lookingDriver',
      code: 'VVABC123',
      ticketKey: 'key-7',
    });
  });

  it('a departure that has passed ends the session before anything is sent', () => {
    expect(run([{ type: 'submit', departPassed: true }])).toEqual({ status: 'sessionTimeout' });
  });

  it('a departure that passes while the form is open ends the session, but never a booking under way', () => {
    expect(run([{ type: 'departPassed' }])).toEqual({ status: 'sessionTimeout' });
    expect(run([{ type: 'submit', departPassed: false }, { type: 'departPassed' }])).toEqual({ status: 'processing' });
    const checking = run([{ type: 'submit', departPassed: false }, created(false, true)]);
    expect(run([{ type: 'departPassed' }], checking)).toBe(checking);
  });

  it('the anti-fraud refusal and a server error become an error with their message', () => {
    expect(run([{ type: 'submit', departPassed: false }, { type: 'spam' }])).toEqual({
      status: 'error',
      message: 'booking.errors.spam',
    });
    expect(
      run([
        { type: 'submit', departPassed: false },
        { type: 'createFailed', message: 'booking.errors.price_changed' },
      ]),
    ).toEqual({
      status: 'error',
      message: 'booking.errors.price_changed',
    });
  });

  it('ignores a second submit while one is in flight', () => {
    const processing = run([{ type: 'submit', departPassed: false }]);
    expect(bookingReducer(processing, { type: 'submit', departPassed: false })).toBe(processing);
  });

  it('an online payment redirects, then checks until paid', () => {
    const redirecting = run([{ type: 'submit', departPassed: false }, created(false, true)]);
    expect(redirecting.status).toBe('redirecting');
    const checking = bookingReducer(redirecting, { type: 'returnedFromGateway', code: 'VVABC123', ticketKey: 'key-7', at: 5000 });
    expect(checking).toEqual({
      status: 'checkingPayment',
      code: 'VVABC123',
      ticketKey: 'key-7',
      deadline: 5000 + PAYMENT_CHECK_MAX_MS,
    });
    expect(secondsLeft(checking, 5000)).toBe(300);
    expect(bookingReducer(checking, { type: 'paymentStatus', transactionStatusId: 1, at: 6000 })).toBe(checking);
    expect(bookingReducer(checking, { type: 'paymentStatus', transactionStatusId: 2, at: 7000 })).toEqual({
      status: 'success',
      code: 'VVABC123',
      ticketKey: 'key-7',
      at: 7000,
    });
  });

  it('a repeated return from the gateway does not restart the check', () => {
    const checking: BookingState = { status: 'checkingPayment', code: 'C', ticketKey: 'k', deadline: 10_000 };
    expect(bookingReducer(checking, { type: 'returnedFromGateway', code: 'C', ticketKey: 'k', at: 5000 })).toBe(checking);
    const success: BookingState = { status: 'success', code: 'C', ticketKey: 'k', at: 1 };
    expect(bookingReducer(success, { type: 'returnedFromGateway', code: 'C', ticketKey: 'k', at: 5000 })).toBe(success);
  });

  it('payment ends in failure, cancellation or timeout', () => {
    const checking: BookingState = { status: 'checkingPayment', code: 'C', ticketKey: 'k', deadline: 10_000 };
    expect(bookingReducer(checking, { type: 'paymentStatus', transactionStatusId: 3, at: 1 }).status).toBe('failed');
    expect(bookingReducer(checking, { type: 'paymentStatus', transactionStatusId: 4, at: 1 })).toEqual({
      status: 'error',
      message: 'booking.errors.ticket_cancelled',
    });
    expect(bookingReducer(checking, { type: 'paymentStatus', transactionStatusId: 99, at: 1 }).status).toBe('paymentTimeout');
    expect(bookingReducer(checking, { type: 'tick', at: 9_999 })).toBe(checking);
    expect(bookingReducer(checking, { type: 'tick', at: 10_000 }).status).toBe('paymentTimeout');
  });

  it('a gateway that cannot be reached is a lost connection, and the passenger may try again', () => {
    const lost = run([{ type: 'submit', departPassed: false }, created(false, true), { type: 'gatewayFailed' }]);
    expect(lost).toEqual({ status: 'lostConnection', code: 'VVABC123', ticketKey: 'key-7' });
    expect(bookingReducer(lost, { type: 'submit', departPassed: false }).status).toBe('processing');
  });

  it('a night booking contacts the partner first', () => {
    const contacting = run([{ type: 'submit', departPassed: false }, created(true, false)]);
    expect(contacting.status).toBe('contactingPartner');
    expect(bookingReducer(contacting, { type: 'nightResult', result: 'waiting', at: 2000 })).toBe(contacting);
    expect(bookingReducer(contacting, { type: 'nightResult', result: 'accepted', at: 2000 }).status).toBe('lookingDriver');
    expect(bookingReducer(contacting, { type: 'nightResult', result: 'refused', at: 2000 })).toEqual({
      status: 'partnerRefused',
      code: 'VVABC123',
    });
    expect(bookingReducer(contacting, { type: 'tick', at: 1000 + NIGHT_CHECK_MAX_MS }).status).toBe('noDriver');
  });

  it('an accepted night booking paid online goes on to the payment', () => {
    const contacting = run([{ type: 'submit', departPassed: false }, created(true, true)]);
    expect(bookingReducer(contacting, { type: 'nightResult', result: 'accepted', at: 2000 }).status).toBe('redirecting');
  });

  it('reset clears everything', () => {
    expect(run([{ type: 'submit', departPassed: false }, { type: 'reset' }])).toEqual({ status: 'idle' });
  });
});

describe('payment check without a connection', () => {
  const checking: BookingState = { status: 'checkingPayment', code: 'C', ticketKey: 'k', deadline: 10_000 };
  const offline = bookingReducer(checking, { type: 'pollFailed' });

  it('failed polls neither end the check nor fail it, and keep the deadline', () => {
    expect(offline).toEqual({ ...checking, offline: true });
    expect(bookingReducer(offline, { type: 'pollFailed' })).toBe(offline);
    expect(secondsLeft(offline, 4000)).toBe(6);
  });

  it('the deadline passing offline waits for the server: its answer decides', () => {
    const late = bookingReducer(offline, { type: 'tick', at: 12_000 });
    expect(late).toBe(offline);
    expect(bookingReducer(late, { type: 'paymentStatus', transactionStatusId: 2, at: 13_000 })).toEqual({
      status: 'success',
      code: 'C',
      ticketKey: 'k',
      at: 13_000,
    });
    expect(bookingReducer(late, { type: 'paymentStatus', transactionStatusId: 3, at: 13_000 }).status).toBe('failed');
    expect(bookingReducer(late, { type: 'paymentStatus', transactionStatusId: 1, at: 13_000 }).status).toBe('paymentTimeout');
  });

  it('back online within the window, a pending answer resumes the same countdown', () => {
    const back = bookingReducer(offline, { type: 'paymentStatus', transactionStatusId: 1, at: 5000 });
    expect(back).toEqual({ ...checking, offline: false });
    expect(bookingReducer(back, { type: 'tick', at: 10_000 }).status).toBe('paymentTimeout');
  });
});
