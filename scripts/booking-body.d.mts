import type { AddressComponent } from '../src/shared/contract/places';
import type { PriceOption } from '../src/shared/contract/pricing';

/** A chosen place as the booking form holds it: the text shown and its component. */
export interface BookingPlace {
  address: string;
  address_component: AddressComponent;
}

export interface BookingPassenger {
  fullname: string;
  phone: string;
  email: string;
  payMethod: number;
  /** Both ticket_session and session_id. */
  session: string;
}

/** The price-list fields a booking carries. */
export type BookingItem = Pick<
  PriceOption,
  'option_id' | 'merged' | 'chunk_id' | 'vehicle_id' | 'ride_method_id' | 'airport_code' | 'pm_id'
> & { partner: { id: number } };

/** The create_ticket body for a price-list item (booking-body.mjs). */
export function bookingBody(
  item: BookingItem,
  trip: { pick: BookingPlace; drop: BookingPlace; depart: string },
  passenger: BookingPassenger,
): {
  plane_number: string;
  plane_type: number;
  catch_in_house: number;
  fullname: string;
  phone_code: string;
  phone: string;
  email: string;
  address: string;
  comment: string;
  option_id: string;
  merged: number;
  chunk_id: number;
  dimension_id: number;
  vehicle_id: number;
  ride_method_id: BookingItem['ride_method_id'];
  chair: number;
  airport_id: string;
  pick_pos: { lat: string; lng: string };
  drop_pos: { lat: string; lng: string };
  depart_time: string;
  pm_id: number;
  pick_address: string;
  drop_address: string;
  pick_address_component: AddressComponent;
  drop_address_component: AddressComponent;
  pay_method_id: number;
  brand_partner_id: number;
  xhd: number;
  city_id: string;
  ticket_session: string;
  lang: string;
  session_id: string;
};
