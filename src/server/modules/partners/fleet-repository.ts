// SQL of the partner's fleet: its drivers and cars, every query scoped to the partner (another partner's row is not
// found, as an unknown id). A phone already on the partner's drivers, or a plate already registered, is told by the
// unique constraints, so two racing creations cannot both win.
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { drivers, partnerCars } from '../../db/schema';

export type DriverRow = typeof drivers.$inferSelect;
export type CarRow = typeof partnerCars.$inferSelect;
export type DriverValues = Pick<DriverRow, 'fullname' | 'phone' | 'photoUrl' | 'licenceNumber' | 'licenceExpiresOn'>;
export type CarValues = Pick<CarRow, 'plate' | 'name' | 'vehicleTypeId' | 'seats' | 'year' | 'photoUrl'>;

export function createFleetRepository(db: Db) {
  return {
    /** Every driver and car of the partner, the active ones first. */
    async all(partnerId: number): Promise<{ drivers: DriverRow[]; cars: CarRow[] }> {
      const [driverRows, carRows] = await Promise.all([
        db
          .select()
          .from(drivers)
          .where(eq(drivers.partnerId, partnerId))
          .orderBy(desc(drivers.active), asc(drivers.fullname), asc(drivers.id)),
        db
          .select()
          .from(partnerCars)
          .where(eq(partnerCars.partnerId, partnerId))
          .orderBy(desc(partnerCars.active), asc(partnerCars.vehicleTypeId), asc(partnerCars.plate)),
      ]);
      return { drivers: driverRows, cars: carRows };
    },

    /** A new driver, or 'taken' when the partner already has a driver with this phone. */
    async createDriver(partnerId: number, values: DriverValues): Promise<DriverRow | 'taken'> {
      const [row] = await db
        .insert(drivers)
        .values({ partnerId, ...values })
        .onConflictDoNothing({ target: [drivers.partnerId, drivers.phone] })
        .returning();
      return row ?? 'taken';
    },

    /** The partner's driver changed; null when no such driver of the partner, 'taken' for another driver's phone. */
    async updateDriver(partnerId: number, id: number, values: DriverValues): Promise<DriverRow | null | 'taken'> {
      try {
        const [row] = await db
          .update(drivers)
          .set(values)
          .where(and(eq(drivers.id, id), eq(drivers.partnerId, partnerId)))
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    /** The partner's driver retired (still on past tickets); null when no such driver of the partner. */
    async retireDriver(partnerId: number, id: number): Promise<DriverRow | null> {
      const [row] = await db
        .update(drivers)
        .set({ active: false })
        .where(and(eq(drivers.id, id), eq(drivers.partnerId, partnerId)))
        .returning();
      return row ?? null;
    },

    /** A new car, or 'taken' when a car with this plate is registered. */
    async createCar(partnerId: number, values: CarValues): Promise<CarRow | 'taken'> {
      const [row] = await db
        .insert(partnerCars)
        .values({ partnerId, ...values })
        .onConflictDoNothing({ target: partnerCars.plate })
        .returning();
      return row ?? 'taken';
    },

    async updateCar(partnerId: number, id: number, values: CarValues): Promise<CarRow | null | 'taken'> {
      try {
        const [row] = await db
          .update(partnerCars)
          .set(values)
          .where(and(eq(partnerCars.id, id), eq(partnerCars.partnerId, partnerId)))
          .returning();
        return row ?? null;
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async retireCar(partnerId: number, id: number): Promise<CarRow | null> {
      const [row] = await db
        .update(partnerCars)
        .set({ active: false })
        .where(and(eq(partnerCars.id, id), eq(partnerCars.partnerId, partnerId)))
        .returning();
      return row ?? null;
    },
  };
}

export type FleetRepository = ReturnType<typeof createFleetRepository>;
