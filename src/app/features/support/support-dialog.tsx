// The support callback dialog (spec 2 overlay, spec 7 support request): the phone to call back (prefilled from the
// signed-in passenger or the billing form) and an optional note, validated with the contract's schema; then the
// server's thank-you, or its refusal (a bad phone, too many requests, offline) with the form kept.
import { useMutation } from '@tanstack/react-query';
import { Formik } from 'formik';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { ValidationError } from 'yup';
import { supportRequestSchema, type SupportRequestInput } from '../../../shared/contract/support';
import { toMessageRef } from '../../../shared/contract/yup';
import { DEFAULT_PHONE_CODE } from '../../../shared/domain/phone';
import { langFromPath } from '../../../shared/domain/route-table';
import { TextField } from '../../components/form/fields';
import { Dialog } from '../../components/ui/dialog';
import { DialogActions } from '../../components/ui/dialog-actions';
import { ApiError } from '../../lib/api-client';
import { sendSupportRequest } from './support-api';
import { SUPPORT_MESSAGE_KEYS } from '../../../shared/contract/support';
import './support.css';

interface Props {
  open: boolean;
  initialPhone: string;
  /** The page the prompt was shown on (sent with the request for the call centre). */
  page: string;
  onSent(): void;
  onClose(): void;
}

interface Values {
  phone: string;
  note: string;
}

/** The server's message for a failed call, with the params it sent (a 429 carries {seconds}). */
function failureText(error: unknown, t: TFunction): string {
  if (!(error instanceof ApiError)) return t('errors.server_busy');
  const params = error.errors.find((item) => item.params)?.params ?? {};
  const key = error.key === 'errors.validation' && error.errors[0] ? error.errors[0].message : error.key;
  return t(key, { ...params, defaultValue: t('errors.server_busy') });
}

export function SupportDialog({ open, initialPhone, page, onSent, onClose }: Props) {
  const { t } = useTranslation();
  const lang = langFromPath(page);
  const request = (values: Values): SupportRequestInput => ({
    user: { phone_code: DEFAULT_PHONE_CODE, phone: values.phone.trim(), note: values.note.trim() },
    page,
    lang,
  });
  const send = useMutation({
    mutationFn: (values: Values) => sendSupportRequest(request(values)),
    onSuccess: onSent,
  });

  const footer = send.isSuccess ? (
    <DialogActions confirm={{ label: t('common.close'), block: true, onClick: onClose }} />
  ) : undefined;

  return (
    <Dialog open={open} title={t('support.title')} onClose={onClose} className="support-dialog" footer={footer}>
      {send.isSuccess ? (
        <p className="notice notice-ok support-sent" role="status">
          {t(send.data.message || SUPPORT_MESSAGE_KEYS.sent, { defaultValue: t(SUPPORT_MESSAGE_KEYS.sent) })}
        </p>
      ) : (
        <Formik<Values>
          initialValues={{ phone: initialPhone, note: '' }}
          validate={async (values) => {
            try {
              await supportRequestSchema.validate(request(values), { abortEarly: false });
              return {};
            } catch (error) {
              if (!(error instanceof ValidationError)) throw error;
              return Object.fromEntries(
                error.inner.map((leaf) => {
                  const { key, params } = toMessageRef(leaf.errors[0]);
                  return [leaf.path === 'user.note' ? 'note' : 'phone', t(key, params ?? {})];
                }),
              );
            }
          }}
          onSubmit={async (values) => {
            await send.mutateAsync(values).catch(() => undefined);
          }}
        >
          {(form) => (
            <form className="support-form" noValidate onSubmit={form.handleSubmit}>
              <p className="support-lead">{t('support.text')}</p>
              <TextField
                name="phone"
                label={t('support.phone')}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                digitsOnly
                hint={t('support.phone_hint')}
              />
              <TextField name="note" label={t('support.note')} multiline placeholder={t('support.note_placeholder')} />
              {send.isError && (
                <p className="notice notice-error" role="alert">
                  {failureText(send.error, t)}
                </p>
              )}
              <DialogActions
                className="support-actions"
                confirmFirst
                cancel={{ label: t('support.dismiss'), block: true, onClick: onClose }}
                confirm={{
                  label: t('support.send'),
                  submit: true,
                  block: true,
                  busy: form.isSubmitting,
                  busyLabel: t('support.sending'),
                }}
              />
            </form>
          )}
        </Formik>
      )}
    </Dialog>
  );
}
