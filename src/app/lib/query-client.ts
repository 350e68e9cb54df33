import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';
import { clearPersistedQueryCache } from './secure-store/query-persister';
import { onClearUserData } from './store';

export { queryPersistOptions } from './secure-store/query-persister';

export function createQueryClient(): QueryClient {
  const queryClient = new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        // Retry only what can get better by waiting: network failures and server errors, twice.
        retry: (failureCount, error) =>
          failureCount < 2 && (!(error instanceof ApiError) || error.status === 0 || error.status >= 500),
        refetchOnWindowFocus: false,
      },
    },
  });
  onClearUserData(() => clearUserQueries(queryClient));
  return queryClient;
}

/** Logout (clearUserData): the user's tickets and account leave the memory cache and the persisted one. */
export function clearUserQueries(queryClient: QueryClient): Promise<void> {
  queryClient.removeQueries({ queryKey: ['me'] });
  queryClient.removeQueries({ queryKey: ['booking', 'ticket'] });
  return clearPersistedQueryCache();
}
