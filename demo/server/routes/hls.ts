/**
 * `/hls/{mountpoint}/…`: the HLS tier's origin (docs/hls.md). Headers a CDN obeys:
 * - `index.m3u8`: the live playlist, its date-times true to the live edge
 *   (`Cache-Control: public, max-age=1`, half a 2 s segment);
 * - `{name}.ts`: a segment, never rewritten (`public, max-age=31536000, immutable`);
 * - `Access-Control-Allow-Origin: *` on everything; anything else, or a segment gone, is a 404
 *   that is not cached. Only names of the segmenter's own shape are read, from its directory.
 *
 * A playlist fetch counts its listener (`?sid=`, else the client address); a CDN's beacon for a
 * fetch it answered from its cache (`X-Castlet-Beacon: 1`) counts it and gets 204 (hls/tier.ts).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import type { HlsTier } from '../hls/tier.ts';
import { HLS_TYPE } from '../hls/tier.ts';
import { PLAYLIST } from '../hls/segmenter.ts';
import { ApiFailure } from '../respond.ts';

const CORS = { 'Access-Control-Allow-Origin': '*' };
const SEGMENT = /^[0-9a-z]+(-[0-9a-z]+)*\.ts$/;
/** A session id: what a player may put in `sid` (longer or other characters are ignored). */
const SESSION = /^[\w-]{8,64}$/;

export function hlsRoutes(tier: HlsTier): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const missing = (what: string) => new ApiFailure('not_found', `There is no ${what} on the HLS tier now.`, { ...CORS, 'Cache-Control': 'no-store' });

  app.get('/:mount/:file', async (c) => {
    const mount = c.req.param('mount');
    const file = c.req.param('file');
    const segmenter = tier.existing(mount);
    if (!segmenter) throw missing(`mountpoint "${mount}"`);
    if (file === PLAYLIST) {
      const playlist = segmenter.playlist();
      if (!playlist) throw missing('fresh playlist');
      const sid = c.req.query('sid');
      tier.listened(mount, sid && SESSION.test(sid) ? sid : `addr:${c.env?.incoming?.socket.remoteAddress ?? '?'}`);
      if (c.req.header('x-castlet-beacon') === '1') {
        tier.counts.beacons++;
        return new Response(null, { status: 204, headers: { ...CORS, 'Cache-Control': 'no-store' } });
      }
      tier.counts.playlists++;
      tier.counts.bytes += playlist.text.length;
      const maxAge = Math.max(1, Math.floor(playlist.targetDuration / 2));
      return new Response(playlist.text, {
        headers: { ...CORS, 'Content-Type': HLS_TYPE, 'Cache-Control': `public, max-age=${maxAge}` },
      });
    }
    if (!SEGMENT.test(file)) throw missing(`file "${file}"`);
    let bytes: Buffer;
    try {
      bytes = await readFile(join(segmenter.runDir, file));
    } catch {
      throw missing(`segment "${file}"`);
    }
    tier.counts.segments++;
    tier.counts.bytes += bytes.byteLength;
    const per = tier.counts.perSegment;
    per.set(file, (per.get(file) ?? 0) + 1);
    // The last few hundred segments are enough for a figure.
    if (per.size > 500) per.delete(per.keys().next().value!);
    return new Response(new Uint8Array(bytes), {
      headers: { ...CORS, 'Content-Type': 'video/mp2t', 'Cache-Control': 'public, max-age=31536000, immutable' },
    });
  });
  // Any other path under /hls: a 404 no cache keeps.
  app.all('*', (c) => {
    throw missing(`path "${c.req.path}"`);
  });
  return app;
}
