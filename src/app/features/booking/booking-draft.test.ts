// spec 4: a new search (places, swap, date, passengers, duration) clears the partner choice and the cached price
// lists; choosing a price option clears the member-promotion use (the rest of the billing draft stays).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Suggestion } from '../../../shared/contract/places';
import type { PriceOption } from '../../../shared/contract/pricing';
import { BILLING_DRAFT_KEY } from '../../lib/store-keys';
import { initStore, readEntry, resetStoreForTests, writeEntry } from '../../lib/store';
import { STORE_KEYS, clearStoredPriceLists } from '../pricing';
import { HOURLY_DRAFT_KEY, DRAFT_KEY, clearPartnerChoice, readBookingDraft } from './booking-draft';
import { chooseTripOption } from './choose-option';

const place = (id: string, kind: string): Suggestion =>
  ({ address: id, address_component: { place_id: id, kind, formatted_address: id } }) as unknown as Suggestion;

const item = {
  option_id: 'o1',
  is_airport: true,
  more_address_cost: 0,
  chunk_id: 1,
  pm_id: 1,
  ride_method_id: 1,
  airport_code: 'HAN',
  merged: 350_000,
  vehicle_id: 1,
  vehicle_name: '4 chỗ',
  service_name: 'economy',
  partner: { id: 1, name: 'Vivu Airport Express', rating: 4.8 },
  board_price: 0,
  night_fee: 0,
} as unknown as PriceOption;

const search = {
  type: 1 as const,
  pick: place('airport:HAN', 'airport'),
  drop: place('extra:hn-ho-hoan-kiem', 'sight'),
  time: '14:00 25/11/2099',
  chair: 1,
  vatPercent: 10,
};

beforeEach(async () => {
  await initStore(); // node has no IndexedDB: the store lives in memory
});
afterEach(async () => {
  await resetStoreForTests();
});

describe('spec 4: what a change of search or option clears', () => {
  it('clears the chosen trip and hourly option on a new search', () => {
    chooseTripOption(search, item);
    writeEntry(HOURLY_DRAFT_KEY, { partnerId: 1 });
    expect(readBookingDraft()?.partnerId).toBe(1);
    clearPartnerChoice();
    expect(readBookingDraft()).toBeNull();
    expect(readEntry(DRAFT_KEY)).toBeNull();
    expect(readEntry(HOURLY_DRAFT_KEY)).toBeNull();
  });

  it('clears both stored price lists on a new search', () => {
    writeEntry(STORE_KEYS.normal, { pages: [1] });
    writeEntry(STORE_KEYS.hourly, { pages: [1] });
    clearStoredPriceLists();
    expect(readEntry(STORE_KEYS.normal)).toBeNull();
    expect(readEntry(STORE_KEYS.hourly)).toBeNull();
  });

  it('clears the member-promotion use when an option is chosen, and keeps the rest of the billing draft', () => {
    writeEntry(BILLING_DRAFT_KEY, { fullname: 'Nguyễn An', phone: '0912000771', use_member_promotion: true });
    chooseTripOption(search, item);
    expect(readEntry(BILLING_DRAFT_KEY)).toEqual({ fullname: 'Nguyễn An', phone: '0912000771', use_member_promotion: false });
  });
});
