import { describe, expect, it } from 'vitest';
import { PAY_METHOD, TRANSACTION_STATUS } from '../../../shared/contract/booking';
import type { PaymentStatus } from '../../../shared/contract/payments';
import { gatewayParamsOf, outcomeOf } from './use-payment-check';

const status = (transaction_status_id: number, attempt: PaymentStatus['attempt']): PaymentStatus => ({
  ticket_code: 'VV1',
  transaction_status_id,
  expires_at: null,
  attempt,
  pay_method_id: PAY_METHOD.online,
  total_cost: 240_000,
});

describe('outcomeOf', () => {
  it('payment ends in success, failure, cancellation or timeout, or is still waited for', () => {
    expect(outcomeOf(status(TRANSACTION_STATUS.success, 'paid'))).toBe('done');
    expect(outcomeOf(status(TRANSACTION_STATUS.processing, 'paid'))).toBe('done');
    expect(outcomeOf(status(TRANSACTION_STATUS.processing, 'declined'))).toBe('declined');
    expect(outcomeOf(status(TRANSACTION_STATUS.processing, 'abandoned'))).toBe('abandoned');
    expect(outcomeOf(status(TRANSACTION_STATUS.cancel, 'declined'))).toBe('cancelled');
    expect(outcomeOf(status(TRANSACTION_STATUS.timeout, 'pending'))).toBe('expired');
    expect(outcomeOf(status(TRANSACTION_STATUS.processing, 'none'))).toBe('unpaid');
    expect(outcomeOf(status(TRANSACTION_STATUS.processing, 'pending'))).toBe('wait');
  });
});

describe('gatewayParamsOf', () => {
  it('keeps the signed gateways’ parameters as text', () => {
    expect(gatewayParamsOf('?code=VV1&vnp_Amount=24000000&sb_result=paid&token=x')).toEqual({
      vnp_Amount: '24000000',
      sb_result: 'paid',
    });
  });

  it('keeps PayPal’s return (our reference, its order id and payer) only when it names one of our attempts', () => {
    expect(gatewayParamsOf('?code=VV1&ticket_code=VV1&pp_ref=T1&token=ORDER1&PayerID=P1')).toEqual({
      pp_ref: 'T1',
      token: 'ORDER1',
      PayerID: 'P1',
    });
    expect(gatewayParamsOf('?code=VV1&pp_ref=T1&pp_cancel=1&token=ORDER1')).toEqual({
      pp_ref: 'T1',
      pp_cancel: '1',
      token: 'ORDER1',
    });
    expect(gatewayParamsOf('?code=VV1&token=ORDER1&PayerID=P1')).toEqual({});
  });
});
