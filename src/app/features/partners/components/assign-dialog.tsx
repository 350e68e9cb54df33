// Assigning a driver and a car to an accepted ticket (not_started): the partner's active drivers with photo, name
// and phone, and its cars, those of the ticket's vehicle type first. The ticket's current driver and car are
// preselected when it has them. A driver whose licence has expired by the trip's day cannot be chosen, and one
// expiring within LICENCE_WARNING_DAYS is marked, before the dispatcher chooses.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StaffTicket } from '../../../../shared/contract/partners';
import { Dialog } from '../../../components/ui/dialog';
import { DialogActions } from '../../../components/ui/dialog-actions';
import { useLang } from '../../../lib/use-lang';
import { errorText } from '../../../components/form/form-errors';
import { partnerCalls, partnerQueries } from '../api';
import { carsForTicket } from '../console-rules';
import { endSessionIfUnauthorized } from '../session';
import { DriverPhoto } from './driver-photo';
import { useMoveErrorText, useTicketMove } from './use-ticket-move';
import { formatPhone } from '../../../../shared/domain/phone';
import { licenceState } from '../../../../shared/contract/partner-fleet';
import { vnParts } from '../../../../shared/domain/vn-time';

/** A day in Vietnam as YYYY-MM-DD. */
const vnDay = (at: Date) => {
  const { year, month, day } = vnParts(at);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};
/** d/M/yyyy of a YYYY-MM-DD date. */
const shownDate = (iso: string) => {
  const [y, m, d] = iso.split('-');
  return `${Number(d)}/${Number(m)}/${y}`;
};

interface Props {
  ticket: StaffTicket;
  token: string;
  onClose(): void;
  onAssigned(driverName: string): void;
}

export function AssignDialog({ ticket, token, onClose, onAssigned }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const lang = useLang();
  const fleet = useQuery(partnerQueries.fleet(token, lang));
  const moveErrorText = useMoveErrorText();
  const [driverId, setDriverId] = useState<number | null>(ticket.driver?.driver_id ?? null);
  const [carId, setCarId] = useState<number | null>(ticket.driver?.car_id ?? null);
  const [missing, setMissing] = useState(false);
  const assign = useTicketMove(
    token,
    (input: { driver_id: number; car_id: number }) =>
      partnerCalls.assign(token, { ticket_code: ticket.ticket_code, ...input, lang }),
    { onSuccess: ({ driver_id }) => onAssigned(fleet.data?.drivers.find((driver) => driver.id === driver_id)?.fullname ?? '') },
  );
  useEffect(() => {
    if (fleet.error) endSessionIfUnauthorized(fleet.error);
  }, [fleet.error]);

  const drivers = fleet.data?.drivers ?? [];
  const tripDay = vnDay(new Date(ticket.depart_at));
  const today = vnDay(new Date());
  const { matching, others } = carsForTicket(fleet.data?.cars ?? [], ticket.vehicle_id);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (driverId === null || carId === null) {
      setMissing(true);
      return;
    }
    assign.mutate({ driver_id: driverId, car_id: carId });
  };
  const formId = `${id}-form`;

  return (
    <Dialog
      open
      title={t('partner.assign.title', { code: ticket.ticket_code })}
      onClose={onClose}
      className="partner-assign-dialog"
      footer={
        fleet.data && drivers.length > 0 ? (
          <DialogActions
            confirm={{
              label: t('partner.assign.submit'),
              submit: formId,
              block: true,
              busy: assign.isPending,
              busyLabel: t('partner.busy'),
            }}
          />
        ) : undefined
      }
    >
      {fleet.isPending && (
        <p className="status-busy" role="status">
          <span className="spinner" aria-hidden="true" />
          {t('partner.assign.loading')}
        </p>
      )}
      {fleet.isError && (
        <div className="notice notice-error" role="alert">
          <p>{errorText(fleet.error, t)}</p>
          <button type="button" className="button" onClick={() => void fleet.refetch()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {fleet.data && drivers.length === 0 && <p className="notice">{t('partner.assign.no_drivers')}</p>}
      {fleet.data && drivers.length > 0 && (
        <form id={formId} noValidate onSubmit={submit} className="partner-assign-form">
          <fieldset
            className="partner-drivers"
            aria-describedby={missing && driverId === null ? `${id}-driver-error` : undefined}
          >
            <legend className="field-label">{t('partner.assign.driver')}</legend>
            {drivers.map((driver) => {
              const expiry = driver.licence_expires_on;
              const expired = licenceState(expiry, tripDay) === 'expired';
              const soon = !expired && licenceState(expiry, today) === 'soon';
              return (
                <label key={driver.id} className={`partner-driver-option${expired ? ' partner-driver-expired' : ''}`}>
                  <input
                    type="radio"
                    name={`${id}-driver`}
                    value={driver.id}
                    checked={driverId === driver.id}
                    disabled={expired}
                    onChange={() => setDriverId(driver.id)}
                  />
                  <DriverPhoto url={driver.photo_url} name={driver.fullname} />
                  <span>
                    <span className="partner-driver-name">{driver.fullname}</span>
                    <span className="partner-driver-phone">{formatPhone(driver.phone)}</span>
                    {expiry && (expired || soon) && (
                      <span className={`partner-fleet-licence partner-fleet-licence-${expired ? 'expired' : 'soon'}`}>
                        {t(expired ? 'partner_fleet.licence_expired_trip' : 'partner_fleet.licence_soon', {
                          date: shownDate(expiry),
                        })}
                      </span>
                    )}
                  </span>
                </label>
              );
            })}
            {missing && driverId === null && (
              <p id={`${id}-driver-error`} className="field-error" role="alert">
                {t('partner.assign.choose_driver')}
              </p>
            )}
          </fieldset>
          <div className={`form-field${missing && carId === null ? ' invalid' : ''}`}>
            <label className="field-label" htmlFor={`${id}-car`}>
              {t('partner.assign.car')}
            </label>
            <select
              id={`${id}-car`}
              className="field-input"
              value={carId ?? ''}
              aria-invalid={missing && carId === null ? true : undefined}
              aria-describedby={missing && carId === null ? `${id}-car-error` : undefined}
              onChange={(event) => setCarId(event.target.value ? Number(event.target.value) : null)}
            >
              <option value="">{t('partner.assign.choose_car')}</option>
              {matching.length > 0 && (
                <optgroup label={t('partner.assign.cars_matching', { vehicle: ticket.vehicle_name })}>
                  {matching.map((car) => (
                    <option key={car.id} value={car.id}>
                      {car.plate}
                      {car.name ? ` · ${car.name}` : ''}
                    </option>
                  ))}
                </optgroup>
              )}
              {others.length > 0 && (
                <optgroup label={t('partner.assign.cars_other')}>
                  {others.map((car) => (
                    <option key={car.id} value={car.id}>
                      {car.plate}
                      {car.name ? ` · ${car.name}` : ''}
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
            {missing && carId === null && (
              <p id={`${id}-car-error`} className="field-error" role="alert">
                {t('partner.assign.choose_car')}
              </p>
            )}
          </div>
          {assign.isError && (
            <div className="notice notice-error" role="alert">
              <p>{moveErrorText(assign.error)}</p>
            </div>
          )}
        </form>
      )}
    </Dialog>
  );
}
