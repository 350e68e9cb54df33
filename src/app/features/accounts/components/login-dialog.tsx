// The sign-in dialog (spec 2, 4, 5): the username (spec 3: a phone with its country code, or an e-mail) and the
// password, both required. Success with a verified account stores the auth data and closes; an unverified account is told so and offered verification.
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultCountry } from '../../../lib/use-default-country';
import { ACCOUNT_ERROR_KEYS, loginRequestSchema, type AuthData } from '../../../../shared/contract/accounts';
import { Dialog } from '../../../components/ui/dialog';
import { authCalls } from '../auth-api';
import { saveAuthData } from '../auth-data';
import { errorText, notVerifiedUserId, validateWith } from '../../../components/form/form-errors';
import { usernameKey } from '../../../../shared/domain/username';
import type { RouteName } from '../../../../shared/domain/route-table';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  submitOnce,
  UsernameField,
  useFocusFirst,
  useFormRef,
} from '../../../components/form/form-controls';
import type { Lang as AuthLang } from '../../../../shared/domain/route-table';

interface Props {
  lang: AuthLang;
  /** A login-required page sent the guest here: one line says why signing in is needed. */
  requiredFor?: RouteName;
  onClose(): void;
  onSignedIn(data: AuthData): void;
  onSignUp(): void;
  onForgot(): void;
  onVerify(userId: number, phone: string, expiresIn: number): void;
}

export function LoginDialog({ lang, requiredFor, onClose, onSignedIn, onSignUp, onForgot, onVerify }: Props) {
  const { t } = useTranslation();
  const country = useDefaultCountry();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<{ message: string; userId: number | null; phone: string } | null>(null);
  const [requesting, setRequesting] = useState(false);

  const verifyNow = async () => {
    if (!failure?.userId || requesting) return;
    setRequesting(true);
    try {
      const expiresIn = await authCalls.resendVerify({ user_id: failure.userId, lang });
      onVerify(failure.userId, failure.phone, expiresIn);
    } catch (error) {
      setFailure({ ...failure, message: errorText(error, t, { fieldMessage: true }) });
    } finally {
      setRequesting(false);
    }
  };

  return (
    <Dialog
      open
      title={t('auth.login_title')}
      onClose={onClose}
      className="auth-dialog"
      describedBy={requiredFor ? 'login-required-notice' : undefined}
    >
      <Formik
        initialValues={{
          phone_iso: country.iso,
          phone_code: country.dial,
          phone_number: '',
          password: '',
        }}
        validate={(values) => validateWith(loginRequestSchema, values, t)}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            const data = await authCalls.login({
              phone_code: values.phone_code,
              phone_number: values.phone_number.trim(),
              password: values.password,
              lang,
            });
            if (!saveAuthData(data)) {
              setFailure({ message: t(ACCOUNT_ERROR_KEYS.notVerified), userId: data.id, phone: data.phone_number });
              return;
            }
            onSignedIn(data);
          } catch (error) {
            setFailure({
              message: errorText(error, t, { fieldMessage: true }),
              userId: notVerifiedUserId(error),
              phone: usernameKey(values.phone_code, values.phone_number),
            });
          }
        }}
      >
        {(form) => (
          <form ref={ref} className="booking-form auth-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
            {requiredFor && (
              <p className="notice" id="login-required-notice">
                {t(requiredFor === 'account' ? 'auth.required_account' : 'auth.required_ticket_manage')}
              </p>
            )}
            <UsernameField label={t('auth.username')} />
            <PasswordField name="password" label={t('auth.password')} autoComplete="current-password" />
            <FormAlert message={failure?.message ?? null}>
              {failure?.userId ? (
                <button
                  type="button"
                  className="button"
                  disabled={requesting}
                  aria-busy={requesting || undefined}
                  onClick={() => void verifyNow()}
                >
                  {requesting ? t('auth.busy') : t('auth.verify_now')}
                </button>
              ) : null}
            </FormAlert>
            <SubmitButton busy={form.isSubmitting}>{t('auth.login_submit')}</SubmitButton>
            <div className="auth-links">
              <button type="button" className="link-button" onClick={onForgot}>
                {t('auth.forgot_link')}
              </button>
              <p>
                {t('auth.no_account')}{' '}
                <button type="button" className="link-button" onClick={onSignUp}>
                  {t('auth.signup_link')}
                </button>
              </p>
            </div>
          </form>
        )}
      </Formik>
    </Dialog>
  );
}
