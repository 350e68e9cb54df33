// The dialog that tells the passenger the chosen pickup time has passed (spec 2), with the way to pick another.
// The booking widget loads it only when the time has passed, so the home page's first load does not carry it.
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';

export default function TimeOverDialog({ onClose, onRepick }: { onClose(): void; onRepick(): void }) {
  const { t } = useTranslation();
  return (
    <Dialog
      open
      title={t('booking.time_over_title')}
      role="alertdialog"
      onClose={onClose}
      footer={
        <DialogActions
          cancel={{ label: t('common.close'), onClick: onClose }}
          confirm={{ label: t('booking.repick_time'), onClick: onRepick }}
        />
      }
    >
      <p>{t('booking.time_over_text')}</p>
    </Dialog>
  );
}
