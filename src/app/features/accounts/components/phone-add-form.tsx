// The account page's "add a phone number" section, for an account without one (signed up with an e-mail): a
// Vietnamese number in the national phone field, a code by SMS to it, then the code, which makes it the account's
// verified phone. A refusal keeps the number typed and says why in the page's language; "Change number" goes back
// with the number still there. Once the phone is the account's, the section says so and the summary shows it.
import { useQueryClient } from '@tanstack/react-query';
import { Formik, type FormikHelpers } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sendPhoneCodeRequestSchema } from '../../../../shared/contract/accounts';
import { DEFAULT_PHONE_CODE, formatPhone, normalizePhone } from '../../../../shared/domain/phone';
import { NationalPhoneField } from '../../../components/form/fields';
import { fieldErrors, noticeText, validateWith } from '../../../components/form/form-errors';
import { ActionButton } from '../../../components/ui/dialog-actions';
import { forgetUserIfUnauthorized } from '../../../lib/forget-user';
import { saveStoredUser, type StoredUser } from '../../../lib/session';
import { useLang } from '../../../lib/use-lang';
import { accountCalls, type PhoneInput } from '../account-api';
import { toStoredUser } from '../auth-data';
import { FormOutcome, type Outcome } from './form-outcome';
import { OtpForm } from './otp-form';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

const FIELDS = ['phone_number'] as const;

type Step = { name: 'number' } | { name: 'code'; phone: string; expiresIn: number } | { name: 'done'; phone: string };

/** Calls that fail with a 401 forget the signed-in user (the page then leaves for home). */
async function signedInCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    forgetUserIfUnauthorized(error);
    throw error;
  }
}

export function PhoneAddForm({ user }: { user: StoredUser }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [step, setStep] = useState<Step>({ name: 'number' });
  const [typed, setTyped] = useState<PhoneInput>({ phone_number: '' });
  const [outcome, setOutcome] = useState<Outcome>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const queries = useQueryClient();

  useEffect(() => {
    if (step.name === 'done') doneRef.current?.focus();
  }, [step.name]);

  // An account that has a phone (from its sign-up, or added in another tab) has nothing to add.
  if (user.phone && step.name !== 'done') return null;

  const sendCode = async (values: PhoneInput, helpers: FormikHelpers<PhoneInput>) => {
    setOutcome(null);
    setTyped(values);
    try {
      const response = await signedInCall(() => accountCalls.sendPhoneCode(user, values, lang));
      setStep({
        name: 'code',
        phone: normalizePhone(DEFAULT_PHONE_CODE, values.phone_number),
        expiresIn: response.data.expires_in,
      });
    } catch (error) {
      const errors = fieldErrors(error, FIELDS, t);
      helpers.setErrors(errors);
      const text = noticeText(error, errors, t);
      setOutcome(text === null ? null : { ok: false, text });
    }
  };

  return (
    <section className="card account-section" aria-labelledby="phone-add-heading">
      <h2 id="phone-add-heading">{t('account.phone_add.title')}</h2>
      {step.name === 'number' && (
        <>
          <p className="field-hint">{t('account.phone_add.hint')}</p>
          <Formik<PhoneInput>
            initialValues={typed}
            validate={(values) => validateWith(sendPhoneCodeRequestSchema, { ...values, lang }, t, FIELDS)}
            onSubmit={sendCode}
          >
            {(form) => (
              <form className="booking-form" noValidate onSubmit={form.handleSubmit} aria-labelledby="phone-add-heading">
                <NationalPhoneField name="phone_number" label={t('account.phone')} />
                <FormOutcome
                  outcome={outcome}
                  busy={form.isSubmitting}
                  label={t('account.phone_add.send')}
                  busyLabel={t('account.phone_add.sending')}
                />
              </form>
            )}
          </Formik>
        </>
      )}
      {step.name === 'code' && (
        <>
          <OtpForm
            phone={step.phone}
            expiresIn={step.expiresIn}
            submitLabel={t('account.phone_add.verify')}
            submit={async (code) => {
              const response = await signedInCall(() =>
                accountCalls.verifyPhone(user, { phone_number: typed.phone_number, code }, lang),
              );
              saveStoredUser(toStoredUser(response.data));
              setStep({ name: 'done', phone: response.data.phone_number });
              // The trips booked with that phone belong to the list now: it is asked for again.
              void refreshAfterWrite(queries, { queryKey: ['me', user.id] });
            }}
            resend={async () => (await signedInCall(() => accountCalls.sendPhoneCode(user, typed, lang))).data.expires_in}
          />
          <ActionButton tone="link" onClick={() => setStep({ name: 'number' })}>
            {t('account.phone_add.change')}
          </ActionButton>
        </>
      )}
      {step.name === 'done' && (
        <p ref={doneRef} tabIndex={-1} className="notice notice-ok" role="status">
          {t('account.phone_add.done', { phone: formatPhone(step.phone) })}
        </p>
      )}
    </section>
  );
}
