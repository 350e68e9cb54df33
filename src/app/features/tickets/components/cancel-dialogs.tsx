// The two cancel popups of spec 2 (the button that opens them is the ticket page's): the cancel confirm popup (what a
// cancellation does, with the refund when something was paid online) and the cancel success popup with the reasons
// list (optional). Errors are shown in the popup (role=alert) and nothing typed is lost.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_NOTE_MAX, CANCEL_REASON_IDS, type CancelReasonId } from '../../../../shared/contract/tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { useLang } from '../../../lib/use-lang';
import { errorText } from '../../../components/form/form-errors';
import { TextAreaField } from '../../../components/form/text-area-field';
import { cancelQueries } from '../api';
import { isFinalError, needsNewToken, type CancelFlow } from '../use-cancel-flow';

interface Props {
  flow: CancelFlow;
  code: string;
  /** Closes the popups: the flow's close. */
  onClose(): void;
}

function Busy({ text }: { text: string }) {
  return (
    <p className="status-busy" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      {text}
    </p>
  );
}

function ConfirmDialog({ flow, code, onClose }: Props) {
  const { t } = useTranslation();
  const { state } = flow;
  const open = state.step === 'preparing' || state.step === 'confirm' || state.step === 'cancelling';
  const cancelling = state.step === 'cancelling';
  const final = isFinalError(state.error);
  const restart = !final && (needsNewToken(state.error) || (state.step === 'confirm' && !state.token));
  const footer =
    state.step === 'preparing' ? undefined : final ? (
      <DialogActions className="button-row" confirm={{ label: t('common.close'), onClick: onClose }} />
    ) : (
      <DialogActions
        className="button-row"
        confirmFirst
        cancel={{ label: t('cancel.keep'), disabled: cancelling, onClick: onClose }}
        confirm={
          restart
            ? { label: t('cancel.start_again'), onClick: flow.start }
            : {
                label: state.error ? t('cancel.confirm_retry') : t('cancel.confirm'),
                tone: 'danger',
                busy: cancelling,
                busyLabel: t('cancel.cancelling'),
                onClick: flow.confirm,
              }
        }
      />
    );
  return (
    <Dialog
      open={open}
      title={t('cancel.confirm_title')}
      role="alertdialog"
      hideClose={cancelling}
      onClose={onClose}
      footer={footer}
    >
      {state.step === 'preparing' && <Busy text={t('cancel.preparing')} />}
      {state.step !== 'preparing' && state.token && (
        <div className="cancel-summary">
          <p>{t('cancel.confirm_text', { code })}</p>
          <ul className="check-list">
            <li>{t('cancel.effect_driver')}</li>
            <li>{t('cancel.effect_final')}</li>
            {state.token.refund_amount > 0 && (
              <li>
                <strong>{t('cancel.refund', { amount: formatVnd(state.token.refund_amount) })}</strong>
              </li>
            )}
          </ul>
        </div>
      )}
      {cancelling && <Busy text={t('cancel.cancelling')} />}
      {state.error && (
        <p className="notice notice-error" role="alert">
          {errorText(state.error, t)}
          {final && ` ${t('cancel.hotline_hint')}`}
        </p>
      )}
    </Dialog>
  );
}

function FeedbackDialog({ flow, code, onClose }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const noteId = useId();
  const { state } = flow;
  const open = state.step === 'feedback' || state.step === 'sending';
  const sending = state.step === 'sending';
  const reasons = useQuery({ ...cancelQueries.reasons(lang), enabled: open });
  const [reasonId, setReasonId] = useState<CancelReasonId | null>(null);
  const [note, setNote] = useState('');
  const [missingReason, setMissingReason] = useState(false);
  const result = state.result;
  const tokenGone = needsNewToken(state.error);
  const order = new Map<number, number>(CANCEL_REASON_IDS.map((id, index) => [id, index]));
  const known = (id: number): id is CancelReasonId => order.has(id);
  const list = (reasons.data ?? []).filter((reason) => known(reason.id));

  const send = () => {
    if (reasonId === null) {
      setMissingReason(true);
      return;
    }
    flow.sendFeedback(reasonId, note);
  };

  return (
    <Dialog
      open={open}
      title={t('cancel.success_title')}
      hideClose={sending}
      onClose={onClose}
      footer={
        <DialogActions
          className="button-row"
          confirmFirst
          cancel={{ label: t('cancel.skip'), disabled: sending, onClick: onClose }}
          confirm={
            tokenGone
              ? undefined
              : {
                  label: t('cancel.send'),
                  submit: `${noteId}-form`,
                  disabled: !reasons.data,
                  busy: sending,
                  busyLabel: t('cancel.sending'),
                }
          }
        />
      }
    >
      {result && (
        <div className="notice notice-ok" role="status">
          <p>{t('cancel.success_text', { code })}</p>
          {result.refund_amount > 0 && <p>{t('cancel.refunded', { amount: formatVnd(result.refund_amount) })}</p>}
          {result.member_promotion_returned > 0 && (
            <p>{t('cancel.balance_returned', { amount: formatVnd(result.member_promotion_returned) })}</p>
          )}
        </div>
      )}
      <form
        id={`${noteId}-form`}
        className="booking-form cancel-reasons"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        {reasons.isPending && <Busy text={t('cancel.reasons_loading')} />}
        {reasons.isError && (
          <div className="notice notice-error" role="alert">
            <p>{errorText(reasons.error, t)}</p>
            <button type="button" className="button" onClick={() => void reasons.refetch()}>
              {t('common.retry')}
            </button>
          </div>
        )}
        {list.length > 0 && (
          <fieldset
            className={`radio-group${missingReason ? ' invalid' : ''}`}
            aria-describedby={missingReason ? `${noteId}-reason-error` : undefined}
          >
            <legend className="field-label">{t('cancel.reasons_legend')}</legend>
            {list.map((reason) => (
              <label key={reason.id} className="radio-option">
                <input
                  type="radio"
                  name={`${noteId}-reason`}
                  value={reason.id}
                  checked={reasonId === reason.id}
                  disabled={sending}
                  onChange={() => {
                    if (known(reason.id)) setReasonId(reason.id);
                    setMissingReason(false);
                  }}
                />
                <span>{reason.text}</span>
              </label>
            ))}
            {missingReason && (
              <p id={`${noteId}-reason-error`} className="field-error" role="alert">
                {t('cancel.choose_reason')}
              </p>
            )}
          </fieldset>
        )}
        <TextAreaField
          id={noteId}
          label={t('cancel.note')}
          max={CANCEL_NOTE_MAX}
          value={note}
          disabled={sending}
          count={t('cancel.note_count', { count: note.length, max: CANCEL_NOTE_MAX })}
          onChange={setNote}
        />
        {state.error && (
          <p className="notice notice-error" role="alert">
            {errorText(state.error, t)}
          </p>
        )}
      </form>
    </Dialog>
  );
}

/** Both popups; always mounted beside the ticket so the flow survives the page's switch to the cancelled view. */
export function CancelDialogs(props: Props) {
  return (
    <>
      <ConfirmDialog {...props} />
      <FeedbackDialog {...props} />
    </>
  );
}
