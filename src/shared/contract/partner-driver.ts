// The driver's trip link: on assignment the driver is texted a link holding a secret (at least 128 bits, stored only
// as its hash) that opens the trip with no account, for that trip and that driver only, until the trip ends or another
// driver is assigned. Through it the driver reads the trip and moves it along the tickets contract's state machine as
// the 'driver' actor. The secret travels in a POST body, never in a query string.
import { successSchema } from './envelope';
import { langSchema } from './common';
import { TICKET_STATUSES, TRANSACTION_STATUSES } from './booking';
import { isTripState, TRIP_STATES } from './tickets';
import { yup } from './yup';

export const DRIVER_PATHS = {
  /** POST: token, lang → the trip as the driver sees it. */
  trip: '/api/driver/trip',
  /** POST: token, to → one move of the trip by the driver. */
  move: '/api/driver/trip_move',
} as const;

/** The secret's length in bytes (base64url in the link): 256 bits, above the 128 the link must hold. */
export const DRIVER_LINK_BYTES = 32;

export const DRIVER_ERROR_KEYS = {
  /** 404: an unknown link, another driver's since a reassignment, or a trip that has ended (the same answer). */
  linkDead: 'driver_trip.errors.link_dead',
  /** 409: the move is not the driver's from the trip's current state (the state machine's message). */
  illegalTransition: 'trips.errors.illegal_transition',
  /** 400: `to` is not a trip state. */
  state: 'trips.errors.state',
} as const;

const tokenSchema = yup.string().trim().min(20).max(100).required({ key: DRIVER_ERROR_KEYS.linkDead });

export const driverTripRequestSchema = yup.object({ token: tokenSchema, lang: langSchema });
export type DriverTripRequest = yup.InferType<typeof driverTripRequestSchema>;

export const driverMoveRequestSchema = yup.object({
  token: tokenSchema,
  to: yup
    .string()
    .required({ key: DRIVER_ERROR_KEYS.state })
    .test('trip-state', { key: DRIVER_ERROR_KEYS.state }, (value) => isTripState(value)),
  lang: langSchema,
});
export type DriverMoveRequest = yup.InferType<typeof driverMoveRequestSchema>;

export const driverTripSchema = yup.object({
  ticket_code: yup.string().required(),
  trip_state: yup.string().oneOf(TRIP_STATES).required(),
  /** The moves the driver may make from here (empty once the trip is finished). */
  next_states: yup.array(yup.string().oneOf(TRIP_STATES).required()).required(),
  status: yup.number().oneOf(TICKET_STATUSES).required(),
  transaction_status_id: yup.number().oneOf(TRANSACTION_STATUSES).required(),
  /** The ticket's language: the trip screen opens in it. */
  lang: yup.string().required(),
  /** The passenger travelling (the one booked for, when someone else booked). */
  fullname: yup.string().required(),
  phone: yup.string().required(),
  pick_address: yup.string().required(),
  drop_address: yup.string().defined(),
  depart_time: yup.string().required(),
  depart_at: yup.string().required(),
  plane_number: yup.string().defined(),
  /** Whether the passenger asked for a name board at the arrivals hall. */
  by_board: yup.boolean().required(),
  comment: yup.string().defined(),
  chair: yup.number().integer().required(),
  total_cost: yup.number().integer().required(),
  /** The fare is the driver's to collect in cash (not paid online). */
  collect_cash: yup.boolean().required(),
  driver_name: yup.string().defined(),
  plate: yup.string().defined(),
});
export type DriverTrip = yup.InferType<typeof driverTripSchema>;
export const driverTripResponseSchema = successSchema(driverTripSchema.required());
