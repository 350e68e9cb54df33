// The roles of a transport partner's staff and what each may do. The server checks the permission on every call
// (src/server/modules/partners/roles.ts); the console only leaves out what the role may not use.
// owner: everything, the staff included; dispatcher: the tickets and the drivers on them; accountant: the money.

export const PARTNER_ROLES = ['owner', 'dispatcher', 'accountant'] as const;
export type PartnerRole = (typeof PARTNER_ROLES)[number];
export const isPartnerRole = (role: string): role is PartnerRole => (PARTNER_ROLES as readonly string[]).includes(role);

export const PARTNER_PERMISSIONS = {
  /** The partner's tickets: list, accept or refuse, move along the trip, assign a driver; the quick bookings. */
  tickets: ['owner', 'dispatcher'],
  /** The active drivers and cars, to assign them. */
  fleetRead: ['owner', 'dispatcher'],
  /** Drivers and cars created, edited and retired. */
  fleet: ['owner'],
  /** Fares, packages, surcharges and availability. */
  fares: ['owner'],
  /** Monthly and daily statements and their CSV. */
  statements: ['owner', 'accountant'],
  /** Bank transfers naming the partner's tickets: matched and confirmed by hand. */
  transfers: ['owner', 'accountant'],
  /** Staff logins added and removed. */
  staff: ['owner'],
} as const satisfies Record<string, readonly PartnerRole[]>;
export type PartnerPermission = keyof typeof PARTNER_PERMISSIONS;

/** Whether a staff member of this role may use this part of the console. */
export const roleMay = (role: string, permission: PartnerPermission): boolean =>
  (PARTNER_PERMISSIONS[permission] as readonly string[]).includes(role);

/** 403: the caller's role may not make this call. */
export const PARTNER_FORBIDDEN = 'trips.errors.forbidden';
