import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getSavedDriver, saveDriver, savedTicketTtl, withSavedDriver } from './saved-tickets';
import { clearUserData, initStore, readEntry, resetStoreForTests, setLocalStoreExpiryDays, writeEntry } from './store';
import type { TicketInfo } from '../../shared/contract/tickets';

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

describe('the local store expiry (spec 9 local_store_expiry_days, 7 by default)', () => {
  const DAY = 24 * 60 * 60 * 1000;
  beforeEach(async () => {
    await resetStoreForTests();
    await initStore();
  });
  afterEach(() => resetStoreForTests());

  it('keeps an entry 7 days, or as many days as the configuration says from then on', () => {
    const now = Date.now();
    writeEntry('search-draft', { pick: 'a' });
    expect(readEntry('search-draft', now + 6 * DAY)).toEqual({ pick: 'a' });
    expect(readEntry('search-draft', now + 8 * DAY)).toBeNull();

    setLocalStoreExpiryDays(30);
    writeEntry('search-draft', { pick: 'b' });
    expect(readEntry('search-draft', now + 29 * DAY)).toEqual({ pick: 'b' });
    expect(readEntry('search-draft', now + 31 * DAY)).toBeNull();
  });

  it('keeps a saved ticket until its trip is over, and at least the configured expiry', () => {
    const now = new Date('2027-01-01T00:00:00+07:00').getTime();
    const soon = { ...ticket, depart_time: '08:30 1/1/2027' } as TicketInfo;
    expect(savedTicketTtl(soon, now)).toBe(7 * DAY);
    setLocalStoreExpiryDays(2);
    expect(savedTicketTtl(soon, now)).toBe(2 * DAY);
    const later = { ...ticket, depart_time: '08:30 10/1/2027' } as TicketInfo;
    expect(savedTicketTtl(later, now)).toBe((9 * 24 + 8.5 + 6) * 60 * 60 * 1000);
  });
});
