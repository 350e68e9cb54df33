// SQL of the pricing tables: the whole catalogue (fares, airport zones, shared routes, hourly packages of the
// active partners, and the offers of airport fares alone) in five queries. It is a few hundred rows, so the
// service keeps it in memory for a short time.
import { and, eq, inArray, sql } from 'drizzle-orm';
import { RIDE_METHODS, type ServiceClass } from '../../../shared/contract/pricing';
import type { Db } from '../../db/client';
import {
  airportZones,
  hourlyPackages,
  partnerFares,
  partnerFees,
  sharedRoutes,
  transportPartners,
  vehicleTypes,
  type TollBand,
} from '../../db/schema';
import { NO_FEES, ZONE_ONLY_SERVICE, type FareOffer, type FeeInfo, type HourlyOffer, type ZoneFare } from './engine';

export interface SharedRoute {
  id: number;
  partnerId: number;
  provinceA: string;
  provinceB: string;
}

export interface ZoneRow extends ZoneFare {
  airportCode: string;
}

export interface PricingCatalogue {
  offers: FareOffer[];
  zones: ZoneRow[];
  sharedRoutes: SharedRoute[];
  hourly: HourlyOffer[];
}

const partnerColumns = {
  partnerId: transportPartners.id,
  partnerName: transportPartners.name,
  rating: transportPartners.rating,
  ratingCount: transportPartners.ratingCount,
  highlighted: transportPartners.highlighted,
  nationwide: transportPartners.nationwide,
  provinces: transportPartners.provinces,
  leadMinutes: transportPartners.leadMinutes,
  offWeekdays: transportPartners.offWeekdays,
  offDates: transportPartners.offDates,
  dailyCap: transportPartners.dailyCap,
  vehicleId: vehicleTypes.id,
  nameVi: vehicleTypes.nameVi,
  nameEn: vehicleTypes.nameEn,
  seats: vehicleTypes.seats,
  passengers: vehicleTypes.passengers,
};

type PartnerRow = {
  partnerId: number;
  partnerName: string;
  rating: number;
  ratingCount: number;
  highlighted: boolean;
  nationwide: boolean;
  provinces: string[];
  leadMinutes: number | null;
  offWeekdays: number[];
  offDates: string[];
  dailyCap: number | null;
};

const feeColumns = {
  nightStartMinute: partnerFees.nightStartMinute,
  nightEndMinute: partnerFees.nightEndMinute,
  nightPercent: partnerFees.nightPercent,
  extraAddressFee: partnerFees.extraAddressFee,
  boardPrice: partnerFees.boardPrice,
  tollBands: partnerFees.tollBands,
  hasFees: sql<boolean>`${partnerFees.partnerId} is not null`,
};

type FeeRow = {
  nightStartMinute: number | null;
  nightEndMinute: number | null;
  nightPercent: number | null;
  extraAddressFee: number | null;
  boardPrice: number | null;
  tollBands: TollBand[] | null;
  hasFees: boolean;
};

/** The partner's fees from a row read with `feeColumns` (a partner with no fees row has none). */
function toFees(row: FeeRow): FeeInfo {
  return row.hasFees && row.nightStartMinute !== null
    ? {
        nightStartMinute: row.nightStartMinute,
        nightEndMinute: row.nightEndMinute ?? NO_FEES.nightEndMinute,
        nightPercent: row.nightPercent ?? 0,
        extraAddressFee: row.extraAddressFee ?? 0,
        boardPrice: row.boardPrice ?? 0,
        tollBands: row.tollBands ?? null,
      }
    : NO_FEES;
}

const toVehicle = (row: { vehicleId: number; nameVi: string; nameEn: string; seats: number; passengers: number }) => ({
  id: row.vehicleId,
  nameVi: row.nameVi,
  nameEn: row.nameEn,
  seats: row.seats,
  passengers: row.passengers,
});

/** The partner part of a row read with `partnerColumns`. */
function toPartner(row: PartnerRow) {
  return {
    id: row.partnerId,
    name: row.partnerName,
    rating: row.rating,
    ratingCount: row.ratingCount,
    highlighted: row.highlighted,
    nationwide: row.nationwide,
    provinces: row.provinces,
    leadMinutes: row.leadMinutes,
    offWeekdays: row.offWeekdays,
    offDates: row.offDates,
    dailyCap: row.dailyCap,
  };
}

export function createPricingRepository(db: Db) {
  const tables = {
    async fareOffers(): Promise<FareOffer[]> {
      const rows = await db
        .select({
          ...partnerColumns,
          id: partnerFares.id,
          rideMethod: partnerFares.rideMethod,
          service: partnerFares.service,
          baseFare: partnerFares.baseFare,
          kmTiers: partnerFares.kmTiers,
          minFare: partnerFares.minFare,
          sharedSeatFactor: partnerFares.sharedSeatFactor,
          maxShareSeats: partnerFares.maxShareSeats,
          ...feeColumns,
        })
        .from(partnerFares)
        .innerJoin(transportPartners, eq(transportPartners.id, partnerFares.partnerId))
        .innerJoin(vehicleTypes, eq(vehicleTypes.id, partnerFares.vehicleTypeId))
        .leftJoin(partnerFees, eq(partnerFees.partnerId, partnerFares.partnerId))
        .where(and(eq(partnerFares.active, true), eq(transportPartners.active, true)));
      return rows.map((row) => {
        return {
          id: row.id,
          partner: toPartner(row),
          fees: toFees(row),
          vehicle: toVehicle(row),
          rideMethod: row.rideMethod,
          service: row.service as ServiceClass,
          baseFare: row.baseFare,
          kmTiers: row.kmTiers,
          minFare: row.minFare,
          sharedSeatFactor: row.sharedSeatFactor,
          maxShareSeats: row.maxShareSeats,
        };
      });
    },

    /**
     * The offers made of airport fares alone: one per partner, class and ride method that has airport zones, before
     * the distance fares are known (the catalogue keeps those whose class has no distance fare). They show the
     * middle service class; a shared seat sells up to the class's passenger seats.
     */
    async zoneOffers(): Promise<FareOffer[]> {
      const rows = await db
        .selectDistinct({ ...partnerColumns, rideMethod: airportZones.rideMethod, ...feeColumns })
        .from(airportZones)
        .innerJoin(transportPartners, eq(transportPartners.id, airportZones.partnerId))
        .innerJoin(vehicleTypes, eq(vehicleTypes.id, airportZones.vehicleTypeId))
        .leftJoin(partnerFees, eq(partnerFees.partnerId, airportZones.partnerId))
        .where(eq(transportPartners.active, true))
        .orderBy(transportPartners.id, vehicleTypes.id, airportZones.rideMethod);
      return rows.map((row) => ({
        id: 0,
        partner: toPartner(row),
        fees: toFees(row),
        vehicle: toVehicle(row),
        rideMethod: row.rideMethod,
        service: ZONE_ONLY_SERVICE,
        baseFare: 0,
        kmTiers: [],
        minFare: 0,
        sharedSeatFactor: null,
        maxShareSeats: row.rideMethod === RIDE_METHODS.sharing ? row.passengers : 0,
        zoneOnly: true,
      }));
    },

    async airportZones(): Promise<ZoneRow[]> {
      return db
        .select({
          id: airportZones.id,
          airportCode: airportZones.airportCode,
          partnerId: airportZones.partnerId,
          vehicleTypeId: airportZones.vehicleTypeId,
          rideMethod: airportZones.rideMethod,
          maxKm: airportZones.maxKm,
          provinceCodes: airportZones.provinceCodes,
          price: airportZones.price,
        })
        .from(airportZones);
    },

    async sharedRoutes(): Promise<SharedRoute[]> {
      return db
        .select({
          id: sharedRoutes.id,
          partnerId: sharedRoutes.partnerId,
          provinceA: sharedRoutes.provinceA,
          provinceB: sharedRoutes.provinceB,
        })
        .from(sharedRoutes);
    },

    async hourlyOffers(): Promise<HourlyOffer[]> {
      const rows = await db
        .select({
          ...partnerColumns,
          id: hourlyPackages.id,
          service: hourlyPackages.service,
          durationHours: hourlyPackages.durationHours,
          kmLimit: hourlyPackages.kmLimit,
          price: hourlyPackages.price,
          extraPerHour: hourlyPackages.extraPerHour,
          extraPerKm: hourlyPackages.extraPerKm,
        })
        .from(hourlyPackages)
        .innerJoin(transportPartners, eq(transportPartners.id, hourlyPackages.partnerId))
        .innerJoin(vehicleTypes, eq(vehicleTypes.id, hourlyPackages.vehicleTypeId))
        .where(eq(transportPartners.active, true));
      return rows.map((row) => ({
        id: row.id,
        partner: toPartner(row),
        vehicle: { id: row.vehicleId, nameVi: row.nameVi, nameEn: row.nameEn, seats: row.seats, passengers: row.passengers },
        service: row.service as ServiceClass,
        durationHours: row.durationHours,
        kmLimit: row.kmLimit,
        price: row.price,
        extraPerHour: row.extraPerHour,
        extraPerKm: row.extraPerKm,
      }));
    },
  };
  return {
    ...tables,
    /** Vehicle type names and seats by id (a small, rarely changing table). */
    async vehicleNames(): Promise<Map<number, { vi: string; en: string; seats: number }>> {
      const rows = await db
        .select({ id: vehicleTypes.id, vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn, seats: vehicleTypes.seats })
        .from(vehicleTypes);
      return new Map(rows.map((row) => [row.id, { vi: row.vi, en: row.en, seats: row.seats }]));
    },
    /** The names a ticket shows: its partner's, and its vehicle type's in both languages ('' when one is gone). */
    async ticketNames(
      partnerId: number,
      vehicleId: number,
    ): Promise<{ partnerName: string; vehicleVi: string; vehicleEn: string }> {
      const [partner] = await db
        .select({ name: transportPartners.name })
        .from(transportPartners)
        .where(eq(transportPartners.id, partnerId));
      const [vehicle] = await db
        .select({ vi: vehicleTypes.nameVi, en: vehicleTypes.nameEn })
        .from(vehicleTypes)
        .where(eq(vehicleTypes.id, vehicleId));
      return { partnerName: partner?.name ?? '', vehicleVi: vehicle?.vi ?? '', vehicleEn: vehicle?.en ?? '' };
    },
    /** The active transport partners among `ids`, as a list of partners shows them. */
    async activePartners(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: transportPartners.id,
          name: transportPartners.name,
          rating: transportPartners.rating,
          ratingCount: transportPartners.ratingCount,
        })
        .from(transportPartners)
        .where(and(inArray(transportPartners.id, [...ids]), eq(transportPartners.active, true)));
    },
    async catalogue(): Promise<PricingCatalogue> {
      const [distance, zoneOnly, zones, shared, hourly] = await Promise.all([
        tables.fareOffers(),
        tables.zoneOffers(),
        tables.airportZones(),
        tables.sharedRoutes(),
        tables.hourlyOffers(),
      ]);
      // A class with a distance fare is priced as that offer (its zones re-price it on airport routes).
      const key = (offer: FareOffer) => `${offer.partner.id}:${offer.vehicle.id}:${offer.rideMethod}`;
      const priced = new Set(distance.map(key));
      const offers = [...distance, ...zoneOnly.filter((offer) => !priced.has(key(offer)))];
      return { offers, zones, sharedRoutes: shared, hourly };
    },
  };
}

export type PricingRepository = ReturnType<typeof createPricingRepository>;
