// The billing form's defaults. A booking that succeeded keeps the passenger's own name, phone and e-mail, so
// the next booking (the return trip) starts with them when there is no draft; a signed-in passenger's account data
// still win, and logout forgets them.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BILLING_DRAFT_KEY } from '../../lib/store-keys';
import type { StoredUser } from '../../lib/session';
import { clearUserData, initStore, readEntry, removeEntry, resetStoreForTests, writeEntry } from '../../lib/store';
import { PASSENGER_DETAILS_KEY, initialBilling, rememberPassenger, type BillingValues } from './billing';

const VN = { iso: 'VN', dial: '84' };

/** The billing draft of a booking just sent: the passenger's details and everything else the form holds. */
function sentDraft(): BillingValues {
  return {
    ...initialBilling(null, VN),
    fullname: 'Nguyễn Văn An',
    phone_code: '1',
    phone_iso: 'CA',
    phone: '4165550123',
    email: 'an@example.com',
    comment: 'hai vali',
    not_use: true,
    use: { name: 'Trần Bình', phone_code: '84', phone_iso: 'VN', phone: '912000123' },
    plane_number: 'VN123',
    plane_type: 1,
    xhd: true,
    company: { name: 'Công ty Sen', address: 'Hà Nội', mst: '0101234567', address_receive: 'Hà Nội' },
    pay_method_id: 8,
    promotion_code: 'ONLINE15',
    use_member_promotion: true,
  };
}

/** What the success handlers do (routes/billing-flow.tsx and routes/payment-result.tsx onDone). */
function bookingSucceeded() {
  rememberPassenger();
  removeEntry(BILLING_DRAFT_KEY);
}

beforeEach(async () => {
  await initStore();
});
afterEach(async () => {
  await resetStoreForTests();
});

describe('the billing defaults', () => {
  it('are empty at the default country before any booking', () => {
    expect(initialBilling(null, VN)).toMatchObject({ fullname: '', phone_code: '84', phone_iso: 'VN', phone: '', email: '' });
  });

  it("start the next booking with the passenger's own name, phone code, phone and e-mail, nothing else", () => {
    writeEntry(BILLING_DRAFT_KEY, sentDraft());
    bookingSucceeded();
    expect(readEntry(BILLING_DRAFT_KEY)).toBeNull();
    expect(readEntry(PASSENGER_DETAILS_KEY)).toEqual({
      fullname: 'Nguyễn Văn An',
      phone_code: '1',
      phone_iso: 'CA',
      phone: '4165550123',
      email: 'an@example.com',
    });
    expect(initialBilling(null, VN)).toEqual({
      ...initialBilling(null, VN),
      fullname: 'Nguyễn Văn An',
      phone_code: '1',
      phone_iso: 'CA',
      phone: '4165550123',
      email: 'an@example.com',
      // The invoice, promotion, note, flight and the other passenger are this booking's only.
      comment: '',
      not_use: false,
      use: { name: '', phone_code: '84', phone_iso: 'VN', phone: '' },
      plane_number: '',
      xhd: false,
      company: { name: '', address: '', mst: '', address_receive: '' },
      pay_method_id: 3,
      promotion_code: '',
      use_member_promotion: false,
    });
  });

  it('give way to a draft: what is being typed stays', () => {
    writeEntry(BILLING_DRAFT_KEY, sentDraft());
    bookingSucceeded();
    writeEntry(BILLING_DRAFT_KEY, { ...sentDraft(), fullname: 'Lê Thị Hoa', email: 'hoa@example.com' });
    expect(initialBilling(null, VN)).toMatchObject({ fullname: 'Lê Thị Hoa', email: 'hoa@example.com', comment: 'hai vali' });
  });

  it("keep a signed-in passenger's account data first", () => {
    writeEntry(BILLING_DRAFT_KEY, sentDraft());
    bookingSucceeded();
    const user: StoredUser = {
      id: 7,
      fullname: 'Khách Vivu',
      phone: '0912345678',
      email: 'demo@vivu.vn',
      token: 't',
      avatar: '',
      verifiedPhone: true,
      promotionCost: 0,
      referralCode: 'VIVUDEMO',
    };
    expect(initialBilling(user, VN)).toMatchObject({
      fullname: 'Khách Vivu',
      phone_code: '84',
      phone_iso: 'VN',
      phone: '0912345678',
      email: 'demo@vivu.vn',
    });
  });

  it('keep nothing from an empty draft, and forget the details on logout', () => {
    bookingSucceeded();
    expect(readEntry(PASSENGER_DETAILS_KEY)).toBeNull();
    writeEntry(BILLING_DRAFT_KEY, sentDraft());
    bookingSucceeded();
    expect(readEntry(PASSENGER_DETAILS_KEY)).not.toBeNull();
    clearUserData();
    expect(readEntry(PASSENGER_DETAILS_KEY)).toBeNull();
    expect(initialBilling(null, VN)).toMatchObject({ fullname: '', phone: '', email: '' });
  });
});
