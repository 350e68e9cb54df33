// What the app shows again after a write (a code created, a ticket moved, a setting saved).
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

/**
 * Marks the queries stale and fetches the shown ones again, dropping any fetch of theirs already under way first.
 * TanStack Query answers the invalidation of a query still on its first fetch with that fetch, which may have been read
 * before the write: the desk's list of codes then lacked the code just created, for the minute the answer stays fresh.
 */
export async function refreshAfterWrite(queryClient: QueryClient, filters: InvalidateQueryFilters): Promise<void> {
  await queryClient.cancelQueries(filters);
  await queryClient.invalidateQueries(filters);
}
