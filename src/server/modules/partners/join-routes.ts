// The joining's and the staff's calls over HTTP. The operator's approval, refusal and new link exist only when an operator
// token is configured (OPERATOR_API_TOKEN): without one, and with a wrong one, they answer exactly like an unknown
// route (http/operator-token.ts). The
// set-password call takes the link's secret; the staff calls (a member's new link among them) take an owner's Bearer
// session (staffMay('staff')).
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import {
  applicationIdSchema,
  JOIN_PATHS,
  operatorResendSchema,
  refusalSchema,
  setPasswordSchema,
  staffAddSchema,
  staffRemoveSchema,
  staffResendSchema,
  staffRoleSchema,
} from '../../../shared/contract/partner-join';
import type { PartnerRole } from '../../../shared/contract/partner-roles';
import { normalizePhone } from '../../../shared/domain/phone';
import { ok, refused } from '../../http/envelope';
import { operatorOnly } from '../../http/operator-token';
import { validate } from '../../http/validate';
import type { OnboardingService } from './onboarding-service';
import type { StaffRow } from './repository';
import { staffMay } from './roles';
import { staffSignedIn, type StaffForToken } from './routes';
import type { StaffService } from './staff-service';

const api = (path: string) => path.slice(API_BASE.length);

export function operatorRoutes(onboarding: OnboardingService, staff: StaffService | null, operatorToken: string | undefined) {
  const routes = new Hono();
  const token = operatorToken?.trim();
  if (!token) return routes;
  const operator = operatorOnly(token);
  routes.post(api(JOIN_PATHS.approve), operator, validate('json', applicationIdSchema), async (c) => {
    const result = await onboarding.approve(c.get('input').lead_id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  routes.post(api(JOIN_PATHS.refuse), operator, validate('json', refusalSchema), async (c) => {
    const input = c.get('input');
    const result = await onboarding.refuse(input.lead_id, input.reason);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  if (staff)
    routes.post(api(JOIN_PATHS.resendLink), operator, validate('json', operatorResendSchema), async (c) => {
      const input = c.get('input');
      const result = await staff.resendLinkByPhone(normalizePhone(input.phone_code, input.phone), input.lang);
      return result.ok ? ok(c, result.data) : refused(c, result);
    });
  return routes;
}

export function staffRoutes(service: StaffService, staffForToken: StaffForToken) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();
  const signedIn = staffSignedIn(staffForToken);

  routes.post(api(JOIN_PATHS.setPassword), validate('json', setPasswordSchema), async (c) => {
    const result = await service.setPassword(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.get(api(JOIN_PATHS.staff), signedIn, staffMay('staff'), async (c) => ok(c, await service.list(c.get('staff'))));

  routes.post(api(JOIN_PATHS.staffAdd), signedIn, staffMay('staff'), validate('json', staffAddSchema), async (c) => {
    const result = await service.add(c.get('staff'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(JOIN_PATHS.staffRemove), signedIn, staffMay('staff'), validate('json', staffRemoveSchema), async (c) => {
    const result = await service.remove(c.get('staff'), c.get('input').staff_id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(JOIN_PATHS.staffRole), signedIn, staffMay('staff'), validate('json', staffRoleSchema), async (c) => {
    const input = c.get('input');
    const result = await service.setRole(c.get('staff'), input.staff_id, input.role as PartnerRole);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(JOIN_PATHS.staffResendLink), signedIn, staffMay('staff'), validate('json', staffResendSchema), async (c) => {
    const input = c.get('input');
    const result = await service.resendLink(c.get('staff'), input.staff_id, input.lang);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  return routes;
}
