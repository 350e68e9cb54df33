// The hourly price detail dialog (spec 2): every field of the option, and a button to book it.
import { useTranslation } from 'react-i18next';
import type { HourlyPriceOption } from '../../../../shared/contract/pricing';
import { formatVnd } from '../../../../shared/domain/money';
import { formatVnDateTime, parseVnDateTime } from '../../../../shared/domain/vn-time';
import { Dialog } from '../../../components/ui/dialog';
import { useDurationLabel } from '../../../components/ui/duration-picker';
import { DetailsList } from '../../../components/ui/details-list';
import { formatDecimal } from '../../../../shared/domain/numbers';
import { useLang } from '../../../lib/use-lang';

interface Props {
  option: HourlyPriceOption | null;
  pickAddress: string;
  time: string;
  vatPercent: number;
  onClose(): void;
  onBook(option: HourlyPriceOption): void;
}

export function HourlyDetailDialog({ option, pickAddress, time, vatPercent, onClose, onBook }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const durationLabel = useDurationLabel();
  const start = parseVnDateTime(time);
  const end = option && start ? formatVnDateTime(start.getTime() + option.duration * 3600_000) : '';
  const rows: [string, string][] = option
    ? [
        [t('pricing.detail.pick'), pickAddress],
        [t('pricing.detail.duration'), durationLabel(option.duration)],
        [t('pricing.detail.booking_type'), t('booking.tabs.hourly')],
        [t('pricing.detail.pick_time'), time],
        [t('pricing.detail.end_time'), end],
        [t('pricing.detail.vehicle'), `${option.vehicle_name} · ${option.partner.name}`],
        [t('pricing.detail.km_limit'), t('pricing.km', { km: formatDecimal(option.km_limit, lang) })],
        [t('pricing.detail.extra_hour'), formatVnd(option.extra_price_hour)],
        [t('pricing.detail.extra_km'), formatVnd(option.extra_price_km)],
        [t('pricing.detail.promotion'), formatVnd(0)],
        [t('pricing.detail.vat'), t('pricing.detail.vat_note', { percent: vatPercent })],
      ]
    : [];
  return (
    <Dialog
      open={option !== null}
      title={t('pricing.detail.title')}
      onClose={onClose}
      footer={
        option && (
          <button type="button" className="button button-primary button-block" onClick={() => onBook(option)}>
            {t('pricing.detail.book')}
          </button>
        )
      }
    >
      {option && <DetailsList rows={rows} total={[t('pricing.detail.total'), formatVnd(option.price)]} />}
    </Dialog>
  );
}
