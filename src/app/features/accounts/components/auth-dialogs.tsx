// The host of the account dialogs (spec 2): sign-in, sign-up, the sign-up confirmation and account verification
// OTP dialogs, and forgot password. Loaded lazily by the root layout when one of them is opened.
import { useReducer } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_MESSAGE_KEYS, type AuthData } from '../../../../shared/contract/accounts';
import type { Lang, RouteName } from '../../../../shared/domain/route-table';
import { authCalls } from '../auth-api';
import { saveAuthData } from '../auth-data';
import { authFlow, type AuthEntry, type AuthView } from '../auth-flow';
import { AuthDialog } from './auth-parts';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LoginDialog } from './login-dialog';
import { OtpForm } from './otp-form';
import { SignupDialog } from './signup-dialog';

interface Props {
  /** The dialog to open first. */
  entry: AuthEntry;
  /** The login-required page that sent a guest here: the sign-in dialog says why. */
  requiredFor?: RouteName;
  onClose(): void;
  /** Signed in (the auth data is already stored): the key of the message to announce. */
  onSignedIn(messageKey: string, data: AuthData): void;
}

function VerifyDialog({
  view,
  lang,
  onClose,
  onVerified,
}: {
  view: Extract<AuthView, { name: 'signupConfirm' | 'verify' }>;
  lang: Lang;
  onClose(): void;
  onVerified(data: AuthData): void;
}) {
  const { t } = useTranslation();
  return (
    <AuthDialog title={t(view.name === 'signupConfirm' ? 'auth.signup_confirm_title' : 'auth.verify_title')} onClose={onClose}>
      <OtpForm
        phone={view.phone}
        expiresIn={view.expiresIn}
        submitLabel={t('auth.verify_submit')}
        submit={async (code) => {
          const data = await authCalls.verifyAccount({ user_id: view.userId, code_verify: code, lang });
          saveAuthData(data);
          onVerified(data);
        }}
        resend={() => authCalls.resendVerify({ user_id: view.userId, lang })}
      />
    </AuthDialog>
  );
}

export function AuthDialogs({ entry, requiredFor, onClose, onSignedIn }: Props) {
  const { i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'vi';
  const [view, dispatch] = useReducer(authFlow, { name: entry });
  if (!view) return null;
  const close = () => {
    dispatch({ type: 'close' });
    onClose();
  };
  const open = (next: AuthEntry) => dispatch({ type: 'open', view: next });

  switch (view.name) {
    case 'login':
      return (
        <LoginDialog
          lang={lang}
          requiredFor={requiredFor}
          onClose={close}
          onSignUp={() => open('signup')}
          onForgot={() => open('forgot')}
          onVerify={(userId, phone, expiresIn) => dispatch({ type: 'verifyRequested', userId, phone, expiresIn })}
          onSignedIn={(data) => onSignedIn(ACCOUNT_MESSAGE_KEYS.loggedIn, data)}
        />
      );
    case 'signup':
      return (
        <SignupDialog
          lang={lang}
          onClose={close}
          onLogin={() => open('login')}
          onRegistered={(userId, phone, expiresIn) => dispatch({ type: 'registered', userId, phone, expiresIn })}
        />
      );
    case 'forgot':
      return (
        <ForgotPasswordDialog
          lang={lang}
          onClose={close}
          onLogin={() => open('login')}
          onSignedIn={(data) => onSignedIn(ACCOUNT_MESSAGE_KEYS.passwordChanged, data)}
        />
      );
    case 'signupConfirm':
    case 'verify':
      return (
        <VerifyDialog
          key={`${view.name}-${view.userId}`}
          view={view}
          lang={lang}
          onClose={close}
          onVerified={(data) => onSignedIn(ACCOUNT_MESSAGE_KEYS.verified, data)}
        />
      );
  }
}
