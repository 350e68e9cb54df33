// The business partner's sign-in (issue 8): the e-mail and the password from the login e-mail, validated with the
// contract's businessLoginSchema; a wrong pair gets the server's one answer. The session goes to the encrypted store.
import { Link } from '@tanstack/react-router';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BUSINESS_LOGIN_MAIL_MINUTES, businessLoginSchema } from '../../../../shared/contract/leads';
import { pathFor } from '../../../../shared/domain/route-table';
import { TextField } from '../../../components/form/fields';
import { useLang } from '../../../lib/use-lang';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  submitOnce,
  useFocusFirst,
  useFormRef,
} from '../../accounts/components/auth-fields';
import { errorText, validateWith } from '../../accounts/form-errors';
import { businessCalls } from '../api';
import { saveBusinessSession } from '../session';

export function BusinessLoginForm({ notice }: { notice?: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="business-login" aria-labelledby="business-login-heading">
      <h1 id="business-login-heading">{t('business.login.title')}</h1>
      <p className="business-lead">{t('business.login.lead', { minutes: BUSINESS_LOGIN_MAIL_MINUTES })}</p>
      {notice && !failure && (
        <div className="notice notice-warn" role="status">
          <p>{notice}</p>
        </div>
      )}
      <Formik
        initialValues={{ email: '', password: '' }}
        validate={(values) => validateWith(businessLoginSchema, values, t)}
        onSubmit={async (values) => {
          setFailure(null);
          const email = values.email.trim().toLowerCase();
          try {
            const data = await businessCalls.login({ email, password: values.password });
            saveBusinessSession({ token: data.token, companyName: data.company_name, email });
          } catch (error) {
            setFailure(errorText(error, t, { fieldMessage: true }));
          }
        }}
      >
        {(form) => (
          <form ref={ref} className="booking-form auth-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
            <TextField name="email" label={t('business.login.email')} type="email" inputMode="email" autoComplete="username" />
            <PasswordField name="password" label={t('business.login.password')} autoComplete="current-password" />
            <FormAlert message={failure} />
            <SubmitButton busy={form.isSubmitting}>{t('business.login.submit')}</SubmitButton>
          </form>
        )}
      </Formik>
      <p className="business-register">
        {t('business.login.no_account')}{' '}
        <Link to={pathFor('become-partner', lang)} search={{ type: 'business' }}>
          {t('business.login.register')}
        </Link>
      </p>
    </section>
  );
}
