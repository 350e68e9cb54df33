// Builds the support module (the support callback and complaints) from its dependencies: the support desk
// (SUPPORT_WIDGET_URL's host when set, else the database), the outbox a complaint's acknowledgement goes through, its
// service and its routes.
import { createDatabaseSupportDesk } from '../../adapters/support/database';
import { createHttpSupportDesk, supportWidgetUrl } from '../../adapters/support/http';
import type { StoreSupportRequest, SupportDesk } from '../../adapters/support/types';
import type { Db } from '../../db/client';
import type { ClientIp } from '../../http/client-ip';
import type { Logger } from '../../http/errors';
import { publicFormLimit } from '../../http/public-forms';
import { createRateLimiter } from '../../http/rate-limit';
import type { MessageWriter } from '../../outbox/writer';
import { createSupportRepository } from './repository';
import { supportRoutes } from './routes';
import { createSupportService } from './service';
import { PUBLIC_FORM_WINDOW_SECONDS } from '../../../shared/contract/common';

export interface SupportModuleDeps {
  db: Db;
  log: Logger;
  clientIp: ClientIp;
  messages: MessageWriter;
  now?: () => Date;
  env?: NodeJS.ProcessEnv;
  /** Forms per client address per hour (default PUBLIC_FORM_LIMIT; env LEAD_FORM_LIMIT for the browser tests). */
  formLimit?: number;
  /** The support desk (default: SUPPORT_WIDGET_URL's host when set, else the database). */
  desk?: SupportDesk;
}

export function createSupportModule({
  db,
  log,
  clientIp,
  messages,
  now = () => new Date(),
  env = process.env,
  ...options
}: SupportModuleDeps) {
  const repository = createSupportRepository(db);
  // Stamped by the app's clock, as every record the desk's inbox times is.
  const store: StoreSupportRequest = (request, channel) =>
    repository.insertSupportRequest({ ...request, channel, createdAt: now() });
  const widgetUrl = supportWidgetUrl(env);
  const desk =
    options.desk ?? (widgetUrl ? createHttpSupportDesk({ url: widgetUrl, store, log }) : createDatabaseSupportDesk(store));
  const service = createSupportService({ desk, repository, messages, now });
  const forms = createRateLimiter(db, {
    limit: publicFormLimit(env, options.formLimit),
    windowSeconds: PUBLIC_FORM_WINDOW_SECONDS,
  });
  return { service, routes: supportRoutes(service, { clientIp, now, forms }) };
}
