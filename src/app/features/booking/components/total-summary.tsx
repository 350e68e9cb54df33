// The live total of spec 5, line by line.
import { useTranslation } from 'react-i18next';
import type { FareTotal } from '../../../../shared/domain/fare-total';
import { formatVnd } from '../../../../shared/domain/money';
import { DetailsList } from '../../../components/ui/details-list';

export function TotalSummary({
  merged,
  total,
  tollNA,
  vatPercent,
  feePercent,
}: {
  merged: number;
  total: FareTotal;
  tollNA: boolean;
  vatPercent: number;
  feePercent: number;
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
    </section>
  );
}
