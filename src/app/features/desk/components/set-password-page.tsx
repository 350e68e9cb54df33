// The desk opened from the one-time link mailed to a login (/quan-tri#token=…: its secret in the address's fragment,
// never sent as part of an address): the password is set, then the authenticator enrolled, and the member is signed
// in. A used or expired link says so (an admin sends a new one) and leads to the sign-in.
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ERROR_KEYS } from '../../../../shared/contract/accounts-constants';
import { DESK_ERROR_KEYS, deskSetPasswordSchema, type DeskEnrolment, type DeskSession } from '../../../../shared/contract/desk';
import { FormAlert, PasswordField, SubmitButton, submitWithPasswordCheck } from '../../../components/form/form-controls';
import { errorText, fieldErrors, isApiErrorKey, validateWith } from '../../../components/form/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { deskCalls } from '../api';
import { EnrolPanel } from './enrol-panel';
import '../desk.css';

const FIELDS = ['password', 're_password'] as const;

/** The link's secret from the fragment ("#token=…"), '' without one. */
export const linkToken = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
const DEAD_LINK_KEYS = [DESK_ERROR_KEYS.linkUsed, DESK_ERROR_KEYS.linkExpired];

export function DeskSetPasswordPage({
  token,
  onSignedIn,
  onLeave,
}: {
  token: string;
  onSignedIn(session: DeskSession): void;
  /** Back to the sign-in (the link is dead). */
  onLeave(): void;
}) {
  const { t } = useTranslation();
  const [dead, setDead] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<DeskEnrolment | null>(null);
  useDocumentTitle(`${t('desk.set_password.title')} – Vivu`);

  return (
    <>
      {enrolment ? (
        <EnrolPanel enrolment={enrolment} onSignedIn={onSignedIn} />
      ) : (
        <section className="desk-card" aria-labelledby="desk-set-password-heading">
          <h1 id="desk-set-password-heading">{t('desk.set_password.title')}</h1>
          {dead ? (
            <div className="notice notice-error" role="alert">
              <p>{t(dead)}</p>
              <button type="button" className="button" onClick={onLeave}>
                {t('desk.sign_in.submit')}
              </button>
            </div>
          ) : (
            <Formik
              initialValues={{ password: '', re_password: '' }}
              validate={(values) => validateWith(deskSetPasswordSchema, { ...values, token }, t, FIELDS)}
              validateOnChange={false}
              validateOnBlur={false}
              onSubmit={async (values, helpers) => {
                setFailure(null);
                try {
                  setEnrolment(await deskCalls.setPassword({ token, ...values }));
                } catch (error) {
                  const deadKey = DEAD_LINK_KEYS.find((key) => isApiErrorKey(error, key));
                  if (deadKey) {
                    setDead(deadKey);
                    return;
                  }
                  helpers.setErrors(fieldErrors(error, FIELDS, t));
                  setFailure(errorText(error, t));
                }
              }}
            >
              {(form) => (
                <form noValidate onSubmit={(event) => submitWithPasswordCheck(form, event)}>
                  <p className="field-hint">{t('desk.set_password.lead')}</p>
                  <PasswordField
                    name="password"
                    label={t('desk.set_password.password')}
                    autoComplete="new-password"
                    hint={t(ACCOUNT_ERROR_KEYS.password)}
                    hintUntilError
                  />
                  <PasswordField name="re_password" label={t('desk.set_password.re_password')} autoComplete="new-password" />
                  <FormAlert message={failure} />
                  <SubmitButton busy={form.isSubmitting}>{t('desk.set_password.submit')}</SubmitButton>
                </form>
              )}
            </Formik>
          )}
        </section>
      )}
    </>
  );
}
