import { describe, expect, it } from 'vitest';
import { gatewayParamsOf } from './use-payment-result';

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
