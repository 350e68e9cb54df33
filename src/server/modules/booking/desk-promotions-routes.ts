// The desk's promotion calls over HTTP: each behind requireDesk(the promotions area's roles) before its validation.
import { Hono } from 'hono';
import { areaRoles } from '../../../shared/contract/desk';
import {
  DESK_PROMOTION_PATHS,
  deskPromotionCreateSchema,
  deskPromotionIdSchema,
  deskPromotionQuerySchema,
  deskPromotionUpdateSchema,
} from '../../../shared/contract/desk-promotions';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok, refused } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from '../desk/module';
import type { DeskPromotionService } from './desk-promotions-service';

const api = (path: string) => path.slice(API_BASE.length);

export function deskPromotionRoutes(service: DeskPromotionService, requireDesk: RequireDesk) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const desk = requireDesk(areaRoles('promotions'));

  routes.get(api(DESK_PROMOTION_PATHS.list), desk, validate('query', deskPromotionQuerySchema), async (c) =>
    ok(c, await service.list(c.get('input'))),
  );
  routes.post(api(DESK_PROMOTION_PATHS.create), desk, validate('json', deskPromotionCreateSchema), async (c) => {
    const result = await service.create(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  routes.post(api(DESK_PROMOTION_PATHS.update), desk, validate('json', deskPromotionUpdateSchema), async (c) => {
    const result = await service.update(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  routes.post(api(DESK_PROMOTION_PATHS.pause), desk, validate('json', deskPromotionIdSchema), async (c) => {
    const result = await service.pause(c.get('desk'), c.get('input').id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  routes.post(api(DESK_PROMOTION_PATHS.resume), desk, validate('json', deskPromotionIdSchema), async (c) => {
    const result = await service.resume(c.get('desk'), c.get('input').id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  return routes;
}
