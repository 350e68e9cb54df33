// The special request form (spec 2, 5, 9), loaded when its dialog first opens (Formik stays out of the home
// page's scripts): the contract's specialRequestSchema with Formik; every field but the note is required, the
// messages come in the page's language, the values stay after a refusal (and while the dialog is closed and opened
// again), and a sent request promises a reply within 48 hours.
import { Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LEAD_MESSAGE_KEYS, SPECIAL_REQUEST_SEATS, specialRequestSchema } from '../../../../shared/contract/leads';
import { NationalPhoneField, NativeField, RadioGroup, TextField } from '../../../components/form/fields';
import { useLang } from '../../../lib/use-lang';
import {
  FocusFirstError,
  FormAlert,
  SubmitButton,
  submitOnce,
  useFocusFirst,
  useFormRef,
} from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { sendSpecialRequest } from '../api';
import { FIELDS, payloadOf, placeDepartError, type SpecialRequestValues } from '../special-request';

/** Keeps what was typed in the section while the dialog is closed. */
function RememberValues({ onChange }: { onChange(values: SpecialRequestValues): void }) {
  const { values } = useFormikContext<SpecialRequestValues>();
  useEffect(() => {
    onChange(values);
  }, [values, onChange]);
  return null;
}

export function SpecialRequestForm({
  draft,
  onDraft,
  onSent,
}: {
  draft: SpecialRequestValues;
  onDraft(values: SpecialRequestValues): void;
  onSent(message: string): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const ref = useFormRef();
  useFocusFirst(ref);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Formik<SpecialRequestValues>
      initialValues={draft}
      validate={async (values) => placeDepartError(await validateWith(specialRequestSchema, payloadOf(values, lang), t), values)}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        try {
          const sent = await sendSpecialRequest(specialRequestSchema.cast(payloadOf(values, lang)));
          onSent(t(sent.message || LEAD_MESSAGE_KEYS.specialRequestSent, { hours: sent.data.reply_within_hours }));
        } catch (error) {
          helpers.setErrors(fieldErrors(error, FIELDS, t));
          setFailure(errorText(error, t, { fieldMessage: true }));
        }
      }}
    >
      {(form) => (
        <form ref={ref} className="booking-form special-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
          <RememberValues onChange={onDraft} />
          <FocusFirstError formRef={ref} />
          <p className="field-hint">{t('home_sections.special.all_required')}</p>
          <TextField name="fullname" label={t('home_sections.special.fullname')} autoComplete="name" />
          <NationalPhoneField name="phone" label={t('home_sections.special.phone')} />
          <TextField name="email" label={t('home_sections.special.email')} type="email" inputMode="email" autoComplete="email" />
          <TextField name="pick_address" label={t('home_sections.special.pick')} autoComplete="off" />
          <TextField name="drop_address" label={t('home_sections.special.drop')} autoComplete="off" />
          <div className="field-pair">
            <NativeField name="date" type="date" label={t('home_sections.special.date')} />
            <NativeField name="time" type="time" label={t('home_sections.special.time')} />
          </div>
          <div className="field-pair">
            <NativeField name="days" type="number" label={t('home_sections.special.days')} min={1} max={30} />
            <NativeField name="vehicle_count" type="number" label={t('home_sections.special.vehicle_count')} min={1} max={20} />
          </div>
          <RadioGroup
            name="seats"
            legend={t('home_sections.special.seats')}
            options={SPECIAL_REQUEST_SEATS.map((seats) => ({
              value: seats,
              label: t('home_sections.special.seat_option', { count: seats }),
            }))}
          />
          <TextField name="note" label={t('home_sections.special.note')} multiline />
          <FormAlert message={failure} />
          <SubmitButton busy={form.isSubmitting}>{t('home_sections.special.submit')}</SubmitButton>
        </form>
      )}
    </Formik>
  );
}
