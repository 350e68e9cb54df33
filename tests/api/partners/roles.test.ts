// The partner staff's roles, checked by the server on every console call: a dispatcher works the tickets and the
// drivers on them but not the money; an accountant the money but not the tickets; the owner everything. A refused
// call answers 403 with the contract's message and changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app';
import { partnerStaff, transportPartners } from '../../../src/server/db/schema';
import type { Logger } from '../../../src/server/http/errors';
import { hashPassword } from '../../../src/server/security/crypto';
import { failureSchema } from '../../../src/shared/contract/envelope';
import { PARTNER_FORBIDDEN, type PartnerRole } from '../../../src/shared/contract/partner-roles';
import {
  PARTNER_PATHS,
  QUICK_BOOKING_PATHS,
  staffLoginResponseSchema,
  TRANSFER_DESK_PATHS,
} from '../../../src/shared/contract/partners';
import { STATEMENT_PATHS } from '../../../src/shared/contract/partner-statements';
import { createTestDatabase, type TestDatabase } from '../helpers/test-db';

const silent: Logger = { info: () => {}, error: () => {} };
const PASSWORD = 'vai-tro-123';
let db: TestDatabase;
let app: ReturnType<typeof createApp>;
const tokens = new Map<PartnerRole, string>();

beforeAll(async () => {
  db = await createTestDatabase();
  app = createApp({ database: db.database, log: silent });
  const [partner] = await db.database.db.select({ id: transportPartners.id }).from(transportPartners).limit(1);
  if (!partner) throw new Error('no seeded partner');
  const passwordHash = await hashPassword(PASSWORD);
  const roles: Array<[PartnerRole, string]> = [
    ['owner', '0939000001'],
    ['dispatcher', '0939000002'],
    ['accountant', '0939000003'],
  ];
  await db.database.db
    .insert(partnerStaff)
    .values(roles.map(([role, phone]) => ({ partnerId: partner.id, phone, fullname: role, passwordHash, role })));
  for (const [role, phone] of roles) {
    const res = await app.request(PARTNER_PATHS.login, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone_number: phone, password: PASSWORD }),
    });
    expect(res.status).toBe(200);
    const session = staffLoginResponseSchema.validateSync(await res.json()).data;
    expect(session.staff.role).toBe(role);
    tokens.set(role, session.token);
  }
});
afterAll(async () => {
  await db.cleanup();
});

/** A console call as the staff member of `role`. */
function call(role: PartnerRole, method: 'GET' | 'POST', path: string, body?: object) {
  return app.request(path, {
    method,
    headers: { authorization: `Bearer ${tokens.get(role)}`, 'content-type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
}

const CALLS = {
  tickets: ['GET', `${PARTNER_PATHS.tickets}?page=1&lang=vi`],
  fleet: ['GET', `${PARTNER_PATHS.fleet}?lang=vi`],
  assign: ['POST', PARTNER_PATHS.assign, { ticket_code: 'VVZZZZZZ', driver_id: 1, car_id: 1, lang: 'vi' }],
  transition: ['POST', PARTNER_PATHS.transition, { ticket_code: 'VVZZZZZZ', to: 'not_started' }],
  quickBookings: ['GET', `${QUICK_BOOKING_PATHS.list}?page=1&lang=vi`],
  transfers: ['GET', TRANSFER_DESK_PATHS.unmatched],
  confirmTransfer: ['POST', TRANSFER_DESK_PATHS.confirm, { ticket_code: 'VVZZZZZZ', reason: 'đã nhận' }],
  statements: ['GET', `${STATEMENT_PATHS.month}?month=2026-01`],
  statementsCsv: ['GET', `${STATEMENT_PATHS.csv}?month=2026-01&lang=vi`],
} as const satisfies Record<string, readonly [string, string, object?]>;
type CallName = keyof typeof CALLS;

const ALLOWED: Record<PartnerRole, readonly CallName[]> = {
  owner: Object.keys(CALLS) as CallName[],
  dispatcher: ['tickets', 'fleet', 'assign', 'transition', 'quickBookings'],
  accountant: ['transfers', 'confirmTransfer', 'statements', 'statementsCsv'],
};

describe('partner staff roles', () => {
  for (const role of ['owner', 'dispatcher', 'accountant'] as const) {
    it(`${role}: the calls of its role pass the check; the others answer 403 with the contract's message`, async () => {
      for (const [name, [method, path, body]] of Object.entries(CALLS) as Array<[CallName, (typeof CALLS)[CallName]]>) {
        const res = await call(role, method, path, body);
        const text = await res.text();
        if (ALLOWED[role].includes(name)) {
          // Past the role check: the call's own answer (200, or 404 for the unknown ticket code).
          expect([200, 404], `${role} ${name}: ${text}`).toContain(res.status);
        } else {
          expect(res.status, `${role} ${name}: ${text}`).toBe(403);
          expect(failureSchema.validateSync(JSON.parse(text)).message).toBe(PARTNER_FORBIDDEN);
        }
      }
    });
  }

  it('without a session every call is 401, before any role is looked at', async () => {
    for (const [method, path, body] of Object.values(CALLS)) {
      const res = await app.request(path, {
        method,
        headers: { 'content-type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      expect(res.status, path).toBe(401);
    }
  });
});
