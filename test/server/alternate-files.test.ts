/**
 * docs/design.md §1, an episode's files: each demo episode is also Ogg Opus at /media/{id}.opus
 * (made by scripts/make-audio.sh from its MP3); `audio` lists the files, Opus first; `audio_url`
 * stays the MP3. Episodes added with generated audio have the MP3 only.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseMp3 } from '../../demo/server/mp3.ts';
import type { PodcastFeed } from '../../src/internal/api-types.ts';
import { call, postJson, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

const s = withServer();
const u = (path: string) => `${s.url}${path}`;
const media = (file: string) => new Uint8Array(readFileSync(new URL(`../../demo/media/${file}`, import.meta.url)));
const feed = async () => (await call(u(`/public/podcasts?token=${PUBLIC}`))).body as PodcastFeed;

/** Seconds of an Ogg Opus file: the last page's granule position less the pre-skip, at 48 kHz (RFC 7845). */
function opusSeconds(bytes: Uint8Array): number {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (at: number, n: number) => String.fromCharCode(...bytes.subarray(at, at + n));
  expect(text(0, 4)).toBe('OggS');
  expect(text(28, 8)).toBe('OpusHead');
  const preSkip = view.getUint16(28 + 10, true);
  let granule = 0n;
  for (let at = 0; at + 27 <= bytes.length;) {
    expect(text(at, 4)).toBe('OggS');
    granule = view.getBigUint64(at + 6, true);
    const segments = bytes[at + 26]!;
    let body = 0;
    for (let i = 0; i < segments; i++) body += bytes[at + 27 + i]!;
    at += 27 + segments + body;
  }
  return (Number(granule) - preSkip) / 48_000;
}

describe('alternate files', () => {
  it.each(['ep-1', 'ep-2', 'ep-3'])('%s: audio lists the Opus file, then the MP3 (audio_url); each is what its URL serves', async (id) => {
    const episode = (await feed()).episodes.find((e) => e.id === id)!;
    const mp3 = media(`${id}.mp3`);
    const opus = media(`${id}.opus`);
    expect(episode.audio_url).toBe(u(`/media/${id}.mp3`));
    expect(episode.audio).toEqual([
      {
        url: u(`/media/${id}.opus`),
        type: 'audio/ogg; codecs=opus',
        bitrate: Math.round((opus.byteLength * 8) / episode.duration),
        length: opus.byteLength,
      },
      { url: episode.audio_url, type: 'audio/mpeg', bitrate: 32000, length: mp3.byteLength },
    ]);
    for (const file of episode.audio!) {
      const res = await fetch(file.url, { method: 'HEAD' });
      expect(res.status).toBe(200);
      expect(Number(res.headers.get('content-length'))).toBe(file.length);
    }
  });

  it('the Opus file is the same episode: as long as the MP3 (within 0.1 s), and smaller', () => {
    for (const id of ['ep-1', 'ep-2', 'ep-3']) {
      const mp3 = media(`${id}.mp3`);
      const opus = media(`${id}.opus`);
      expect(Math.abs(opusSeconds(opus) - parseMp3(mp3).duration)).toBeLessThan(0.1);
      expect(opus.byteLength).toBeLessThan(mp3.byteLength * 0.85);
    }
  });

  it('an episode added with generated audio has the MP3 only; its .opus is 404', async () => {
    const added = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Generated', duration: 12 });
    expect(added.status).toBe(201);
    expect(added.body.audio).toEqual([{ url: added.body.audio_url, type: 'audio/mpeg', bitrate: 32000, length: expect.any(Number) }]);
    const r = await call(u(`/media/${added.body.id}.opus`));
    expect(r.status).toBe(404);
    expect(r.body.error).toBe('not_found');
  });
});
