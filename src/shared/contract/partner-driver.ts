// The driver's trip link: on assignment the driver is texted a link holding a secret (at least 128 bits, stored only
// as its hash) that opens the trip with no account, for that trip and that driver only, until the trip ends or another
// driver is assigned. Through it the driver reads the trip and moves it along the tickets contract's state machine as
// the 'driver' actor. The secret travels in a POST body, never in a query string.
import { successSchema } from './envelope';
import { langSchema } from './common';
import { TICKET_STATUSES, TRANSACTION_STATUSES } from './booking';
import { isTripState, TRIP_STATES, type TripState } from './tickets';
import { yup } from './yup';

export const DRIVER_PATHS = {
  /** POST: token, lang → the trip as the driver sees it. */
  trip: '/api/driver/trip',
  /** POST: token, to → one move of the trip by the driver. */
  move: '/api/driver/trip_move',
  /** POST: token, lat, lng, accuracy → the phone's latest position, kept for the passenger while it is fresh. */
  position: '/api/driver/trip_position',
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
  /** 400: the latitude or longitude is not a number inside Vietnam (with its islands and a margin). */
  position: 'driver_trip.errors.position',
  /** 400: the accuracy is not a number of metres from 0 to POSITION_MAX_ACCURACY_M. */
  accuracy: 'driver_trip.errors.accuracy',
  /** 429: a position of this trip came in less than POSITION_MIN_GAP_MS ago. */
  tooOften: 'driver_trip.errors.too_often',
} as const;

/**
 * The states in which the driver may share the phone's position: on the way to the pick-up and waiting there. Any
 * other state deletes the trip's position (the passenger is on board, or the trip has ended).
 */
export const POSITION_STATES: readonly TripState[] = ['trip_started', 'arrived_at_pickup'];

/** The phone sends its latest position at most this often. */
export const POSITION_SEND_EVERY_MS = 10_000;
/** The server keeps at most one position per trip in this time (half the phone's pace, for a late network). */
export const POSITION_MIN_GAP_MS = 5_000;
/** A browser's accuracy radius above this (metres) places the car nowhere useful: refused. */
export const POSITION_MAX_ACCURACY_M = 5_000;
/**
 * Vietnam's bounding box with about half a degree of margin, the Hoàng Sa and Trường Sa islands included: the
 * mainland spans 8.2–23.4° N and 102.1–109.5° E, the islands reach 6.9° N and 117.8° E.
 */
export const POSITION_BOUNDS = { south: 6.4, north: 23.9, west: 101.6, east: 118.3 } as const;

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

const coordinate = (min: number, max: number) =>
  yup
    .number()
    .typeError({ key: DRIVER_ERROR_KEYS.position })
    .required({ key: DRIVER_ERROR_KEYS.position })
    .min(min, { key: DRIVER_ERROR_KEYS.position })
    .max(max, { key: DRIVER_ERROR_KEYS.position });

export const driverPositionRequestSchema = yup.object({
  token: tokenSchema,
  lat: coordinate(POSITION_BOUNDS.south, POSITION_BOUNDS.north),
  lng: coordinate(POSITION_BOUNDS.west, POSITION_BOUNDS.east),
  accuracy: yup
    .number()
    .typeError({ key: DRIVER_ERROR_KEYS.accuracy })
    .required({ key: DRIVER_ERROR_KEYS.accuracy })
    .min(0, { key: DRIVER_ERROR_KEYS.accuracy })
    .max(POSITION_MAX_ACCURACY_M, { key: DRIVER_ERROR_KEYS.accuracy }),
});
export type DriverPositionRequest = yup.InferType<typeof driverPositionRequestSchema>;

export const driverPositionResponseSchema = successSchema(yup.object({ recorded_at: yup.string().required() }).required());

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
