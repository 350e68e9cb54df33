// The console's bank transfers desk over HTTP: the unmatched transfers naming the partner's tickets, matching
// one to a ticket by hand, and confirming a ticket's transfer by hand, each scoped to the caller's partner. The staff's sessions (Bearer), as the other console calls; the payments
// module's transfers service does the paying.
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import { TRANSFER_DESK_PATHS, transferConfirmRequestSchema, transferMatchRequestSchema } from '../../../shared/contract/partners';
import { fail, ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { TransfersService } from '../payments/module';
import type { StaffRow } from './repository';
import { staffSignedIn, type StaffForToken } from './routes';
import { staffMay } from './roles';

const api = (path: string) => path.slice(API_BASE.length);

export function transferDeskRoutes(transfers: TransfersService, staffForToken: StaffForToken) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();
  const signedIn = staffSignedIn(staffForToken);

  routes.get(api(TRANSFER_DESK_PATHS.unmatched), signedIn, staffMay('transfers'), async (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, await transfers.unmatched(c.get('staff')));
  });

  routes.post(
    api(TRANSFER_DESK_PATHS.match),
    signedIn,
    staffMay('transfers'),
    validate('json', transferMatchRequestSchema),
    async (c) => {
      const { transfer_id, ticket_code, reason } = c.get('input');
      const result = await transfers.match(c.get('staff'), transfer_id, ticket_code, reason);
      return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
    },
  );

  routes.post(
    api(TRANSFER_DESK_PATHS.confirm),
    signedIn,
    staffMay('transfers'),
    validate('json', transferConfirmRequestSchema),
    async (c) => {
      const { ticket_code, reason } = c.get('input');
      const result = await transfers.confirm(c.get('staff'), ticket_code, reason);
      return result.ok ? ok(c, result.data) : fail(c, result.status, result.message);
    },
  );
  return routes;
}
