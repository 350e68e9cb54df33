// A partner's own fares, fees and availability as its owner reads and changes them (the pricing module's tables).
// Every change is one transaction: the row, read for update and scoped to the caller's partner (another partner's
// id is not found), is written with a fare_changes row holding who, when, and the values before and after. A fare
// far from the median of the partner's other fares of its kind is refused until the call says confirm. The local
// catalogue is dropped at once; every other server re-reads it within CATALOGUE_TTL_MS.
import { and, desc, eq, ne } from 'drizzle-orm';
import {
  FARE_HISTORY_LIMIT,
  FARE_OUTLIER_FACTOR,
  PARTNER_FARES_ERRORS,
  type AirportFareRequest,
  type AvailabilityRequest,
  type DistanceFareRequest,
  type FeesRequest,
  type HourlyFareRequest,
  type PartnerFares,
} from '../../../shared/contract/partner-fares';
import type { Db } from '../../db/client';
import {
  airportZones,
  fareChanges,
  hourlyPackages,
  partnerFares,
  partnerFees,
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
  { ok: true } | { ok: false; status: 404; message: string } | { ok: false; status: 409; message: string; median: number };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const notFound = { ok: false, status: 404, message: PARTNER_FARES_ERRORS.notFound } as const;

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
    const result = await db.transaction(work);
    if (result.ok) options.invalidate();
    return result;
  }

  return {
    async read(partnerId: number): Promise<PartnerFares> {
      const [zones, distance, hourly, [fees], [partner], history, vehicles] = await Promise.all([
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
          .where(eq(fareChanges.partnerId, partnerId))
          .orderBy(desc(fareChanges.changedAt), desc(fareChanges.id))
          .limit(FARE_HISTORY_LIMIT),
        db.select({ id: vehicleTypes.id, vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn }).from(vehicleTypes),
      ]);
      const names = new Map(vehicles.map((row) => [row.id, row]));
      const vehicle = (id: number) => ({ vehicle_vi: names.get(id)?.vi ?? '', vehicle_en: names.get(id)?.en ?? '' });
      const feeRow = fees ?? { ...NO_FEES, extraAddressFee: 0 };
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
        },
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
        return { ok: true };
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
        await tx
          .update(partnerFares)
          .set({ baseFare: input.base_fare, minFare: input.min_fare })
          .where(eq(partnerFares.id, row.id));
        await record(
          tx,
          editor,
          'distance',
          row.id,
          { base_fare: row.baseFare, min_fare: row.minFare },
          { base_fare: input.base_fare, min_fare: input.min_fare },
        );
        return { ok: true };
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
        return { ok: true };
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
          },
          { ...input },
        );
        return { ok: true };
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
        return { ok: true };
      }),
  };
}

export type PartnerFaresDesk = ReturnType<typeof createPartnerFares>;
