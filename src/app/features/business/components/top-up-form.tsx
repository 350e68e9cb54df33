// The top-up form: an amount in whole VND (validated with the contract's schema, errors in the user's language;
// what was typed stays on an error), then the browser goes to the card gateway's page, which sends it back to this
// screen with the result. Offline it says so and sends nothing.
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TOP_UP_MAX, TOP_UP_MIN } from '../../../../shared/contract/business';
import { formatVnd } from '../../../../shared/domain/money';
import { TextField } from '../../../components/form/fields';
import { flushStore } from '../../../lib/store';
import { useLang } from '../../../lib/use-lang';
import { FormAlert, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorRef } from '../../../components/form/form-errors';
import { businessCalls, endBusinessSessionIfUnauthorized } from '../api';
import { amountOf, moneyParams, validateTopUp, type TopUpValues } from '../credit-rules';

export function TopUpForm({ token, online }: { token: string; online: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section className="card business-top-up" aria-labelledby="business-top-up-heading">
      <h2 id="business-top-up-heading">{t('business.top_up.title')}</h2>
      <Formik<TopUpValues>
        initialValues={{ amount: '' }}
        validate={(values) => validateTopUp(values, t)}
        onSubmit={async (values) => {
          setFailure(null);
          try {
            const started = await businessCalls.topUp(token, amountOf(values), lang);
            await flushStore();
            window.location.assign(started.payment_url);
          } catch (error) {
            if (endBusinessSessionIfUnauthorized(error)) return;
            const { key, params } = errorRef(error, { fieldMessage: true });
            setFailure(t(key, { ...moneyParams(params), defaultValue: t('errors.server_busy') }));
          }
        }}
      >
        {(form) => (
          <form className="booking-form business-top-up-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
            <TextField
              name="amount"
              label={t('business.top_up.amount')}
              inputMode="numeric"
              autoComplete="off"
              digitsOnly
              hint={t('business.top_up.hint', { min: formatVnd(TOP_UP_MIN), max: formatVnd(TOP_UP_MAX) })}
            />
            {form.values.amount && !form.errors.amount && (
              <p className="business-amount-preview" aria-live="polite">
                {formatVnd(amountOf(form.values))}
              </p>
            )}
            <FormAlert message={failure} />
            {!online && <p className="field-hint">{t('business.top_up.offline')}</p>}
            <SubmitButton busy={form.isSubmitting} disabled={!online}>
              {t('business.top_up.submit')}
            </SubmitButton>
          </form>
        )}
      </Formik>
    </section>
  );
}
