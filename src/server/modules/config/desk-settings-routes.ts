// The desk's settings calls over HTTP: admin only, requireDesk before the validation.
import { Hono } from 'hono';
import { areaRoles } from '../../../shared/contract/desk';
import { DESK_SETTINGS_PATHS, deskSettingChangeSchema } from '../../../shared/contract/desk-settings';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok, refused } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from '../desk/module';
import type { DeskSettingsService } from './desk-settings-service';

const api = (path: string) => path.slice(API_BASE.length);

export function deskSettingsRoutes(service: DeskSettingsService, requireDesk: RequireDesk) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const desk = requireDesk(areaRoles('settings'));
  routes.get(api(DESK_SETTINGS_PATHS.list), desk, async (c) => ok(c, await service.list()));
  routes.post(api(DESK_SETTINGS_PATHS.change), desk, validate('json', deskSettingChangeSchema), async (c) => {
    const result = await service.change(c.get('desk'), c.get('input'));
    return result.ok ? ok(c, result.data) : refused(c, result);
  });
  return routes;
}
