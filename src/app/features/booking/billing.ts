// The billing form's values, their defaults (a signed-in passenger's data prefilled, a draft kept in the
// store, else the passenger's own details kept from the last booking), and the booking payload of spec 7 built from the form and the booking draft. Validation is the
// contract's request schema, so the form and the server agree on every rule.
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { BOOKING_TYPES } from '../../../shared/contract/pricing';
import { PAY_METHOD, sentPayMethod, type BookingPayload, type HourlyBookingPayload } from '../../../shared/contract/booking';
import { toMessageRef } from '../../../shared/contract/yup';
import { DEFAULT_PHONE_CODE } from '../../../shared/domain/phone';
import type { Lang } from '../../../shared/domain/route-table';
import type { StoredUser } from '../../lib/session';
import { BILLING_DRAFT_KEY, readEntry, writeEntry } from '../../lib/store-keys';
import type { HourlyBookingDraft, BookingDraft } from './booking-draft';

// The local store's keys this file owns, in the registry of lib/store-keys.ts.
declare module '../../lib/store-keys' {
  interface StoreKeys {
    'billing-draft': BillingValues;
    'passenger-details': PassengerDetails;
  }
}

export interface BillingValues {
  fullname: string;
  phone_code: string;
  phone_iso: string;
  phone: string;
  email: string;
  comment: string;
  not_use: boolean;
  use: { name: string; phone_code: string; phone_iso: string; phone: string };
  plane_number: string;
  plane_type: number | '';
  catch_in_house: boolean;
  xhd: boolean;
  /** spec 3 useRangeTime: a pickup within the window around the time is fine (rides). */
  use_range_time: boolean;
  company: { name: string; address: string; mst: string; address_receive: string };
  pay_method_id: number;
  promotion_code: string;
  use_member_promotion: boolean;
  /** A signed-in business partner pays the ride from its credit (postpaid method, business token sent). */
  pay_credit: boolean;
}

/** The passenger's own details, kept from a successful booking for the next one (the return trip). */
export type PassengerDetails = Pick<BillingValues, 'fullname' | 'phone_code' | 'phone_iso' | 'phone' | 'email'>;
/** Its store key (a setting; logout removes it with the user's data). */
export const PASSENGER_DETAILS_KEY = 'passenger-details';

/**
 * A booking succeeded: keeps the passenger's own name, phone and e-mail from the billing draft (not the invoice,
 * promotion, note or the other passenger's fields), before the draft is removed.
 */
export function rememberPassenger(): void {
  const draft = readEntry(BILLING_DRAFT_KEY);
  if (!draft?.fullname && !draft?.phone && !draft?.email) return;
  const details: PassengerDetails = {
    fullname: draft.fullname,
    phone_code: draft.phone_code,
    phone_iso: draft.phone_iso,
    phone: draft.phone,
    email: draft.email,
  };
  writeEntry(PASSENGER_DETAILS_KEY, details);
}

/** `country`: where the phone fields start (spec 9 default_country_code; useDefaultCountry). */
export function initialBilling(
  user: StoredUser | null,
  country: { iso: string; dial: string } = { iso: 'VN', dial: DEFAULT_PHONE_CODE },
): BillingValues {
  const draft = readEntry(BILLING_DRAFT_KEY);
  // A signed-in passenger's account data prefill the form, as always; a guest gets the last booking's details.
  const kept = user ? null : readEntry(PASSENGER_DETAILS_KEY);
  const base: BillingValues = {
    fullname: user?.fullname ?? kept?.fullname ?? '',
    phone_code: kept?.phone_code || country.dial,
    phone_iso: kept?.phone_iso || country.iso,
    phone: user?.phone ?? kept?.phone ?? '',
    email: user?.email ?? kept?.email ?? '',
    comment: '',
    not_use: false,
    use: { name: '', phone_code: country.dial, phone_iso: country.iso, phone: '' },
    plane_number: '',
    plane_type: '',
    catch_in_house: false,
    xhd: false,
    use_range_time: false,
    company: { name: '', address: '', mst: '', address_receive: '' },
    pay_method_id: PAY_METHOD.postpaid,
    promotion_code: '',
    use_member_promotion: false,
    pay_credit: false,
  };
  // What was typed survives a reload or a failed attempt; a signed-in passenger's own data wins over a draft.
  return draft
    ? { ...base, ...draft, ...(user ? { fullname: draft.fullname || base.fullname, phone: draft.phone || base.phone } : {}) }
    : base;
}

export function saveBillingDraft(values: BillingValues): void {
  writeEntry(BILLING_DRAFT_KEY, values);
}

export interface PayloadContext {
  lang: Lang;
  sessionId: string;
  ticketSession: string;
  token?: string;
  /** The promotion code as applied (only an applied code is sent). */
  promotionCode: string;
  /** The member balance used (spec 6, at least 10,000đ), sent as promotion_cost. */
  memberPromotionCost: number;
}

const pos = (component: { geometry: { location: { lat: number; lng: number } } }) => ({
  lat: String(component.geometry.location.lat),
  lng: String(component.geometry.location.lng),
});

function passengerPart(values: BillingValues, ctx: PayloadContext) {
  return {
    phone_code: values.phone_code,
    phone: values.phone,
    email: values.email,
    comment: values.comment,
    promotion_code: ctx.promotionCode,
    not_use: values.not_use,
    use: { name: values.use.name, phone_code: values.use.phone_code, phone: values.use.phone },
    company: values.company,
    ticket_session: ctx.ticketSession,
    session_id: ctx.sessionId,
    lang: ctx.lang,
    ...(ctx.token ? { token: ctx.token } : {}),
  };
}

/** spec 7 booking payload (normal). */
export function bookingPayload(values: BillingValues, draft: BookingDraft, ctx: PayloadContext): BookingPayload {
  const more = draft.moreAddress[0];
  return {
    ...passengerPart(values, ctx),
    fullname: values.fullname,
    merged: draft.merged,
    plane_number: values.plane_number,
    plane_type: values.plane_type === '' ? undefined : values.plane_type,
    catch_in_house: values.catch_in_house,
    xhd: values.xhd,
    use_range_time: values.use_range_time,
    address: draft.pickAddress,
    option_id: draft.optionId,
    chunk_id: draft.chunkId,
    dimension_id: draft.dimension,
    vehicle_id: draft.vehicleId,
    ride_method_id: draft.rideMethodId,
    chair: draft.chair,
    airport_id: draft.airportCode,
    city_id: draft.pickComponent.province_code,
    pick_pos: pos(draft.pickComponent),
    drop_pos: pos(draft.dropComponent),
    depart_time: draft.departTime,
    pm_id: draft.pmId,
    pick_address: draft.pickAddress,
    drop_address: draft.dropAddress,
    pick_address_component: draft.pickComponent,
    drop_address_component: draft.dropComponent,
    pay_method_id: sentPayMethod(values.pay_method_id),
    brand_partner_id: draft.partnerId,
    pick_more: more?.type === 'pick',
    more_address: draft.moreAddress,
    promotion_cost: ctx.memberPromotionCost,
  };
}

/** Booking on credit: the business token and the postpaid method the credit pays, when chosen. */
export function creditPart(
  values: BillingValues,
  businessToken: string | null,
): Partial<Pick<BookingPayload, 'business_token' | 'pay_method_id'>> {
  return values.pay_credit && businessToken ? { business_token: businessToken, pay_method_id: PAY_METHOD.postpaid } : {};
}

/** spec 7 hourly payload. */
export function hourlyPayload(values: BillingValues, draft: HourlyBookingDraft, ctx: PayloadContext): HourlyBookingPayload {
  return {
    ...passengerPart(values, ctx),
    full_name: values.fullname,
    price: draft.price,
    option_id: draft.optionId,
    vehicle_id: draft.vehicleId,
    city_id: draft.pickComponent.province_code,
    brand_partner_id: draft.partnerId,
    duration: draft.duration,
    pick_address: draft.pickAddress,
    pick_address_component: draft.pickComponent,
    pick_pos: pos(draft.pickComponent),
    depart_time: draft.departTime,
    vat: values.xhd,
    // The method the form offers (cash later, card, PayPal-style), as the ride's payload sends it.
    pay_method_id: sentPayMethod(values.pay_method_id),
    extra_price_hour: draft.extraPriceHour,
    extra_price_km: draft.extraPriceKm,
  };
}

/** Hourly field names that differ from the form's. */
const HOURLY_FIELDS: Record<string, string> = { full_name: 'fullname', vat: 'xhd' };

/**
 * Validates a payload with its contract schema and returns Formik errors keyed by form field, in the user's
 * language. Fields the form does not show (a stale option, a past time) come back under `_form`.
 */
export async function validatePayload(
  schema: ObjectSchema<AnyObject>,
  payload: Record<string, unknown>,
  translate: (key: string, params?: Record<string, unknown>) => string,
): Promise<Record<string, unknown>> {
  try {
    await schema.validate(payload, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    const errors: Record<string, unknown> = {};
    for (const leaf of error.inner.length ? error.inner : [error]) {
      const path = HOURLY_FIELDS[leaf.path ?? ''] ?? leaf.path ?? '_form';
      const { key, params } = toMessageRef(leaf.errors[0]);
      const text = translate(key, params);
      const parts = path.split('.');
      if (parts.length === 2 && parts[0] && parts[1]) {
        const group = (errors[parts[0]] as Record<string, string> | undefined) ?? {};
        group[parts[1]] ??= text;
        errors[parts[0]] = group;
      } else if (!(path in errors)) {
        errors[KNOWN_FIELDS.has(path) ? path : '_form'] ??= text;
      }
    }
    return errors;
  }
}

const KNOWN_FIELDS = new Set([
  'fullname',
  'phone',
  'email',
  'comment',
  'plane_number',
  'plane_type',
  'pay_method_id',
  'promotion_code',
  'xhd',
]);

export const isAirportBooking = (draft: BookingDraft) => draft.dimension === BOOKING_TYPES.airport;
