// The console's Fleet tab: the partner's drivers (photo, name, phone, licence and its expiry, status) and cars
// (plate, make and model, class, seats, year, status). Licences expired or expiring within LICENCE_WARNING_DAYS are
// warned about first. The owner adds, edits and retires (PARTNER_PERMISSIONS.fleet); a dispatcher only reads. The
// forms are checked with the contract's schemas; a refused save keeps what was typed and shows the server's message.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Formik, Form } from 'formik';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  carSaveRequestSchema,
  CAR_YEAR_MIN,
  carYearMax,
  driverSaveRequestSchema,
  licenceState,
  LICENCE_WARNING_DAYS,
  type FleetCarRecord,
  type FleetDriverRecord,
  type FleetList,
} from '../../../../shared/contract/partner-fleet';
import { roleMay, type PartnerRole } from '../../../../shared/contract/partner-roles';
import { formatPhone } from '../../../../shared/domain/phone';
import { NativeField, TextField, useField } from '../../../components/form/fields';
import { errorText, fieldErrors, noticeText, validateWith } from '../../../components/form/form-errors';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { useLang } from '../../../lib/use-lang';
import { fleetCalls, partnerQueries } from '../api';
import { endSessionIfUnauthorized } from '../session';
import { DriverPhoto } from './driver-photo';
import { refreshAfterWrite } from '../../../lib/refresh-queries';

type Editing = { kind: 'driver'; record: FleetDriverRecord | null } | { kind: 'car'; record: FleetCarRecord | null };

/** d/M/yyyy of a YYYY-MM-DD date, as the rest of the console writes dates. */
const shownDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}/${Number(m)}/${y}`;
};

function LicenceBadge({ expiry, today }: { expiry: string | null; today: string }) {
  const { t } = useTranslation();
  const state = licenceState(expiry, today);
  if (!expiry) return <span className="partner-fleet-licence">{t('partner_fleet.licence_none')}</span>;
  return (
    <span className={`partner-fleet-licence partner-fleet-licence-${state}`}>
      {state === 'expired'
        ? t('partner_fleet.licence_expired', { date: shownDate(expiry) })
        : state === 'soon'
          ? t('partner_fleet.licence_soon', { date: shownDate(expiry) })
          : t('partner_fleet.licence_until', { date: shownDate(expiry) })}
    </span>
  );
}

function ClassField({ classes }: { classes: FleetList['classes'] }) {
  const { t } = useTranslation();
  const id = useId();
  const { form, value, error } = useField('vehicle_id');
  return (
    <div className={`form-field${error ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t('partner_fleet.car_class')}
      </label>
      <select
        id={id}
        className="field-input"
        value={typeof value === 'number' || typeof value === 'string' ? String(value) : ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          const next = event.target.value ? Number(event.target.value) : '';
          void form.setFieldValue('vehicle_id', next);
          const seats = classes.find((c) => c.id === next)?.seats;
          if (seats) void form.setFieldValue('seats', String(seats));
        }}
        onBlur={() => void form.setFieldTouched('vehicle_id', true)}
      >
        <option value="">{t('partner_fleet.choose_class')}</option>
        {classes.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

const DRIVER_FIELDS = ['fullname', 'phone', 'licence_number', 'licence_expires_on', 'photo_url'] as const;
const CAR_FIELDS = ['plate', 'name', 'vehicle_id', 'seats', 'year', 'photo_url'] as const;

/** The photo: an image chosen and uploaded at once (the server checks it), shown, or removed; none is allowed. */
function PhotoField({ token, name }: { token: string; name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const { form, value, error } = useField('photo_url');
  const [busy, setBusy] = useState(false);
  const url = typeof value === 'string' ? value : '';
  const upload = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    try {
      const kept = await fleetCalls.uploadPhoto(token, file);
      await form.setFieldValue('photo_url', kept);
    } catch (failure) {
      endSessionIfUnauthorized(failure);
      form.setFieldError('photo_url', errorText(failure, t));
      await form.setFieldTouched('photo_url', true, false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={`form-field${error ? ' invalid' : ''}`}>
      <label className="field-label" htmlFor={id}>
        {t('partner_fleet.photo')}
      </label>
      <div className="partner-fleet-photo">
        <DriverPhoto url={url} name={name || '?'} />
        <input
          id={id}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          aria-busy={busy || undefined}
          disabled={busy}
          onChange={(event) => void upload(event.target.files?.[0])}
        />
        {url && (
          <button type="button" className="button" onClick={() => void form.setFieldValue('photo_url', '')}>
            {t('partner_fleet.photo_remove')}
          </button>
        )}
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('partner_fleet.photo_hint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function EditDialog({
  editing,
  token,
  classes,
  onClose,
  onSaved,
}: {
  editing: Editing;
  token: string;
  classes: FleetList['classes'];
  onClose(): void;
  onSaved(text: string): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const formId = useId();
  const [notice, setNotice] = useState<string | null>(null);
  const isDriver = editing.kind === 'driver';
  const driver = editing.kind === 'driver' ? editing.record : null;
  const car = editing.kind === 'car' ? editing.record : null;
  const initial: Record<string, string | number> = isDriver
    ? {
        fullname: driver?.fullname ?? '',
        phone: driver?.phone ?? '',
        licence_number: driver?.licence_number ?? '',
        licence_expires_on: driver?.licence_expires_on ?? '',
        photo_url: driver?.photo_url ?? '',
      }
    : {
        plate: car?.plate ?? '',
        name: car?.name ?? '',
        vehicle_id: car?.vehicle_id ?? '',
        seats: car?.seats ? String(car.seats) : '',
        year: car?.year ? String(car.year) : '',
        photo_url: car?.photo_url ?? '',
      };
  const schema = isDriver ? driverSaveRequestSchema : carSaveRequestSchema;
  const fields: readonly string[] = isDriver ? DRIVER_FIELDS : CAR_FIELDS;
  const title = isDriver
    ? t(driver ? 'partner_fleet.edit_driver' : 'partner_fleet.add_driver')
    : t(car ? 'partner_fleet.edit_car' : 'partner_fleet.add_car');
  return (
    <Formik
      initialValues={initial}
      validate={(values) => validateWith(schema, values, t, fields)}
      onSubmit={async (values, helpers) => {
        setNotice(null);
        try {
          const id = editing.record?.id;
          const cast = schema.cast(values, { stripUnknown: true }) as Record<string, unknown>;
          const saved = isDriver
            ? await fleetCalls.saveDriver(token, { ...cast, ...(id ? { id } : {}) })
            : await fleetCalls.saveCar(token, { ...cast, ...(id ? { id } : {}), lang });
          onSaved(t('partner_fleet.saved', { name: 'fullname' in saved ? saved.fullname : saved.plate }));
        } catch (error) {
          endSessionIfUnauthorized(error);
          const byField = fieldErrors(error, fields, t);
          helpers.setErrors(byField);
          setNotice(noticeText(error, byField, t));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Dialog
          open
          title={title}
          onClose={onClose}
          className="partner-fleet-dialog"
          footer={
            <DialogActions
              cancel={{ label: t('partner_fleet.cancel'), onClick: onClose }}
              confirm={{ label: t('partner_fleet.save'), submit: formId, busy: isSubmitting, busyLabel: t('partner.busy') }}
            />
          }
        >
          <Form id={formId} noValidate className="partner-fleet-form">
            {isDriver ? (
              <>
                <TextField name="fullname" label={t('partner_fleet.driver_name')} autoComplete="off" />
                <TextField name="phone" label={t('partner_fleet.driver_phone')} type="tel" inputMode="tel" autoComplete="off" />
                <TextField
                  name="licence_number"
                  label={t('partner_fleet.licence_number')}
                  autoComplete="off"
                  autoCapitalize="none"
                  spellCheck={false}
                />
                <NativeField name="licence_expires_on" type="date" label={t('partner_fleet.licence_expiry')} />
                <PhotoField token={token} name={driver?.fullname ?? ''} />
              </>
            ) : (
              <>
                <TextField
                  name="plate"
                  label={t('partner_fleet.plate')}
                  placeholder="30A-123.45"
                  hint={t('partner_fleet.plate_hint')}
                  autoComplete="off"
                  spellCheck={false}
                />
                <TextField name="name" label={t('partner_fleet.car_name')} placeholder="Toyota Vios" autoComplete="off" />
                <ClassField classes={classes} />
                <NativeField name="seats" type="number" label={t('partner_fleet.seats')} min={2} max={60} />
                <NativeField name="year" type="number" label={t('partner_fleet.year')} min={CAR_YEAR_MIN} max={carYearMax()} />
                <PhotoField token={token} name={car?.plate ?? ''} />
              </>
            )}
            {notice && (
              <div className="notice notice-error" role="alert">
                <p>{notice}</p>
              </div>
            )}
          </Form>
        </Dialog>
      )}
    </Formik>
  );
}

function RetireDialog({
  target,
  token,
  onClose,
  onDone,
}: {
  target: Editing & { record: FleetDriverRecord | FleetCarRecord };
  token: string;
  onClose(): void;
  onDone(text: string): void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = target.kind === 'driver' ? target.record.fullname : target.record.plate;
  const retire = useMutation({
    mutationFn: async (): Promise<void> => {
      if (target.kind === 'driver') await fleetCalls.retireDriver(token, target.record.id);
      else await fleetCalls.retireCar(token, target.record.id, lang);
    },
    onSuccess: () => onDone(t('partner_fleet.retired_done', { name })),
    onError: endSessionIfUnauthorized,
  });
  return (
    <Dialog
      open
      role="alertdialog"
      title={t('partner_fleet.retire_title', { name })}
      onClose={onClose}
      footer={
        <DialogActions
          cancel={{ label: t('partner_fleet.cancel'), onClick: onClose }}
          confirm={{
            label: t('partner_fleet.retire'),
            tone: 'danger',
            onClick: () => retire.mutate(),
            busy: retire.isPending,
            busyLabel: t('partner.busy'),
          }}
        />
      }
    >
      <p>{t('partner_fleet.retire_lead')}</p>
      {retire.isError && (
        <div className="notice notice-error" role="alert">
          <p>{errorText(retire.error, t)}</p>
        </div>
      )}
    </Dialog>
  );
}

export function FleetTab({ token, role, labelId }: { token: string; role: PartnerRole; labelId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const queryClient = useQueryClient();
  const fleet = useQuery(partnerQueries.fleetAll(token, lang));
  const [editing, setEditing] = useState<Editing | null>(null);
  const [retiring, setRetiring] = useState<(Editing & { record: FleetDriverRecord | FleetCarRecord }) | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const owner = roleMay(role, 'fleet');
  useEffect(() => {
    if (fleet.error) endSessionIfUnauthorized(fleet.error);
  }, [fleet.error]);
  const refresh = (text: string) => {
    setEditing(null);
    setRetiring(null);
    setDone(text);
    void refreshAfterWrite(queryClient, { queryKey: ['partner', token] });
  };

  if (fleet.isPending)
    return (
      <p className="status-busy" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('partner_fleet.loading')}
      </p>
    );
  if (fleet.isError)
    return (
      <div className="notice notice-error" role="alert">
        <p>{errorText(fleet.error, t)}</p>
        <button type="button" className="button" onClick={() => void fleet.refetch()}>
          {t('common.retry')}
        </button>
      </div>
    );
  const { drivers, cars, classes, today } = fleet.data;
  const warned = drivers.filter((d) => d.status === 'active' && licenceState(d.licence_expires_on, today) !== 'valid');
  return (
    <div className="partner-fleet" aria-labelledby={labelId}>
      <p className="visually-hidden" role="status">
        {done ?? ''}
      </p>
      {warned.length > 0 && (
        <div className="notice notice-warn partner-fleet-warning" role="note">
          <p>{t('partner_fleet.licence_warning', { count: warned.length, days: LICENCE_WARNING_DAYS })}</p>
          <ul>
            {warned.map((d) => (
              <li key={d.id}>
                {d.fullname}: <LicenceBadge expiry={d.licence_expires_on} today={today} />
              </li>
            ))}
          </ul>
        </div>
      )}
      <section className="partner-fleet-section" aria-labelledby="partner-fleet-drivers">
        <div className="partner-fleet-head">
          <h2 id="partner-fleet-drivers">{t('partner_fleet.drivers', { count: drivers.length })}</h2>
          {owner && (
            <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'driver', record: null })}>
              {t('partner_fleet.add_driver')}
            </button>
          )}
        </div>
        {drivers.length === 0 && <p className="notice">{t('partner_fleet.no_drivers')}</p>}
        <ul className="partner-fleet-list">
          {drivers.map((d) => (
            <li key={d.id} className={`card partner-fleet-item${d.status === 'retired' ? ' partner-fleet-retired' : ''}`}>
              <DriverPhoto url={d.photo_url} name={d.fullname} />
              <div className="partner-fleet-body">
                <p className="partner-driver-name">
                  {d.fullname}
                  {d.status === 'retired' && <span className="badge">{t('partner_fleet.status_retired')}</span>}
                </p>
                <p className="partner-driver-phone">{formatPhone(d.phone)}</p>
                <p>
                  {t('partner_fleet.licence_short', { number: d.licence_number || '—' })}{' '}
                  <LicenceBadge expiry={d.licence_expires_on} today={today} />
                </p>
              </div>
              {owner && d.status === 'active' && (
                <div className="partner-fleet-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('partner_fleet.edit_named', { name: d.fullname })}
                    onClick={() => setEditing({ kind: 'driver', record: d })}
                  >
                    {t('partner_fleet.edit')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('partner_fleet.retire_named', { name: d.fullname })}
                    onClick={() => setRetiring({ kind: 'driver', record: d })}
                  >
                    {t('partner_fleet.retire')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section className="partner-fleet-section" aria-labelledby="partner-fleet-cars">
        <div className="partner-fleet-head">
          <h2 id="partner-fleet-cars">{t('partner_fleet.cars', { count: cars.length })}</h2>
          {owner && (
            <button type="button" className="button button-primary" onClick={() => setEditing({ kind: 'car', record: null })}>
              {t('partner_fleet.add_car')}
            </button>
          )}
        </div>
        {cars.length === 0 && <p className="notice">{t('partner_fleet.no_cars')}</p>}
        <ul className="partner-fleet-list">
          {cars.map((c) => (
            <li key={c.id} className={`card partner-fleet-item${c.status === 'retired' ? ' partner-fleet-retired' : ''}`}>
              {c.photo_url && <DriverPhoto url={c.photo_url} name={c.plate} />}
              <div className="partner-fleet-body">
                <p className="partner-driver-name">
                  <span className="partner-fleet-plate">{c.plate}</span> {c.name}
                  {c.status === 'retired' && <span className="badge">{t('partner_fleet.status_retired')}</span>}
                </p>
                <p>
                  {[
                    c.vehicle_name,
                    // The seats only where the class's name does not already say them ("7 chỗ · 7 chỗ").
                    c.seats && c.vehicle_name !== t('partner_fleet.seats_count', { count: c.seats })
                      ? t('partner_fleet.seats_count', { count: c.seats })
                      : '',
                    c.year ? String(c.year) : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </p>
              </div>
              {owner && c.status === 'active' && (
                <div className="partner-fleet-actions">
                  <button
                    type="button"
                    className="button"
                    aria-label={t('partner_fleet.edit_named', { name: c.plate })}
                    onClick={() => setEditing({ kind: 'car', record: c })}
                  >
                    {t('partner_fleet.edit')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('partner_fleet.retire_named', { name: c.plate })}
                    onClick={() => setRetiring({ kind: 'car', record: c })}
                  >
                    {t('partner_fleet.retire')}
                  </button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      {editing && (
        <EditDialog editing={editing} token={token} classes={classes} onClose={() => setEditing(null)} onSaved={refresh} />
      )}
      {retiring && <RetireDialog target={retiring} token={token} onClose={() => setRetiring(null)} onDone={refresh} />}
    </div>
  );
}
