import { describe, expect, it } from 'vitest';
import { fareTotal, memberPromotionUse, promotionDiscount, type FareInput } from './fare-total';

const base: FareInput = {
  merged: 500_000,
  boardPrice: 30_000,
  byBoard: false,
  promotion: 0,
  memberPromotion: 0,
  vat: false,
  vatPercent: 10,
  tollFee: 'NA',
  payMethodFeePercent: 0,
};

describe('promotionDiscount (spec 5)', () => {
  it('reads a value up to 100 as a percent of the base price', () => {
    expect(promotionDiscount(10, 500_000)).toBe(50_000);
    expect(promotionDiscount(100, 500_000)).toBe(500_000);
  });

  it('reads a value above 100 as money', () => {
    expect(promotionDiscount(50_000, 500_000)).toBe(50_000);
    expect(promotionDiscount(101, 500_000)).toBe(101);
  });

  it('never discounts more than the base price', () => {
    expect(promotionDiscount(900_000, 500_000)).toBe(500_000);
  });

  it('rounds a percent to whole VND', () => {
    expect(promotionDiscount(15, 333_333)).toBe(50_000);
  });
});

describe('memberPromotionUse (spec 9 minimum 10,000đ)', () => {
  it('uses nothing below the minimum', () => {
    expect(memberPromotionUse(9_999, 100_000)).toBe(0);
    expect(memberPromotionUse(50_000, 9_000)).toBe(0);
  });

  it('uses at most the balance', () => {
    expect(memberPromotionUse(50_000, 20_000)).toBe(20_000);
    expect(memberPromotionUse(10_000, 20_000)).toBe(10_000);
  });
});

describe('fareTotal (spec 5)', () => {
  it('is the base price alone by default', () => {
    expect(fareTotal(base)).toEqual({
      boardPrice: 0,
      promotion: 0,
      memberPromotion: 0,
      vat: 0,
      toll: 0,
      payMethodFee: 0,
      total: 500_000,
    });
  });

  it('adds the board price only when picked up by board', () => {
    expect(fareTotal({ ...base, byBoard: true }).total).toBe(530_000);
  });

  it('takes off promotion and member promotion', () => {
    expect(fareTotal({ ...base, promotion: 50_000, memberPromotion: 20_000 }).total).toBe(430_000);
  });

  it('adds VAT on the price after discounts, not on the toll', () => {
    const total = fareTotal({ ...base, byBoard: true, promotion: 30_000, vat: true, tollFee: 35_000 });
    expect(total.vat).toBe(50_000);
    expect(total.total).toBe(500_000 + 50_000 + 35_000);
  });

  it('adds the toll unless it is NA', () => {
    expect(fareTotal({ ...base, tollFee: 35_000 }).total).toBe(535_000);
    expect(fareTotal({ ...base, tollFee: 'NA' }).toll).toBe(0);
  });

  it('never goes below 0', () => {
    const total = fareTotal({ ...base, promotion: 400_000, memberPromotion: 300_000, vat: true });
    expect(total.vat).toBe(0);
    expect(total.total).toBe(0);
  });

  it('adds the PayPal-style fee on the amount paid', () => {
    const total = fareTotal({ ...base, tollFee: 20_000, payMethodFeePercent: 5 });
    expect(total.payMethodFee).toBe(26_000);
    expect(total.total).toBe(546_000);
  });
});
