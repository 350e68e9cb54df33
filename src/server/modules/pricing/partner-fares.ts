// A partner's own fares, fees and availability as its owner reads and changes them (the pricing module's tables).
// Every change is one transaction: the row, read for update and scoped to the caller's partner (another partner's
// id is not found), is written with a fare_changes row holding who, when, and the values before and after. A fare
// far from the median of the partner's other fares of its kind is refused until the call says confirm. The local
// catalogue is dropped at once; every other server re-reads it within CATALOGUE_TTL_MS.
import { and, count, desc, eq, inArray, ne, or } from 'drizzle-orm';
import {
  FARE_HISTORY_LIMIT,
  FARE_OUTLIER_FACTOR,
  PARTNER_FARES_ERRORS,
  type AirportAddRequest,
  type AirportFareRequest,
  type AvailabilityRequest,
  type DistanceAddRequest,
  type DistanceFareRequest,
  type FareRemoveRequest,
  type FareRowKind,
  type FeesRequest,
  type HourlyAddRequest,
  type HourlyFareRequest,
  type PartnerFares,
  type SharedRouteRequest,
  type TollsRequest,
} from '../../../shared/contract/partner-fares';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import {
  airportZones,
  fareChanges,
  hourlyPackages,
  partnerFares,
  partnerFees,
  sharedRoutes,
  transportPartners,
  vehicleTypes,
} from '../../db/schema';
import { NO_FEES } from './engine';

/** The staff member making the change, as the partners module knows them. */
export interface FareEditor {
  id: number;
  partnerId: number;
  fullname: string;
}

export type FareChangeResult =
  | { ok: true; id: number }
  | { ok: false; status: 400 | 404; message: string; field?: string }
  /** median: the fare is far from the partner's others (confirm keeps it); without one, the row exists or is the last. */
  | { ok: false; status: 409; message: string; median?: number };

/** The demo seed as the author of the fares it creates (no staff login has id 0). */
export const SEED_EDITOR_NAME = 'seed';
export const seedEditor = (partnerId: number): FareEditor => ({ id: 0, partnerId, fullname: SEED_EDITOR_NAME });

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const notFound = { ok: false, status: 404, message: PARTNER_FARES_ERRORS.notFound } as const;
const toList = <T>(input: T | readonly T[]): readonly T[] => (Array.isArray(input) ? input : [input as T]);
const exists = { ok: false, status: 409, message: PARTNER_FARES_ERRORS.exists } as const;
const lastRow = { ok: false, status: 409, message: PARTNER_FARES_ERRORS.lastRow } as const;
const noVehicle = {
  ok: false,
  status: 400,
  message: PARTNER_FARES_ERRORS.vehicle,
  field: 'vehicle_type_id',
} as const satisfies FareChangeResult;

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The median of the others when `value` is more than FARE_OUTLIER_FACTOR times it or less than its inverse. */
export function outlierMedian(value: number, others: readonly number[]): number | null {
  const mid = median(others.filter((other) => other > 0));
  if (mid === null) return null;
  return value > mid * FARE_OUTLIER_FACTOR || value * FARE_OUTLIER_FACTOR < mid ? Math.round(mid) : null;
}

const confirmAnswer = (mid: number): FareChangeResult => ({
  ok: false,
  status: 409,
  message: PARTNER_FARES_ERRORS.confirm,
  median: mid,
});

export function createPartnerFares(db: Db, options: { now: () => Date; invalidate: () => void }) {
  async function record(
    tx: Tx,
    editor: FareEditor,
    kind: string,
    itemId: number,
    before: Record<string, unknown>,
    after: Record<string, unknown>,
  ) {
    await tx.insert(fareChanges).values({
      partnerId: editor.partnerId,
      staffId: editor.id,
      staffName: editor.fullname,
      kind,
      itemId,
      before,
      after,
      changedAt: options.now(),
    });
  }

  /** Runs the change in one transaction and drops the local catalogue when it was written. */
  async function change(work: (tx: Tx) => Promise<FareChangeResult>): Promise<FareChangeResult> {
    let result: FareChangeResult;
    try {
      result = await db.transaction(work);
    } catch (error) {
      // The same fare added by two calls at once: the second finds the first's row.
      if (isUniqueViolation(error)) return exists;
      throw error;
    }
    if (result.ok) options.invalidate();
    return result;
  }

  /** The seats of each of the vehicle classes that exist. */
  async function seatsOf(tx: Tx, vehicleTypeIds: readonly number[]): Promise<Map<number, number>> {
    const ids = [...new Set(vehicleTypeIds)];
    if (ids.length === 0) return new Map();
    const rows = await tx
      .select({ id: vehicleTypes.id, seats: vehicleTypes.seats })
      .from(vehicleTypes)
      .where(inArray(vehicleTypes.id, ids));
    return new Map(rows.map((row) => [row.id, row.seats]));
  }

  /** The new rows' history (nothing before them) in one insert; answers the first new id. */
  async function recorded(
    tx: Tx,
    editor: FareEditor,
    kind: FareRowKind,
    ids: readonly { id: number }[],
    rows: readonly Record<string, unknown>[],
  ): Promise<FareChangeResult> {
    const at = options.now();
    await tx.insert(fareChanges).values(
      ids.map(({ id }, index) => ({
        partnerId: editor.partnerId,
        staffId: editor.id,
        staffName: editor.fullname,
        kind,
        itemId: id,
        before: {},
        after: rows[index] ?? {},
        changedAt: at,
      })),
    );
    return { ok: true, id: ids[0]?.id ?? 0 };
  }

  /** The partner's row, locked: every add and remove of its fares runs one at a time (the last row's rule). */
  async function lockPartner(tx: Tx, partnerId: number): Promise<boolean> {
    const [row] = await tx
      .select({ id: transportPartners.id })
      .from(transportPartners)
      .where(eq(transportPartners.id, partnerId))
      .for('update');
    return row !== undefined;
  }

  const tables = {
    airport: airportZones,
    distance: partnerFares,
    hourly: hourlyPackages,
    shared_route: sharedRoutes,
  } as const;

  /** How many rows of the kind the partner has. */
  async function rowsOf(tx: Tx, kind: FareRowKind, partnerId: number): Promise<number> {
    const table = tables[kind];
    const [row] = await tx.select({ n: count() }).from(table).where(eq(table.partnerId, partnerId));
    return Number(row?.n ?? 0);
  }

  return {
    async read(partnerId: number): Promise<PartnerFares> {
      const [zones, distance, hourly, [fees], [partner], history, vehicles, shared] = await Promise.all([
        db
          .select()
          .from(airportZones)
          .where(eq(airportZones.partnerId, partnerId))
          .orderBy(airportZones.airportCode, airportZones.rideMethod, airportZones.vehicleTypeId, airportZones.maxKm),
        db
          .select()
          .from(partnerFares)
          .where(eq(partnerFares.partnerId, partnerId))
          .orderBy(partnerFares.rideMethod, partnerFares.vehicleTypeId),
        db
          .select()
          .from(hourlyPackages)
          .where(eq(hourlyPackages.partnerId, partnerId))
          .orderBy(hourlyPackages.vehicleTypeId, hourlyPackages.durationHours),
        db.select().from(partnerFees).where(eq(partnerFees.partnerId, partnerId)),
        db
          .select({
            leadMinutes: transportPartners.leadMinutes,
            offWeekdays: transportPartners.offWeekdays,
            offDates: transportPartners.offDates,
            dailyCap: transportPartners.dailyCap,
          })
          .from(transportPartners)
          .where(eq(transportPartners.id, partnerId)),
        db
          .select()
          .from(fareChanges)
          // The console lists its staff's changes; the demo seed's creations (staff id 0) stay in the table only.
          .where(and(eq(fareChanges.partnerId, partnerId), ne(fareChanges.staffId, 0)))
          .orderBy(desc(fareChanges.changedAt), desc(fareChanges.id))
          .limit(FARE_HISTORY_LIMIT),
        db
          .select({ id: vehicleTypes.id, vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn, seats: vehicleTypes.seats })
          .from(vehicleTypes)
          .orderBy(vehicleTypes.seats, vehicleTypes.id),
        db.select().from(sharedRoutes).where(eq(sharedRoutes.partnerId, partnerId)).orderBy(sharedRoutes.id),
      ]);
      const names = new Map(vehicles.map((row) => [row.id, row]));
      const vehicle = (id: number) => ({ vehicle_vi: names.get(id)?.vi ?? '', vehicle_en: names.get(id)?.en ?? '' });
      const feeRow = fees ?? { ...NO_FEES };
      return {
        airport: zones.map((zone) => ({
          id: zone.id,
          airport_code: zone.airportCode,
          zone: zone.name,
          vehicle_type_id: zone.vehicleTypeId,
          ...vehicle(zone.vehicleTypeId),
          ride_method: zone.rideMethod,
          price: zone.price,
        })),
        distance: distance.map((fare) => ({
          id: fare.id,
          vehicle_type_id: fare.vehicleTypeId,
          ...vehicle(fare.vehicleTypeId),
          ride_method: fare.rideMethod,
          service: fare.service,
          base_fare: fare.baseFare,
          min_fare: fare.minFare,
          km_tiers: fare.kmTiers,
        })),
        hourly: hourly.map((item) => ({
          id: item.id,
          vehicle_type_id: item.vehicleTypeId,
          ...vehicle(item.vehicleTypeId),
          service: item.service,
          duration_hours: item.durationHours,
          price: item.price,
          km_limit: item.kmLimit,
          extra_per_hour: item.extraPerHour,
          extra_per_km: item.extraPerKm,
        })),
        fees: {
          night_start_minute: feeRow.nightStartMinute,
          night_end_minute: feeRow.nightEndMinute,
          night_percent: feeRow.nightPercent,
          board_price: feeRow.boardPrice,
          extra_address_fee: feeRow.extraAddressFee,
          toll_bands: feeRow.tollBands,
        },
        shared_routes: shared.map((route) => ({ id: route.id, province_a: route.provinceA, province_b: route.provinceB })),
        availability: {
          lead_minutes: partner?.leadMinutes ?? null,
          off_weekdays: partner?.offWeekdays ?? [],
          off_dates: partner?.offDates ?? [],
          daily_cap: partner?.dailyCap ?? null,
        },
        history: history.map((row) => ({
          id: row.id,
          staff_name: row.staffName,
          kind: row.kind,
          item_id: row.itemId,
          before: row.before,
          after: row.after,
          changed_at: row.changedAt.toISOString(),
        })),
        vehicles,
      };
    },

    /** One airport zone fare; compared with the partner's other airport fares of the same ride method. */
    airport: (editor: FareEditor, input: AirportFareRequest) =>
      change(async (tx) => {
        const [row] = await tx
          .select()
          .from(airportZones)
          .where(and(eq(airportZones.id, input.id), eq(airportZones.partnerId, editor.partnerId)))
          .for('update');
        if (!row) return notFound;
        if (!input.confirm) {
          const others = await tx
            .select({ price: airportZones.price })
            .from(airportZones)
            .where(
              and(
                eq(airportZones.partnerId, editor.partnerId),
                eq(airportZones.rideMethod, row.rideMethod),
                ne(airportZones.id, row.id),
              ),
            );
          const mid = outlierMedian(
            input.price,
            others.map((other) => other.price),
          );
          if (mid !== null) return confirmAnswer(mid);
        }
        await tx.update(airportZones).set({ price: input.price }).where(eq(airportZones.id, row.id));
        await record(tx, editor, 'airport', row.id, { price: row.price }, { price: input.price });
        return { ok: true, id: row.id };
      }),

    /** One distance fare's base and minimum; the minimum compared with the partner's others of the same ride method. */
    distance: (editor: FareEditor, input: DistanceFareRequest) =>
      change(async (tx) => {
        const [row] = await tx
          .select()
          .from(partnerFares)
          .where(and(eq(partnerFares.id, input.id), eq(partnerFares.partnerId, editor.partnerId)))
          .for('update');
        if (!row) return notFound;
        if (!input.confirm) {
          const others = await tx
            .select({ minFare: partnerFares.minFare })
            .from(partnerFares)
            .where(
              and(
                eq(partnerFares.partnerId, editor.partnerId),
                eq(partnerFares.rideMethod, row.rideMethod),
                ne(partnerFares.id, row.id),
              ),
            );
          const mid = outlierMedian(
            input.min_fare,
            others.map((other) => other.minFare),
          );
          if (mid !== null) return confirmAnswer(mid);
        }
        const kmTiers = input.km_tiers?.map((tier) => ({ upto_km: tier.upto_km, per_km: tier.per_km }));
        await tx
          .update(partnerFares)
          .set({ baseFare: input.base_fare, minFare: input.min_fare, ...(kmTiers ? { kmTiers } : {}) })
          .where(eq(partnerFares.id, row.id));
        // The bands are in the history only when the call changed them.
        await record(
          tx,
          editor,
          'distance',
          row.id,
          { base_fare: row.baseFare, min_fare: row.minFare, ...(kmTiers ? { km_tiers: row.kmTiers } : {}) },
          { base_fare: input.base_fare, min_fare: input.min_fare, ...(kmTiers ? { km_tiers: kmTiers } : {}) },
        );
        return { ok: true, id: row.id };
      }),

    /** One hourly package; its price compared with the partner's other packages of the same hours. */
    hourly: (editor: FareEditor, input: HourlyFareRequest) =>
      change(async (tx) => {
        const [row] = await tx
          .select()
          .from(hourlyPackages)
          .where(and(eq(hourlyPackages.id, input.id), eq(hourlyPackages.partnerId, editor.partnerId)))
          .for('update');
        if (!row) return notFound;
        if (!input.confirm) {
          const others = await tx
            .select({ price: hourlyPackages.price })
            .from(hourlyPackages)
            .where(
              and(
                eq(hourlyPackages.partnerId, editor.partnerId),
                eq(hourlyPackages.durationHours, row.durationHours),
                ne(hourlyPackages.id, row.id),
              ),
            );
          const mid = outlierMedian(
            input.price,
            others.map((other) => other.price),
          );
          if (mid !== null) return confirmAnswer(mid);
        }
        const after = {
          price: input.price,
          kmLimit: input.km_limit,
          extraPerHour: input.extra_per_hour,
          extraPerKm: input.extra_per_km,
        };
        await tx.update(hourlyPackages).set(after).where(eq(hourlyPackages.id, row.id));
        await record(
          tx,
          editor,
          'hourly',
          row.id,
          { price: row.price, km_limit: row.kmLimit, extra_per_hour: row.extraPerHour, extra_per_km: row.extraPerKm },
          {
            price: input.price,
            km_limit: input.km_limit,
            extra_per_hour: input.extra_per_hour,
            extra_per_km: input.extra_per_km,
          },
        );
        return { ok: true, id: row.id };
      }),

    /** The night window and surcharge, the board fee and the extra address fee. */
    fees: (editor: FareEditor, input: FeesRequest) =>
      change(async (tx) => {
        const [row] = await tx.select().from(partnerFees).where(eq(partnerFees.partnerId, editor.partnerId)).for('update');
        const values = {
          nightStartMinute: input.night_start_minute,
          nightEndMinute: input.night_end_minute,
          nightPercent: input.night_percent,
          boardPrice: input.board_price,
          extraAddressFee: input.extra_address_fee,
          ...(input.toll_bands !== undefined ? { tollBands: input.toll_bands } : {}),
        };
        await tx
          .insert(partnerFees)
          .values({ partnerId: editor.partnerId, ...values })
          .onConflictDoUpdate({ target: partnerFees.partnerId, set: values });
        const before = row ?? { ...NO_FEES };
        await record(
          tx,
          editor,
          'fees',
          0,
          {
            night_start_minute: before.nightStartMinute,
            night_end_minute: before.nightEndMinute,
            night_percent: before.nightPercent,
            board_price: before.boardPrice,
            extra_address_fee: before.extraAddressFee,
            ...(input.toll_bands !== undefined ? { toll_bands: before.tollBands } : {}),
          },
          { ...input },
        );
        return { ok: true, id: 0 };
      }),

    /** The toll estimate by trip distance alone (null: none), the partner's other fees kept. */
    tolls: (editor: FareEditor, input: TollsRequest) =>
      change(async (tx) => {
        const [row] = await tx.select().from(partnerFees).where(eq(partnerFees.partnerId, editor.partnerId)).for('update');
        const tollBands = input.toll_bands?.map((band) => ({ upto_km: band.upto_km, amount: band.amount })) ?? null;
        await tx
          .insert(partnerFees)
          .values({ partnerId: editor.partnerId, tollBands })
          .onConflictDoUpdate({ target: partnerFees.partnerId, set: { tollBands } });
        await record(tx, editor, 'fees', 0, { toll_bands: row?.tollBands ?? null }, { toll_bands: tollBands });
        return { ok: true, id: 0 };
      }),

    /** The minimum lead time and the weekdays and dates the partner does not serve. */
    availability: (editor: FareEditor, input: AvailabilityRequest) =>
      change(async (tx) => {
        const [row] = await tx
          .select({
            leadMinutes: transportPartners.leadMinutes,
            offWeekdays: transportPartners.offWeekdays,
            offDates: transportPartners.offDates,
            dailyCap: transportPartners.dailyCap,
          })
          .from(transportPartners)
          .where(eq(transportPartners.id, editor.partnerId))
          .for('update');
        if (!row) return notFound;
        const offWeekdays = [...input.off_weekdays].sort((a, b) => a - b);
        const offDates = [...new Set(input.off_dates)].sort();
        await tx
          .update(transportPartners)
          .set({ leadMinutes: input.lead_minutes, offWeekdays, offDates, dailyCap: input.daily_cap })
          .where(eq(transportPartners.id, editor.partnerId));
        await record(
          tx,
          editor,
          'availability',
          0,
          { lead_minutes: row.leadMinutes, off_weekdays: row.offWeekdays, off_dates: row.offDates, daily_cap: row.dailyCap },
          { lead_minutes: input.lead_minutes, off_weekdays: offWeekdays, off_dates: offDates, daily_cap: input.daily_cap },
        );
        return { ok: true, id: 0 };
      }),

    /**
     * New airport zone fares (the console adds one; the demo seed a partner's all at once, in one transaction): each
     * compared with the partner's airport fares of the same ride method unless confirmed. The first new id answers.
     */
    addAirport: (editor: FareEditor, input: AirportAddRequest | readonly AirportAddRequest[]) =>
      change(async (tx) => {
        const inputs = toList(input);
        if (inputs.length === 0) return { ok: true, id: 0 };
        if (!(await lockPartner(tx, editor.partnerId))) return notFound;
        const seats = await seatsOf(
          tx,
          inputs.map((item) => item.vehicle_type_id),
        );
        if (inputs.some((item) => !seats.has(item.vehicle_type_id))) return noVehicle;
        const have = await tx
          .select({
            code: airportZones.airportCode,
            name: airportZones.name,
            vehicle: airportZones.vehicleTypeId,
            method: airportZones.rideMethod,
            price: airportZones.price,
          })
          .from(airportZones)
          .where(eq(airportZones.partnerId, editor.partnerId));
        const keyOf = (code: string, name: string, vehicle: number, method: number) => `${code}|${name}|${vehicle}|${method}`;
        const keys = new Set(have.map((row) => keyOf(row.code, row.name, row.vehicle, row.method)));
        for (const item of inputs) {
          const key = keyOf(item.airport_code, item.zone, item.vehicle_type_id, item.ride_method);
          if (keys.has(key)) return exists;
          keys.add(key);
          if (!item.confirm) {
            const mid = outlierMedian(
              item.price,
              have.filter((row) => row.method === item.ride_method).map((row) => row.price),
            );
            if (mid !== null) return confirmAnswer(mid);
          }
        }
        const rows = inputs.map((item) => ({
          airport_code: item.airport_code,
          zone: item.zone,
          max_km: item.max_km,
          province_codes: [...new Set(item.province_codes)].sort(),
          vehicle_type_id: item.vehicle_type_id,
          ride_method: item.ride_method,
          price: item.price,
        }));
        const ids = await tx
          .insert(airportZones)
          .values(
            rows.map((row) => ({
              partnerId: editor.partnerId,
              airportCode: row.airport_code,
              name: row.zone,
              maxKm: row.max_km,
              provinceCodes: row.province_codes,
              vehicleTypeId: row.vehicle_type_id,
              rideMethod: row.ride_method,
              price: row.price,
            })),
          )
          .returning({ id: airportZones.id });
        return recorded(tx, editor, 'airport', ids, rows);
      }),

    /**
     * New distance fares of a class and ride method each; a shared one only in a class with more seats than it
     * sells. Each minimum compared with the partner's others of the same ride method unless confirmed.
     */
    addDistance: (editor: FareEditor, input: DistanceAddRequest | readonly DistanceAddRequest[]) =>
      change(async (tx) => {
        const inputs = toList(input);
        if (inputs.length === 0) return { ok: true, id: 0 };
        if (!(await lockPartner(tx, editor.partnerId))) return notFound;
        const seats = await seatsOf(
          tx,
          inputs.map((item) => item.vehicle_type_id),
        );
        if (inputs.some((item) => item.max_share_seats >= (seats.get(item.vehicle_type_id) ?? 0))) return noVehicle;
        const have = await tx
          .select({ vehicle: partnerFares.vehicleTypeId, method: partnerFares.rideMethod, minFare: partnerFares.minFare })
          .from(partnerFares)
          .where(eq(partnerFares.partnerId, editor.partnerId));
        const keys = new Set(have.map((row) => `${row.vehicle}|${row.method}`));
        for (const item of inputs) {
          const key = `${item.vehicle_type_id}|${item.ride_method}`;
          if (keys.has(key)) return exists;
          keys.add(key);
          if (!item.confirm) {
            const mid = outlierMedian(
              item.min_fare,
              have.filter((row) => row.method === item.ride_method).map((row) => row.minFare),
            );
            if (mid !== null) return confirmAnswer(mid);
          }
        }
        const rows = inputs.map((item) => ({
          vehicle_type_id: item.vehicle_type_id,
          ride_method: item.ride_method,
          service: item.service,
          base_fare: item.base_fare,
          km_tiers: item.km_tiers.map((tier) => ({ upto_km: tier.upto_km, per_km: tier.per_km })),
          min_fare: item.min_fare,
          shared_seat_factor: item.shared_seat_factor,
          max_share_seats: item.max_share_seats,
        }));
        const ids = await tx
          .insert(partnerFares)
          .values(
            rows.map((row) => ({
              partnerId: editor.partnerId,
              vehicleTypeId: row.vehicle_type_id,
              rideMethod: row.ride_method,
              service: row.service,
              baseFare: row.base_fare,
              kmTiers: row.km_tiers,
              minFare: row.min_fare,
              sharedSeatFactor: row.shared_seat_factor,
              maxShareSeats: row.max_share_seats,
            })),
          )
          .returning({ id: partnerFares.id });
        return recorded(tx, editor, 'distance', ids, rows);
      }),

    /** New hourly packages; each price compared with the partner's other packages of the same hours unless confirmed. */
    addHourly: (editor: FareEditor, input: HourlyAddRequest | readonly HourlyAddRequest[]) =>
      change(async (tx) => {
        const inputs = toList(input);
        if (inputs.length === 0) return { ok: true, id: 0 };
        if (!(await lockPartner(tx, editor.partnerId))) return notFound;
        const seats = await seatsOf(
          tx,
          inputs.map((item) => item.vehicle_type_id),
        );
        if (inputs.some((item) => !seats.has(item.vehicle_type_id))) return noVehicle;
        const have = await tx
          .select({ vehicle: hourlyPackages.vehicleTypeId, hours: hourlyPackages.durationHours, price: hourlyPackages.price })
          .from(hourlyPackages)
          .where(eq(hourlyPackages.partnerId, editor.partnerId));
        const keys = new Set(have.map((row) => `${row.vehicle}|${row.hours}`));
        for (const item of inputs) {
          const key = `${item.vehicle_type_id}|${item.duration_hours}`;
          if (keys.has(key)) return exists;
          keys.add(key);
          if (!item.confirm) {
            const mid = outlierMedian(
              item.price,
              have.filter((row) => row.hours === item.duration_hours).map((row) => row.price),
            );
            if (mid !== null) return confirmAnswer(mid);
          }
        }
        const rows = inputs.map((item) => ({
          vehicle_type_id: item.vehicle_type_id,
          service: item.service,
          duration_hours: item.duration_hours,
          price: item.price,
          km_limit: item.km_limit,
          extra_per_hour: item.extra_per_hour,
          extra_per_km: item.extra_per_km,
        }));
        const ids = await tx
          .insert(hourlyPackages)
          .values(
            rows.map((row) => ({
              partnerId: editor.partnerId,
              vehicleTypeId: row.vehicle_type_id,
              service: row.service,
              durationHours: row.duration_hours,
              kmLimit: row.km_limit,
              price: row.price,
              extraPerHour: row.extra_per_hour,
              extraPerKm: row.extra_per_km,
            })),
          )
          .returning({ id: hourlyPackages.id });
        return recorded(tx, editor, 'hourly', ids, rows);
      }),

    /**
     * One airport, distance or hourly fare or shared route removed, the row kept in the history's "before". The
     * partner's last row of a kind is refused until the call says confirm: without it the partner offers nothing of
     * that service.
     */
    remove: (editor: FareEditor, input: FareRemoveRequest) =>
      change(async (tx) => {
        if (!(await lockPartner(tx, editor.partnerId))) return notFound;
        const kind = input.kind as FareRowKind;
        const table = tables[kind];
        const [row] = await tx
          .select()
          .from(table)
          .where(and(eq(table.id, input.id), eq(table.partnerId, editor.partnerId)));
        if (!row) return notFound;
        if (!input.confirm && (await rowsOf(tx, kind, editor.partnerId)) <= 1) return lastRow;
        await tx.delete(table).where(eq(table.id, row.id));
        // The removed row in the history's words (snake_case, as the console's fields are named).
        const before = Object.fromEntries(
          Object.entries(row)
            .filter(([key]) => key !== 'id' && key !== 'partnerId')
            .map(([key, value]) => [key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), value]),
        );
        await record(tx, editor, kind, row.id, before, {});
        return { ok: true, id: row.id };
      }),

    /** A long route (a province pair, either direction) on which the partner sells shared seats. */
    addSharedRoute: (editor: FareEditor, input: SharedRouteRequest) =>
      change(async (tx) => {
        if (!(await lockPartner(tx, editor.partnerId))) return notFound;
        const [a, b] = [input.province_a, input.province_b];
        // A pair is one route in either direction.
        const [same] = await tx
          .select({ id: sharedRoutes.id })
          .from(sharedRoutes)
          .where(
            and(
              eq(sharedRoutes.partnerId, editor.partnerId),
              or(
                and(eq(sharedRoutes.provinceA, a), eq(sharedRoutes.provinceB, b)),
                and(eq(sharedRoutes.provinceA, b), eq(sharedRoutes.provinceB, a)),
              ),
            ),
          );
        if (same) return exists;
        const [row] = await tx
          .insert(sharedRoutes)
          .values({ partnerId: editor.partnerId, provinceA: a, provinceB: b })
          .returning({ id: sharedRoutes.id });
        await record(tx, editor, 'shared_route', row!.id, {}, { province_a: a, province_b: b });
        return { ok: true, id: row!.id };
      }),
  };
}

export type PartnerFaresDesk = ReturnType<typeof createPartnerFares>;
