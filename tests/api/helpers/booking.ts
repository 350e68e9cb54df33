// Booking payloads built from a live price list, as the billing form builds them (spec 7 booking payload).
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { createApp } from '../../../src/server/app';
import { TICKET_KEY_HEADER } from '../../../src/shared/contract/booking';
import { PAYMENT_PATHS, paymentStartResponseSchema } from '../../../src/shared/contract/payments';
import type { AddressComponent } from '../../../src/shared/contract/places';
import { PRICING_PATHS, priceListResponseSchema, type PriceOption } from '../../../src/shared/contract/pricing';
import { formatVnDate } from '../../../src/shared/domain/vn-time';
import { bookingBody } from '../../../scripts/booking-body.mjs';
import { PLACES } from './places';

type App = ReturnType<typeof createApp>;

const DAY = 24 * 60 * 60 * 1000;
/** Two days ahead at the given Vietnam time. */
export const inTwoDays = (hhmm: string) => `${hhmm} ${formatVnDate(Date.now() + 2 * DAY)}`;

export const uniqueSession = () => `ts-${randomBytes(8).toString('hex')}`;
/** A valid Vietnamese mobile number of its own, so the anti-fraud counts of one test never touch another's. */
export function uniquePhone(): string {
  const digits = Array.from(randomBytes(8), (byte) => String(byte % 10)).join('');
  return `09${digits}`;
}

export interface Trip {
  pick: AddressComponent;
  drop: AddressComponent;
  depart: string;
}

export const AIRPORT_TRIP: Trip = { pick: PLACES.han, drop: PLACES.hoanKiem, depart: inTwoDays('14:00') };

export async function priceList(app: App, trip: Trip, extra: Record<string, string> = {}): Promise<PriceOption[]> {
  const query = new URLSearchParams({
    depart_time: trip.depart,
    pick_address: trip.pick.formatted_address,
    pick_address_component: JSON.stringify(trip.pick),
    drop_address: trip.drop.formatted_address,
    drop_address_component: JSON.stringify(trip.drop),
    ride_method_id: '1',
    ...extra,
  });
  const res = await app.request(`${PRICING_PATHS.priceList}?${query.toString()}`);
  expect(res.status).toBe(200);
  return priceListResponseSchema.validateSync(await res.json()).data.items;
}

/** A private option of the named partner (vehicle 1 when it has one). */
export async function optionOf(app: App, partnerName: string, trip: Trip = AIRPORT_TRIP): Promise<PriceOption> {
  const items = (await priceList(app, trip)).filter((item) => item.partner.name === partnerName && !item.hide);
  const item = items.find((candidate) => candidate.vehicle_id === 1) ?? items[0];
  if (!item) throw new Error(`no option of ${partnerName}`);
  return item;
}

export function bookingPayload(option: PriceOption, trip: Trip = AIRPORT_TRIP, overrides: Record<string, unknown> = {}) {
  const place = (component: AddressComponent) => ({ address: component.formatted_address, address_component: component });
  return {
    ...bookingBody(
      option,
      { pick: place(trip.pick), drop: place(trip.drop), depart: trip.depart },
      { fullname: 'Nguyễn Văn An', phone: uniquePhone(), email: 'an.nguyen@example.com', payMethod: 3, session: uniqueSession() },
    ),
    comment: 'Hai vali',
    session_id: uniqueSession(),
    ...overrides,
  };
}

export function post(app: App, path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The header that proves a ticket with its access key. */
export const keyHeader = (key: string): Record<string, string> => ({ [TICKET_KEY_HEADER]: key });

/** A ticket as the booking browser knows it: its code and its access key (from the create answer). */
export interface OwnedTicket {
  code: string;
  key: string;
}

/** Starts a payment with the ticket's key (POST pay_online_request); the answer as it came. */
export function startPayment(
  app: App,
  ticket: OwnedTicket,
  body: Record<string, unknown> = {},
  path: string = PAYMENT_PATHS.payOnlineRequest,
) {
  return post(
    app,
    path,
    { ticket_code: ticket.code, pay_method: 8, url_return: '/dat-xe-thanh-cong', ...body },
    keyHeader(ticket.key),
  );
}

/** The sandbox page of a started payment (the URL pay_online_request answered). */
export async function startedPage(res: Response): Promise<URL> {
  expect(res.status).toBe(200);
  const started = paymentStartResponseSchema.validateSync(await res.json());
  return new URL(started.data.payment_url);
}

/** Pays an online ticket through the sandbox gateway's page with its test card (the gateway's callback included). */
export async function payWithSandboxCard(app: App, ticket: OwnedTicket): Promise<void> {
  const page = await startedPage(await startPayment(app, ticket));
  const form = new URLSearchParams(page.searchParams);
  form.set('choice', 'pay');
  form.set('card_number', '4111 1111 1111 1111');
  const paid = await app.request(PAYMENT_PATHS.sandboxPay, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  expect(paid.status).toBe(303);
}
