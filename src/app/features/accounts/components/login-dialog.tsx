// The sign-in dialog (spec 2, 4, 5): the username (spec 3: a phone with its country code, or an e-mail) and the
// password, both required. Success with a verified account stores the auth data and closes; an unverified account is told so and offered verification.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ERROR_KEYS, loginRequestSchema, type AuthData } from '../../../../shared/contract/accounts';
import { authCalls } from '../auth-api';
import { saveAuthData } from '../auth-data';
import { errorText, notVerifiedUserId } from '../../../components/form/form-errors';
import { usernameKey } from '../../../../shared/domain/username';
import type { Lang, RouteName } from '../../../../shared/domain/route-table';
import { AuthForm, useFailure } from '../../../components/form/auth-form';
import { PasswordField, UsernameField } from '../../../components/form/form-controls';
import { ActionButton } from '../../../components/ui/dialog-actions';
import { AuthDialog, AuthLinks, usePhoneStart } from './auth-parts';

interface Props {
  lang: Lang;
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
  const phoneStart = usePhoneStart();
  const failure = useFailure();
  // The account a refusal named as not verified, and where its code would go: the failure then offers verification.
  const [unverified, setUnverified] = useState<{ userId: number; phone: string } | null>(null);
  const [requesting, setRequesting] = useState(false);

  const verifyNow = async () => {
    if (!unverified || requesting) return;
    setRequesting(true);
    try {
      const expiresIn = await authCalls.resendVerify({ user_id: unverified.userId, lang });
      onVerify(unverified.userId, unverified.phone, expiresIn);
    } catch (error) {
      failure.show(errorText(error, t, { fieldMessage: true }));
    } finally {
      setRequesting(false);
    }
  };

  return (
    <AuthDialog title={t('auth.login_title')} onClose={onClose} describedBy={requiredFor ? 'login-required-notice' : undefined}>
      <AuthForm
        initialValues={{ ...phoneStart, password: '' }}
        schema={loginRequestSchema}
        submitLabel={t('auth.login_submit')}
        failure={failure}
        onSubmit={async (values) => {
          setUnverified(null);
          try {
            const data = await authCalls.login({
              phone_code: values.phone_code,
              phone_number: values.phone_number.trim(),
              password: values.password,
              lang,
            });
            if (!saveAuthData(data)) {
              setUnverified({ userId: data.id, phone: data.phone_number });
              failure.show(t(ACCOUNT_ERROR_KEYS.notVerified));
              return;
            }
            onSignedIn(data);
          } catch (error) {
            const userId = notVerifiedUserId(error);
            if (userId) setUnverified({ userId, phone: usernameKey(values.phone_code, values.phone_number) });
            throw error;
          }
        }}
        failureAction={
          unverified && (
            <ActionButton busy={requesting} busyLabel={t('auth.busy')} onClick={() => void verifyNow()}>
              {t('auth.verify_now')}
            </ActionButton>
          )
        }
        after={
          <AuthLinks
            links={[
              { label: t('auth.forgot_link'), onClick: onForgot },
              { lead: t('auth.no_account'), label: t('auth.signup_link'), onClick: onSignUp },
            ]}
          />
        }
      >
        {requiredFor && (
          <p className="notice" id="login-required-notice">
            {t(requiredFor === 'account' ? 'auth.required_account' : 'auth.required_ticket_manage')}
          </p>
        )}
        <UsernameField label={t('auth.username')} />
        <PasswordField name="password" label={t('auth.password')} autoComplete="current-password" />
      </AuthForm>
    </AuthDialog>
  );
}
