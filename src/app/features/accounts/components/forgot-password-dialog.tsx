// Forgot password (spec 2: three steps in one dialog): the phone (default code 84) or the account's e-mail (spec 3
// username), the OTP sent to it by SMS or by mail, then the
// new password and its re-entry. The server answers the signed-in auth data, so the passenger ends up signed in.
import { Formik } from 'formik';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultCountry } from '../../../lib/use-default-country';
import {
  ACCOUNT_ERROR_KEYS,
  forgotPasswordRequestSchema,
  updatePasswordRequestSchema,
  type AuthData,
} from '../../../../shared/contract/accounts';
import { usernameKey } from '../../../../shared/domain/username';
import { Dialog } from '../../../components/ui/dialog';
import { authCalls } from '../auth-api';
import { saveAuthData } from '../auth-data';
import { errorText, isApiErrorKey, validateWith } from '../../../components/form/form-errors';
import { FORGOT_STEP_NUMBER, forgotFlow, type ForgotStep } from '../auth-flow';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  submitOnce,
  UsernameField,
  submitWithPasswordCheck,
  useFocusFirst,
  useFormRef,
} from '../../../components/form/form-controls';
import type { Lang as AuthLang } from '../../../../shared/domain/route-table';
import { OtpForm } from './otp-form';

interface Props {
  lang: AuthLang;
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
  lang: AuthLang;
  phone: { phone_iso: string; phone_code: string; phone_number: string };
  error: string | undefined;
  onSent(values: { phone_iso: string; phone_code: string; phone_number: string }, expiresIn: number): void;
  onLogin(): void;
}) {
  const { t } = useTranslation();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<string | null>(error ?? null);
  return (
    <Formik
      initialValues={phone}
      validate={(values) => validateWith(forgotPasswordRequestSchema, values, t)}
      onSubmit={async (values) => {
        setFailure(null);
        try {
          const expiresIn = await authCalls.forgotPassword({
            phone_code: values.phone_code,
            phone_number: values.phone_number.trim(),
            lang,
          });
          onSent(values, expiresIn);
        } catch (failed) {
          setFailure(errorText(failed, t, { fieldMessage: true }));
        }
      }}
    >
      {(form) => (
        <form ref={ref} className="booking-form auth-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
          <p>{t('auth.forgot_text')}</p>
          <UsernameField label={t('auth.username')} />
          <FormAlert message={failure} />
          <SubmitButton busy={form.isSubmitting}>{t('auth.send_code')}</SubmitButton>
          <p className="auth-links">
            <button type="button" className="link-button" onClick={onLogin}>
              {t('auth.back_to_login')}
            </button>
          </p>
        </form>
      )}
    </Formik>
  );
}

function PasswordStep({
  lang,
  resetTicket,
  onDone,
  onExpired,
}: {
  lang: AuthLang;
  resetTicket: string;
  onDone(data: AuthData): void;
  onExpired(message: string): void;
}) {
  const { t } = useTranslation();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik
      initialValues={{ password: '', re_password: '' }}
      validate={(values) => validateWith(updatePasswordRequestSchema, { ...values, reset_ticket: resetTicket }, t)}
      onSubmit={async (values) => {
        setFailure(null);
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
          if (isApiErrorKey(failed, ACCOUNT_ERROR_KEYS.resetExpired)) onExpired(errorText(failed, t, { fieldMessage: true }));
          else setFailure(errorText(failed, t, { fieldMessage: true }));
        }
      }}
    >
      {(form) => (
        <form ref={ref} className="booking-form auth-form" noValidate onSubmit={(event) => submitWithPasswordCheck(form, event)}>
          <PasswordField
            name="password"
            label={t('auth.new_password')}
            autoComplete="new-password"
            hint={t('auth.password_hint')}
          />
          <PasswordField name="re_password" label={t('auth.re_password')} autoComplete="new-password" />
          <FormAlert message={failure} />
          <SubmitButton busy={form.isSubmitting}>{t('auth.save_password')}</SubmitButton>
        </form>
      )}
    </Formik>
  );
}

export function ForgotPasswordDialog({ lang, onClose, onSignedIn, onLogin }: Props) {
  const { t } = useTranslation();
  const country = useDefaultCountry();
  const [state, dispatch] = useReducer(forgotFlow, { step: 'phone' } as ForgotStep);
  // The phone typed in step 1 stays there when the passenger comes back to it.
  const [phone, setPhone] = useState({
    phone_iso: country.iso,
    phone_code: country.dial,
    phone_number: '',
  });
  const number = FORGOT_STEP_NUMBER[state.step];
  const title = `${t('auth.forgot_title')} (${t('auth.step', { step: number, total: 3 })})`;

  return (
    <Dialog open title={title} onClose={onClose} className="auth-dialog">
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
          <p className="auth-links">
            <button type="button" className="link-button" onClick={() => dispatch({ type: 'back' })}>
              {t('auth.change_phone')}
            </button>
          </p>
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
    </Dialog>
  );
}
