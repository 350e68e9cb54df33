// The desk's content calls over HTTP: each behind requireDesk of the content area (admin and content staff), before
// its validation, so a caller without the session or the role learns nothing. Answers are never cached.
import { Hono } from 'hono';
import { areaRoles } from '../../../shared/contract/desk';
import {
  DESK_CONTENT_PATHS,
  deskContentDraftSchema,
  deskContentListQuerySchema,
  deskContentPreviewQuerySchema,
  deskContentRefSchema,
} from '../../../shared/contract/desk-content';
import { deskContentCreateSchema, deskContentPostDetailsSchema } from '../../../shared/contract/desk-content-create';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok, refused } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from '../desk/module';
import type { DeskCreateService } from './desk-create-service';
import type { DeskContentService } from './desk-service';

const api = (path: string) => path.slice(API_BASE.length);

export function deskContentRoutes(service: DeskContentService, creating: DeskCreateService, requireDesk: RequireDesk) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const content = requireDesk(areaRoles('content'));

  routes.get(api(DESK_CONTENT_PATHS.list), content, validate('query', deskContentListQuerySchema), async (c) =>
    ok(c, await service.list(c.get('input'))),
  );

  routes.get(api(DESK_CONTENT_PATHS.item), content, validate('query', deskContentRefSchema), async (c) => {
    const result = await service.item(c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_CONTENT_PATHS.draft), content, validate('json', deskContentDraftSchema), async (c) => {
    const result = await service.saveDraft(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.get(api(DESK_CONTENT_PATHS.preview), content, validate('query', deskContentPreviewQuerySchema), async (c) => {
    const input = c.get('input');
    const result = await service.preview(input, input.lang);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_CONTENT_PATHS.publish), content, validate('json', deskContentRefSchema), async (c) => {
    const result = await service.publish(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_CONTENT_PATHS.unpublish), content, validate('json', deskContentRefSchema), async (c) => {
    const result = await service.unpublish(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.get(api(DESK_CONTENT_PATHS.options), content, async (c) => ok(c, await creating.options()));

  routes.post(api(DESK_CONTENT_PATHS.create), content, validate('json', deskContentCreateSchema), async (c) => {
    const result = await creating.create(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(DESK_CONTENT_PATHS.postDetails), content, validate('json', deskContentPostDetailsSchema), async (c) => {
    const result = await creating.saveDetails(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  return routes;
}
