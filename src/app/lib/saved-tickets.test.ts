import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TicketInfo } from '../../shared/contract/booking';
import { getSavedDriver, saveDriver, withSavedDriver } from './saved-tickets';
import { clearUserData, initStore, resetStoreForTests } from './store';

const ticket = {
  code: 'VVAB12CD',
  depart_time: '08:30 5/1/2027',
  duration: null,
  driver_name: 'Lê Quốc Bảo',
  driver_phone: '0912000003',
  driver_plate: '30A-106.32',
  driver_photo_url: '/drivers/driver-3.svg',
  driver_car_name: 'Toyota Vios',
} as TicketInfo;
const noDriver = { ...ticket, driver_name: null, driver_phone: null, driver_plate: null } as TicketInfo;

describe('saved drivers', () => {
  beforeEach(async () => {
    await resetStoreForTests();
    await initStore();
  });
  afterEach(() => resetStoreForTests());

  it('keeps the driver of a ticket that has one, and fills it into a copy without', () => {
    saveDriver(noDriver);
    expect(getSavedDriver('VVAB12CD')).toBeNull();
    saveDriver(ticket);
    expect(getSavedDriver('vvab12cd')).toEqual({
      driver_name: 'Lê Quốc Bảo',
      driver_phone: '0912000003',
      driver_plate: '30A-106.32',
      driver_photo_url: '/drivers/driver-3.svg',
      driver_car_name: 'Toyota Vios',
    });
    expect(withSavedDriver(noDriver)).toMatchObject({ driver_name: 'Lê Quốc Bảo', driver_car_name: 'Toyota Vios' });
    // A copy that has its own driver keeps it.
    expect(withSavedDriver({ ...ticket, driver_name: 'Trần Minh Tuấn' }).driver_name).toBe('Trần Minh Tuấn');
  });

  it('forgets the drivers at logout', () => {
    saveDriver(ticket);
    clearUserData();
    expect(getSavedDriver('VVAB12CD')).toBeNull();
    expect(withSavedDriver(noDriver).driver_name).toBeNull();
  });
});
