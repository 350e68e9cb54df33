// The partner's fleet as its owner keeps it: drivers and cars created, edited and retired, each scoped to the
// caller's partner (another partner's id answers as an unknown one). The contract (shared/contract/partner-fleet.ts)
// has already checked and normalised the phone, plate, licence and year; here the seats must match the class, a
// phone is unique among the partner's drivers and a plate among all cars. The seed creates the demo fleet through
// these same calls.
import {
  FLEET_ERROR_KEYS,
  type CarSaveRequest,
  type DriverSaveRequest,
  type FleetCarRecord,
  type FleetDriverRecord,
  type FleetList,
} from '../../../shared/contract/partner-fleet';
import { isLang, type Lang } from '../../../shared/domain/route-table';
import { vnParts } from '../../../shared/domain/vn-time';
import { refuse, type Refusal, type Result as HttpResult } from '../../http/refusal';
import type { CarRow, DriverRow, FleetRepository } from './fleet-repository';

export type FleetRefusal = Refusal<400 | 404 | 409>;
type Result<T> = HttpResult<T, FleetRefusal['status']>;

/** A price-list vehicle type: its names and seats (the driver's included). */
export interface VehicleClass {
  vi: string;
  en: string;
  seats: number;
}

export interface FleetServiceDeps {
  repository: FleetRepository;
  /** The pricing module's vehicle types by id. */
  vehicleClasses: () => Promise<Map<number, VehicleClass>>;
  now?: () => Date;
}

/** A day in Vietnam as YYYY-MM-DD (the licences' expiry dates are Vietnamese calendar days). */
export function vnIsoDate(at: Date): string {
  const { year, month, day } = vnParts(at);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export const driverRecord = (row: DriverRow): FleetDriverRecord => ({
  id: row.id,
  fullname: row.fullname,
  phone: row.phone,
  photo_url: row.photoUrl,
  licence_number: row.licenceNumber,
  licence_expires_on: row.licenceExpiresOn,
  status: row.active ? 'active' : 'retired',
});

const carRecord = (row: CarRow, classes: Map<number, VehicleClass>, lang: Lang): FleetCarRecord => ({
  id: row.id,
  plate: row.plate,
  name: row.name,
  vehicle_id: row.vehicleTypeId,
  vehicle_name: classes.get(row.vehicleTypeId)?.[lang] ?? '',
  seats: row.seats,
  year: row.year,
  photo_url: row.photoUrl,
  status: row.active ? 'active' : 'retired',
});

export function createFleetService({ repository, vehicleClasses, now = () => new Date() }: FleetServiceDeps) {
  const language = (lang: string): Lang => (isLang(lang) ? lang : 'vi');
  return {
    /** Every driver and car of the partner (retired ones too), the classes a car may have, and today's date. */
    async list(partnerId: number, lang: string): Promise<FleetList> {
      const [fleet, classes] = await Promise.all([repository.all(partnerId), vehicleClasses()]);
      const l = language(lang);
      return {
        drivers: fleet.drivers.map(driverRecord),
        cars: fleet.cars.map((row) => carRecord(row, classes, l)),
        classes: [...classes].sort(([a], [b]) => a - b).map(([id, c]) => ({ id, name: c[l], seats: c.seats })),
        today: vnIsoDate(now()),
      };
    },

    /** Creates the driver (no id) or edits the partner's driver (id). */
    async saveDriver(partnerId: number, input: DriverSaveRequest): Promise<Result<FleetDriverRecord>> {
      const values = {
        fullname: input.fullname,
        phone: input.phone,
        photoUrl: input.photo_url,
        licenceNumber: input.licence_number,
        licenceExpiresOn: input.licence_expires_on,
      };
      const row = input.id
        ? await repository.updateDriver(partnerId, input.id, values)
        : await repository.createDriver(partnerId, values);
      if (row === null) return refuse(404, FLEET_ERROR_KEYS.notFound);
      if (row === 'taken') return refuse(409, FLEET_ERROR_KEYS.phoneTaken, { field: 'phone' });
      return { ok: true, data: driverRecord(row) };
    },

    async retireDriver(partnerId: number, id: number): Promise<Result<FleetDriverRecord>> {
      const row = await repository.retireDriver(partnerId, id);
      return row ? { ok: true, data: driverRecord(row) } : refuse(404, FLEET_ERROR_KEYS.notFound);
    },

    /** Creates the car (no id) or edits the partner's car (id); its seats must be its class's. */
    async saveCar(partnerId: number, input: CarSaveRequest, lang: string): Promise<Result<FleetCarRecord>> {
      const classes = await vehicleClasses();
      const vehicle = classes.get(input.vehicle_id);
      if (!vehicle) return refuse(400, FLEET_ERROR_KEYS.vehicle, { field: 'vehicle_id' });
      if (input.seats !== vehicle.seats)
        return refuse(400, FLEET_ERROR_KEYS.seats, { field: 'seats', params: { seats: vehicle.seats } });
      const values = {
        plate: input.plate,
        name: input.name,
        vehicleTypeId: input.vehicle_id,
        seats: input.seats,
        year: input.year,
        photoUrl: input.photo_url,
      };
      const row = input.id
        ? await repository.updateCar(partnerId, input.id, values)
        : await repository.createCar(partnerId, values);
      if (row === null) return refuse(404, FLEET_ERROR_KEYS.notFound);
      if (row === 'taken') return refuse(409, FLEET_ERROR_KEYS.plateTaken, { field: 'plate' });
      return { ok: true, data: carRecord(row, classes, language(lang)) };
    },

    async retireCar(partnerId: number, id: number, lang: string): Promise<Result<FleetCarRecord>> {
      const row = await repository.retireCar(partnerId, id);
      return row
        ? { ok: true, data: carRecord(row, await vehicleClasses(), language(lang)) }
        : refuse(404, FLEET_ERROR_KEYS.notFound);
    },
  };
}

export type FleetService = ReturnType<typeof createFleetService>;
