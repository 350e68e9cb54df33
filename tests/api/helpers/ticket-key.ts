// The access key of a ticket the test wrote straight into the database (no create answer handed it one),
// computed as the server computes it (tickets/access.ts), so the test can prove the ticket like its browser.
import type { Db } from '../../../src/server/db/client';
import { createConfigModule } from '../../../src/server/modules/config/module';
import { createTicketAccess } from '../../../src/server/modules/tickets/access';

export function keyOf(db: Db, ticket: { id: number; code: string }): Promise<string> {
  return createTicketAccess({
    db,
    secrets: createConfigModule({ db }).secrets,
    userIdForToken: async () => null,
    now: () => new Date(),
  }).keyFor(ticket);
}
