// The query runtime, a chunk of its own loaded after the first paint (lib/query-loader.ts): the
// QueryClient, the restore of the encrypted persisted cache and its throttled saving, the configuration answers fed
// to lib/config-store.ts, and what follows them (the affiliate lifetime, the recaptcha site key). What
// PersistQueryClientProvider did on mount is done here before the runtime resolves, so every component that uses
// a query mounts after the restore, as it did under the provider while it restored.
import { QueryObserver, hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { persistQueryClient } from '@tanstack/react-query-persist-client';
import { followAffiliateLifetime } from './affiliate';
import { configQueries } from './config-queries';
import { setConfigAnswer } from './config-store';
import { clearUserQueries, createQueryClient, queryPersistOptions } from './query-client';
import { setRecaptchaSiteKeySource } from './recaptcha';

export interface QueryRuntime {
  queryClient: QueryClient;
  /** Logout: what clearUserData's listener does, for a logout made before the runtime had loaded. */
  clearUserQueries(): Promise<void>;
}

/** `serverState`: the queries of the page the server rendered (lib/query-loader.ts takeServerState), if any. */
/** The queries of texts the operator desk publishes (features/content, its landing pages, the home's featured posts). */
const EDITORIAL_QUERY_KEYS = [['content'], ['landing'], ['home', 'featured']];

export async function startQueryRuntime(serverState?: unknown): Promise<QueryRuntime> {
  const queryClient = createQueryClient();
  // What QueryClientProvider does on mount: refetch and resume on focus and on reconnecting.
  queryClient.mount();
  followAffiliateLifetime(queryClient, configQueries.system().queryKey);
  // spec 7 recaptcha: the site key an operator configured (site keys), read when a guarded call is made.
  setRecaptchaSiteKeySource(async () => (await queryClient.ensureQueryData(configQueries.siteKeys())).recaptcha_site_key);
  // Nothing the passenger kept is lost: the persisted cache is back before any query of a screen runs. A failed
  // restore (an unreadable row, a new app version) drops that cache and goes on without it.
  const [, restored] = persistQueryClient({ queryClient, ...queryPersistOptions() });
  await restored.catch(() => {});
  // The site's texts kept from an earlier visit are shown at once but asked for again when a screen shows them, so a
  // text the desk published since reaches the passenger online; offline the ask fails and the kept text stays.
  for (const queryKey of EDITORIAL_QUERY_KEYS) await queryClient.invalidateQueries({ queryKey, refetchType: 'none' });
  // The answers the server rendered the page with, over anything kept, even newer: what is hydrated must be
  // rendered with the data of the server's HTML (a kept answer fetched after the server's page was cached would not
  // match it). Older than their stale time, they are fetched again once shown.
  if (serverState) {
    const state = serverState as DehydratedState;
    for (const query of state.queries) queryClient.removeQueries({ queryKey: query.queryKey, exact: true });
    hydrate(queryClient, state);
  }
  // The first paint showed the defaults (lib/config-store.ts); from now on it shows the answers, kept fresh as
  // useQuery kept them (fetched when stale, spec 7: cached a day).
  const system = new QueryObserver(queryClient, configQueries.system());
  const siteKeys = new QueryObserver(queryClient, configQueries.siteKeys());
  const takeSystem = ({ data, isPlaceholderData }: ReturnType<typeof system.getCurrentResult>) => {
    if (data && !isPlaceholderData) setConfigAnswer('system', data);
  };
  const takeSiteKeys = ({ data, isPlaceholderData }: ReturnType<typeof siteKeys.getCurrentResult>) => {
    if (data && !isPlaceholderData) setConfigAnswer('siteKeys', data);
  };
  system.subscribe(takeSystem);
  siteKeys.subscribe(takeSiteKeys);
  takeSystem(system.getCurrentResult());
  takeSiteKeys(siteKeys.getCurrentResult());
  return { queryClient, clearUserQueries: () => clearUserQueries(queryClient) };
}
