// The change-password form of the account page (spec 2, 5): current password, new password and its re-entry. The
// rules are the contract's (6-30 letters, digits or !@#$%^&*; re-entry must match, and is cleared when it does not).
// On success the server answers auth data with a new token (other sessions end): it is stored (spec 4).
import { useMutation } from '@tanstack/react-query';
import { Formik, type FormikHelpers } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACCOUNT_ERROR_KEYS, updatePasswordRequestSchema } from '../../../../shared/contract/accounts';
import { saveStoredUser, type StoredUser } from '../../../lib/session';
import { forgetUserIfUnauthorized } from '../../../lib/forget-user';
import { useLang } from '../../../lib/use-lang';
import { accountCalls, type PasswordInput } from '../account-api';
import { fieldErrors, noticeText, validateWith } from '../../../components/form/form-errors';
import { saveAuthData, toStoredUser } from '../auth-data';
import { FormOutcome, type Outcome } from './form-outcome';
import { PasswordField } from '../../../components/form/form-controls';

const FIELDS = ['current_password', 'password', 're_password'] as const;
const EMPTY: PasswordInput = { current_password: '', password: '', re_password: '' };

/** The inputs take at most this many characters (the contract's rule, 6-30, says why a longer one fails). */
const PASSWORD_MAX_INPUT = 120;

export function ChangePasswordForm({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const change = useMutation({
    mutationFn: (input: PasswordInput) => accountCalls.updatePassword(user, input, lang),
    onError: forgetUserIfUnauthorized,
  });

  const submit = async (values: PasswordInput, helpers: FormikHelpers<PasswordInput>) => {
    setOutcome(null);
    try {
      const response = await change.mutateAsync(values);
      // The new token replaces the old one, which the server has ended with every other session.
      if (!saveAuthData(response.data)) saveStoredUser(toStoredUser(response.data));
      helpers.resetForm({ values: EMPTY });
      setOutcome({
        ok: true,
        text: `${t(response.message || 'accounts.messages.password_changed')}. ${t('account.password.other_sessions')}`,
      });
    } catch (error) {
      const errors = fieldErrors(error, FIELDS, t);
      if (errors.re_password) void helpers.setFieldValue('re_password', '', false);
      helpers.setErrors(errors);
      const text = noticeText(error, errors, t);
      setOutcome(text === null ? null : { ok: false, text });
    }
  };

  return (
    <section className="card account-section" aria-labelledby="password-heading">
      <h2 id="password-heading">{t('account.password.title')}</h2>
      <Formik<PasswordInput>
        initialValues={EMPTY}
        validate={(values) => validateWith(updatePasswordRequestSchema, { ...values, lang }, t, FIELDS)}
        onSubmit={submit}
      >
        {(form) => (
          <form
            className="booking-form"
            noValidate
            aria-labelledby="password-heading"
            onSubmit={(event) => {
              event.preventDefault();
              // spec 5: a re-entry that does not match is cleared (the required rule then shows the mismatch message).
              if (form.values.re_password && form.values.re_password !== form.values.password) {
                void form.setFieldValue('re_password', '', false).then(() => form.submitForm());
                return;
              }
              void form.submitForm();
            }}
          >
            <PasswordField
              name="current_password"
              label={t('account.password.current')}
              autoComplete="current-password"
              maxLength={PASSWORD_MAX_INPUT}
            />
            <PasswordField
              name="password"
              label={t('account.password.new')}
              autoComplete="new-password"
              hint={t(ACCOUNT_ERROR_KEYS.password)}
              hintUntilError
              maxLength={PASSWORD_MAX_INPUT}
            />
            <PasswordField
              name="re_password"
              label={t('account.password.confirm')}
              autoComplete="new-password"
              maxLength={PASSWORD_MAX_INPUT}
            />
            <FormOutcome
              outcome={outcome}
              busy={form.isSubmitting}
              label={t('account.password.save')}
              busyLabel={t('account.password.saving')}
            />
          </form>
        )}
      </Formik>
    </section>
  );
}
