// The business screen's rules: the top-up form validated with the contract's schema (money params shown as VND),
// typed amounts with dots, the ledger's signs and Vietnam-time dates.
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { amountOf, moneyParams, signedVnd, validateTopUp, vnTimeOf } from './credit-rules';
import { BUSINESS_ERROR_KEYS } from '../../../shared/contract/business';

const t = ((key: string, params?: Record<string, unknown>) => `${key} ${JSON.stringify(params ?? {})}`) as unknown as TFunction;

describe('top-up form', () => {
  it('accepts whole VND within the limits, typed with or without dots', async () => {
    expect(await validateTopUp({ amount: '2000000' }, t)).toEqual({});
    expect(await validateTopUp({ amount: '2.000.000' }, t)).toEqual({});
    expect(amountOf({ amount: '2.000.000' })).toBe(2_000_000);
  });

  it('refuses a missing, small, large or broken amount with the limits as money', async () => {
    for (const amount of ['', '99999', '500000001', '12a']) {
      const errors = await validateTopUp({ amount }, t);
      expect(errors.amount, amount).toBe(`${BUSINESS_ERROR_KEYS.topUpAmount} {"min":"100.000đ","max":"500.000.000đ"}`);
    }
  });
});

describe('display', () => {
  it('formats money params and signs, and shows times in Vietnam time', () => {
    expect(moneyParams({ balance: 100000, amount: 240000, code: 'VV1' })).toEqual({
      balance: '100.000đ',
      amount: '240.000đ',
      code: 'VV1',
    });
    expect(signedVnd(2_000_000)).toBe('+2.000.000đ');
    expect(signedVnd(-240_000)).toBe('-240.000đ');
    expect(vnTimeOf('2026-11-23T17:58:00.000Z')).toBe('00:58 24/11/2026');
  });
});
