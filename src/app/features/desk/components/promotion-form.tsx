// A promotion code's form in the desk's dialog: a new code, or the limits of one (its code text stays), among them the
// transport partners (chosen from Vivu's) and the airports (IATA codes) it is for. Checked with the contract's schema
// before sending; the server's field errors land on their fields and what was typed stays.
import { useQuery } from '@tanstack/react-query';
import { Formik } from 'formik';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { payMethodName } from '../../../../shared/contract/booking';
import {
  deskPromotionCreateSchema,
  deskPromotionUpdateSchema,
  PROMOTION_PAY_METHODS,
  type DeskPromotion,
} from '../../../../shared/contract/desk-promotions';
import { CheckboxField, NativeField, TextField } from '../../../components/form/fields';
import { FormAlert, SubmitButton, submitOnce } from '../../../components/form/form-controls';
import { errorText, fieldErrors, validateWith } from '../../../components/form/form-errors';
import { useLang } from '../../../lib/use-lang';
import { promotionCalls } from '../promotions-api';
import { deskTicketQueries } from '../tickets-api';

const FIELDS = [
  'code',
  'value',
  'min_order',
  'valid_from',
  'valid_to',
  'max_uses',
  'max_uses_per_phone',
  'pay_method_ids',
  'hourly',
  'partner_ids',
  'airport_codes',
] as const;

interface Values {
  code: string;
  value: string;
  min_order: string;
  valid_from: string;
  valid_to: string;
  max_uses: string;
  max_uses_per_phone: string;
  pay_method_ids: number[];
  hourly: boolean;
  partner_ids: number[];
  /** As typed: IATA codes separated by commas or spaces. */
  airport_codes: string;
}

const text = (value: number | null) => (value === null ? '' : String(value));
const valuesOf = (promotion: DeskPromotion | null): Values => ({
  code: promotion?.code ?? '',
  value: promotion ? String(promotion.value) : '',
  min_order: promotion && promotion.min_order > 0 ? String(promotion.min_order) : '',
  valid_from: promotion?.valid_from ?? '',
  valid_to: promotion?.valid_to ?? '',
  max_uses: text(promotion?.max_uses ?? null),
  max_uses_per_phone: text(promotion?.max_uses_per_phone ?? null),
  pay_method_ids: promotion?.pay_method_ids ?? [],
  hourly: promotion?.hourly ?? true,
  partner_ids: promotion?.partner_ids ?? [],
  airport_codes: (promotion?.airport_codes ?? []).join(', '),
});
const count = (value: string) => (value.trim() === '' ? null : Number(value));

/** The limits as the contract reads them (an empty count is no limit). */
const limitsOf = (values: Values) => ({
  value: Number(values.value),
  min_order: count(values.min_order),
  valid_from: values.valid_from || null,
  valid_to: values.valid_to || null,
  max_uses: count(values.max_uses),
  max_uses_per_phone: count(values.max_uses_per_phone),
  pay_method_ids: values.pay_method_ids,
  hourly: values.hourly,
  partner_ids: values.partner_ids,
  airport_codes: values.airport_codes
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean),
});

/** The codes' transport partners, ticked among Vivu's (loaded with the form; the list says so while it loads). */
function PartnerChoice({
  token,
  chosen,
  error,
  onChange,
}: {
  token: string;
  chosen: number[];
  error?: string;
  onChange(ids: number[]): void;
}) {
  const { t } = useTranslation();
  const partners = useQuery(deskTicketQueries.partners(token));
  return (
    <fieldset className="promo-methods promo-partners" aria-busy={partners.isPending || undefined}>
      <legend className="field-label">{t('desk_promotions.partners')}</legend>
      <p className="field-hint">{t('desk_promotions.partners_hint')}</p>
      {partners.isPending && <p>{t('desk_promotions.partners_loading')}</p>}
      {partners.error && <p className="field-error">{errorText(partners.error, t)}</p>}
      {partners.data?.items.map((partner) => (
        <label key={partner.id} className="check-field">
          <input
            type="checkbox"
            checked={chosen.includes(partner.id)}
            onChange={(event) =>
              onChange(event.target.checked ? [...chosen, partner.id] : chosen.filter((id) => id !== partner.id))
            }
          />
          <span>{partner.name}</span>
        </label>
      ))}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

export function PromotionForm({
  token,
  editing,
  onSaved,
  onCancel,
}: {
  token: string;
  /** The code whose limits are changed; null for a new code. */
  editing: DeskPromotion | null;
  onSaved(promotion: DeskPromotion, created: boolean): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const [failure, setFailure] = useState<string | null>(null);
  const schema = editing ? deskPromotionUpdateSchema : deskPromotionCreateSchema;

  return (
    <Formik<Values>
      initialValues={valuesOf(editing)}
      validate={(values) =>
        validateWith(
          schema,
          editing ? { id: editing.id, ...limitsOf(values) } : { code: values.code, ...limitsOf(values) },
          t,
          FIELDS,
        )
      }
      validateOnChange={false}
      validateOnBlur={false}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        try {
          const saved = editing
            ? await promotionCalls.update(token, { id: editing.id, ...limitsOf(values) })
            : await promotionCalls.create(token, { code: values.code.trim().toUpperCase(), ...limitsOf(values) });
          if (!editing) helpers.resetForm();
          onSaved(saved, !editing);
        } catch (error) {
          helpers.setErrors(fieldErrors(error, FIELDS, t));
          setFailure(errorText(error, t));
        }
      }}
    >
      {(form) => (
        <form
          className="promo-form"
          aria-label={editing ? t('desk_promotions.edit_title', { code: editing.code }) : t('desk_promotions.new_title')}
          noValidate
          onSubmit={(event) => submitOnce(form, event)}
        >
          {!editing && <TextField name="code" label={t('desk_promotions.code')} spellCheck={false} />}
          <TextField name="value" label={t('desk_promotions.value')} inputMode="numeric" hint={t('desk_promotions.value_hint')} />
          <TextField
            name="min_order"
            label={t('desk_promotions.min_order')}
            inputMode="numeric"
            hint={t('desk_promotions.none_hint')}
          />
          <div className="promo-form-pair">
            <NativeField name="valid_from" type="date" label={t('desk_promotions.valid_from')} />
            <NativeField name="valid_to" type="date" label={t('desk_promotions.valid_to')} />
          </div>
          <div className="promo-form-pair">
            <TextField
              name="max_uses"
              label={t('desk_promotions.max_uses')}
              inputMode="numeric"
              hint={t('desk_promotions.none_hint')}
            />
            <TextField
              name="max_uses_per_phone"
              label={t('desk_promotions.max_uses_per_phone')}
              inputMode="numeric"
              hint={t('desk_promotions.none_hint')}
            />
          </div>
          <fieldset className="promo-methods">
            <legend className="field-label">{t('desk_promotions.pay_methods')}</legend>
            <p className="field-hint">{t('desk_promotions.pay_methods_hint')}</p>
            {PROMOTION_PAY_METHODS.map((method) => (
              <label key={method} className="check-field">
                <input
                  type="checkbox"
                  checked={form.values.pay_method_ids.includes(method)}
                  onChange={(event) =>
                    void form.setFieldValue(
                      'pay_method_ids',
                      event.target.checked
                        ? [...form.values.pay_method_ids, method]
                        : form.values.pay_method_ids.filter((id) => id !== method),
                    )
                  }
                />
                <span>{payMethodName(method, lang)}</span>
              </label>
            ))}
            {form.errors.pay_method_ids && <p className="field-error">{String(form.errors.pay_method_ids)}</p>}
          </fieldset>
          <CheckboxField name="hourly" label={t('desk_promotions.hourly')} />
          <PartnerChoice
            token={token}
            chosen={form.values.partner_ids}
            error={form.errors.partner_ids ? String(form.errors.partner_ids) : undefined}
            onChange={(ids) => void form.setFieldValue('partner_ids', ids)}
          />
          <TextField
            name="airport_codes"
            label={t('desk_promotions.airports')}
            autoCapitalize="characters"
            spellCheck={false}
            hint={t('desk_promotions.airports_hint')}
          />
          <FormAlert message={failure} />
          <div className="promo-form-actions">
            <SubmitButton busy={form.isSubmitting}>
              {editing ? t('desk_promotions.save') : t('desk_promotions.create')}
            </SubmitButton>
            <button type="button" className="button" onClick={onCancel}>
              {t('desk_promotions.cancel_edit')}
            </button>
          </div>
        </form>
      )}
    </Formik>
  );
}
