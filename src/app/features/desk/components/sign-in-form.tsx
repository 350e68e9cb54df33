// The desk's sign-in: e-mail, password and the authenticator's code in one form. A login whose authenticator was
// never enrolled gets its enrolment instead (the password was right), then signs in by confirming it.
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deskLoginSchema, type DeskEnrolment, type DeskSession } from '../../../../shared/contract/desk';
import { TextField } from '../../../components/form/fields';
import { FormAlert, PasswordField, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { deskCalls } from '../api';
import { EnrolPanel } from './enrol-panel';

const FIELDS = ['email', 'password', 'code'] as const;

export function SignInForm({ onSignedIn }: { onSignedIn(session: DeskSession): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<DeskEnrolment | null>(null);
  if (enrolment) return <EnrolPanel enrolment={enrolment} onSignedIn={onSignedIn} />;
  return (
    <section className="desk-card desk-sign-in" aria-labelledby="desk-sign-in-heading">
      <h1 id="desk-sign-in-heading">{t('desk.sign_in.title')}</h1>
      <p className="field-hint">{t('desk.sign_in.lead')}</p>
      <Formik
        initialValues={{ email: '', password: '', code: '' }}
        validate={(values) => validateWith(deskLoginSchema, values, t, FIELDS)}
        validateOnChange={false}
        validateOnBlur={false}
        onSubmit={async (values, helpers) => {
          setFailure(null);
          try {
            const result = await deskCalls.login({ ...values, code: values.code || undefined });
            if (result.session) onSignedIn(result.session);
            else if (result.enrolment) setEnrolment(result.enrolment);
          } catch (error) {
            helpers.setErrors(fieldErrors(error, FIELDS, t));
            setFailure(errorText(error, t));
          }
        }}
      >
        {(form) => (
          <form noValidate onSubmit={(event) => submitOnce(form, event)}>
            <TextField
              name="email"
              type="email"
              label={t('desk.sign_in.email')}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
            />
            <PasswordField name="password" label={t('desk.sign_in.password')} autoComplete="current-password" />
            <TextField
              name="code"
              label={t('desk.sign_in.code')}
              hint={t('desk.sign_in.code_hint')}
              inputMode="numeric"
              autoComplete="one-time-code"
              digitsOnly
            />
            <FormAlert message={failure} />
            <SubmitButton busy={form.isSubmitting}>{t('desk.sign_in.submit')}</SubmitButton>
          </form>
        )}
      </Formik>
    </section>
  );
}
