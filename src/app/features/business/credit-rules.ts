// What the business screen shows, as pure functions: money params of the messages formatted as VND, the top-up
// form's validation with the contract's schema (errors in the user's language), the ledger entry's label and sign,
// and what a top-up's state says.
import type { TFunction } from 'i18next';
import { ValidationError } from 'yup';
import { topUpFormSchema, type CreditEntryKind, type TopUpStatus } from '../../../shared/contract/business';
import { toMessageRef } from '../../../shared/contract/yup';
import { formatVnd } from '../../../shared/domain/money';
import { formatVnDateTime } from '../../../shared/domain/vn-time';

const MONEY_PARAMS = new Set(['min', 'max', 'balance', 'amount']);

/** A message's params with its amounts shown as money ("100.000đ"). */
export function moneyParams(params: Record<string, unknown> = {}): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      MONEY_PARAMS.has(key) && typeof value === 'number' ? formatVnd(value) : value,
    ]),
  );
}

export interface TopUpValues {
  amount: string;
}

/** Formik `validate` of the top-up form with the contract's schema, so the form and the server agree. */
export async function validateTopUp(values: TopUpValues, t: TFunction): Promise<Partial<Record<keyof TopUpValues, string>>> {
  try {
    await topUpFormSchema.validate({ amount: values.amount.replace(/[.\s]/g, '') }, { abortEarly: true });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const { key, params } = toMessageRef(error.errors[0]);
    return { amount: t(key, moneyParams(params)) };
  }
}

/** The amount typed ("1.500.000" or "1500000") as whole VND. */
export const amountOf = (values: TopUpValues): number => Number(values.amount.replace(/[.\s]/g, ''));

export const ENTRY_LABEL: Record<CreditEntryKind, string> = {
  top_up: 'business.ledger.top_up',
  booking: 'business.ledger.booking',
  refund: 'business.ledger.refund',
};

/** "+1.000.000đ" for money in, "-350.000đ" for money out. */
export const signedVnd = (amount: number): string => (amount > 0 ? `+${formatVnd(amount)}` : formatVnd(amount));

/** An ISO instant in Vietnam time ("14:05 23/11/2026"), as every time the app shows. */
export const vnTimeOf = (iso: string): string => formatVnDateTime(new Date(iso));

export const TOP_UP_RESULT_KEY: Record<TopUpStatus, string> = {
  pending: 'business.top_up.pending',
  paid: 'business.top_up.paid',
  failed: 'business.top_up.failed',
  expired: 'business.top_up.expired',
};
