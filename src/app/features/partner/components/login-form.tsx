// The partner staff login (issue 7): phone and password, validated with the contract's agentLoginRequestSchema; a
// wrong phone or password gets the server's one answer. On success the session is kept in the encrypted store.
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { agentLoginRequestSchema } from '../../../../shared/contract/trips';
import { TextField } from '../../../components/form/fields';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  submitOnce,
  useFocusFirst,
  useFormRef,
} from '../../accounts/components/auth-fields';
import { errorText, validateWith } from '../../accounts/form-errors';
import { partnerCalls } from '../api';
import { savePartnerSession } from '../session';

export function PartnerLoginForm({ notice }: { notice?: string | null }) {
  const { t } = useTranslation();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="partner-login" aria-labelledby="partner-login-heading">
      <h1 id="partner-login-heading">{t('partner.login.title')}</h1>
      <p className="partner-lead">{t('partner.login.lead')}</p>
      {notice && !failure && (
        <div className="notice notice-warn" role="status">
          <p>{notice}</p>
        </div>
      )}
      <Formik
        initialValues={{ phone_number: '', password: '' }}
        validate={(values) => validateWith(agentLoginRequestSchema, values, t)}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            savePartnerSession(await partnerCalls.login({ phone_number: values.phone_number.trim(), password: values.password }));
          } catch (error) {
            setFailure(errorText(error, t, { fieldMessage: true }));
          }
        }}
      >
        {(form) => (
          <form ref={ref} className="booking-form auth-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
            <TextField
              name="phone_number"
              label={t('partner.login.phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="username"
              digitsOnly
            />
            <PasswordField name="password" label={t('partner.login.password')} autoComplete="current-password" />
            <FormAlert message={failure} />
            <SubmitButton busy={form.isSubmitting}>{t('partner.login.submit')}</SubmitButton>
          </form>
        )}
      </Formik>
    </section>
  );
}
