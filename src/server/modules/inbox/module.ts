// Builds the inbox module (the operator desk's inbox of requests waiting on Vivu's staff) from its dependencies: the
// owner modules' services it finds the requests in, the outbox its answers go through, and the desk's requireDesk.
import { Hono } from 'hono';
import type { Db } from '../../db/client';
import type { MessageWriter } from '../../outbox/writer';
import type { RequireDesk } from '../desk/module';
import { createInboxRepository } from './repository';
import { inboxRoutes } from './routes';
import { refusalSource, type RefusalOwners } from './refusal-source';
import { createInboxService } from './service';
import { createInboxSources, type InboxOwners } from './sources';

export interface InboxModuleDeps {
  db: Db;
  now?: () => Date;
  messages: MessageWriter;
  requireDesk: RequireDesk;
  /** The services of the modules whose requests the inbox holds (leads, support). */
  owners: InboxOwners;
  /** The tickets module's reads of the partners' refusals, and the partners' names. */
  refusals: RefusalOwners;
}

export function createInboxModule(deps: InboxModuleDeps) {
  const service = createInboxService({
    repository: createInboxRepository(deps.db),
    sources: [...createInboxSources(deps.owners), refusalSource(deps.refusals)],
    messages: deps.messages,
    now: deps.now ?? (() => new Date()),
  });
  const routes = new Hono();
  routes.route('/', inboxRoutes(service, deps.requireDesk));
  return { service, routes };
}

export type InboxModule = ReturnType<typeof createInboxModule>;
