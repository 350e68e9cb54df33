// become-partner (/dang-ky-doi-tac-kinh-doanh, /en/become-a-business-partner; spec 1, 7 create_lead_contact_agent):
// the registration of a business partner (books on credit; e-mail and company required; its login is e-mailed) or
// a transport partner (company, tax code, contact with e-mail, fleet size and the provinces served, all required; the
// operator approves or refuses the application). Formik validates with the contract's schema,
// messages in the user's language; a refused or failed send keeps what was typed; the success state says what
// happens next. ?type=transport preselects the transport partner (the transport-partners page links so).
import { Formik, useFormikContext, type FormikHelpers } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouterState } from '@tanstack/react-router';
import { BUSINESS_LOGIN_MAIL_MINUTES } from '../../../shared/contract/business';
import {
  LEAD_MESSAGE_KEYS,
  LEAD_TYPES,
  leadContactSchema,
  type LeadContactInput,
  type LeadType,
} from '../../../shared/contract/leads';
import { DEFAULT_PHONE_CODE } from '../../../shared/domain/phone';
import { PROVINCES } from '../../../shared/contract/provinces';
import { FieldError, TextField, useField } from '../../components/form/fields';
import { CountryCodePicker } from '../../components/ui/country-code-picker';
import { ActionButton } from '../../components/ui/dialog-actions';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useLang } from '../../lib/use-lang';
import { errorText, fieldErrors, validateWith } from '../../components/form/form-errors';
import { useOnline } from '../../lib/use-online';
import { sendLeadContact } from './api';

export interface LeadValues {
  type: LeadType;
  fullname: string;
  phone_code: string;
  phone_iso: string;
  phone: string;
  email: string;
  company_name: string;
  tax_code: string;
  address: string;
  fleet_size: string;
  /** Transport partners: the current province codes served. */
  provinces: string[];
  note: string;
}

const FIELDS = [
  'type',
  'fullname',
  'phone',
  'email',
  'company_name',
  'tax_code',
  'address',
  'fleet_size',
  'provinces',
  'note',
] as const satisfies readonly (keyof LeadValues)[];

export function initialLeadValues(type: LeadType): LeadValues {
  return {
    type,
    fullname: '',
    phone_code: DEFAULT_PHONE_CODE,
    phone_iso: 'VN',
    phone: '',
    email: '',
    company_name: '',
    tax_code: '',
    address: '',
    fleet_size: '',
    provinces: [],
    note: '',
  };
}

/** What is sent: the schema's fields only; the fleet size and the provinces only for a transport partner. */
export function leadPayload(values: LeadValues, lang: LeadContactInput['lang']): Record<string, unknown> {
  const { phone_iso: _iso, fleet_size, provinces, ...rest } = values;
  const transport = values.type === 'transport';
  const fleet = transport && fleet_size.trim() !== '' ? fleet_size.trim() : undefined;
  return {
    ...rest,
    ...(fleet === undefined ? {} : { fleet_size: Number(fleet) }),
    ...(transport ? { provinces } : {}),
    lang,
  };
}

/** The provinces a transport partner serves: one checkbox per current province, in the gazetteer's order. */
function ProvincesField() {
  const { t } = useTranslation();
  const lang = useLang();
  const id = useId();
  const { form, value, error } = useField('provinces');
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  const toggle = (code: string) =>
    void form.setFieldValue('provinces', chosen.includes(code) ? chosen.filter((c) => c !== code) : [...chosen, code]);
  return (
    <fieldset
      className={`lead-provinces${error ? ' invalid' : ''}`}
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
      aria-invalid={error ? true : undefined}
    >
      <legend className="field-label">{t('partner_join.apply.provinces')}</legend>
      <p id={`${id}-hint`} className="field-hint">
        {t('partner_join.apply.provinces_hint')}
      </p>
      <div className="lead-provinces-grid">
        {PROVINCES.map((province) => (
          <label key={province.code}>
            <input type="checkbox" checked={chosen.includes(province.code)} onChange={() => toggle(province.code)} />
            <span>{province[lang]}</span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

const NEXT_STEPS = ['step_1', 'step_2', 'step_3'] as const;

interface Sent {
  type: LeadType;
  email: string;
  company: string;
}

function TypeChoice() {
  const { t } = useTranslation();
  const id = useId();
  const { form, value, error } = useField('type');
  return (
    <fieldset className={`radio-group lead-type${error ? ' invalid' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{t('content_pages.become.type')}</legend>
      {LEAD_TYPES.map((type) => (
        <label key={type} className="radio-option lead-type-option">
          <input
            type="radio"
            name={`${id}-type`}
            value={type}
            checked={value === type}
            onChange={() => void form.setFieldValue('type', type)}
          />
          <span>
            <strong>{t(`content_pages.become.${type}`)}</strong>
            <span className="field-hint">{t(`content_pages.become.${type}_hint`)}</span>
          </span>
        </label>
      ))}
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

function LeadFields() {
  const { t } = useTranslation();
  const form = useFormikContext<LeadValues>();
  const business = form.values.type === 'business';
  const phoneLabel = t('content_pages.become.phone');
  return (
    <>
      <TypeChoice />
      <TextField name="company_name" label={t('content_pages.become.company')} autoComplete="organization" />
      <TextField name="fullname" label={t('content_pages.become.fullname')} autoComplete="name" />
      <TextField
        name="phone"
        label={phoneLabel}
        type="tel"
        inputMode="numeric"
        autoComplete="tel-national"
        digitsOnly
        hint={t('content_pages.become.phone_hint')}
        prefix={
          <CountryCodePicker
            iso={form.values.phone_iso}
            dial={form.values.phone_code}
            label={phoneLabel}
            onChange={({ iso, dial }) => {
              void form.setFieldValue('phone_iso', iso);
              void form.setFieldValue('phone_code', dial);
            }}
          />
        }
      />
      <TextField
        name="email"
        label={t('content_pages.become.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        hint={business ? t('content_pages.become.email_hint') : t('partner_join.apply.email_hint')}
      />
      <TextField
        name="tax_code"
        label={business ? t('content_pages.become.tax_code') : t('partner_join.apply.tax_code')}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField name="address" label={t('content_pages.become.address')} autoComplete="street-address" />
      {!business && <TextField name="fleet_size" label={t('partner_join.apply.fleet_size')} inputMode="numeric" digitsOnly />}
      {!business && <ProvincesField />}
      <TextField name="note" label={t('content_pages.become.note')} multiline />
    </>
  );
}

/** After a refused submit, focus goes to the first field with a message (read out with it). */
function FocusFirstError() {
  const { submitCount, isValid, isSubmitting } = useFormikContext<LeadValues>();
  const handled = useRef(0);
  useEffect(() => {
    if (isSubmitting || submitCount === handled.current) return;
    handled.current = submitCount;
    if (!isValid) document.querySelector<HTMLElement>('.lead-form [aria-invalid="true"]')?.focus();
  }, [submitCount, isValid, isSubmitting]);
  return null;
}

function SuccessPanel({ sent, onAgain }: { sent: Sent; onAgain(): void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const business = sent.type === 'business';
  const steps = NEXT_STEPS.map((step) => t(`content_pages.become.next_${sent.type}.${step}`, { email: sent.email }));
  return (
    <section className="notice notice-ok lead-success" role="status" aria-labelledby="lead-success-heading">
      <h2 id="lead-success-heading" tabIndex={-1} ref={heading}>
        {t('content_pages.become.thanks', { company: sent.company })}
      </h2>
      <p>
        {business
          ? t(LEAD_MESSAGE_KEYS.businessLoginSent, { minutes: BUSINESS_LOGIN_MAIL_MINUTES })
          : t(LEAD_MESSAGE_KEYS.leadSent)}
      </p>
      <h3>{t('content_pages.become.next')}</h3>
      <ol>
        {steps.map((step, index) => (
          <li key={index}>{step}</li>
        ))}
      </ol>
      <div className="button-row">
        <Link to="/$lang/home" params={{ lang }} className="button button-primary">
          {t('content_pages.become.home')}
        </Link>
        <button type="button" className="button" onClick={onAgain}>
          {t('content_pages.become.again')}
        </button>
      </div>
    </section>
  );
}

function useTypeFromUrl(): LeadType {
  return useRouterState({
    select: (state) => ((state.location.search as Record<string, unknown>).type === 'transport' ? 'transport' : 'business'),
  });
}

export function BecomePartnerPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const online = useOnline();
  const initialType = useTypeFromUrl();
  const [sent, setSent] = useState<Sent | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useDocumentTitle(`${t('routes.become-partner')} – Vivu`);

  const submit = async (values: LeadValues, helpers: FormikHelpers<LeadValues>) => {
    setFailure(null);
    if (!online) {
      setFailure(t('content_pages.become.offline'));
      return;
    }
    try {
      await sendLeadContact(leadPayload(values, lang) as LeadContactInput);
      setSent({ type: values.type, email: values.email.trim(), company: values.company_name.trim() });
    } catch (error) {
      // What was typed stays; the server's field messages go on their fields.
      helpers.setErrors(fieldErrors(error, FIELDS, t));
      setFailure(errorText(error, t));
    }
  };

  return (
    <div className="page content-page become-partner">
      <h1 id="become-heading">{t('routes.become-partner')}</h1>
      <p className="content-lead">{t('content_pages.become.lead')}</p>
      {sent ? (
        <SuccessPanel sent={sent} onAgain={() => setSent(null)} />
      ) : (
        <Formik<LeadValues>
          initialValues={initialLeadValues(initialType)}
          validate={(values) => validateWith(leadContactSchema, { ...values, lang }, t, FIELDS)}
          // Checked on submit only: a message vanishing on blur would move the button from under the pointer.
          validateOnChange={false}
          validateOnBlur={false}
          onSubmit={submit}
        >
          {(form) => (
            <form
              className="lead-form"
              aria-labelledby="become-heading"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                form.handleSubmit();
              }}
            >
              <p className="field-hint">
                {form.values.type === 'transport'
                  ? t('partner_join.apply.required_note')
                  : t('content_pages.become.required_note')}
              </p>
              <LeadFields />
              <FocusFirstError />
              {failure && (
                <p className="notice notice-error" role="alert">
                  {failure}
                </p>
              )}
              <ActionButton submit tone="primary" block busy={form.isSubmitting} busyLabel={t('content_pages.become.sending')}>
                {t('content_pages.become.submit')}
              </ActionButton>
            </form>
          )}
        </Formik>
      )}
    </div>
  );
}
