// What the load scripts (bench.mjs, crash-test.mjs) share: a free loopback port, a throwaway PostgreSQL database,
// the booking form's departure text and a create_ticket body for a price-list item.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import postgres from 'postgres';

export function freePort() {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Runs `use` with the URL of a database of its own on the PostgreSQL server at `adminUrl` (the Vivu server migrates
 * and seeds it at start); the database is dropped afterwards.
 */
export async function withPostgresDatabase(adminUrl, prefix, use) {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await admin.unsafe(`create database "${name}"`);
  try {
    return await use(url.toString());
  } finally {
    await admin.unsafe(`drop database if exists "${name}" with (force)`).catch((error) => console.error(error.message));
    await admin.end({ timeout: 5 });
  }
}

/** A departure `days` ahead in Vietnam (UTC+7 all year), as the booking form writes it ("14:00 26/11/2026"). */
export function departTime(days, hhmm) {
  const vn = new Date(Date.now() + days * 86_400_000 + 7 * 3_600_000);
  return `${hhmm} ${vn.getUTCDate()}/${vn.getUTCMonth() + 1}/${vn.getUTCFullYear()}`;
}

const pos = (component) => ({ lat: String(component.geometry.location.lat), lng: String(component.geometry.location.lng) });

/**
 * A create_ticket body for a price-list item between two autocomplete suggestions; `passenger` gives the phone,
 * e-mail, name, pay method and the session ids (each booking its own, so no anti-fraud count adds up).
 */
export function bookingBody(item, { pick, drop, depart }, passenger) {
  return {
    plane_number: 'VN123',
    plane_type: 1,
    catch_in_house: 0,
    fullname: passenger.fullname,
    phone_code: '84',
    phone: passenger.phone,
    email: passenger.email,
    address: '',
    comment: '',
    option_id: item.option_id,
    merged: item.merged,
    chunk_id: item.chunk_id,
    dimension_id: 1,
    vehicle_id: item.vehicle_id,
    ride_method_id: item.ride_method_id,
    chair: 1,
    airport_id: item.airport_code,
    pick_pos: pos(pick.address_component),
    drop_pos: pos(drop.address_component),
    depart_time: depart,
    pm_id: item.pm_id,
    pick_address: pick.address,
    drop_address: drop.address,
    pick_address_component: pick.address_component,
    drop_address_component: drop.address_component,
    pay_method_id: passenger.payMethod,
    brand_partner_id: item.partner.id,
    xhd: 0,
    city_id: pick.address_component.province_code,
    ticket_session: passenger.session,
    lang: 'vi',
    session_id: passenger.session,
  };
}
