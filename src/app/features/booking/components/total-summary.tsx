// The live total of spec 5, line by line.
import { useTranslation } from 'react-i18next';
import type { FareTotal } from '../../../../shared/domain/fare-total';
import { formatVnd } from '../../../../shared/domain/money';
import { usdOfCents, vndToUsdCents } from '../../../../shared/domain/usd';
import { DetailsList } from '../../../components/ui/details-list';

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
