// The hourly price detail dialog (spec 2): every field of the offer, and a button to book it.
import { useTranslation } from 'react-i18next';
import type { HourlyPriceItem } from '../../../../shared/contract/pricing';
import { formatVnd } from '../../../../shared/domain/money';
import { formatVnDateTime, parseVnDateTime } from '../../../../shared/domain/vn-time';
import { Dialog } from '../../../components/ui/dialog';
import { useDurationLabel } from '../../../components/ui/duration-picker';
import { DetailsList } from '../../../components/ui/details-list';
import { formatDecimal } from '../../../../shared/domain/numbers';
import { useLang } from '../../../lib/use-lang';

interface Props {
  item: HourlyPriceItem | null;
  pickAddress: string;
  time: string;
  vatPercent: number;
  onClose(): void;
  onBook(item: HourlyPriceItem): void;
}

export function HourlyDetailDialog({ item, pickAddress, time, vatPercent, onClose, onBook }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const durationLabel = useDurationLabel();
  const start = parseVnDateTime(time);
  const end = item && start ? formatVnDateTime(start.getTime() + item.duration * 3600_000) : '';
  const rows: [string, string][] = item
    ? [
        [t('pricing.detail.pick'), pickAddress],
        [t('pricing.detail.duration'), durationLabel(item.duration)],
        [t('pricing.detail.booking_type'), t('booking.tabs.hourly')],
        [t('pricing.detail.pick_time'), time],
        [t('pricing.detail.end_time'), end],
        [t('pricing.detail.vehicle'), `${item.vehicle_name} · ${item.partner.name}`],
        [t('pricing.detail.km_limit'), t('pricing.km', { km: formatDecimal(item.km_limit, lang) })],
        [t('pricing.detail.extra_hour'), formatVnd(item.extra_price_hour)],
        [t('pricing.detail.extra_km'), formatVnd(item.extra_price_km)],
        [t('pricing.detail.promotion'), formatVnd(0)],
        [t('pricing.detail.vat'), t('pricing.detail.vat_note', { percent: vatPercent })],
      ]
    : [];
  return (
    <Dialog
      open={item !== null}
      title={t('pricing.detail.title')}
      onClose={onClose}
      footer={
        item && (
          <button type="button" className="button button-primary button-block" onClick={() => onBook(item)}>
            {t('pricing.detail.book')}
          </button>
        )
      }
    >
      {item && <DetailsList rows={rows} total={[t('pricing.detail.total'), formatVnd(item.price)]} />}
    </Dialog>
  );
}
