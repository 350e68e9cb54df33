// Steps the desk's browser tests share: the answer of a desk call, an authenticator's code, the sign-in form, and a card
// ticket paid through the sandbox gateway and cancelled by its passenger through the passengers' own calls.
import { TOTP } from 'otpauth';
import type { APIRequestContext, Page } from '@playwright/test';
import { bookingBody } from '../../scripts/booking-body.mjs';
import { formatVnDate } from '../../src/shared/domain/vn-time';
import { PLACES } from '../api/helpers/places';
import { expect } from './fixtures';

/** The code an authenticator app shows for `secret`, `ahead` time-steps after now. */
export const codeOf = (secret: string, ahead = 0) =>
  new TOTP({ secret: secret.replace(/\s+/g, ''), digits: 6, period: 30 }).generate({ timestamp: Date.now() + ahead * 30_000 });

/** Signs in on the desk's Vietnamese sign-in form. */
export async function signInToDesk(page: Page, email: string, password: string, code: string) {
  await page.goto('/quan-tri');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByLabel('Mã xác thực', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Đăng nhập' }).click();
  await expect(page.getByText(email, { exact: false }).first()).toBeVisible();
}

export async function deskData<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

/** A card ticket paid through the sandbox and cancelled by its passenger: its code and total. */
export async function cancelledCardTicket(api: APIRequestContext): Promise<{ code: string; total: number }> {
  const depart = `14:00 ${formatVnDate(Date.now() + 2 * 24 * 3600_000)}`;
  const trip = {
    pick: { address: PLACES.han.formatted_address, address_component: PLACES.han },
    drop: { address: PLACES.hoanKiem.formatted_address, address_component: PLACES.hoanKiem },
    depart,
  };
  const query = new URLSearchParams({
    depart_time: depart,
    pick_address: trip.pick.address,
    pick_address_component: JSON.stringify(PLACES.han),
    drop_address: trip.drop.address,
    drop_address_component: JSON.stringify(PLACES.hoanKiem),
    ride_method_id: '1',
  });
  type Item = Parameters<typeof bookingBody>[0] & { hide?: boolean; partner: { name: string } };
  const list = await deskData<{ items: Item[] }>(await api.get(`/api/passenger/get_price_list?${query.toString()}`));
  const item = list.items.find((candidate) => !candidate.hide && candidate.partner.name === 'Vivu Airport Express');
  if (!item) throw new Error('no Vivu Airport Express option');
  const phone = `9130${String(Date.now()).slice(-5)}`;
  const booked = await api.post('/api/passenger/create_ticket_payment_online', {
    data: bookingBody(item, trip, {
      fullname: 'Phạm Thu Hà',
      phone,
      email: `ha.${phone}@example.com`,
      payMethod: 8,
      session: `desk-refund-${Date.now()}`,
    }),
  });
  expect(booked.status(), await booked.text()).toBe(200);
  const ticket = (await booked.json()) as { ticket_code: string; data: { ticket_key: string; amounts: { total_cost: number } } };
  const key = { 'X-Ticket-Key': ticket.data.ticket_key };
  const started = await deskData<{ payment_url: string }>(
    await api.post('/api/payment/pay_online_request', {
      headers: key,
      data: { ticket_code: ticket.ticket_code, pay_method: 8, url_return: '/dat-xe-thanh-cong' },
    }),
  );
  const gateway = new URL(started.payment_url);
  const form = { ...Object.fromEntries(gateway.searchParams), choice: 'pay', card_number: '4111 1111 1111 1111' };
  expect((await api.post('/api/payment/sandbox/pay', { form, maxRedirects: 0 })).status()).toBe(303);
  const token = await deskData<{ cancel_token: string }>(
    await api.post('/api/passenger/generate_cancel_booking_token', { headers: key, data: { ticket_code: ticket.ticket_code } }),
  );
  await deskData(
    await api.post('/api/passenger/cancel_booking', {
      data: { ticket_code: ticket.ticket_code, cancel_token: token.cancel_token },
    }),
  );
  return { code: ticket.ticket_code, total: ticket.data.amounts.total_cost };
}
