// The inbox's calls over HTTP, each behind requireDesk(areaRoles('inbox')) before its validation: a caller without a
// desk session or the role gets the unknown route's answer and never learns what the call expects.
import { Hono } from 'hono';
import { areaRoles } from '../../../shared/contract/desk';
import {
  INBOX_PATHS,
  inboxAnswerSchema,
  inboxItemQuerySchema,
  inboxListQuerySchema,
  inboxNoteSchema,
  inboxTakeSchema,
} from '../../../shared/contract/desk-inbox';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok, refused } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from '../desk/module';
import type { InboxService } from './service';

const api = (path: string) => path.slice(API_BASE.length);

export function inboxRoutes(service: InboxService, requireDesk: RequireDesk) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const inboxDesk = requireDesk(areaRoles('inbox'));

  routes.get(api(INBOX_PATHS.list), inboxDesk, validate('query', inboxListQuerySchema), async (c) =>
    ok(c, await service.list(c.get('desk'), c.get('input'))),
  );

  routes.get(api(INBOX_PATHS.item), inboxDesk, validate('query', inboxItemQuerySchema), async (c) => {
    const result = await service.item(c.get('input').id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(INBOX_PATHS.take), inboxDesk, validate('json', inboxTakeSchema), async (c) => {
    const result = await service.take(c.get('desk'), c.get('input').id);
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(INBOX_PATHS.answer), inboxDesk, validate('json', inboxAnswerSchema), async (c) => {
    const result = await service.answer(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(INBOX_PATHS.close), inboxDesk, validate('json', inboxNoteSchema), async (c) => {
    const result = await service.close(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  routes.post(api(INBOX_PATHS.reopen), inboxDesk, validate('json', inboxNoteSchema), async (c) => {
    const result = await service.reopen(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });

  return routes;
}
