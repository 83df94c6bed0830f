import type { ApiError } from '../api/types.js';
import { CastletError, fromResponse } from './errors.js';

/** Set (to true) only by the service's own CDN build (vite.config.ts); absent in the npm copy. */
declare const __CASTLET_CDN__: boolean | undefined;

/**
 * The default service address: in the service's own bundle, the origin it was loaded from
 * (`{base_url}/castlet.js` talks to `{base_url}`). A bundled npm copy has no service origin
 * to guess (its own origin is the app's): it needs `base-url`.
 */
export const BUNDLE_ORIGIN =
  typeof __CASTLET_CDN__ !== 'undefined' && __CASTLET_CDN__ && /^https?:/.test(import.meta.url) ? new URL(import.meta.url).origin : '';

export type Endpoint = 'stream' | 'podcasts';

/** `{base}/public/{endpoint}?token=…&channel=…`; `base` defaults to the CDN bundle's origin. */
export function publicUrl(base: string, endpoint: `${Endpoint}` | `${Endpoint}/events` | 'podcasts.rss', token: string, channel: string): string {
  if (base && !isHttp(base)) throw new CastletError('invalid_base_url');
  if (!(base ||= BUNDLE_ORIGIN)) throw new CastletError('missing_base_url');
  const url = new URL(`public/${endpoint}`, base.replace(/\/?$/, '/'));
  url.searchParams.set('token', token.trim());
  if (channel) url.searchParams.set('channel', channel);
  return url.href;
}

/** Only http(s) URLs from the service become links or images (never `javascript:`). */
export const isHttp = (url: string | null | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * GET a public JSON endpoint and check its shape with `valid`; any failure becomes a
 * CastletError (`bad_response` for an answer of the wrong shape). `cache` is fetch's
 * (`no-cache` revalidates the HTTP cache). `signal` aborts it; a time-out (the caller's) aborts it as `network`.
 */
export async function getJson(
  url: string,
  valid: (v: unknown) => boolean | Promise<boolean>,
  signal: AbortSignal,
  cache?: RequestCache,
): Promise<unknown> {
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(url, { signal, cache, headers: { Accept: 'application/json' } });
    body = await res.json().catch(() => null);
  } catch {
    throw new CastletError('network');
  }
  if (!res.ok) throw fromResponse(res.status, body as Partial<ApiError> | null);
  if (!(await valid(body))) throw new CastletError('bad_response');
  return body;
}
