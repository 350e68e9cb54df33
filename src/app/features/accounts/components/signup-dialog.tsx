// The sign-up dialog (spec 2, 4, 5): full name, the username (spec 3: a phone with its country code, or an e-mail;
// 'Tên đăng nhập không hợp lệ'), password and its re-entry (cleared on mismatch). Success sends a code (by SMS or by
// mail) and opens the confirmation OTP dialog.
import { useTranslation } from 'react-i18next';
import { registerRequestSchema } from '../../../../shared/contract/accounts';
import type { Lang } from '../../../../shared/domain/route-table';
import { AuthForm } from '../../../components/form/auth-form';
import { TextField } from '../../../components/form/fields';
import { PasswordField, UsernameField } from '../../../components/form/form-controls';
import { authCalls } from '../auth-api';
import { AuthDialog, AuthLinks, usePhoneStart } from './auth-parts';

interface Props {
  lang: Lang;
  onClose(): void;
  onRegistered(userId: number, phone: string, expiresIn: number): void;
  onLogin(): void;
}

export function SignupDialog({ lang, onClose, onRegistered, onLogin }: Props) {
  const { t } = useTranslation();
  const phoneStart = usePhoneStart();
  return (
    <AuthDialog title={t('auth.signup_title')} onClose={onClose}>
      <AuthForm
        initialValues={{ fullname: '', ...phoneStart, password: '', re_password: '' }}
        schema={registerRequestSchema}
        checkPasswords
        submitLabel={t('auth.signup_submit')}
        onSubmit={async (values) => {
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
        }}
        after={<AuthLinks links={[{ lead: t('auth.have_account'), label: t('auth.login_link'), onClick: onLogin }]} />}
      >
        <TextField name="fullname" label={t('auth.fullname')} autoComplete="name" />
        <UsernameField label={t('auth.username')} />
        <PasswordField name="password" label={t('auth.password')} autoComplete="new-password" hint={t('auth.password_hint')} />
        <PasswordField name="re_password" label={t('auth.re_password')} autoComplete="new-password" />
      </AuthForm>
    </AuthDialog>
  );
}
