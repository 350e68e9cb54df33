// The partner staff login: phone and password, validated with the contract's staffLoginRequestSchema; a
// wrong phone or password gets the server's one answer. On success the session is kept in the encrypted store.
import { useTranslation } from 'react-i18next';
import { staffLoginRequestSchema } from '../../../../shared/contract/partners';
import { TextField } from '../../../components/form/fields';
import { CredentialsLogin } from '../../../components/form/credentials-login';
import { partnerCalls } from '../api';
import { savePartnerSession } from '../session';

export function PartnerLoginForm({ notice }: { notice?: string | null }) {
  const { t } = useTranslation();
  return (
    <CredentialsLogin
      name="partner"
      title={t('partner.login.title')}
      lead={t('partner.login.lead')}
      notice={notice}
      initialValues={{ phone_number: '', password: '' }}
      schema={staffLoginRequestSchema}
      identityField={
        <TextField
          name="phone_number"
          label={t('partner.login.phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="username"
          digitsOnly
        />
      }
      passwordLabel={t('partner.login.password')}
      submitLabel={t('partner.login.submit')}
      signIn={async (values) => {
        savePartnerSession(await partnerCalls.login({ phone_number: values.phone_number.trim(), password: values.password }));
      }}
    />
  );
}
