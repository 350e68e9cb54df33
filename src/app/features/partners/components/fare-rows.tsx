// The owner's Fares tab adds and removes rows: a new airport zone fare, distance fare (per-km bands), shared route
// (two provinces) or hourly package from a form under its section, and a Remove button on each row. The server checks every value (the
// contract's messages show under the form, what was typed stays); a fare far from the partner's others and the
// removal of a service's last fare each come back asking to confirm. Every answer is announced.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FARE_SERVICES,
  PARTNER_FARES_ERRORS,
  type FareRowKind,
  type PartnerFares,
} from '../../../../shared/contract/partner-fares';
import { RIDE_METHODS } from '../../../../shared/contract/pricing';
import { PROVINCES } from '../../../../shared/contract/provinces';
import { formatVnd } from '../../../../shared/domain/money';
import { errorText, isApiErrorKey } from '../../../components/form/form-errors';
import type { ApiError } from '../../../lib/api-client';
import { partnerCalls, type FareCall } from '../api';
import { endSessionIfUnauthorized } from '../session';
import { useAnnounce } from './announce';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

type Vehicle = PartnerFares['vehicles'][number];

/** A typed number as the call sends it (thousands dots and spaces dropped), else as typed for the server to refuse. */
const typed = (text: string) => {
  const trimmed = text.trim().replace(/[.,\s]/g, '');
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};
/** A decimal share ("0,3" or "0.3"). */
const decimal = (text: string) => {
  const trimmed = text.trim().replace(',', '.');
  return /^\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

/** One call of the add or remove kind: its failure, and the pending confirmation (far fare or last row). */
function useRowCall(token: string, call: FareCall, done: string, onDone?: () => void) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [confirmable, setConfirmable] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: Record<string, unknown>) => partnerCalls.saveFare(token, call, body),
    onMutate: () => {
      setFailure(null);
      setConfirmable(false);
    },
    onSuccess: () => {
      announce(t(done));
      onDone?.();
      return refreshAfterWrite(queryClient, { queryKey: ['partner', token, 'fares'] });
    },
    onError: (error) => {
      if (endSessionIfUnauthorized(error)) return;
      if (isApiErrorKey(error, PARTNER_FARES_ERRORS.confirm)) {
        const data = (error as ApiError).data as { median?: unknown } | undefined;
        setConfirmable(true);
        setFailure(t(PARTNER_FARES_ERRORS.confirm, { median: formatVnd(typeof data?.median === 'number' ? data.median : 0) }));
      } else if (isApiErrorKey(error, PARTNER_FARES_ERRORS.lastRow)) {
        setConfirmable(true);
        setFailure(t(PARTNER_FARES_ERRORS.lastRow));
      } else setFailure(errorText(error, t, { fieldMessage: true }));
    },
  });
  return { mutation, failure, confirmable };
}

/** The Remove button of one fare row; the service's last fare asks to confirm first. */
export function RemoveFare({ token, kind, id, title }: { token: string; kind: FareRowKind; id: number; title: string }) {
  const { t } = useTranslation();
  const errorId = useId();
  const { mutation, failure, confirmable } = useRowCall(token, 'remove', 'partner_supply.removed');
  const send = (confirm: boolean) => mutation.mutate({ kind, id, confirm });
  return (
    <>
      <button
        type="button"
        className="button partner-fare-remove"
        aria-label={`${t('partner_supply.remove')}: ${title}`}
        aria-describedby={failure ? errorId : undefined}
        disabled={mutation.isPending}
        onClick={() => send(false)}
      >
        {t('partner_supply.remove')}
      </button>
      {failure && (
        <div id={errorId} className={`${confirmable ? 'notice notice-warn' : 'field-error'} partner-fare-note`} role="alert">
          <p>{failure}</p>
          {confirmable && (
            <button type="button" className="button" disabled={mutation.isPending} onClick={() => send(true)}>
              {t('partner_supply.remove_anyway')}
            </button>
          )}
        </div>
      )}
    </>
  );
}

const ADD_CALL: Record<FareRowKind, FareCall> = {
  airport: 'airportAdd',
  distance: 'distanceAdd',
  hourly: 'hourlyAdd',
  shared_route: 'sharedRouteAdd',
};
const ADD_TITLE: Record<FareRowKind, string> = {
  airport: 'partner_supply.add_airport',
  distance: 'partner_supply.add_distance',
  hourly: 'partner_supply.add_hourly',
  shared_route: 'partner_fare_forms.add_shared_route',
};
const BANDS = 4;

const EMPTY: Record<string, string> = {
  airport_code: '',
  zone: '',
  max_km: '',
  vehicle_type_id: '',
  ride_method: String(RIDE_METHODS.private),
  service: 'standard',
  price: '',
  base_fare: '',
  min_fare: '',
  duration_hours: '',
  km_limit: '',
  extra_per_hour: '',
  extra_per_km: '',
  shared_seat_factor: '',
  max_share_seats: '',
  province_a: '',
  province_b: '',
  ...Object.fromEntries(
    Array.from({ length: BANDS }, (_, i) => [
      [`upto_${i}`, ''],
      [`per_km_${i}`, ''],
    ]).flat(),
  ),
};

/** The body of an add call from what was typed. */
function bodyOf(kind: FareRowKind, v: Record<string, string>): Record<string, unknown> {
  const vehicle = v.vehicle_type_id ? Number(v.vehicle_type_id) : '';
  if (kind === 'shared_route') return { province_a: v.province_a, province_b: v.province_b };
  if (kind === 'airport')
    return {
      airport_code: v.airport_code,
      zone: v.zone,
      max_km: typed(v.max_km ?? ''),
      vehicle_type_id: vehicle,
      ride_method: Number(v.ride_method),
      price: typed(v.price ?? ''),
    };
  if (kind === 'hourly')
    return {
      vehicle_type_id: vehicle,
      service: v.service,
      duration_hours: typed(v.duration_hours ?? ''),
      km_limit: typed(v.km_limit ?? ''),
      price: typed(v.price ?? ''),
      extra_per_hour: typed(v.extra_per_hour ?? ''),
      extra_per_km: typed(v.extra_per_km ?? ''),
    };
  const sharing = Number(v.ride_method) === RIDE_METHODS.sharing;
  // Bands with a per-km price, in order; an empty "up to km" is the open last band.
  const km_tiers = Array.from({ length: BANDS }, (_, i) => ({ upto: v[`upto_${i}`] ?? '', perKm: v[`per_km_${i}`] ?? '' }))
    .filter((band) => band.perKm.trim() !== '')
    .map((band) => ({ upto_km: band.upto.trim() === '' ? null : typed(band.upto), per_km: typed(band.perKm) }));
  return {
    vehicle_type_id: vehicle,
    ride_method: Number(v.ride_method),
    service: v.service,
    base_fare: typed(v.base_fare ?? ''),
    min_fare: typed(v.min_fare ?? ''),
    km_tiers,
    shared_seat_factor: sharing ? decimal(v.shared_seat_factor ?? '') : null,
    max_share_seats: sharing ? typed(v.max_share_seats ?? '') : 0,
  };
}

/** The form that adds one fare row of a kind, folded under its section until opened. */
export function AddFare({ token, kind, vehicles }: { token: string; kind: FareRowKind; vehicles: Vehicle[] }) {
  const { t, i18n } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<Record<string, string>>(EMPTY);
  const { mutation, failure, confirmable } = useRowCall(token, ADD_CALL[kind], 'partner_supply.added', () => setValues(EMPTY));
  const en = i18n.language === 'en';
  const set = (name: string) => (event: { target: { value: string } }) =>
    setValues((old) => ({ ...old, [name]: event.target.value }));
  // A shared route has no price to compare, so nothing to confirm.
  const send = (confirm: boolean) =>
    mutation.mutate(kind === 'shared_route' ? bodyOf(kind, values) : { ...bodyOf(kind, values), confirm });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const describedBy = failure ? `${formId}-error` : undefined;
  const input = (name: string, label: string, options: { numeric?: boolean; maxLength?: number } = {}) => (
    <label key={name} className="partner-fare-field">
      <span>{label}</span>
      <input
        className="field-input"
        name={name}
        inputMode={options.numeric ? 'numeric' : undefined}
        maxLength={options.maxLength}
        value={values[name] ?? ''}
        aria-invalid={failure && !confirmable ? true : undefined}
        aria-describedby={describedBy}
        onChange={set(name)}
      />
    </label>
  );
  const select = (name: string, label: string, options: Array<[string, string]>) => (
    <label key={name} className="partner-fare-field">
      <span>{label}</span>
      <select className="field-input" name={name} value={values[name] ?? ''} onChange={set(name)} aria-describedby={describedBy}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </label>
  );
  const vehicleSelect = select('vehicle_type_id', t('partner_supply.vehicle'), [
    ['', t('partner_supply.choose')],
    ...vehicles.map((vehicle): [string, string] => [String(vehicle.id), en ? vehicle.en : vehicle.vi]),
  ]);
  const methodSelect = select('ride_method', t('partner_supply.ride_method'), [
    [String(RIDE_METHODS.private), t('partner_fares.private')],
    [String(RIDE_METHODS.sharing), t('partner_fares.sharing')],
  ]);
  const serviceSelect = select(
    'service',
    t('partner_supply.service'),
    FARE_SERVICES.map((service): [string, string] => [service, t(`partner_fares.service.${service}`)]),
  );
  const sharing = Number(values.ride_method) === RIDE_METHODS.sharing;
  const provinces: Array<[string, string]> = [
    ['', t('partner_supply.choose')],
    ...PROVINCES.map((item): [string, string] => [item.code, en ? item.en : item.vi]),
  ];
  return (
    <details className="card partner-fare partner-fare-add">
      <summary className="partner-fare-title">{t(ADD_TITLE[kind])}</summary>
      <form onSubmit={submit} noValidate aria-label={t(ADD_TITLE[kind])}>
        {kind === 'airport' && (
          <div className="partner-fare-fields">
            {input('airport_code', t('partner_supply.airport_code'), { maxLength: 3 })}
            {input('zone', t('partner_supply.zone'), { maxLength: 60 })}
            {input('max_km', t('partner_supply.max_km'), { numeric: true })}
            {vehicleSelect}
            {methodSelect}
            {input('price', t(sharing ? 'partner_fares.seat_price' : 'partner_fares.price'), { numeric: true })}
          </div>
        )}
        {kind === 'distance' && (
          <>
            <div className="partner-fare-fields">
              {vehicleSelect}
              {methodSelect}
              {serviceSelect}
              {input('base_fare', t('partner_fares.base_fare'), { numeric: true })}
              {input('min_fare', t('partner_fares.min_fare'), { numeric: true })}
              {sharing && input('shared_seat_factor', t('partner_supply.seat_factor'))}
              {sharing && input('max_share_seats', t('partner_supply.share_seats'), { numeric: true })}
            </div>
            <fieldset className="partner-fare-bands">
              <legend>{t('partner_supply.bands')}</legend>
              <p className="partner-fare-hint">{t('partner_supply.bands_hint')}</p>
              {Array.from({ length: BANDS }, (_, i) => (
                <div key={i} className="partner-fare-fields">
                  {input(`upto_${i}`, t('partner_supply.band_upto', { n: i + 1 }), { numeric: true })}
                  {input(`per_km_${i}`, t('partner_supply.band_per_km', { n: i + 1 }), { numeric: true })}
                </div>
              ))}
            </fieldset>
          </>
        )}
        {kind === 'shared_route' && (
          <div className="partner-fare-fields">
            {select('province_a', t('partner_fare_forms.province_a'), provinces)}
            {select('province_b', t('partner_fare_forms.province_b'), provinces)}
          </div>
        )}
        {kind === 'hourly' && (
          <div className="partner-fare-fields">
            {vehicleSelect}
            {serviceSelect}
            {input('duration_hours', t('partner_supply.duration_hours'), { numeric: true })}
            {input('km_limit', t('partner_fares.km_limit'), { numeric: true })}
            {input('price', t('partner_fares.price'), { numeric: true })}
            {input('extra_per_hour', t('partner_fares.extra_per_hour'), { numeric: true })}
            {input('extra_per_km', t('partner_fares.extra_per_km'), { numeric: true })}
          </div>
        )}
        <button type="submit" className="button button-primary partner-fare-submit" disabled={mutation.isPending}>
          {mutation.isPending ? t('partner.busy') : t('partner_supply.add')}
        </button>
        {failure && (
          <div id={`${formId}-error`} className={confirmable ? 'notice notice-warn' : 'field-error'} role="alert">
            <p>{failure}</p>
            {confirmable && (
              <button type="button" className="button" disabled={mutation.isPending} onClick={() => send(true)}>
                {t('partner_fares.confirm_save')}
              </button>
            )}
          </div>
        )}
      </form>
    </details>
  );
}
