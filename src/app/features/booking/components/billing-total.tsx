// The billing form's money: the live total of spec 5, line by line, and the promotion code that lowers it.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FareTotal } from '../../../../shared/domain/fare-total';
import { formatVnd } from '../../../../shared/domain/money';
import { usdOfCents, vndToUsdCents } from '../../../../shared/domain/usd';
import { DetailsList } from '../../../components/ui/details-list';
import { ApiError } from '../../../lib/api-client';

export function TotalSummary({
  merged,
  total,
  tollNA,
  vatPercent,
  feePercent,
  vndPerUsd,
}: {
  merged: number;
  total: FareTotal;
  tollNA: boolean;
  vatPercent: number;
  feePercent: number;
  /** The method charges in US dollars at this rate (PayPal): what it will charge is shown before paying. */
  vndPerUsd?: number;
}) {
  const { t } = useTranslation();
  const rows: [string, string][] = [[t('billing.total.base'), formatVnd(merged)]];
  if (total.boardPrice) rows.push([t('billing.total.board'), formatVnd(total.boardPrice)]);
  if (total.promotion) rows.push([t('billing.total.promotion'), `−${formatVnd(total.promotion)}`]);
  if (total.memberPromotion) rows.push([t('billing.total.member_promotion'), `−${formatVnd(total.memberPromotion)}`]);
  if (total.vat) rows.push([t('billing.total.vat', { percent: vatPercent }), formatVnd(total.vat)]);
  rows.push([t('billing.total.toll'), tollNA ? t('billing.total.toll_na') : formatVnd(total.toll)]);
  if (total.payMethodFee) rows.push([t('billing.total.fee', { percent: feePercent }), formatVnd(total.payMethodFee)]);
  return (
    <section className="total-summary" aria-labelledby="total-heading">
      <h2 id="total-heading">{t('billing.total.title')}</h2>
      <DetailsList rows={rows} total={[t('billing.total.total'), formatVnd(total.total)]} />
      {vndPerUsd !== undefined && total.total > 0 && (
        <p className="field-hint">{t('billing.total.usd', usdCharge(total.total, vndPerUsd))}</p>
      )}
    </section>
  );
}

/** What PayPal charges for `vnd`, as the billing texts show it: "50.00" and "25.400đ". */
export function usdCharge(vnd: number, vndPerUsd: number): { usd: string; rate: string } {
  return { usd: usdOfCents(vndToUsdCents(vnd, vndPerUsd)), rate: formatVnd(vndPerUsd) };
}

// The promotion code (spec 4, 5): applying shows loading, then the discount or the server's message; a change
// of code or payment method clears it. A value up to 100 is a percent, above it money (the server's text says which).
export type PromotionState =
  | { status: 'idle' }
  | { status: 'loading'; code: string }
  | { status: 'applied'; code: string; discount: number; text: string }
  | { status: 'error'; code: string; message: string; params?: Record<string, string> };

interface Props {
  state: PromotionState;
  onApply(code: string): void;
  onClear(): void;
}

/** The server's refusal of a code as its message key and params, a minimum order shown as money (500.000đ). */
export function promotionError(error: unknown): { message: string; params?: Record<string, string> } {
  if (!(error instanceof ApiError)) return { message: 'errors.server_busy' };
  const sent = error.errors.find((item) => item.params)?.params;
  if (!sent) return { message: error.key };
  const params = Object.fromEntries(
    Object.entries(sent).map(([name, value]) => [
      name,
      name === 'min' && typeof value === 'number' ? formatVnd(value) : String(value),
    ]),
  );
  return { message: error.key, params };
}

export function PromotionField({ state, onApply, onClear }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [code, setCode] = useState(state.status === 'idle' ? '' : state.code);
  const busy = state.status === 'loading';
  return (
    <div className={`form-field${state.status === 'error' ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t('billing.promotion')}
      </label>
      <div className="address-row">
        <input
          id={id}
          className="field-input"
          value={code}
          autoComplete="off"
          autoCapitalize="characters"
          aria-invalid={state.status === 'error' || undefined}
          aria-describedby={`${id}-status`}
          onChange={(event) => {
            setCode(event.target.value.toUpperCase());
            if (state.status !== 'idle') onClear();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              if (code.trim()) onApply(code.trim());
            }
          }}
        />
        <button
          type="button"
          className="button"
          disabled={!code.trim() || busy}
          aria-busy={busy}
          onClick={() => onApply(code.trim())}
        >
          {busy ? t('billing.promotion_checking') : t('billing.promotion_apply')}
        </button>
      </div>
      <p id={`${id}-status`} className={state.status === 'error' ? 'field-error' : 'field-ok'} role="status" aria-live="polite">
        {state.status === 'applied' && t('billing.promotion_applied', { text: state.text })}
        {state.status === 'error' && t(state.message, { ...state.params, defaultValue: t('booking.errors.promotion_not_found') })}
      </p>
    </div>
  );
}
