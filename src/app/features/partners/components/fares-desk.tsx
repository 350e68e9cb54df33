// The owner's Fares tab: the partner's own airport fares, distance fares (with their per-km bands) and hourly
// packages, the shared routes, the night surcharge and fees, the toll estimate, the lead time, days off and daily cap,
// each edited in place and saved on its own; fare rows added and removed (fare-rows.tsx); and the latest changes.
// On a phone the cards run in one column; on a desktop each section's cards sit side by side in a bounded width.
// A fare far from the partner's others comes back asking to confirm, with the median it was compared with; the
// values typed stay until saved. Every answer is announced.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  KM_TIERS_MAX,
  PARTNER_FARES_ERRORS,
  type FareChange,
  type PartnerFares,
} from '../../../../shared/contract/partner-fares';
import { PROVINCES } from '../../../../shared/contract/provinces';
import { RIDE_METHODS } from '../../../../shared/contract/pricing';
import { formatVnd } from '../../../../shared/domain/money';
import { formatVnDateTime } from '../../../../shared/domain/vn-time';
import { errorText, isApiErrorKey } from '../../../components/form/form-errors';
import type { ApiError } from '../../../lib/api-client';
import { partnerCalls, partnerQueries, type FareCall } from '../api';
import { endSessionIfUnauthorized } from '../session';
import { useAnnounce } from './announce';
import { AddFare, RemoveFare } from './fare-rows';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

interface Field {
  name: string;
  label: string;
  /** 'money' in đồng, 'number' a plain count, 'time' a minute of the day shown as HH:MM. */
  kind?: 'money' | 'number' | 'time';
}

const toHhmm = (minute: number) => `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
const fromHhmm = (text: string) => {
  const match = /^(\d{2}):(\d{2})$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : text;
};
/** A typed value as the call sends it: a number when it is one, else as typed for the server to refuse. */
const typed = (text: string, kind: Field['kind']) => {
  if (kind === 'time') return fromHhmm(text);
  const trimmed = text.trim().replace(/[.,\s]/g, '');
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
};
const shown = (value: number, kind: Field['kind']) => (kind === 'time' ? toHhmm(value) : String(value));

/** The save of one form: its failure text, and a pending confirmation with the median it was compared with. */
function useFareSave(token: string, call: FareCall) {
  const { t } = useTranslation();
  const announce = useAnnounce();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [median, setMedian] = useState<number | null>(null);
  const save = useMutation({
    mutationFn: (body: Record<string, unknown>) => partnerCalls.saveFare(token, call, body),
    onMutate: () => {
      setFailure(null);
      setMedian(null);
    },
    onSuccess: () => {
      announce(t('partner_fares.saved'));
      return refreshAfterWrite(queryClient, { queryKey: ['partner', token, 'fares'] });
    },
    onError: (error) => {
      if (endSessionIfUnauthorized(error)) return;
      if (isApiErrorKey(error, PARTNER_FARES_ERRORS.confirm)) {
        const data = (error as ApiError).data as { median?: unknown } | undefined;
        const mid = typeof data?.median === 'number' ? data.median : 0;
        setMedian(mid);
        setFailure(t(PARTNER_FARES_ERRORS.confirm, { median: formatVnd(mid) }));
      } else setFailure(errorText(error, t, { fieldMessage: true }));
    },
  });
  return { save, failure, median };
}

/** Distance bands edited with a row's values: per-km prices (km_tiers) or toll amounts (toll_bands). */
interface Bands {
  name: 'km_tiers' | 'toll_bands';
  amount: 'per_km' | 'amount';
  legend: string;
  hint: string;
  /** The amount column's heading, and the label of band n's amount. */
  amountHead: string;
  amountLabel: (n: number) => string;
  saved: ReadonlyArray<{ upto_km: number | null; per_km?: number; amount?: number }> | null;
  /** No band typed is sent as null (no toll estimate) rather than as an empty list. */
  emptyIsNull?: boolean;
}

/** A row per saved band and one empty row more (at least three, at most the contract's most). */
const bandRows = (bands: Bands) => Math.min(KM_TIERS_MAX, Math.max(3, (bands.saved?.length ?? 0) + 1));

function bandDraft(bands: Bands): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < bandRows(bands); i += 1) {
    const band = bands.saved?.[i];
    const amount = band?.[bands.amount];
    out[`band_upto_${i}`] = band && band.upto_km !== null ? String(band.upto_km) : '';
    out[`band_amount_${i}`] = typeof amount === 'number' ? String(amount) : '';
  }
  return out;
}

/** The typed bands as the call sends them: rows with an amount, in order; an empty "up to km" is the open last band. */
function bandsBody(bands: Bands, draft: Record<string, string>) {
  const rows = Array.from({ length: bandRows(bands) }, (_, i) => ({
    upto: draft[`band_upto_${i}`] ?? '',
    amount: draft[`band_amount_${i}`] ?? '',
  }))
    .filter((row) => row.amount.trim() !== '')
    .map((row) => ({
      upto_km: row.upto.trim() === '' ? null : typed(row.upto, 'number'),
      [bands.amount]: typed(row.amount, 'money'),
    }));
  return rows.length === 0 && bands.emptyIsNull ? null : rows;
}

/** One row of values saved together (a fare, a package, the fees), with its own Save and confirm step. */
function ValuesForm({
  token,
  call,
  title,
  fields,
  values,
  id,
  confirmable = true,
  extra,
  bands,
}: {
  token: string;
  call: FareCall;
  title: string;
  fields: Field[];
  values: Record<string, unknown>;
  id?: number;
  confirmable?: boolean;
  /** Beside the Save button: the row's Remove button. */
  extra?: ReactNode;
  /** Distance bands saved with the values. */
  bands?: Bands;
}) {
  const { t } = useTranslation();
  const formId = useId();
  const [draft, setDraft] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(fields.map((field) => [field.name, shown(Number(values[field.name] ?? 0), field.kind)])),
    ...(bands ? bandDraft(bands) : {}),
  }));
  const { save, failure, median } = useFareSave(token, call);
  const send = (confirm: boolean) => {
    const body: Record<string, unknown> = Object.fromEntries(
      fields.map((field) => [field.name, typed(draft[field.name] ?? '', field.kind)]),
    );
    if (bands) body[bands.name] = bandsBody(bands, draft);
    if (id !== undefined) body.id = id;
    if (confirmable) body.confirm = confirm;
    save.mutate(body);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  const control = (name: string, kind: Field['kind'], ariaLabel?: string) => (
    <input
      className="field-input"
      name={name}
      type={kind === 'time' ? 'time' : 'text'}
      inputMode={kind === 'time' ? undefined : 'numeric'}
      aria-label={ariaLabel}
      value={draft[name] ?? ''}
      aria-invalid={failure && median === null ? true : undefined}
      aria-describedby={failure ? `${formId}-error` : undefined}
      onChange={(event) => setDraft((old) => ({ ...old, [name]: event.target.value }))}
    />
  );
  const input = (name: string, label: string, kind: Field['kind']) => (
    <label key={name} className="partner-fare-field">
      <span>{label}</span>
      {control(name, kind)}
    </label>
  );
  const actions = (
    <>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {save.isPending ? t('partner.busy') : t('partner_fares.save')}
      </button>
      {extra}
    </>
  );
  return (
    <form className="card partner-fare" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <p className="partner-fare-title" id={`${formId}-title`}>
        {title}
      </p>
      {fields.length > 0 && (
        <div className="partner-fare-fields">
          {fields.map((field) => input(field.name, field.label, field.kind))}
          {!bands && actions}
        </div>
      )}
      {bands && (
        <>
          <fieldset className="partner-fare-bands">
            <legend>{bands.legend}</legend>
            <p className="partner-fare-hint">{bands.hint}</p>
            {/* One line a band under two column headings; each input names its band for a screen reader. */}
            <div className="partner-fare-band" aria-hidden="true">
              <span />
              <span>{t('partner_fare_forms.upto_head')}</span>
              <span>{bands.amountHead}</span>
            </div>
            {Array.from({ length: bandRows(bands) }, (_, i) => (
              <div key={i} className="partner-fare-band">
                <span aria-hidden="true">{i + 1}.</span>
                {control(`band_upto_${i}`, 'number', t('partner_supply.band_upto', { n: i + 1 }))}
                {control(`band_amount_${i}`, 'money', bands.amountLabel(i + 1))}
              </div>
            ))}
          </fieldset>
          <div className="partner-fare-fields">{actions}</div>
        </>
      )}
      {failure && (
        <div id={`${formId}-error`} className={median === null ? 'field-error' : 'notice notice-warn'} role="alert">
          <p>{failure}</p>
          {median !== null && (
            <button type="button" className="button" disabled={save.isPending} onClick={() => send(true)}>
              {t('partner_fares.confirm_save')}
            </button>
          )}
        </div>
      )}
    </form>
  );
}

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 0] as const;

function AvailabilityForm({ token, availability }: { token: string; availability: PartnerFares['availability'] }) {
  const { t } = useTranslation();
  const [lead, setLead] = useState(availability.lead_minutes === null ? '' : String(availability.lead_minutes));
  const [cap, setCap] = useState(availability.daily_cap === null ? '' : String(availability.daily_cap));
  const [weekdays, setWeekdays] = useState<number[]>(availability.off_weekdays);
  const [dates, setDates] = useState(availability.off_dates.join(', '));
  const { save, failure } = useFareSave(token, 'availability');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      lead_minutes: lead.trim() === '' ? null : typed(lead, 'number'),
      daily_cap: cap.trim() === '' ? null : typed(cap, 'number'),
      off_weekdays: weekdays,
      off_dates: dates
        .split(/[\s,;]+/)
        .map((item) => item.trim())
        .filter(Boolean),
    });
  };
  return (
    <form className="card partner-fare" onSubmit={submit} noValidate aria-labelledby="fares-availability-title">
      <p className="partner-fare-title" id="fares-availability-title">
        {t('partner_fares.availability')}
      </p>
      <div className="partner-fare-fields">
        <label className="partner-fare-field">
          <span>{t('partner_fares.lead_minutes')}</span>
          <input className="field-input" inputMode="numeric" value={lead} onChange={(e) => setLead(e.target.value)} />
        </label>
        <label className="partner-fare-field">
          <span>{t('partner_fares.daily_cap')}</span>
          <input className="field-input" inputMode="numeric" value={cap} onChange={(e) => setCap(e.target.value)} />
        </label>
      </div>
      <fieldset className="partner-fare-weekdays">
        <legend>{t('partner_fares.off_weekdays')}</legend>
        {WEEKDAYS.map((day) => (
          <label key={day}>
            <input
              type="checkbox"
              checked={weekdays.includes(day)}
              onChange={(event) =>
                setWeekdays((old) => (event.target.checked ? [...old, day] : old.filter((item) => item !== day)))
              }
            />{' '}
            {t(`partner_fares.weekday.${day}`)}
          </label>
        ))}
      </fieldset>
      <label className="partner-fare-field partner-fare-wide">
        <span>{t('partner_fares.off_dates')}</span>
        <input
          className="field-input"
          value={dates}
          placeholder="2026-12-31, 2027-01-01"
          onChange={(e) => setDates(e.target.value)}
        />
      </label>
      <p className="partner-fare-hint">{t('partner_fares.availability_hint')}</p>
      <button type="submit" className="button button-primary" disabled={save.isPending}>
        {save.isPending ? t('partner.busy') : t('partner_fares.save')}
      </button>
      {failure && (
        <p className="field-error" role="alert">
          {failure}
        </p>
      )}
    </form>
  );
}

/** The history's values in đồng. */
const MONEY_KEYS = new Set([
  'price',
  'base_fare',
  'min_fare',
  'extra_per_hour',
  'extra_per_km',
  'board_price',
  'extra_address_fee',
]);

function HistoryList({ history }: { history: FareChange[] }) {
  const { t, i18n } = useTranslation();
  const value = (key: string, item: unknown): string => {
    if (key.startsWith('province_') && typeof item === 'string') {
      const province = PROVINCES.find((candidate) => candidate.code === item);
      if (province) return i18n.language === 'en' ? province.en : province.vi;
    }
    if (Array.isArray(item)) return item.map((part) => value(key, part)).join(', ') || '—';
    // A per-km band or a toll band: "≤ 10 km 14.000đ", the open last band "> …".
    if (item && typeof item === 'object') {
      const band = item as { upto_km?: unknown; per_km?: unknown; amount?: unknown };
      const amount = typeof band.per_km === 'number' ? band.per_km : band.amount;
      const upto = typeof band.upto_km === 'number' ? `≤ ${band.upto_km} km` : '>';
      return `${upto} ${typeof amount === 'number' ? formatVnd(amount) : '—'}`;
    }
    if (item === null || item === undefined) return '—';
    if (typeof item === 'number' && MONEY_KEYS.has(key)) return formatVnd(item);
    if (typeof item === 'number' && key.endsWith('_minute')) return toHhmm(item);
    return String(item);
  };
  const text = (values: Record<string, unknown>) =>
    Object.entries(values)
      .map(([key, item]) => `${t(`partner_fares.field.${key}`, { defaultValue: key })}: ${value(key, item)}`)
      .join(' · ');
  if (history.length === 0) return <p>{t('partner_fares.history_empty')}</p>;
  return (
    <ol className="partner-fare-history">
      {history.map((change) => (
        <li key={change.id} className="card">
          <p>
            <strong>{formatVnDateTime(new Date(change.changed_at))}</strong> · {change.staff_name} ·{' '}
            {t(`partner_fares.kind.${change.kind}`)} #{change.item_id || ''}
          </p>
          <p>
            {t('partner_fares.before')}: {text(change.before)}
          </p>
          <p>
            {t('partner_fares.after')}: {text(change.after)}
          </p>
        </li>
      ))}
    </ol>
  );
}

/** A section of the tab: its heading, its cards side by side on a desktop, and what follows them (the add form). */
function Section({ title, children, after }: { title: string; children: ReactNode; after?: ReactNode }) {
  const headingId = useId();
  return (
    <section className="partner-fare-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <div className="partner-fare-grid">{children}</div>
      {after}
    </section>
  );
}

export function FaresDesk({ token }: { token: string }) {
  const { t, i18n } = useTranslation();
  const fares = useQuery(partnerQueries.fares(token));
  useEffect(() => {
    if (fares.error) endSessionIfUnauthorized(fares.error);
  }, [fares.error]);
  if (fares.isPending) return <p role="status">{t('partner_fares.loading')}</p>;
  if (fares.error || !fares.data)
    return (
      <div className="notice notice-error" role="alert">
        <p>{errorText(fares.error, t)}</p>
        <button type="button" className="button" onClick={() => void fares.refetch()}>
          {t('partner_fares.retry')}
        </button>
      </div>
    );
  const data = fares.data;
  const en = i18n.language === 'en';
  const vehicle = (item: { vehicle_vi: string; vehicle_en: string }) => (en ? item.vehicle_en : item.vehicle_vi);
  const method = (rideMethod: number) =>
    t(rideMethod === RIDE_METHODS.sharing ? 'partner_fares.sharing' : 'partner_fares.private');
  const money = (name: string, label: string): Field => ({ name, label: t(label), kind: 'money' });
  const province = (code: string) => {
    const found = PROVINCES.find((item) => item.code === code);
    return found ? (en ? found.en : found.vi) : code;
  };
  const none = (rows: readonly unknown[], text = 'partner_fares.none') => rows.length === 0 && <p>{t(text)}</p>;
  const sharesSeats = data.distance.some((item) => item.ride_method === RIDE_METHODS.sharing);
  // Rows are keyed by their saved values too, so a saved change shows as the new starting point.
  return (
    <div className="partner-list-wrap partner-fares">
      <Section title={t('partner_fares.airport')} after={<AddFare token={token} kind="airport" vehicles={data.vehicles} />}>
        {none(data.airport)}
        {data.airport.map((item) => (
          <ValuesForm
            key={`${item.id}-${item.price}`}
            token={token}
            call="airport"
            id={item.id}
            title={`${item.airport_code} · ${item.zone} · ${vehicle(item)} · ${method(item.ride_method)}`}
            fields={[
              money('price', item.ride_method === RIDE_METHODS.sharing ? 'partner_fares.seat_price' : 'partner_fares.price'),
            ]}
            values={item}
            extra={
              <RemoveFare
                token={token}
                kind="airport"
                id={item.id}
                title={`${item.airport_code} · ${item.zone} · ${vehicle(item)} · ${method(item.ride_method)}`}
              />
            }
          />
        ))}
      </Section>
      <Section title={t('partner_fares.distance')} after={<AddFare token={token} kind="distance" vehicles={data.vehicles} />}>
        {none(data.distance)}
        {data.distance.map((item) => (
          <ValuesForm
            key={`${item.id}-${item.base_fare}-${item.min_fare}-${JSON.stringify(item.km_tiers)}`}
            token={token}
            call="distance"
            id={item.id}
            title={`${vehicle(item)} · ${method(item.ride_method)} · ${t(`partner_fares.service.${item.service}`)}`}
            fields={[money('base_fare', 'partner_fares.base_fare'), money('min_fare', 'partner_fares.min_fare')]}
            values={item}
            bands={{
              name: 'km_tiers',
              amount: 'per_km',
              legend: t('partner_supply.bands'),
              hint: t('partner_supply.bands_hint'),
              amountHead: t('partner_fare_forms.per_km_head'),
              amountLabel: (n) => t('partner_supply.band_per_km', { n }),
              saved: item.km_tiers,
            }}
            extra={
              <RemoveFare token={token} kind="distance" id={item.id} title={`${vehicle(item)} · ${method(item.ride_method)}`} />
            }
          />
        ))}
      </Section>
      <Section
        title={t('partner_fare_forms.shared_routes')}
        after={
          <>
            <p className="partner-fare-hint">
              {t(sharesSeats ? 'partner_fare_forms.shared_routes_hint' : 'partner_fare_forms.shared_routes_no_fare')}
            </p>
            <AddFare token={token} kind="shared_route" vehicles={data.vehicles} />
          </>
        }
      >
        {none(data.shared_routes, 'partner_fare_forms.shared_routes_none')}
        {data.shared_routes.map((item) => {
          const title = `${province(item.province_a)} ↔ ${province(item.province_b)}`;
          return (
            <div key={item.id} className="card partner-fare partner-fare-route">
              <p className="partner-fare-title">{title}</p>
              <div className="partner-fare-fields">
                <RemoveFare token={token} kind="shared_route" id={item.id} title={title} />
              </div>
            </div>
          );
        })}
      </Section>
      <Section title={t('partner_fares.hourly')} after={<AddFare token={token} kind="hourly" vehicles={data.vehicles} />}>
        {none(data.hourly)}
        {data.hourly.map((item) => (
          <ValuesForm
            key={`${item.id}-${item.price}-${item.km_limit}-${item.extra_per_hour}-${item.extra_per_km}`}
            token={token}
            call="hourly"
            id={item.id}
            title={`${vehicle(item)} · ${t('partner_fares.hours', { count: item.duration_hours })}`}
            fields={[
              money('price', 'partner_fares.price'),
              { name: 'km_limit', label: t('partner_fares.km_limit'), kind: 'number' },
              money('extra_per_hour', 'partner_fares.extra_per_hour'),
              money('extra_per_km', 'partner_fares.extra_per_km'),
            ]}
            values={item}
            extra={
              <RemoveFare
                token={token}
                kind="hourly"
                id={item.id}
                title={`${vehicle(item)} · ${t('partner_fares.hours', { count: item.duration_hours })}`}
              />
            }
          />
        ))}
      </Section>
      <Section title={t('partner_fares.fees')}>
        <ValuesForm
          key={JSON.stringify({ ...data.fees, toll_bands: undefined })}
          token={token}
          call="fees"
          confirmable={false}
          title={t('partner_fares.fees_title')}
          fields={[
            { name: 'night_start_minute', label: t('partner_fares.night_start'), kind: 'time' },
            { name: 'night_end_minute', label: t('partner_fares.night_end'), kind: 'time' },
            { name: 'night_percent', label: t('partner_fares.night_percent'), kind: 'number' },
            money('board_price', 'partner_fares.board_price'),
            money('extra_address_fee', 'partner_fares.extra_address_fee'),
          ]}
          values={data.fees}
        />
        <ValuesForm
          key={JSON.stringify(data.fees.toll_bands)}
          token={token}
          call="tolls"
          confirmable={false}
          title={t('partner_fare_forms.tolls')}
          fields={[]}
          values={{}}
          bands={{
            name: 'toll_bands',
            amount: 'amount',
            legend: t('partner_fare_forms.toll_bands'),
            hint: t('partner_fare_forms.tolls_hint'),
            amountHead: t('partner_fare_forms.toll_head'),
            amountLabel: (n) => t('partner_fare_forms.toll_amount', { n }),
            saved: data.fees.toll_bands,
            emptyIsNull: true,
          }}
        />
      </Section>
      <Section title={t('partner_fares.availability')}>
        <AvailabilityForm key={JSON.stringify(data.availability)} token={token} availability={data.availability} />
      </Section>
      <h2>{t('partner_fares.history')}</h2>
      <HistoryList history={data.history} />
    </div>
  );
}
