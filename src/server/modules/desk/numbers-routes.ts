// The desk's numbers over HTTP, for the roles of the numbers area: the tables of a range, and one table as a CSV the
// desk fetches with the member's token and saves as a file. Reading figures changes nothing, so nothing is audited.
import { Hono } from 'hono';
import { areaRoles } from '../../../shared/contract/desk';
import { NUMBERS_PATHS, numbersCsvQuerySchema, numbersQuerySchema, numbersRange } from '../../../shared/contract/desk-numbers';
import { API_BASE } from '../../../shared/contract/envelope';
import { ok } from '../../http/envelope';
import { validate } from '../../http/validate';
import type { DeskVariables, RequireDesk } from './guard';
import { numbersCsv } from './numbers-csv';
import type { NumbersService } from './numbers-service';

const api = (path: string) => path.slice(API_BASE.length);

export function numbersRoutes(numbers: NumbersService, requireDesk: RequireDesk) {
  const routes = new Hono<{ Variables: DeskVariables }>();
  const numbersDesk = requireDesk(areaRoles('numbers'));

  routes.get(api(NUMBERS_PATHS.numbers), numbersDesk, validate('query', numbersQuerySchema), async (c) => {
    const { from, to } = numbersRange(c.get('input'), numbers.today());
    return ok(c, await numbers.range(from, to));
  });

  routes.get(api(NUMBERS_PATHS.csv), numbersDesk, validate('query', numbersCsvQuerySchema), async (c) => {
    const input = c.get('input');
    const { from, to } = numbersRange(input, numbers.today());
    const csv = numbersCsv(await numbers.range(from, to), input.table, input.lang);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="vivu-${input.table}-${from}-${to}.csv"`);
    return c.body(csv);
  });

  return routes;
}
