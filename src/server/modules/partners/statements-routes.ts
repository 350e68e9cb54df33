// The console's statements over HTTP: the month of the caller's partner as figures and as a CSV download, for the
// staff whose role holds the statements permission (owner, accountant). The partner is always the caller's own.
import { Hono } from 'hono';
import { API_BASE } from '../../../shared/contract/envelope';
import { STATEMENT_PATHS, statementRequestSchema } from '../../../shared/contract/partner-statements';
import { statementCsv } from '../../../shared/domain/partner-statement';
import { ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { StaffRow } from './repository';
import { staffMay } from './roles';
import { staffSignedIn, type StaffForToken } from './routes';
import type { StatementsService } from './statements-service';

const api = (path: string) => path.slice(API_BASE.length);

export function statementsRoutes(statements: StatementsService, staffForToken: StaffForToken) {
  const routes = new Hono<{ Variables: { staff: StaffRow } }>();
  const signedIn = staffSignedIn(staffForToken);

  routes.get(
    api(STATEMENT_PATHS.month),
    signedIn,
    staffMay('statements'),
    validate('query', statementRequestSchema),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      return ok(c, await statements.month(c.get('staff').partnerId, c.get('input').month));
    },
  );

  routes.get(api(STATEMENT_PATHS.csv), signedIn, staffMay('statements'), validate('query', statementRequestSchema), async (c) => {
    const { month, lang } = c.get('input');
    const statement = await statements.month(c.get('staff').partnerId, month);
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="vivu-${month}.csv"`);
    return c.body(statementCsv(statement, lang));
  });
  return routes;
}
