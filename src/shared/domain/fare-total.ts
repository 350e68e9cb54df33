// The billing total of spec 5, in whole VND, shared by the billing form (what the passenger sees) and the
// server (what the ticket records): base + board − promotion − member promotion + VAT + toll, never below 0,
// plus the PayPal-style fee (spec 9) when that method is chosen.

/** spec 9: minimum member-promotion use. */
export const MIN_MEMBER_PROMOTION = 10_000;
/** spec 9: PayPal-style fee percent. */
export const PAYPAL_FEE_PERCENT = 5;
/** spec 9: VAT percent when the server has none configured. */
export const DEFAULT_VAT_PERCENT = 10;
/** spec 5: a promotion value up to this is a percent; above it, money. */
export const PROMOTION_PERCENT_MAX = 100;

export interface FareInput {
  /** spec 3 merged: the base price. */
  merged: number;
  /** Name-board price of the option; added only when `byBoard`. */
  boardPrice: number;
  byBoard: boolean;
  /** The promotion's discount in VND (see promotionDiscount). */
  promotion: number;
  /** Member promotion to use (0 = none; otherwise at least MIN_MEMBER_PROMOTION). */
  memberPromotion: number;
  /** VAT invoice asked for (spec 5 xhd). */
  vat: boolean;
  vatPercent: number;
  /** spec 3: 'NA' when the partner gives no toll estimate. */
  tollFee: number | 'NA';
  /** Percent fee of the chosen pay method (PAYPAL_FEE_PERCENT for 99, else 0). */
  payMethodFeePercent: number;
}

export interface FareTotal {
  boardPrice: number;
  promotion: number;
  memberPromotion: number;
  vat: number;
  toll: number;
  payMethodFee: number;
  total: number;
}

const whole = (value: number) => (Number.isFinite(value) && value > 0 ? Math.round(value) : 0);

/** spec 5: a value up to 100 is a percent of the base price; above 100 a fixed amount; never more than the base. */
export function promotionDiscount(value: number, merged: number): number {
  const base = whole(merged);
  const discount = value <= PROMOTION_PERCENT_MAX ? (base * whole(value)) / 100 : whole(value);
  return Math.min(base, Math.round(discount));
}

/** spec 5 and 9: a member promotion below the minimum (the configured min_member_promotion) is not used. */
export function memberPromotionUse(requested: number, balance: number, min: number = MIN_MEMBER_PROMOTION): number {
  const use = Math.min(whole(requested), whole(balance));
  return use >= min ? use : 0;
}

/** spec 9: the pay-method fee (PayPal-style 5%) on what is paid before it, rounded to the đồng. */
export function payMethodFee(beforeFee: number, percent: number): number {
  return Math.round((Math.max(0, beforeFee) * whole(percent)) / 100);
}

/**
 * spec 5 total. VAT is a percent of what the passenger pays for the trip (base + board − discounts, floored at 0):
 * the invoice is for the price after discounts. Toll is a pass-through cost and bears no VAT. The pay-method fee
 * is a percent of that total (the gateway charges on the amount paid).
 */
export function fareTotal(input: FareInput): FareTotal {
  const boardPrice = input.byBoard ? whole(input.boardPrice) : 0;
  const promotion = whole(input.promotion);
  const memberPromotion = whole(input.memberPromotion);
  const taxable = Math.max(0, whole(input.merged) + boardPrice - promotion - memberPromotion);
  const vat = input.vat ? Math.round((taxable * whole(input.vatPercent)) / 100) : 0;
  const toll = input.tollFee === 'NA' ? 0 : whole(input.tollFee);
  const beforeFee = Math.max(0, taxable + vat + toll);
  const fee = payMethodFee(beforeFee, input.payMethodFeePercent);
  return { boardPrice, promotion, memberPromotion, vat, toll, payMethodFee: fee, total: beforeFee + fee };
}
