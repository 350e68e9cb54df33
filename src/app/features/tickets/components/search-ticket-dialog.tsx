// The search-ticket dialog (spec 2, 5): a ticket code and the phone or e-mail it was booked with; it opens the
// ticket-detail page, which answers a wrong pair exactly like an unknown code.
import { Formik } from 'formik';
import { useTranslation } from 'react-i18next';
import { ticketSearchSchema } from '../../../../shared/contract/tickets';
import { toMessageRef } from '../../../../shared/contract/yup';
import { normalizePhone } from '../../../../shared/domain/phone';
import { TextField } from '../../../components/form/fields';
import { Dialog } from '../../../components/ui/dialog';
import { ValidationError } from 'yup';

interface Props {
  open: boolean;
  onClose(): void;
  onFound(code: string, contact: string): void;
}

export function SearchTicketDialog({ open, onClose, onFound }: Props) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} title={t('tickets.search_title')} onClose={onClose}>
      <Formik
        initialValues={{ code: '', contact: '' }}
        validate={async (values) => {
          try {
            await ticketSearchSchema.validate(values, { abortEarly: false });
            return {};
          } catch (error) {
            if (!(error instanceof ValidationError)) throw error;
            return Object.fromEntries(
              error.inner.map((leaf) => {
                const { key, params } = toMessageRef(leaf.errors[0]);
                return [leaf.path ?? 'code', t(key, params ?? {})];
              }),
            );
          }
        }}
        onSubmit={(values) => {
          const contact = values.contact.includes('@')
            ? values.contact.trim().toLowerCase()
            : normalizePhone('84', values.contact);
          onFound(values.code.trim().toUpperCase(), contact);
        }}
      >
        {(form) => (
          <form className="booking-form" noValidate onSubmit={form.handleSubmit}>
            <p>{t('tickets.search_text')}</p>
            <TextField name="code" label={t('tickets.code')} autoComplete="off" />
            <TextField name="contact" label={t('tickets.contact')} inputMode="email" autoComplete="tel" />
            <button type="submit" className="button button-primary button-block">
              {t('tickets.search')}
            </button>
          </form>
        )}
      </Formik>
    </Dialog>
  );
}
