// Forgot password (spec 2: three steps in one dialog): the phone (default code 84) or the account's e-mail (spec 3
// username), the OTP sent to it by SMS or by mail, then the
// new password and its re-entry. The server answers the signed-in auth data, so the passenger ends up signed in.
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ACCOUNT_ERROR_KEYS,
  forgotPasswordRequestSchema,
  updatePasswordRequestSchema,
  type AuthData,
} from '../../../../shared/contract/accounts';
import type { Lang } from '../../../../shared/domain/route-table';
import { usernameKey } from '../../../../shared/domain/username';
import { AuthForm, useFailure } from '../../../components/form/auth-form';
import { errorText, isApiErrorKey } from '../../../components/form/form-errors';
import { PasswordField, UsernameField, type PhoneValues } from '../../../components/form/form-controls';
import { authCalls } from '../auth-api';
import { saveAuthData } from '../auth-data';
import { FORGOT_STEP_NUMBER, forgotFlow, type ForgotStep } from '../auth-flow';
import { AuthDialog, AuthLinks, usePhoneStart } from './auth-parts';
import { OtpForm } from './otp-form';

interface Props {
  lang: Lang;
  onClose(): void;
  onSignedIn(data: AuthData): void;
  onLogin(): void;
}

const STEP_TITLES = { phone: 'auth.forgot_step_phone', otp: 'auth.forgot_step_otp', password: 'auth.forgot_step_password' };

function PhoneStep({
  lang,
  phone,
  error,
  onSent,
  onLogin,
}: {
  lang: Lang;
  phone: PhoneValues;
  error: string | undefined;
  onSent(values: PhoneValues, expiresIn: number): void;
  onLogin(): void;
}) {
  const { t } = useTranslation();
  const failure = useFailure(error ?? null);
  return (
    <AuthForm
      initialValues={phone}
      schema={forgotPasswordRequestSchema}
      submitLabel={t('auth.send_code')}
      failure={failure}
      onSubmit={async (values) => {
        const expiresIn = await authCalls.forgotPassword({
          phone_code: values.phone_code,
          phone_number: values.phone_number.trim(),
          lang,
        });
        onSent(values, expiresIn);
      }}
      after={<AuthLinks links={[{ label: t('auth.back_to_login'), onClick: onLogin }]} />}
    >
      <p>{t('auth.forgot_text')}</p>
      <UsernameField label={t('auth.username')} />
    </AuthForm>
  );
}

function PasswordStep({
  lang,
  resetTicket,
  onDone,
  onExpired,
}: {
  lang: Lang;
  resetTicket: string;
  onDone(data: AuthData): void;
  onExpired(message: string): void;
}) {
  const { t } = useTranslation();
  return (
    <AuthForm
      initialValues={{ password: '', re_password: '' }}
      schema={updatePasswordRequestSchema}
      schemaExtra={{ reset_ticket: resetTicket }}
      checkPasswords
      submitLabel={t('auth.save_password')}
      onSubmit={async (values) => {
        try {
          const data = await authCalls.resetPassword({
            reset_ticket: resetTicket,
            password: values.password,
            re_password: values.re_password,
            lang,
          });
          saveAuthData(data);
          onDone(data);
        } catch (failed) {
          // An expired reset ticket starts the dialog again from the phone, which shows why.
          if (!isApiErrorKey(failed, ACCOUNT_ERROR_KEYS.resetExpired)) throw failed;
          onExpired(errorText(failed, t, { fieldMessage: true }));
        }
      }}
    >
      <PasswordField name="password" label={t('auth.new_password')} autoComplete="new-password" hint={t('auth.password_hint')} />
      <PasswordField name="re_password" label={t('auth.re_password')} autoComplete="new-password" />
    </AuthForm>
  );
}

export function ForgotPasswordDialog({ lang, onClose, onSignedIn, onLogin }: Props) {
  const { t } = useTranslation();
  const phoneStart = usePhoneStart();
  const [state, dispatch] = useReducer(forgotFlow, { step: 'phone' } as ForgotStep);
  // The phone typed in step 1 stays there when the passenger comes back to it.
  const [phone, setPhone] = useState(phoneStart);
  const number = FORGOT_STEP_NUMBER[state.step];
  const title = `${t('auth.forgot_title')} (${t('auth.step', { step: number, total: 3 })})`;

  return (
    <AuthDialog title={title} onClose={onClose}>
      <p className="auth-step">{t(STEP_TITLES[state.step])}</p>
      {state.step === 'phone' && (
        <PhoneStep
          key={state.error ?? 'phone'}
          lang={lang}
          phone={phone}
          error={state.error}
          onLogin={onLogin}
          onSent={(values, expiresIn) => {
            setPhone(values);
            dispatch({
              type: 'codeSent',
              phoneCode: values.phone_code,
              phoneNumber: values.phone_number.trim(),
              expiresIn,
            });
          }}
        />
      )}
      {state.step === 'otp' && (
        <>
          <OtpForm
            phone={usernameKey(state.phoneCode, state.phoneNumber)}
            expiresIn={state.expiresIn}
            submitLabel={t('auth.verify_submit')}
            submit={async (code) => {
              const { reset_ticket } = await authCalls.verifyOtp({
                phone_code: state.phoneCode,
                phone_number: state.phoneNumber,
                code,
                lang,
              });
              dispatch({ type: 'codeVerified', resetTicket: reset_ticket });
            }}
            resend={() => authCalls.forgotPassword({ phone_code: state.phoneCode, phone_number: state.phoneNumber, lang })}
          />
          <AuthLinks links={[{ label: t('auth.change_phone'), onClick: () => dispatch({ type: 'back' }) }]} />
        </>
      )}
      {state.step === 'password' && (
        <PasswordStep
          lang={lang}
          resetTicket={state.resetTicket}
          onDone={onSignedIn}
          onExpired={(message) => dispatch({ type: 'restart', error: message })}
        />
      )}
    </AuthDialog>
  );
}
