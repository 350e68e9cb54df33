// The confirmation of a move that ends a trip (refusing a ticket, a failed pickup), with a reason the passenger's
// side and the records keep (optional, up to TRANSITION_REASON_MAX characters).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSITION_REASON_MAX } from '../../../../shared/contract/partners';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { TextAreaField } from '../../../components/form/text-area-field';

interface Props {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  busy: boolean;
  error: string | null;
  onConfirm(reason: string): void;
  onClose(): void;
}

export function ReasonDialog({ open, title, message, confirmLabel, busy, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      role="alertdialog"
      footer={
        <DialogActions
          className="button-row"
          cancel={{ label: t('partner.moves.keep'), onClick: onClose }}
          confirm={{
            label: confirmLabel,
            tone: 'danger',
            busy,
            busyLabel: t('partner.busy'),
            onClick: () => onConfirm(reason.trim()),
          }}
        />
      }
    >
      <p>{message}</p>
      <TextAreaField id={id} label={t('partner.moves.reason')} max={TRANSITION_REASON_MAX} value={reason} onChange={setReason} />
      {error && (
        <div className="notice notice-error" role="alert">
          <p>{error}</p>
        </div>
      )}
    </Dialog>
  );
}
