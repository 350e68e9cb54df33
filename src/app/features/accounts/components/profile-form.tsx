// The profile edit form of the account page (spec 2): full name and e-mail, validated with the contract's
// updateAccountRequestSchema. Success stores the returned auth data; a failure shows the server's message and keeps
// what was typed.
import { useMutation } from '@tanstack/react-query';
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateAccountRequestSchema } from '../../../../shared/contract/accounts';
import { TextField } from '../../../components/form/fields';
import { saveStoredUser, type StoredUser } from '../../../lib/session';
import { forgetUserIfUnauthorized } from '../../../lib/forget-user';
import { useLang } from '../../../lib/use-lang';
import { accountCalls, type ProfileInput } from '../account-api';
import { fieldErrors, noticeText, validateWith } from '../../../components/form/form-errors';
import { toStoredUser } from '../auth-data';
import { FormOutcome, type Outcome } from './form-outcome';

const FIELDS = ['fullname', 'email'] as const;

export function ProfileForm({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const update = useMutation({
    mutationFn: (input: ProfileInput) => accountCalls.updateAccount(user, input, lang),
    onError: forgetUserIfUnauthorized,
  });

  const submit = async (values: ProfileInput, helpers: FormikHelpers<ProfileInput>) => {
    setOutcome(null);
    try {
      const response = await update.mutateAsync({ fullname: values.fullname.trim(), email: values.email.trim().toLowerCase() });
      saveStoredUser(toStoredUser(response.data));
      helpers.resetForm({ values: { fullname: response.data.fullname, email: response.data.email } });
      setOutcome({ ok: true, text: t(response.message || 'accounts.messages.account_updated') });
    } catch (error) {
      const errors = fieldErrors(error, FIELDS, t);
      helpers.setErrors(errors);
      const text = noticeText(error, errors, t);
      setOutcome(text === null ? null : { ok: false, text });
    }
  };

  return (
    <section className="card account-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('account.profile.title')}</h2>
      <Formik<ProfileInput>
        initialValues={{ fullname: user.fullname, email: user.email }}
        validate={(values) => validateWith(updateAccountRequestSchema, { ...values, lang }, t, FIELDS)}
        onSubmit={submit}
      >
        {(form) => (
          <form className="booking-form" noValidate onSubmit={form.handleSubmit} aria-labelledby="profile-heading">
            <TextField name="fullname" label={t('account.fullname')} autoComplete="name" />
            <TextField name="email" label={t('account.email')} type="email" inputMode="email" autoComplete="email" />
            <FormOutcome
              outcome={outcome}
              busy={form.isSubmitting}
              label={t('account.profile.save')}
              busyLabel={t('account.profile.saving')}
            />
          </form>
        )}
      </Formik>
    </section>
  );
}
