// The operator desk's ticket calls over HTTP. Each sits behind requireDesk with the tickets area's roles (a refund
// marked paid: finance and admin only), so a caller without the session or the role gets the unknown route's answer
// before its input is read.
import { Hono } from 'hono';
import { areaRoles } from '../../../shared/contract/desk';
import {
  DESK_REFUND_ROLES,
  DESK_TICKETS_PATHS as P,
  deskRefundPaidSchema,
  deskTicketCodeSchema,
  deskTicketMoveSchema,
  deskTicketReasonSchema,
  deskTicketSearchSchema,
} from '../../../shared/contract/desk-tickets';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok, refused } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from '../desk/module';
import type { TicketsDeskService } from './desk-service';

const api = (path: string) => path.slice(API_BASE.length);

export function deskTicketRoutes(service: TicketsDeskService, requireDesk: RequireDesk) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const area = requireDesk(areaRoles('tickets'));
  const finance = requireDesk(['admin', ...DESK_REFUND_ROLES]);

  routes.get(api(P.search), area, validate('query', deskTicketSearchSchema), async (c) =>
    ok(c, await service.search(c.get('input'))),
  );

  routes.get(api(P.partners), area, async (c) => ok(c, await service.partners()));

  routes.get(api(P.timeline), area, validate('query', deskTicketCodeSchema), async (c) => {
    const result = await service.timeline(c.get('desk'), c.get('input').code);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(P.refund), finance, validate('json', deskRefundPaidSchema), async (c) => {
    const result = await service.markRefundPaid(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(P.cancel), area, validate('json', deskTicketReasonSchema), async (c) => {
    const result = await service.cancel(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(P.move), area, validate('json', deskTicketMoveSchema), async (c) => {
    const result = await service.move(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(P.resend), area, validate('json', deskTicketReasonSchema), async (c) => {
    const result = await service.resend(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  return routes;
}
