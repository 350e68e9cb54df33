// The desk's own calls over HTTP: the sign-in (login, set-password, enrolment: no session yet, the login and the
// enrolment limited per client address as every login is), behind requireDesk the session's own calls, the staff
// (admin) and the audit log (admin), and the operator's call that makes a login as `npm run staff:create` does.
import type { Context } from 'hono';
import { Hono } from 'hono';
import {
  areaRoles,
  DESK_AREAS,
  DESK_ERROR_KEYS,
  DESK_PATHS,
  deskAuditQuerySchema,
  deskEnrolSchema,
  deskLoginSchema,
  deskRoleMay,
  deskSetPasswordSchema,
  deskStaffAddSchema,
  deskStaffRemoveSchema,
  deskStaffResendSchema,
  deskStaffRoleSchema,
  type DeskArea,
  type DeskRole,
} from '../../../shared/contract/desk';
import { API_BASE } from '../../../shared/contract/envelope';
import { bearer } from '../../http/bearer';
import type { ClientIp } from '../../http/client-ip';
import { ok, refused } from '../../http/envelope';
import { loginAddressKey } from '../../http/login-throttle';
import { operatorOnly } from '../../http/operator-token';
import { overLimit, type RateLimiter } from '../../http/rate-limit';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from './guard';
import { OPERATOR_CALL, type DeskService } from './service';

const api = (path: string) => path.slice(API_BASE.length);

export interface DeskRouteDeps {
  requireDesk: RequireDesk;
  /** OPERATOR_API_TOKEN: the operator's call that makes a login exists only with one. */
  operatorToken?: string;
  /** Login tries per client address (shared by every login). */
  loginAddresses: RateLimiter;
  clientIp: ClientIp;
  now: () => Date;
}

export function deskRoutes(service: DeskService, { requireDesk, operatorToken, loginAddresses, clientIp, now }: DeskRouteDeps) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const operator = operatorToken?.trim();
  if (operator)
    routes.post(api(DESK_PATHS.operatorCreate), operatorOnly(operator), validate('json', deskStaffAddSchema), async (c) => {
      const result = await service.create(OPERATOR_CALL, c.get('input'));
      return result.ok ? ok(c, result.data.member) : refused(c, result);
    });
  const perAddress = (c: Context) =>
    overLimit(c, loginAddresses, loginAddressKey(clientIp(c)), now(), DESK_ERROR_KEYS.tooManyAttempts);

  routes.post(api(DESK_PATHS.login), validate('json', deskLoginSchema), async (c) => {
    const limited = await perAddress(c);
    if (limited) return limited;
    const result = await service.login(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_PATHS.setPassword), validate('json', deskSetPasswordSchema), async (c) => {
    const result = await service.setPassword(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_PATHS.enrol), validate('json', deskEnrolSchema), async (c) => {
    const limited = await perAddress(c);
    if (limited) return limited;
    const result = await service.enrol(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_PATHS.logout), requireDesk(), async (c) =>
    ok(c, { signed_out: await service.logout(c.get('desk'), bearer(c, undefined) ?? '') }),
  );

  routes.get(api(DESK_PATHS.me), requireDesk(), (c) => {
    const staff = c.get('desk');
    const areas = (Object.keys(DESK_AREAS) as DeskArea[]).filter((area) => deskRoleMay(staff.role, area));
    return ok(c, { staff, areas });
  });

  const staffDesk = requireDesk(areaRoles('staff'));
  routes.get(api(DESK_PATHS.staff), staffDesk, async (c) => ok(c, await service.list()));

  routes.post(api(DESK_PATHS.staffAdd), staffDesk, validate('json', deskStaffAddSchema), async (c) => {
    const result = await service.create(c.get('desk'), c.get('input'));
    // The link's secret goes to the member's e-mail only, never in the admin's answer.
    return result.ok ? ok(c, result.data.member) : refused(c, result);
  });

  routes.post(api(DESK_PATHS.staffRole), staffDesk, validate('json', deskStaffRoleSchema), async (c) => {
    const input = c.get('input');
    const result = await service.setRole(c.get('desk'), input.staff_id, input.role as DeskRole);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_PATHS.staffRemove), staffDesk, validate('json', deskStaffRemoveSchema), async (c) => {
    const result = await service.remove(c.get('desk'), c.get('input').staff_id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_PATHS.staffResendLink), staffDesk, validate('json', deskStaffResendSchema), async (c) => {
    const input = c.get('input');
    const result = await service.resendLink(c.get('desk'), input.staff_id, input.lang);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.get(api(DESK_PATHS.audit), requireDesk(areaRoles('audit')), validate('query', deskAuditQuerySchema), async (c) =>
    ok(c, await service.auditPage(c.get('input'))),
  );

  return routes;
}
