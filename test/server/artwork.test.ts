/**
 * The demo's artwork (scripts/make-artwork.ts): every picture the API names is served, as the
 * size it is meant for — small for the widgets' tile, 1400 px for the feed — with CORS and ETag.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PodcastFeed, StreamInfo } from '../../src/api/types.ts';
import { FILES } from '../../scripts/make-artwork.ts';
import { pngSize } from '../support/png.ts';
import { call, PUBLIC, withServer } from '../support/server.ts';

const s = withServer();
const u = (path: string) => `${s.url}${path}`;

async function picture(url: string) {
  const r = await fetch(url);
  expect(r.status, url).toBe(200);
  expect(r.headers.get('content-type')).toBe('image/png');
  expect(r.headers.get('access-control-allow-origin')).toBe('*');
  return { headers: r.headers, size: pngSize(new Uint8Array(await r.arrayBuffer())) };
}

describe('/media/art/', () => {
  it('the artwork_url of the channel, the show and an episode is a square 320 px PNG (an 88 px tile at up to 3.6× density)', async () => {
    const stream = (await call(u(`/public/stream?token=${PUBLIC}`))).body as StreamInfo;
    const { podcast, episodes } = (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
    const urls = [stream.channel.artwork_url, podcast.artwork_url, ...episodes.map((e) => e.artwork_url)].filter(Boolean) as string[];
    expect(urls).toHaveLength(3);
    for (const url of urls) expect((await picture(url)).size, url).toEqual({ width: 320, height: 320 });
  });

  it('chapter and person pictures the API names are served, square', async () => {
    const { episodes } = (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;
    const urls = episodes.flatMap((e) => [...e.chapters.map((c) => c.img), ...(e.persons ?? []).map((p) => p.img)]).filter(Boolean) as string[];
    expect(urls.length).toBeGreaterThanOrEqual(6);
    for (const url of urls) {
      const { size } = await picture(url);
      expect(size!.width).toBe(size!.height);
    }
  });

  it('is cacheable: ETag, 304 on If-None-Match, HEAD without a body', async () => {
    const { headers } = await picture(u('/media/art/show-1400.png'));
    const etag = headers.get('etag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
    expect(Number(headers.get('content-length'))).toBeGreaterThan(1000);
    expect((await call(u('/media/art/show-1400.png'), { headers: { 'If-None-Match': etag } })).status).toBe(304);
    const head = await call(u('/media/art/show-1400.png'), { method: 'HEAD' });
    expect([head.status, head.text, head.headers.get('content-type')]).toEqual([200, '', 'image/png']);
  });

  it.each(['/media/art/nope.png', '/media/art/show-1400.PNG', '/media/art/..%2fep-1.mp3', '/media/art/__proto__'])(
    '%s → 404 with CORS',
    async (path) => {
      const r = await call(u(path));
      expect(r.status).toBe(404);
      expect(r.headers.get('access-control-allow-origin')).toBe('*');
    },
  );

  it.each(Object.entries(FILES))('%s is committed at the size the script draws it (%j)', (file, [, size]) => {
    const bytes = readFileSync(new URL(`../../demo/media/art/${file}`, import.meta.url));
    expect(pngSize(bytes)).toEqual({ width: size, height: size });
  });
});
