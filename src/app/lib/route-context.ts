// What a route's loader is given (router.tsx): the query client its page reads, and where it runs.
import type { QueryClient } from '@tanstack/react-query';

export interface RouteContext {
  /**
   * The query client the page's components read: the server's, one per rendered page, or the browser's query runtime
   * (loaded at its first use, lib/query-loader.ts). A loader fills it with the same query options its components use.
   */
  queryClient(): Promise<QueryClient>;
  /** In the server's renderer (entry-server.tsx): only what every visitor sees alike is loaded there. */
  onServer: boolean;
  /**
   * True while the browser loads the first page over the server's HTML: its loaders load nothing the server did not,
   * or the hydration would not match that HTML (the screen fetches the rest once hydrated, as before).
   */
  hydratesServerHtml(): boolean;
}
