// The complaint form under the complaints policy (/boi-thuong): name, phone, an optional e-mail and ticket code, what
// it is about and what happened, checked by the contract's complaintSchema with the messages in the page's language.
// A signed-in passenger's name, phone and e-mail fill the empty fields. What was typed stays after a refusal; a sent
// complaint shows its number and the day its answer is due, with the focus on that news.
import { Formik, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COMPLAINT_DESCRIPTION_MAX,
  COMPLAINT_DESCRIPTION_MIN,
  COMPLAINT_TOPICS,
  complaintSchema,
  type ComplaintResult,
} from '../../../shared/contract/support';
import { formatVnDate } from '../../../shared/domain/vn-time';
import { NationalPhoneField, RadioGroup, TextField } from '../../components/form/fields';
import { FocusFirstError, FormAlert, SubmitButton, submitOnce, useFormRef } from '../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../components/form/form-errors';
import { useLang } from '../../lib/use-lang';
import { useStoredUser } from '../../lib/use-stored-user';
import { sendComplaint } from './support-api';
import './complaint.css';

interface ComplaintValues {
  fullname: string;
  phone: string;
  email: string;
  ticket_code: string;
  topic: string;
  description: string;
}

const FIELDS = ['fullname', 'phone', 'email', 'ticket_code', 'topic', 'description'] as const;
const EMPTY: ComplaintValues = { fullname: '', phone: '', email: '', ticket_code: '', topic: '', description: '' };

/** The signed-in passenger's details fill the fields still empty (never what was typed). */
function FillFromAccount() {
  const user = useStoredUser();
  const { values, setFieldValue } = useFormikContext<ComplaintValues>();
  const filled = useRef<number | null>(null);
  useEffect(() => {
    if (!user || filled.current === user.id) return;
    filled.current = user.id;
    if (!values.fullname) void setFieldValue('fullname', user.fullname, false);
    if (!values.phone) void setFieldValue('phone', user.phone, false);
    if (!values.email) void setFieldValue('email', user.email, false);
  }, [user, values, setFieldValue]);
  return null;
}

function Sent({ result, email, onAnother }: { result: ComplaintResult; email: string; onAnother(): void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  // The due instant is the midnight that ends the promise's last day.
  const date = formatVnDate(new Date(result.reply_by).getTime() - 1);
  return (
    <div className="notice notice-ok complaint-sent" role="status">
      <h3 ref={heading} tabIndex={-1}>
        {t('support.complaint.sent_title', { reference: result.reference })}
      </h3>
      <p>{t('support.complaint.sent_text', { date })}</p>
      {email && <p>{t('support.complaint.sent_mail', { email })}</p>}
      <p>{t('support.complaint.sent_keep', { reference: result.reference })}</p>
      <button type="button" className="button" onClick={onAnother}>
        {t('support.complaint.another')}
      </button>
    </div>
  );
}

export function ComplaintForm() {
  const { t } = useTranslation();
  const lang = useLang();
  const ref = useFormRef();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<{ result: ComplaintResult; email: string } | null>(null);
  const payload = (values: ComplaintValues) => ({ ...values, lang });
  return (
    <section className="card complaint-card" aria-labelledby="complaint-heading">
      <h2 id="complaint-heading">{t('support.complaint.title')}</h2>
      <p>{t('support.complaint.intro')}</p>
      {sent ? (
        <Sent result={sent.result} email={sent.email} onAnother={() => setSent(null)} />
      ) : (
        <Formik<ComplaintValues>
          initialValues={EMPTY}
          validate={(values) => validateWith(complaintSchema, payload(values), t, FIELDS)}
          onSubmit={async (values, helpers) => {
            setFailure(null);
            try {
              const body = await sendComplaint(complaintSchema.cast(payload(values)));
              setSent({ result: body.data, email: values.email.trim() });
              helpers.resetForm();
            } catch (error) {
              helpers.setErrors(fieldErrors(error, FIELDS, t));
              setFailure(errorText(error, t, { fieldMessage: true }));
            }
          }}
        >
          {(form) => (
            <form ref={ref} className="booking-form complaint-form" noValidate onSubmit={(event) => submitOnce(form, event)}>
              <FillFromAccount />
              <FocusFirstError formRef={ref} />
              <TextField name="fullname" label={t('support.complaint.fullname')} autoComplete="name" />
              <NationalPhoneField name="phone" label={t('support.complaint.phone')} />
              <TextField
                name="email"
                label={t('support.complaint.email')}
                type="email"
                inputMode="email"
                autoComplete="email"
                hint={t('support.complaint.email_hint')}
              />
              <TextField
                name="ticket_code"
                label={t('support.complaint.ticket_code')}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={t('support.complaint.ticket_code_hint')}
              />
              <RadioGroup
                name="topic"
                legend={t('support.complaint.topic')}
                options={COMPLAINT_TOPICS.map((topic) => ({ value: topic, label: t(`support.complaint.topics.${topic}`) }))}
              />
              <TextField
                name="description"
                label={t('support.complaint.description')}
                multiline
                hint={`${t('support.complaint.description_hint', { min: COMPLAINT_DESCRIPTION_MIN })} ${form.values.description.trim().length}/${COMPLAINT_DESCRIPTION_MAX}`}
              />
              <FormAlert message={failure} />
              <SubmitButton busy={form.isSubmitting}>{t('support.complaint.submit')}</SubmitButton>
            </form>
          )}
        </Formik>
      )}
    </section>
  );
}
