// The confirmation of a move that ends a trip (refusing a ticket, a failed pickup), with a reason the passenger's
// side and the records keep (optional, up to TRANSITION_REASON_MAX characters).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSITION_REASON_MAX } from '../../../../shared/contract/partners';
import { Dialog } from '../../../components/ui/dialog';
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
        <div className="button-row">
          <button type="button" className="button" onClick={onClose}>
            {t('partner.moves.keep')}
          </button>
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={() => onConfirm(reason.trim())}
          >
            {busy ? t('partner.busy') : confirmLabel}
          </button>
        </div>
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
