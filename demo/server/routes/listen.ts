/**
 * `/listen/{mount}`: the built-in live stream, one broadcast clock per mount (media/broadcast.ts),
 * with ICY titles for players that ask (media/icy.ts). CORS for every origin; 503 while the
 * owner has stopped the server or too many streams are open; in Icecast mode not served (404
 * naming the Icecast URL).
 */
import { Hono } from 'hono';
import type { Connections } from '../connections.ts';
import type { AppEnv } from '../env.ts';
import type { ChannelBroadcasts } from '../media/broadcast.ts';
import { ICY_METAINT, icyInterleaver, icyTitle } from '../media/icy.ts';
import { ApiFailure } from '../respond.ts';
import type { Store } from '../store.ts';

export interface ListenOptions {
  broadcasts: ChannelBroadcasts;
  connections: Connections;
  /** Icecast mode: where the streams are instead. */
  icecastUrl?: string;
}

export function listenRoutes(store: Store, { broadcasts, connections, icecastUrl }: ListenOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get('/:mount', (c) => {
    const cors = { 'Access-Control-Allow-Origin': '*' };
    const entry = broadcasts.get(c.req.param('mount'));
    if (!entry) {
      const hint = icecastUrl ? `The streams are on Icecast (${icecastUrl}): use stream_url.` : 'There is no such mountpoint.';
      throw new ApiFailure('not_found', hint, cors);
    }
    if (!store.ready) {
      throw new ApiFailure('server_offline', 'The stream is offline; the owner has stopped the server.', { ...cors, 'Retry-After': '10' });
    }
    const { channel, broadcast } = entry;
    // Players such as VLC or ffplay ask for in-band titles; browsers never do.
    const icy = c.req.header('icy-metadata')?.trim() === '1';
    if (c.req.method !== 'HEAD') {
      try {
        connections.hold(c.env);
      } catch (err) {
        throw err instanceof ApiFailure ? new ApiFailure(err.code, err.description, { ...err.headers, ...cors }) : err;
      }
    }
    const title = () => icyTitle(store.nowPlaying(channel.id).current);
    return new Response(c.req.method === 'HEAD' ? null : broadcast.listen(icy ? icyInterleaver(title) : undefined), {
      headers: {
        ...cors,
        'Content-Type': 'audio/mpeg',
        'Cache-Control': 'no-cache, no-store',
        'icy-name': channel.name,
        'icy-genre': channel.genre,
        'icy-br': String(Math.round((broadcast.byteRate * 8) / 1000)),
        'icy-pub': '0',
        ...(icy ? { 'icy-metaint': String(ICY_METAINT) } : {}),
      },
    });
  });
  return app;
}
