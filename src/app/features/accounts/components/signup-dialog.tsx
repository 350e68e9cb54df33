// The sign-up dialog (spec 2, 4, 5): full name, the username (spec 3: a phone with its country code, or an e-mail;
// 'Tên đăng nhập không hợp lệ'), password and its re-entry (cleared on mismatch). Success sends a code (by SMS or by
// mail) and opens the confirmation OTP dialog.
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDefaultCountry } from '../../../lib/use-default-country';
import { registerRequestSchema } from '../../../../shared/contract/accounts';
import { TextField } from '../../../components/form/fields';
import { Dialog } from '../../../components/ui/dialog';
import { authCalls } from '../auth-api';
import { errorText, validateWith } from '../../../components/form/form-errors';
import {
  FormAlert,
  PasswordField,
  SubmitButton,
  submitWithPasswordCheck,
  UsernameField,
  useFocusFirst,
  useFormRef,
} from '../../../components/form/form-controls';
import type { Lang as AuthLang } from '../../../../shared/domain/route-table';

interface Props {
  lang: AuthLang;
  onClose(): void;
  onRegistered(userId: number, phone: string, expiresIn: number): void;
  onLogin(): void;
}

export function SignupDialog({ lang, onClose, onRegistered, onLogin }: Props) {
  const { t } = useTranslation();
  const country = useDefaultCountry();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<string | null>(null);

  return (
    <Dialog open title={t('auth.signup_title')} onClose={onClose} className="auth-dialog">
      <Formik
        initialValues={{
          fullname: '',
          phone_iso: country.iso,
          phone_code: country.dial,
          phone_number: '',
          password: '',
          re_password: '',
        }}
        validate={(values) => validateWith(registerRequestSchema, values, t)}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            const data = await authCalls.register({
              fullname: values.fullname.trim(),
              phone_code: values.phone_code,
              phone_number: values.phone_number.trim(),
              password: values.password,
              re_password: values.re_password,
              lang,
            });
            // An e-mail account has no phone: the code went to its e-mail.
            onRegistered(data.id, data.phone_number || data.email, data.expires_in);
          } catch (error) {
            setFailure(errorText(error, t, { fieldMessage: true }));
          }
        }}
      >
        {(form) => (
          <form
            ref={ref}
            className="booking-form auth-form"
            noValidate
            onSubmit={(event) => submitWithPasswordCheck(form, event)}
          >
            <TextField name="fullname" label={t('auth.fullname')} autoComplete="name" />
            <UsernameField label={t('auth.username')} />
            <PasswordField
              name="password"
              label={t('auth.password')}
              autoComplete="new-password"
              hint={t('auth.password_hint')}
            />
            <PasswordField name="re_password" label={t('auth.re_password')} autoComplete="new-password" />
            <FormAlert message={failure} />
            <SubmitButton busy={form.isSubmitting}>{t('auth.signup_submit')}</SubmitButton>
            <p className="auth-links">
              {t('auth.have_account')}{' '}
              <button type="button" className="link-button" onClick={onLogin}>
                {t('auth.login_link')}
              </button>
            </p>
          </form>
        )}
      </Formik>
    </Dialog>
  );
}
