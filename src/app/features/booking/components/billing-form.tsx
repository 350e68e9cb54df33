// Billing details (spec 2, 5): the passenger, another traveller, the flight for airport rides, the name-board
// pickup, the VAT invoice, the payment method (or, for a signed-in business partner, its credit), the
// promotion and the live total; then a confirmation step.
// Validation is the contract's request schema (the server checks the same rules).
import { useQuery } from '@tanstack/react-query';
import { Formik, useFormikContext } from 'formik';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnyObject, ObjectSchema } from 'yup';
import {
  PAY_METHOD,
  PLANE_TYPE,
  sentPayMethod,
  type AnyBookingPayload,
  type PayMethod,
} from '../../../../shared/contract/booking';
import { fareTotal, memberPromotionUse, type FareTotal } from '../../../../shared/domain/fare-total';
import { SYSTEM_CONFIG_DEFAULTS } from '../../../../shared/domain/system-config';
import { configQueries } from '../../../lib/config-queries';
import { useDefaultCountry } from '../../../lib/use-default-country';
import { formatVnd } from '../../../../shared/domain/money';
import { formatPhoneWithCode, normalizePhone } from '../../../../shared/domain/phone';
import { CheckboxField, RadioGroup, TextField } from '../../../components/form/fields';
import { CountryCodePicker } from '../../../components/ui/country-code-picker';
import { DetailsList } from '../../../components/ui/details-list';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import type { StoredUser } from '../../../lib/session';
import { bookingCalls, rangeTimeQuery } from '../api';
import { paymentQueries } from '../../payments';
import { initialBilling, saveBillingDraft, validatePayload, type BillingValues } from '../billing';
import { promotionError, PromotionField, type PromotionState, TotalSummary, usdCharge } from './billing-total';
import { rangeText } from '../../../lib/range-text';
import { useLang } from '../../../lib/use-lang';
import { useOnline } from '../../../lib/use-online';

export interface BillingTrip {
  kind: 'ride' | 'hourly';
  merged: number;
  boardPrice: number;
  tollFee: number | 'NA';
  vatPercent: number;
  airport: boolean;
  /** For the promotion check (spec 7 params). */
  promotionContext: {
    chunk_id?: number;
    ride_method_id?: number;
    depart_time: string;
    transport_partner_id: number;
    airport_code?: string;
  };
  summary: React.ReactNode;
  /** The trip as the confirmation step lists it (route, stops, departure, vehicle, partner, seats). */
  confirmRows: [string, string][];
}

interface Props {
  trip: BillingTrip;
  user: StoredUser | null;
  schema: ObjectSchema<AnyObject>;
  /** `memberCost`: the member balance used (spec 6), sent as promotion_cost; the server re-checks both. */
  buildPayload(values: BillingValues, promotion: { code: string; memberCost: number }): AnyBookingPayload;
  onConfirm(values: BillingValues, payload: AnyBookingPayload, online: boolean): void;
  busy: boolean;
  /** A signed-in business partner's credit (rides only): offered as "pay from business credit". */
  credit?: BillingCredit;
}

export interface BillingCredit {
  company: string;
  /** null while it loads or when it could not be read. */
  balance: number | null;
  failed: boolean;
}

/** spec 3 useRangeTime: offered when the server has a window around the time (not when it would start in the past). */
function RangeTimeChoice({ departTime, rideMethodId }: { departTime: string; rideMethodId: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const form = useFormikContext<BillingValues>();
  const range = useQuery({ ...rangeTimeQuery(departTime, rideMethodId, lang), enabled: Boolean(departTime) });
  const offered = range.data?.available === true;
  useEffect(() => {
    // A window that is no longer offered (the time changed, it would start in the past) is not sent.
    if (!offered && form.values.use_range_time) void form.setFieldValue('use_range_time', false);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [offered]);
  if (!range.data || !offered) return null;
  return (
    <CheckboxField
      name="use_range_time"
      label={t('billing.range_time', { window: rangeText(range.data) })}
      hint={t('billing.range_time_hint', { minutes: range.data.minutes_before })}
    />
  );
}

/** "Pay from business credit", with the balance; choosing it uses the postpaid method the credit pays. */
function CreditChoice({ credit, total }: { credit: BillingCredit; total: number }) {
  const { t } = useTranslation();
  const form = useFormikContext<BillingValues>();
  const chosen = form.values.pay_credit;
  useEffect(() => {
    if (chosen && form.values.pay_method_id !== PAY_METHOD.postpaid)
      void form.setFieldValue('pay_method_id', PAY_METHOD.postpaid);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen]);
  const short = chosen && credit.balance !== null && credit.balance < total;
  return (
    <div className="credit-choice">
      <CheckboxField
        name="pay_credit"
        label={t('business.billing.pay_credit')}
        hint={
          credit.balance !== null
            ? t('business.billing.balance', { company: credit.company, amount: formatVnd(credit.balance) })
            : credit.failed
              ? t('business.billing.balance_failed')
              : t('business.billing.balance_loading')
        }
      />
      {short && (
        <p className="notice notice-warn" role="alert">
          {t('business.billing.short', { amount: formatVnd(credit.balance ?? 0), total: formatVnd(total) })}
        </p>
      )}
    </div>
  );
}

function PhoneFields({ prefix, label }: { prefix: '' | 'use.'; label: string }) {
  const { t } = useTranslation();
  const form = useFormikContext<BillingValues>();
  const group = prefix ? form.values.use : form.values;
  return (
    <TextField
      name={`${prefix}phone`}
      label={label}
      type="tel"
      inputMode="numeric"
      autoComplete={prefix ? 'off' : 'tel-national'}
      digitsOnly
      hint={t('billing.phone_hint')}
      prefix={
        <CountryCodePicker
          iso={group.phone_iso}
          dial={group.phone_code}
          label={label}
          onChange={({ iso, dial }) => {
            void form.setFieldValue(`${prefix}phone_iso`, iso);
            void form.setFieldValue(`${prefix}phone_code`, dial);
          }}
        />
      }
    />
  );
}

/** Keeps a draft of what was typed, so a reload or a failed attempt loses nothing. */
function DraftKeeper() {
  const { values, submitCount } = useFormikContext<BillingValues>();
  const submitted = useRef(submitCount);
  useEffect(() => {
    // A submit saves at once and leaves no save pending: the draft is what is booked when the booking succeeds
    // (it keeps the passenger's details from it), and nothing writes it back after the success removed it.
    if (submitted.current !== submitCount) {
      submitted.current = submitCount;
      saveBillingDraft(values);
      return;
    }
    const timer = setTimeout(() => saveBillingDraft(values), 300);
    return () => clearTimeout(timer);
  }, [values, submitCount]);
  return null;
}

/**
 * spec 4: changing the payment method clears the promotion, whether the passenger picks another or business credit
 * picks the postpaid one. The methods appearing does not: on a slow connection they came after a code was applied,
 * and cleared it with its answer.
 */
function PromotionClearer({ onChange }: { onChange(): void }) {
  const chosen = useFormikContext<BillingValues>().values.pay_method_id;
  const shown = useRef(chosen);
  useEffect(() => {
    if (shown.current === chosen) return;
    shown.current = chosen;
    onChange();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen]);
  return null;
}

function PayMethods({ methods }: { methods: PayMethod[] }) {
  const { t, i18n } = useTranslation();
  return (
    <RadioGroup
      name="pay_method_id"
      legend={t('billing.pay_method')}
      options={methods.map((method) => ({
        value: method.id,
        label: (
          <>
            {i18n.language === 'en' ? method.name_en : method.name_vi}
            {method.fee_percent > 0 && (
              <span className="field-hint"> {t('billing.fee_note', { percent: method.fee_percent })}</span>
            )}
          </>
        ),
      }))}
    />
  );
}

export function BillingForm({ trip, user, schema, buildPayload, onConfirm, busy, credit }: Props) {
  const { t, i18n } = useTranslation();
  const methodName = (method: PayMethod | undefined) =>
    method ? (i18n.language === 'en' ? method.name_en : method.name_vi) : '';
  const methods = useQuery(paymentQueries.payMethods());
  // Offline at the confirmation step nothing is sent, whatever the method: the step stays open with what was
  // entered and says so, until the connection returns.
  const connected = useOnline();
  const [promotion, setPromotion] = useState<PromotionState>({ status: 'idle' });
  const [confirming, setConfirming] = useState<{
    values: BillingValues;
    payload: AnyBookingPayload;
    total: FareTotal;
  } | null>(null);
  const balance = user?.promotionCost ?? 0;
  // spec 9: the smallest member credit use, from the served config (10,000 VND until it answers).
  const { data: system = SYSTEM_CONFIG_DEFAULTS } = useQuery(configQueries.system());
  const country = useDefaultCountry();
  const minMemberPromotion = system.min_member_promotion;
  const applied = promotion.status === 'applied' ? promotion : null;

  const totalOf = (values: BillingValues): FareTotal => {
    const method = methods.data?.find((item) => item.id === values.pay_method_id);
    return fareTotal({
      merged: trip.merged,
      boardPrice: trip.boardPrice,
      byBoard: values.catch_in_house,
      promotion: applied?.discount ?? 0,
      memberPromotion:
        values.use_member_promotion && trip.kind === 'ride' ? memberPromotionUse(balance, balance, minMemberPromotion) : 0,
      vat: values.xhd,
      vatPercent: trip.vatPercent,
      tollFee: trip.tollFee,
      payMethodFeePercent: method?.fee_percent ?? 0,
    });
  };

  const applyPromotion = (code: string, values: BillingValues) => {
    setPromotion({ status: 'loading', code });
    bookingCalls
      .checkPromotion({
        promotion_code: code,
        phone_number: values.phone ? normalizePhone(values.phone_code, values.phone) : '',
        payment_method_id: sentPayMethod(values.pay_method_id),
        is_hourly_booking: trip.kind === 'hourly',
        amount: trip.merged,
        ...trip.promotionContext,
      })
      .then((answer) => setPromotion({ status: 'applied', code, discount: answer.discount_price, text: answer.discount_text }))
      .catch((error: unknown) => setPromotion({ status: 'error', code, ...promotionError(error) }));
  };

  /** What PayPal charges in US dollars, in the confirmation beside the method. */
  const usdRows = ({ values, total }: { values: BillingValues; total: FareTotal }): [string, string][] => {
    const rate = methods.data?.find((item) => item.id === values.pay_method_id)?.vnd_per_usd;
    if (rate === undefined || (values.pay_credit && credit) || total.total <= 0) return [];
    return [[t('billing.usd_charge'), `≈ US$${usdCharge(total.total, rate).usd}`]];
  };

  const promotionArg = (values: BillingValues) => ({ code: applied?.code ?? '', memberCost: totalOf(values).memberPromotion });

  return (
    <Formik<BillingValues>
      initialValues={initialBilling(user, country)}
      validate={(values) =>
        validatePayload(schema, buildPayload(values, promotionArg(values)), (key, params) => t(key, params ?? {}))
      }
      onSubmit={(values) => {
        setConfirming({ values, payload: buildPayload(values, promotionArg(values)), total: totalOf(values) });
      }}
    >
      {(form) => {
        const total = totalOf(form.values);
        const formError = (form.errors as Record<string, unknown>)._form;
        return (
          <form className="billing-form" noValidate onSubmit={form.handleSubmit}>
            <DraftKeeper />
            <PromotionClearer onChange={() => setPromotion({ status: 'idle' })} />
            <section className="card trip-card" aria-label={t('billing.trip')}>
              {trip.summary}
            </section>

            <section aria-labelledby="customer-heading" className="form-section">
              <h2 id="customer-heading">{t('billing.customer')}</h2>
              <TextField name="fullname" label={t('billing.fullname')} autoComplete="name" />
              <PhoneFields prefix="" label={t('billing.phone')} />
              <TextField name="email" label={t('billing.email')} type="email" inputMode="email" autoComplete="email" />
              <TextField name="comment" label={t('billing.note')} multiline />
              <CheckboxField name="not_use" label={t('billing.for_other')} />
              {form.values.not_use && (
                <div className="sub-fields">
                  <TextField name="use.name" label={t('billing.other_name')} autoComplete="off" />
                  <PhoneFields prefix="use." label={t('billing.other_phone')} />
                </div>
              )}
            </section>

            {trip.airport && (
              <section aria-labelledby="flight-heading" className="form-section">
                <h2 id="flight-heading">{t('billing.flight')}</h2>
                <TextField name="plane_number" label={t('billing.plane_number')} placeholder="VN123" autoComplete="off" />
                <RadioGroup
                  name="plane_type"
                  legend={t('billing.plane_type')}
                  options={[
                    { value: PLANE_TYPE.domestic, label: t('billing.domestic') },
                    { value: PLANE_TYPE.international, label: t('billing.international') },
                  ]}
                />
              </section>
            )}

            <section aria-labelledby="extras-heading" className="form-section">
              <h2 id="extras-heading">{t('billing.extras')}</h2>
              {trip.kind === 'ride' && (
                <RangeTimeChoice
                  departTime={trip.promotionContext.depart_time}
                  rideMethodId={trip.promotionContext.ride_method_id ?? 1}
                />
              )}
              {trip.kind === 'ride' && trip.boardPrice > 0 && (
                <CheckboxField name="catch_in_house" label={t('billing.by_board')} hint={`(+${formatVnd(trip.boardPrice)})`} />
              )}
              <CheckboxField name="xhd" label={t('billing.vat_invoice', { percent: trip.vatPercent })} />
              {form.values.xhd && (
                <div className="sub-fields">
                  <TextField name="company.name" label={t('billing.company_name')} autoComplete="organization" />
                  <TextField name="company.mst" label={t('billing.tax_code')} inputMode="numeric" autoComplete="off" />
                  <TextField name="company.address" label={t('billing.company_address')} autoComplete="off" />
                  <TextField name="company.address_receive" label={t('billing.receive_address')} autoComplete="off" />
                </div>
              )}
            </section>

            <section aria-labelledby="payment-heading" className="form-section">
              <h2 id="payment-heading">{t('billing.payment')}</h2>
              {methods.isPending ? (
                <p role="status">{t('billing.loading_methods')}</p>
              ) : methods.isError ? (
                <p className="notice notice-error" role="alert">
                  {t('errors.server_busy')}{' '}
                  <button type="button" className="link-button" onClick={() => void methods.refetch()}>
                    {t('common.retry')}
                  </button>
                </p>
              ) : form.values.pay_credit && credit ? null : (
                <PayMethods methods={methods.data} />
              )}
              {credit && trip.kind === 'ride' && <CreditChoice credit={credit} total={total.total} />}
              <PromotionField
                state={promotion}
                onApply={(code) => applyPromotion(code, form.values)}
                onClear={() => setPromotion({ status: 'idle' })}
              />
              {/* Hourly hire takes no member balance (its payload has no promotion_cost: docs/decisions.md). */}
              {user && trip.kind === 'ride' && balance >= minMemberPromotion && (
                <CheckboxField
                  name="use_member_promotion"
                  label={t('billing.member_promotion', { amount: formatVnd(balance) })}
                />
              )}
              {!user && <p className="field-hint">{t('billing.login_for_promotion')}</p>}
            </section>

            <TotalSummary
              merged={trip.merged}
              total={total}
              tollNA={trip.tollFee === 'NA'}
              vatPercent={trip.vatPercent}
              feePercent={methods.data?.find((method) => method.id === form.values.pay_method_id)?.fee_percent ?? 0}
              vndPerUsd={
                form.values.pay_credit && credit
                  ? undefined
                  : methods.data?.find((method) => method.id === form.values.pay_method_id)?.vnd_per_usd
              }
            />
            {typeof formError === 'string' && (
              <p className="notice notice-error" role="alert">
                {formError}
              </p>
            )}
            <button
              type="submit"
              className="button button-primary button-block"
              disabled={
                busy ||
                form.isValidating ||
                !methods.data ||
                (form.values.pay_credit && credit !== undefined && (credit.balance === null || credit.balance < total.total))
              }
            >
              {t('billing.submit')}
            </button>

            <Dialog
              open={confirming !== null}
              title={t('billing.confirm_title')}
              onClose={() => setConfirming(null)}
              footer={
                <DialogActions
                  cancel={{ label: t('billing.edit'), onClick: () => setConfirming(null) }}
                  confirm={{
                    label: t('billing.confirm'),
                    onClick: () => {
                      if (!confirming || !connected) return;
                      const { values, payload } = confirming;
                      setConfirming(null);
                      const method = methods.data?.find((item) => item.id === values.pay_method_id);
                      const online = method?.online ?? values.pay_method_id !== PAY_METHOD.postpaid;
                      onConfirm(values, payload, values.pay_credit && credit ? false : online);
                    },
                  }}
                >
                  {/* The total beside the button that books, always in sight (the rows above may scroll). */}
                  {confirming && (
                    <p className="confirm-total">
                      <span>{t('billing.total.total')}</span>
                      <strong>{formatVnd(confirming.total.total)}</strong>
                    </p>
                  )}
                </DialogActions>
              }
            >
              {confirming && !connected && (
                <p className="notice notice-warn" role="alert">
                  {t('billing.confirm_offline')}
                </p>
              )}
              {confirming && (
                <DetailsList
                  rows={[
                    ...trip.confirmRows,
                    [t('billing.fullname'), confirming.values.fullname],
                    [t('billing.phone'), formatPhoneWithCode(confirming.values.phone_code, confirming.values.phone)],
                    ...(confirming.values.not_use
                      ? ([
                          [
                            t('billing.confirm_traveller'),
                            `${confirming.values.use.name} · ${formatPhoneWithCode(confirming.values.use.phone_code, confirming.values.use.phone)}`,
                          ],
                        ] as [string, string][])
                      : []),
                    [
                      t('billing.pay_method'),
                      confirming.values.pay_credit && credit
                        ? t('business.billing.method', { company: credit.company })
                        : methodName(methods.data?.find((item) => item.id === confirming.values.pay_method_id)),
                    ],
                    ...usdRows(confirming),
                  ]}
                />
              )}
            </Dialog>
          </form>
        );
      }}
    </Formik>
  );
}
