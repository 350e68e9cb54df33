// partner-set-password (/doi-tac/dat-mat-khau, /en/partner/set-password): a partner's staff member sets a password
// from the one-time link sent by SMS and e-mail (its secret in the address's fragment, never sent to the server as
// part of the address). New password twice with the app's password rules (the contract's setPasswordSchema); on
// success the member is signed in and lands in the console. A used or expired link says so and how to get a new one;
// what was typed stays on any other failure.
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@tanstack/react-router';
import { ApiError } from '../../../lib/api-client';
import { JOIN_ERROR_KEYS, setPasswordSchema } from '../../../../shared/contract/partner-join';
import { PasswordField } from '../../../components/form/form-controls';
import { ACCOUNT_ERROR_KEYS } from '../../../../shared/contract/accounts-constants';
import { ActionButton } from '../../../components/ui/dialog-actions';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useLang } from '../../../lib/use-lang';
import { joinCalls } from '../join-api';
import { savePartnerSession } from '../session';

interface Values {
  password: string;
  re_password: string;
}
const FIELDS = ['password', 're_password'] as const;

/** The link's secret from the fragment ("#token=…"), '' without one. */
export function linkToken(hash: string): string {
  return new URLSearchParams(hash.replace(/^#/, '')).get('token')?.trim() ?? '';
}

const DEAD_LINK_KEYS: readonly string[] = [JOIN_ERROR_KEYS.linkUsed, JOIN_ERROR_KEYS.linkExpired];

export function SetPasswordPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [token] = useState(() => (typeof window === 'undefined' ? '' : linkToken(window.location.hash)));
  const [dead, setDead] = useState<string | null>(token ? null : JOIN_ERROR_KEYS.linkUsed);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(`${t('partner_join.set_password.title')} – Vivu`);

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setFailure(null);
    try {
      savePartnerSession(await joinCalls.setPassword({ token, ...values, lang }));
      await navigate({ to: '/$lang/partner-console', params: { lang } });
    } catch (error) {
      if (error instanceof ApiError && DEAD_LINK_KEYS.includes(error.key)) {
        setDead(error.key);
        return;
      }
      helpers.setErrors(fieldErrors(error, FIELDS, t));
      setFailure(errorText(error, t));
    }
  };

  return (
    <section className="page partner-console partner-set-password" aria-labelledby="set-password-heading">
      <h1 id="set-password-heading">{t('partner_join.set_password.title')}</h1>
      {dead ? (
        <div className="notice notice-error" role="alert">
          <p>{t(dead)}</p>
          <p>{t('partner_join.set_password.new_link')}</p>
          <Link to="/$lang/partner-console" params={{ lang }} className="button">
            {t('partner_join.set_password.to_login')}
          </Link>
        </div>
      ) : (
        <Formik<Values>
          initialValues={{ password: '', re_password: '' }}
          validate={(values) => validateWith(setPasswordSchema, { ...values, token, lang }, t, FIELDS)}
          validateOnChange={false}
          validateOnBlur={false}
          onSubmit={submit}
        >
          {(form) => (
            <form
              className="set-password-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                form.handleSubmit();
              }}
            >
              <p className="field-hint">{t('partner_join.set_password.lead')}</p>
              <PasswordField
                name="password"
                label={t('partner_join.set_password.password')}
                autoComplete="new-password"
                hint={t(ACCOUNT_ERROR_KEYS.password)}
                hintUntilError
              />
              <PasswordField name="re_password" label={t('partner_join.set_password.re_password')} autoComplete="new-password" />
              {failure && (
                <p className="notice notice-error" role="alert">
                  {failure}
                </p>
              )}
              <ActionButton
                submit
                tone="primary"
                block
                busy={form.isSubmitting}
                busyLabel={t('partner_join.set_password.saving')}
              >
                {t('partner_join.set_password.submit')}
              </ActionButton>
            </form>
          )}
        </Formik>
      )}
    </section>
  );
}
