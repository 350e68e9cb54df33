// The create_ticket body for a price-list item, as the billing form sends it (spec 7 booking payload): one builder
// for the load scripts (bench.mjs, crash-test.mjs), the API tests (tests/api/helpers/booking.ts) and the browser
// tests that book through the API (tests/e2e/xss.spec.ts). Plain JavaScript, so the scripts run it without a build;
// booking-body.d.mts gives its types to TypeScript.

const pos = (component) => ({ lat: String(component.geometry.location.lat), lng: String(component.geometry.location.lng) });

/**
 * A create_ticket body for a price-list item between two autocomplete suggestions; `passenger` gives the phone,
 * e-mail, name, pay method and the session ids (each booking its own, so no anti-fraud count adds up). Callers add or
 * replace fields by spreading the result.
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
