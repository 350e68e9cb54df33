// The desk's numbers calls (src/shared/contract/desk-numbers.ts), with the member's token as a Bearer header: the
// figures of a range, and one table's CSV fetched as a file and handed to the browser as a download.
import { queryOptions } from '@tanstack/react-query';
import { NUMBERS_PATHS, numbersResponseSchema, type NumbersCsvTable } from '../../../shared/contract/desk-numbers';
import { apiGet } from '../../lib/api-client';
import { apiDownload } from '../../lib/api-download';
import { downloadBlob } from '../../lib/download';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A range as the form sends it: both days, or neither (the server's last 30 days). */
export interface NumbersRangeInput {
  from?: string;
  to?: string;
}

export const numbersQueries = {
  range: (token: string, range: NumbersRangeInput) =>
    queryOptions({
      queryKey: ['desk', token, 'numbers', range],
      queryFn: async ({ signal }) =>
        (
          await apiGet(NUMBERS_PATHS.numbers, {
            headers: bearer(token),
            query: { ...range },
            schema: numbersResponseSchema,
            signal,
          })
        ).data,
      staleTime: 30_000,
      retry: false,
    }),
};

/** One table of the range as a CSV (headers in `lang`), saved as vivu-<table>-<from>-<to>.csv. */
export async function downloadNumbersCsv(
  token: string,
  range: { from: string; to: string },
  table: NumbersCsvTable,
  lang: string,
) {
  const blob = await apiDownload(NUMBERS_PATHS.csv, { query: { ...range, table, lang }, headers: bearer(token) });
  downloadBlob(blob, `vivu-${table}-${range.from}-${range.to}.csv`);
}
