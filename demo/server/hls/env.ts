/**
 * The HLS tier's environment (`npm run mock`, docs/hls.md): on in Icecast mode unless `HLS=off`;
 * `HLS_FIRST=1` lists it before the Icecast sources; `HLS_PUBLIC_URL` is the base URL a CDN
 * serves `/hls/…` from (default: the service's origin). Pure: a wrong value is an error message.
 */
import type { HlsConfig } from './tier.ts';

export function hlsFromEnv(
  env: Record<string, string | undefined>,
  url: (name: string, value: string) => string,
): { hls: HlsConfig | undefined } | { error: string } {
  const { HLS, HLS_FIRST, HLS_PUBLIC_URL } = env;
  if (HLS !== undefined && HLS !== 'on' && HLS !== 'off') return { error: `HLS must be "on" (the default in Icecast mode) or "off", not "${HLS}"` };
  if (HLS_FIRST !== undefined && HLS_FIRST !== '1' && HLS_FIRST !== '0') return { error: `HLS_FIRST must be 1 or 0, not "${HLS_FIRST}"` };
  if (HLS === 'off') return { hls: undefined };
  return { hls: { first: HLS_FIRST === '1', ...(HLS_PUBLIC_URL ? { publicUrl: url('HLS_PUBLIC_URL', HLS_PUBLIC_URL) } : {}) } };
}
