// A desk action on a ticket in a dialog: its own fields (a refund's amount, method and reference; a move's partner)
// and the reason every action needs, checked with the contract's schema; a refusal shows on its field and the form
// keeps what was typed. Done, the ticket's timeline and the search are read again.
import { useQueryClient } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DESK_REFUND_METHODS,
  DESK_RESEND_MINUTES,
  deskRefundPaidSchema,
  deskTicketMoveSchema,
  deskTicketReasonSchema,
  type DeskTimeline,
} from '../../../../shared/contract/desk-tickets';
import { formatVnd } from '../../../../shared/domain/money';
import { TextField } from '../../../components/form/fields';
import { FormAlert, submitOnce } from '../../../components/form/form-controls';
import { fieldErrors, noticeText, validateWith } from '../../../components/form/form-errors';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { deskTicketCalls, deskTicketQueries } from '../tickets-api';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

export type TicketAction = 'refund' | 'cancel' | 'move' | 'resend';

const FIELDS: Record<TicketAction, readonly string[]> = {
  refund: ['amount', 'method', 'reference', 'reason'],
  cancel: ['reason'],
  move: ['partner_id', 'reason'],
  resend: ['reason'],
};
const SCHEMAS = {
  refund: deskRefundPaidSchema,
  cancel: deskTicketReasonSchema,
  move: deskTicketMoveSchema,
  resend: deskTicketReasonSchema,
};

interface Values {
  amount: string;
  method: string;
  reference: string;
  partner_id: string;
  reason: string;
}

export function TicketActionDialog({
  token,
  action,
  timeline,
  onClose,
  onDone,
}: {
  token: string;
  action: TicketAction;
  timeline: DeskTimeline;
  onClose(): void;
  onDone(notice: string): void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formId = useId();
  const code = timeline.ticket.code;
  const remaining = timeline.refund?.remaining ?? 0;
  const fields = FIELDS[action];
  const [failure, setFailure] = useState<string | null>(null);

  const run = (values: Values) => {
    const reason = values.reason;
    if (action === 'refund')
      return deskTicketCalls.refund(token, {
        code,
        amount: Number(values.amount),
        method: values.method as (typeof DESK_REFUND_METHODS)[number],
        reference: values.reference,
        reason,
      });
    if (action === 'move') return deskTicketCalls.move(token, { code, partner_id: Number(values.partner_id), reason });
    if (action === 'cancel') return deskTicketCalls.cancel(token, { code, reason });
    return deskTicketCalls.resend(token, { code, reason });
  };

  return (
    <Formik<Values>
      initialValues={{
        amount: action === 'refund' && remaining > 0 ? String(remaining) : '',
        method: 'bank_transfer',
        reference: '',
        partner_id: timeline.move_to[0] ? String(timeline.move_to[0].id) : '',
        reason: '',
      }}
      validate={(values) => validateWith(SCHEMAS[action], { ...values, code }, t, fields)}
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        try {
          await run(values);
          await refreshAfterWrite(queryClient, { queryKey: deskTicketQueries.all(token) });
          onDone(t(`desk_tickets.dialog.${action}_done`, { code }));
        } catch (error) {
          const errors = fieldErrors(error, fields, t);
          helpers.setErrors(errors);
          setFailure(noticeText(error, errors, t));
        }
      }}
    >
      {(form) => (
        <Dialog
          open
          title={t(`desk_tickets.dialog.${action}_title`, { code })}
          onClose={onClose}
          className="desk-ticket-dialog"
          footer={
            <DialogActions
              cancel={{ label: t('desk_tickets.dialog.back'), onClick: onClose }}
              confirm={{
                label: t(`desk_tickets.dialog.${action}_submit`),
                tone: action === 'cancel' ? 'danger' : 'primary',
                submit: formId,
                busy: form.isSubmitting,
              }}
            />
          }
        >
          <form id={formId} className="desk-ticket-dialog-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
            <p>{t(`desk_tickets.dialog.${action}_lead`, { minutes: DESK_RESEND_MINUTES })}</p>
            {action === 'refund' && (
              <>
                <p className="desk-muted">{t('desk_tickets.dialog.refund_left', { amount: formatVnd(remaining) })}</p>
                <TextField name="amount" label={t('desk_tickets.dialog.amount')} inputMode="numeric" digitsOnly />
                <label className="desk-ticket-select">
                  <span className="field-label">{t('desk_tickets.dialog.method')}</span>
                  <select className="field-input" {...form.getFieldProps('method')}>
                    {DESK_REFUND_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {t(`desk_tickets.methods.${method}`)}
                      </option>
                    ))}
                  </select>
                </label>
                <TextField name="reference" label={t('desk_tickets.dialog.reference')} autoCapitalize="none" spellCheck={false} />
              </>
            )}
            {action === 'move' && (
              <label className="desk-ticket-select">
                <span className="field-label">{t('desk_tickets.dialog.partner')}</span>
                <select className="field-input" {...form.getFieldProps('partner_id')}>
                  {timeline.move_to.map((partner) => (
                    <option key={partner.id} value={partner.id}>
                      {partner.name}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <TextField
              name="reason"
              label={t('desk_tickets.dialog.reason')}
              multiline
              hint={t('desk_tickets.dialog.reason_hint')}
            />
            {failure && <FormAlert message={failure} />}
          </form>
        </Dialog>
      )}
    </Formik>
  );
}
