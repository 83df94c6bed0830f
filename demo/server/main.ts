/**
 * `npm run mock`: the mock service on PORT/HOST (default 127.0.0.1:8080) with the seeded
 * account; DEMO_PRIVATE_TOKEN / DEMO_PUBLIC_TOKEN override the documented demo tokens;
 * PUBLIC_URL is the origin of absolute URLs in responses (default the listen address);
 * ICECAST_URL (+ ICECAST_ADMIN_USER / ICECAST_ADMIN_PASSWORD) turns on Icecast mode;
 * ICECAST_BURST_SIZE is that Icecast's <burst-size> in bytes (default 65535, Icecast's);
 * ICECAST_RELAYS lists relays of ICECAST_URL (comma-separated base URLs): their mounts are sources too;
 * in Icecast mode the HLS tier runs (docs/hls.md) unless HLS=off; HLS_FIRST=1 lists it first,
 * HLS_PUBLIC_URL is the base URL a CDN serves it from (default the origin);
 * MAX_STREAMS caps open SSE + /listen connections (default 1000, at most half the descriptor
 * limit), MAX_STREAMS_PER_CLIENT those of one client address (default 32).
 */
import { isUuid } from '../../src/api/index.ts';
import { MAX_STREAMS, MAX_STREAMS_PER_CLIENT } from './connections.ts';
import { hlsFromEnv } from './hls/env.ts';
import type { HlsConfig } from './hls/tier.ts';
import { DEMO_TOKENS } from './seed.ts';
import { startServer } from './serve.ts';

function fail(message: string): never {
  console.error(`castlet mock: ${message}`);
  process.exit(1);
}

const env = process.env;
const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65535) fail(`PORT must be a port number, not "${env.PORT}"`);
const host = env.HOST || '127.0.0.1';
const privateToken = env.DEMO_PRIVATE_TOKEN || DEMO_TOKENS.private_token;
const publicToken = env.DEMO_PUBLIC_TOKEN || DEMO_TOKENS.public_token;
if (!isUuid(privateToken)) fail('DEMO_PRIVATE_TOKEN must be UUID-shaped (8-4-4-4-12 hex digits)');
if (!isUuid(publicToken)) fail('DEMO_PUBLIC_TOKEN must be UUID-shaped (8-4-4-4-12 hex digits)');
if (privateToken.toLowerCase() === publicToken.toLowerCase()) fail('the public and private tokens must differ');
const maxStreams = Number(env.MAX_STREAMS ?? MAX_STREAMS);
if (!Number.isInteger(maxStreams) || maxStreams < 1) fail(`MAX_STREAMS must be a whole number of connections, not "${env.MAX_STREAMS}"`);
const maxStreamsPerClient = Number(env.MAX_STREAMS_PER_CLIENT ?? MAX_STREAMS_PER_CLIENT);
if (!Number.isInteger(maxStreamsPerClient) || maxStreamsPerClient < 1) {
  fail(`MAX_STREAMS_PER_CLIENT must be a whole number of connections, not "${env.MAX_STREAMS_PER_CLIENT}"`);
}
const publicUrl = env.PUBLIC_URL ? originUrl('PUBLIC_URL', env.PUBLIC_URL) : undefined;
const icecast = env.ICECAST_URL
  ? {
      url: originUrl('ICECAST_URL', env.ICECAST_URL),
      ...(env.ICECAST_ADMIN_USER ? { adminUser: env.ICECAST_ADMIN_USER } : {}),
      ...(env.ICECAST_ADMIN_PASSWORD ? { adminPassword: env.ICECAST_ADMIN_PASSWORD } : {}),
      ...(env.ICECAST_BURST_SIZE ? { burstSize: Number(env.ICECAST_BURST_SIZE) } : {}),
      ...(env.ICECAST_RELAYS?.trim()
        ? {
            relays: env.ICECAST_RELAYS.split(',')
              .map((url) => url.trim())
              .filter(Boolean)
              .map((url) => originUrl('ICECAST_RELAYS', url)),
          }
        : {}),
      ...hlsEnv(),
    }
  : undefined;

/** The HLS tier's settings (hls/env.ts); a wrong value stops the service. */
function hlsEnv(): { hls?: HlsConfig } {
  const read = hlsFromEnv(env, originUrl);
  if ('error' in read) fail(read.error);
  return read.hls ? { hls: read.hls } : {};
}
if (!icecast && env.ICECAST_RELAYS) fail('ICECAST_RELAYS needs ICECAST_URL');
if (icecast?.burstSize !== undefined && !(Number.isInteger(icecast.burstSize) && icecast.burstSize >= 0)) {
  fail(`ICECAST_BURST_SIZE must be Icecast's <burst-size> in bytes (a whole number such as 65535), not "${env.ICECAST_BURST_SIZE}"`);
}
if (!icecast && env.ICECAST_BURST_SIZE) fail('ICECAST_BURST_SIZE needs ICECAST_URL');
if (!icecast && (env.ICECAST_ADMIN_USER || env.ICECAST_ADMIN_PASSWORD)) fail('ICECAST_ADMIN_USER / ICECAST_ADMIN_PASSWORD need ICECAST_URL');
if (icecast && !icecast.adminUser !== !icecast.adminPassword) fail('set both ICECAST_ADMIN_USER and ICECAST_ADMIN_PASSWORD, or neither');

/** An http(s) URL with nothing after the origin but an optional path prefix, without a trailing slash. */
function originUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${name} must be an absolute http(s) URL such as https://radio.example, not "${value}"`);
  }
  if (!/^https?:$/.test(url.protocol) || url.search || url.hash || url.username) {
    fail(`${name} must be an http(s) URL without query, fragment or credentials, not "${value}"`);
  }
  return url.href.replace(/\/+$/, '');
}

const server = await startServer({
  port,
  host,
  privateToken,
  publicToken,
  publicUrl,
  maxStreams,
  maxStreamsPerClient,
  followLiveLoop: true,
  ...(icecast ? { icecast } : {}),
}).catch((err: unknown) => fail(`cannot listen on ${host}:${port}: ${err instanceof Error ? err.message : String(err)}`));
// The design asks for the demo tokens at startup; request logs never contain them.
console.log(`castlet mock on ${server.url}  public token ${publicToken}  private token ${privateToken}`);
const { limit, streams, perClient } = server.caps;
console.log(
  `castlet mock: at most ${streams} open event streams and /listen connections, ${perClient} per client address (descriptor limit ${limit})`,
);
if (icecast) console.log(`castlet mock: streams from Icecast at ${icecast.url}${icecast.adminUser ? ' (admin access)' : ''}`);
if (icecast?.relays) console.log(`castlet mock: and from its relays ${icecast.relays.join(', ')}`);
if (icecast?.hls)
  console.log(`castlet mock: HLS tier on (ffmpeg per channel; ${icecast.hls.first ? 'listed first' : 'listed after Icecast'}; HLS=off turns it off)`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) process.exit(1);
    stopping = true;
    void server.close().then(() => process.exit(0));
  });
}
