// The business partner's sign-in: the e-mail and the password from the login e-mail, validated with the
// contract's businessLoginSchema; a wrong pair gets the server's one answer. The session goes to the encrypted store.
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BUSINESS_LOGIN_MAIL_MINUTES, businessLoginSchema } from '../../../../shared/contract/business';
import { TextField } from '../../../components/form/fields';
import { CredentialsLogin } from '../../../components/form/credentials-login';
import { useLang } from '../../../lib/use-lang';
import { businessCalls, saveBusinessSession } from '../api';

export function BusinessLoginForm({ notice }: { notice?: string | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <CredentialsLogin
      name="business"
      title={t('business.login.title')}
      lead={t('business.login.lead', { minutes: BUSINESS_LOGIN_MAIL_MINUTES })}
      notice={notice}
      initialValues={{ email: '', password: '' }}
      schema={businessLoginSchema}
      identityField={
        <TextField name="email" label={t('business.login.email')} type="email" inputMode="email" autoComplete="username" />
      }
      passwordLabel={t('business.login.password')}
      submitLabel={t('business.login.submit')}
      signIn={async (values) => {
        const email = values.email.trim().toLowerCase();
        const data = await businessCalls.login({ email, password: values.password });
        saveBusinessSession({ token: data.token, companyName: data.company_name, email });
      }}
    >
      <p className="business-register">
        {t('business.login.no_account')}{' '}
        <Link to="/$lang/become-partner" params={{ lang }} search={{ type: 'business' }}>
          {t('business.login.register')}
        </Link>
      </p>
    </CredentialsLogin>
  );
}
