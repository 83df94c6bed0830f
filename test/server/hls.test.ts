/**
 * The HLS tier's pure parts (demo/server/hls/): reading and rewriting ffmpeg's playlist, the
 * date-time correction from when segments appeared, the listener window, HLS / HLS_FIRST /
 * HLS_PUBLIC_URL, and the origin's answers with no segment to serve. The real segmenter, Icecast
 * and nginx are in test/icecast/hls.test.ts.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { hlsFromEnv } from '../../demo/server/hls/env.ts';
import { LateBy, parsePlaylist, rewriteDateTimes, type Segment } from '../../demo/server/hls/playlist.ts';
import { HlsTier } from '../../demo/server/hls/tier.ts';
import { hlsRoutes } from '../../demo/server/routes/hls.ts';

const FFMPEG = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:3
#EXT-X-MEDIA-SEQUENCE:1795955273
#EXTINF:2.507756,
#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:27:49.126+0000
1-mx1tedjm-1795955273.ts
#EXTINF:2.507756,
#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:27:51.634+0000
1-mx1tedjm-1795955274.ts
`;

describe('the playlist', () => {
  it('reads ffmpeg’s live playlist: target duration, sequence numbers, durations, date-times (its +0000 offset)', () => {
    expect(parsePlaylist(FFMPEG)).toEqual({
      targetDuration: 3,
      segments: [
        { seq: 1795955273, duration: 2.507756, uri: '1-mx1tedjm-1795955273.ts', pdt: Date.parse('2026-11-29T12:27:49.126Z') },
        { seq: 1795955274, duration: 2.507756, uri: '1-mx1tedjm-1795955274.ts', pdt: Date.parse('2026-11-29T12:27:51.634Z') },
      ],
    });
  });

  it.each(['', 'garbage', '#EXTM3U\n#EXTINF:2,\nx.ts\n', '#EXTM3U\n#EXT-X-TARGETDURATION:x\n'])('is not a playlist: %j', (text) => {
    expect(parsePlaylist(text)).toBeUndefined();
  });

  it('moves every date-time earlier by the correction, in ISO 8601 UTC; the rest unchanged', () => {
    const out = rewriteDateTimes(FFMPEG, 16_400);
    expect(out).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:27:32.726Z\n');
    expect(out).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-29T12:27:35.234Z\n');
    expect(out.replace(/^#EXT-X-PROGRAM-DATE-TIME:.*$/gm, '')).toBe(FFMPEG.replace(/^#EXT-X-PROGRAM-DATE-TIME:.*$/gm, ''));
  });
});

describe('LateBy: how late ffmpeg’s date-times are', () => {
  const seg = (seq: number, pdt: number): Segment => ({ seq, duration: 2.5, uri: `${seq}.ts`, pdt });

  it('skips the burst’s rush and takes the smallest paced figure (a segment closed by a block that arrived as its end went live)', () => {
    const late = new LateBy();
    // ffmpeg started at t=100 000 with a 16 s burst: its clock is 16 s ahead of the live edge.
    const start = 100_000;
    // The burst: six segments within 50 ms.
    for (let i = 0; i < 6; i++) late.seen(seg(i, start + i * 2500), start + 10 * i);
    expect(late.ms).toBeUndefined();
    // Then paced: segment i ends live at start − 16 000 + (i + 1) × 2500 and appears up to a block (1 s) earlier.
    const early = [0.6, 0.1, 0.9, 0.4];
    for (const [n, u] of early.entries()) {
      const i = 6 + n;
      late.seen(seg(i, start + i * 2500), start - 16_000 + (i + 1) * 2500 - u * 1000);
    }
    // The first after the burst came too soon after it to count.
    expect(late.figures).toBe(3);
    expect(late.ms).toBe(16_100);
  });
});

describe('HLS environment', () => {
  const url = (_: string, v: string) => v.replace(/\/+$/, '');
  it.each([
    [{}, { hls: { first: false } }],
    [{ HLS: 'on', HLS_FIRST: '1' }, { hls: { first: true } }],
    [{ HLS_PUBLIC_URL: 'https://cdn.example/' }, { hls: { first: false, publicUrl: 'https://cdn.example' } }],
    [{ HLS: 'off', HLS_FIRST: '1' }, { hls: undefined }],
  ])('%j → %j', (env, out) => {
    expect(hlsFromEnv(env, url)).toEqual(out);
  });
  it.each([{ HLS: 'no' }, { HLS_FIRST: 'yes' }])('%j is refused with a reason', (env) => {
    expect(hlsFromEnv(env, url)).toEqual({ error: expect.stringMatching(/^HLS(_FIRST)? must be/) });
  });
});

describe('the tier', () => {
  let tier: HlsTier;
  afterEach(() => tier.stop());

  it('a listener is a session seen within 2.5 segment lengths (6.25 s); each counted once however often it fetches', () => {
    tier = new HlsTier({}, () => {});
    tier.segmenter('live');
    tier.listened('live', 'a', 0);
    tier.listened('live', 'a', 1000);
    tier.listened('live', 'b', 2000);
    expect(tier.listeners('live', 2000)).toBe(2);
    expect(tier.listeners('live', 7300)).toBe(1);
    expect(tier.listeners('live', 8300)).toBe(0);
    expect(tier.listeners('other', 0)).toBe(0);
  });

  it('no source and 404s (CORS, not cached) while its segmenter has no fresh segment; unknown mountpoints and paths too', async () => {
    tier = new HlsTier({}, () => {});
    tier.segmenter('live');
    expect(tier.source('live', 'http://o')).toBeUndefined();
    const app = hlsRoutes(tier);
    for (const path of ['/live/index.m3u8', '/live/1-a-2.ts', '/other/index.m3u8', '/live/..%2Fx.ts', '/live/x.m3u8', '/live/a/b']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('access-control-allow-origin'), path).toBe('*');
    }
  });
});
