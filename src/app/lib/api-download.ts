// A file the API serves (a CSV download), fetched by the few screens that download one: kept out of api-client.ts so
// that the passengers' first load does not carry it. The only other file that calls fetch.
import { ApiError, probeServer, withQuery, type Query } from './api-client';

/**
 * A file the API serves (a CSV download), as a Blob; a refused answer rejects with an ApiError of its status and the
 * envelope's message.
 */
export async function apiDownload(path: string, options: { query?: Query; headers?: Record<string, string> }): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      headers: options.headers,
      credentials: 'same-origin',
      cache: 'no-store',
    });
  } catch {
    void probeServer();
    throw new ApiError(0, 'errors.network');
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(response.status, typeof envelope.message === 'string' ? envelope.message : 'errors.server_busy');
  }
  return response.blob();
}
