import { describe, expect, it } from 'vitest';
import { NIGHT_CHECK_MAX_MS, bookingReducer, type BookingEvent, type BookingState } from './use-booking-flow';

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

  it('an online payment goes to the gateway, whose return the payment-result page checks', () => {
    expect(run([{ type: 'submit', departPassed: false }, created(false, true)])).toEqual({
      status: 'redirecting',
      code: 'VVABC123',
      ticketKey: 'key-7',
    });
  });

  it('a gateway that cannot be reached is a lost connection, and the passenger may try again', () => {
    const lost = run([{ type: 'submit', departPassed: false }, created(false, true), { type: 'gatewayFailed' }]);
    expect(lost).toEqual({ status: 'lostConnection', code: 'VVABC123', ticketKey: 'key-7' });
    expect(bookingReducer(lost, { type: 'submit', departPassed: false }).status).toBe('processing');
  });

  it('a connection lost before the create call is a booking not sent, closed when the connection returns', () => {
    const lost = run([
      { type: 'submit', departPassed: false },
      { type: 'connectionLost', sent: 'no' },
    ]);
    expect(lost).toEqual({ status: 'connectionLost', sent: 'no' });
    expect(bookingReducer(lost, { type: 'reconnected' })).toEqual({ status: 'idle' });
  });

  it('a connection lost during the create call waits to be checked by sending the same attempt again', () => {
    const lost = run([
      { type: 'submit', departPassed: false },
      { type: 'connectionLost', sent: 'maybe' },
    ]);
    expect(lost).toEqual({ status: 'connectionLost', sent: 'maybe' });
    // The hook sends it again (same idempotency key): a submit, never a silent close.
    expect(bookingReducer(lost, { type: 'reconnected' })).toBe(lost);
    expect(bookingReducer(lost, { type: 'submit', departPassed: false })).toEqual({ status: 'processing' });
  });

  it('a connection lost on the way to the gateway keeps the ticket and goes on to the gateway once back', () => {
    const lost = run([{ type: 'submit', departPassed: false }, created(false, true), { type: 'connectionLost', sent: 'yes' }]);
    expect(lost).toEqual({ status: 'connectionLost', sent: 'yes', code: 'VVABC123', ticketKey: 'key-7' });
    expect(bookingReducer(lost, { type: 'reconnected' })).toEqual({
      status: 'redirecting',
      code: 'VVABC123',
      ticketKey: 'key-7',
    });
  });

  it('a lost connection is told only where it fits: not a created ticket before the gateway, not a cash ticket', () => {
    const processing = run([{ type: 'submit', departPassed: false }]);
    expect(bookingReducer(processing, { type: 'connectionLost', sent: 'yes' })).toBe(processing);
    const looking = run([{ type: 'submit', departPassed: false }, created(false, false)]);
    expect(bookingReducer(looking, { type: 'connectionLost', sent: 'no' })).toBe(looking);
    expect(bookingReducer(looking, { type: 'reconnected' })).toBe(looking);
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
