// The booking status popups of spec 2 and 4, one per state of the booking machine: looking for a driver,
// contacting the partner, going to the payment gateway, and each way it can end.
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/dialog';
import { ActionButton, DialogActions } from '../../../components/ui/dialog-actions';
import { leadRefusalText } from '../../../components/ui/lead-time-text';
import { BOOKING_ERROR_KEYS } from '../../../../shared/contract/booking';
import type { BookingState } from '../use-booking-flow';
import { useDriverNames } from '../driver-names';

interface Props {
  state: BookingState;
  hotlineDisplay: string;
  onClose(): void;
  onRetry(): void;
  onChooseAnother(): void;
  onQuitNight(): void;
  onNewBooking(): void;
  /** Continue the passenger's pending ticket of the same trip. */
  onContinuePending?(): void;
}

export function StatusDialog({
  state,
  hotlineDisplay,
  onClose,
  onRetry,
  onChooseAnother,
  onQuitNight,
  onNewBooking,
  onContinuePending,
}: Props) {
  const { t } = useTranslation();
  const driverNames = useDriverNames(state.status === 'contactingPartner');
  const busy = (text: string) => (
    <p className="status-busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
  /** A lone button: the way out, or the dialog's main move. */
  const button = (label: string, onClick: () => void, primary = false) => (
    <ActionButton tone={primary ? 'primary' : undefined} onClick={onClick}>
      {label}
    </ActionButton>
  );

  let title = '';
  let body: React.ReactNode = null;
  let footer: React.ReactNode = null;
  let closable = true;
  switch (state.status) {
    case 'idle':
      return null;
    case 'processing':
      title = t('booking.status.processing_title');
      body = busy(t('booking.status.processing'));
      closable = false;
      break;
    case 'lookingDriver':
      title = t('booking.status.looking_driver_title');
      body = busy(t('booking.status.looking_driver'));
      closable = false;
      break;
    case 'contactingPartner':
      title = t('booking.status.contacting_title');
      body = (
        <>
          {busy(t('booking.status.contacting'))}
          {driverNames.length > 0 && (
            <p className="status-drivers">{t('booking.status.drivers_nearby', { names: driverNames.slice(0, 5).join(', ') })}</p>
          )}
        </>
      );
      footer = button(t('booking.status.quit_night'), onQuitNight);
      closable = false;
      break;
    case 'redirecting':
      title = t('booking.status.redirecting_title');
      body = busy(t('booking.status.redirecting'));
      closable = false;
      break;
    case 'lostConnection':
      title = t('booking.status.lost_connection_title');
      body = <p>{t('booking.status.lost_connection')}</p>;
      footer = button(t('common.close'), onClose, true);
      break;
    case 'connectionLost':
      // Our connection, not the gateway: what happened to the booking, and that this closes when it returns.
      title = t('billing.connection_lost.title');
      body = (
        <>
          <p>
            {state.sent === 'no'
              ? t('billing.connection_lost.not_sent')
              : state.sent === 'maybe'
                ? t('billing.connection_lost.maybe_sent')
                : t('billing.connection_lost.to_gateway', { code: state.code })}
          </p>
          {busy(t('billing.connection_lost.waiting'))}
        </>
      );
      footer = button(t('common.close'), onClose, true);
      break;
    case 'partnerRefused':
      title = t('booking.status.refused_title');
      body = <p>{t('booking.status.refused')}</p>;
      footer = button(t('booking.status.choose_another'), onChooseAnother, true);
      break;
    case 'noDriver':
      title = t('booking.status.no_driver_title');
      body = <p>{t('booking.status.no_driver')}</p>;
      footer = button(t('booking.status.choose_another'), onChooseAnother, true);
      break;
    case 'sessionTimeout':
      title = t('booking.status.session_timeout_title');
      body = <p>{t('booking.status.session_timeout')}</p>;
      footer = button(t('booking.status.new_booking'), onNewBooking, true);
      break;
    case 'pendingTicket':
      // One pending booking per passenger and trip: continue it, or book again knowingly.
      title = t('billing.pending.title');
      body = (
        <p>{t(state.transactionStatusId === 2 ? 'billing.pending.booked' : 'billing.pending.unpaid', { code: state.code })}</p>
      );
      footer = (
        <DialogActions
          cancel={{ label: t('billing.pending.book_again'), onClick: onRetry }}
          confirm={
            onContinuePending && { label: t('billing.pending.continue', { code: state.code }), onClick: onContinuePending }
          }
        />
      );
      break;
    case 'error':
      title = t('booking.status.error_title');
      body = (
        <p>
          {(state.message === BOOKING_ERROR_KEYS.leadTime && leadRefusalText(t, state.params)) ||
            t(state.message, { hotline: hotlineDisplay, defaultValue: t('errors.server_busy') })}
        </p>
      );
      footer = button(t('common.close'), onClose, true);
      break;
  }
  return (
    <Dialog
      open
      title={title}
      className="status-dialog"
      role="alertdialog"
      onClose={closable ? onClose : () => {}}
      footer={footer}
      hideClose={!closable}
    >
      {body}
    </Dialog>
  );
}
