// The widget host's support endpoint (spec 7): user[phone] and user[note] posted form-encoded to SUPPORT_WIDGET_URL.
// A refused or unreachable host does not lose the request: it is stored with channel 'widget_failed' and logged.
import type { Logger } from '../../http/errors';
import type { StoreSupportRequest, SupportDesk } from './types';

export interface HttpSupportDeskOptions {
  url: string;
  store: StoreSupportRequest;
  log: Logger;
  /** Milliseconds before the host counts as unreachable. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createHttpSupportDesk({
  url,
  store,
  log,
  timeoutMs = 5000,
  fetch: send = fetch,
}: HttpSupportDeskOptions): SupportDesk {
  return {
    async submit(request) {
      const body = new URLSearchParams({ 'user[phone]': request.phone, 'user[note]': request.note });
      try {
        const res = await send(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: body.toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (res.ok) return { channel: 'widget', id: null };
        log.error('support widget refused a request, kept in the database', { status: res.status });
      } catch (error) {
        log.error('support widget unreachable, request kept in the database', { error: String(error) });
      }
      return { channel: 'database', id: await store(request, 'widget_failed') };
    },
  };
}

/** SUPPORT_WIDGET_URL selects the widget host; without it requests stay in the database. */
export function supportWidgetUrl(env: NodeJS.ProcessEnv): string | null {
  const url = env.SUPPORT_WIDGET_URL?.trim();
  if (!url) return null;
  if (!/^https?:\/\//.test(url)) throw new Error('SUPPORT_WIDGET_URL must start with http:// or https://');
  return url;
}
