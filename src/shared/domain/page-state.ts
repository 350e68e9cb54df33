/**
 * The id of the JSON script after the root in which a server-rendered page carries the queries it was rendered
 * with: written by src/server/http/page-render.ts, taken by src/app/lib/query-loader.ts.
 */
export const STATE_SCRIPT_ID = 'vivu-ssr-state';
