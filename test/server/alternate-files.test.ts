/**
 * docs/design.md §1, an episode's files: each demo episode is also Ogg Opus at /media/{id}.opus
 * (made by scripts/make-audio.sh from its MP3); `audio` lists the files, Opus first; `audio_url`
 * stays the MP3. Episodes added with generated audio get one too: the tone's Opus packets
 * repeated to their length (demo/server/media/ogg-opus.ts), as the tone's MP3 frames are.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseMp3 } from '../../demo/server/media/mp3.ts';
import { crc32, parseOggOpus, repeatOpus } from '../../demo/server/media/ogg-opus.ts';
import type { PodcastFeed } from '../../src/api/types.ts';
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

  it('an episode added with generated audio has an Opus file too, as long as its MP3', async () => {
    const added = await postJson(u('/private/addPodcast'), { token: PRIVATE, title: 'Generated', duration: 12 });
    expect(added.status).toBe(201);
    const [opus, mp3] = added.body.audio;
    expect(mp3).toEqual({ url: added.body.audio_url, type: 'audio/mpeg', bitrate: 32000, length: expect.any(Number) });
    expect(opus).toEqual({
      url: u(`/media/${added.body.id}.opus`),
      type: 'audio/ogg; codecs=opus',
      bitrate: expect.any(Number),
      length: expect.any(Number),
    });
    const bytes = new Uint8Array(await (await fetch(opus.url)).arrayBuffer());
    expect(bytes.byteLength).toBe(opus.length);
    const mp3Seconds = parseMp3(new Uint8Array(await (await fetch(mp3.url)).arrayBuffer())).duration;
    expect(Math.abs(opusSeconds(bytes) - mp3Seconds)).toBeLessThan(0.001);
  });
});

/** Each page's stored checksum against Ogg's CRC of the page with the field zeroed. */
function checksumsHold(bytes: Uint8Array): boolean {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < bytes.length;) {
    const segments = bytes[at + 26]!;
    let size = 27 + segments;
    for (let i = 0; i < segments; i++) size += bytes[at + 27 + i]!;
    const pageBytes = Uint8Array.from(bytes.subarray(at, at + size));
    const stored = view.getUint32(at + 22, true);
    pageBytes.fill(0, 22, 26);
    if (crc32(pageBytes) !== stored) return false;
    at += size;
  }
  return true;
}

describe('repeatOpus (generated episodes)', () => {
  const tone = media('tone.opus');
  const tools = spawnSync('sh', ['-c', 'command -v opusinfo && command -v opusdec']).status === 0;

  it('reads opusenc’s file: its checksums are Ogg’s CRC as computed here; 20 ms packets', () => {
    expect(checksumsHold(tone)).toBe(true);
    const { packets, preSkip } = parseOggOpus(tone);
    expect(preSkip).toBeGreaterThan(0);
    expect(packets.length).toBeGreaterThan(400);
  });

  it.each([1, 10, 25.5, 120.03])('%s s: that many samples exactly, valid pages, the header copied', (seconds) => {
    const out = repeatOpus(tone, seconds);
    expect(checksumsHold(out)).toBe(true);
    expect(opusSeconds(out)).toBeCloseTo(seconds, 4);
    const parsed = parseOggOpus(out);
    const source = parseOggOpus(tone);
    expect(Buffer.from(parsed.head).equals(Buffer.from(source.head))).toBe(true);
    expect(parsed.packets.slice(0, 3)).toEqual(source.packets.slice(0, 3));
  });

  it.skipIf(!tools)('opus-tools read and decode it to the asked length', () => {
    const dir = mkdtempSync(join(tmpdir(), 'castlet-opus-'));
    try {
      const file = join(dir, 'long.opus');
      writeFileSync(file, repeatOpus(tone, 25.5));
      const info = spawnSync('opusinfo', [file], { encoding: 'utf8' });
      expect(info.status).toBe(0);
      expect(info.stdout + info.stderr).not.toMatch(/WARNING|ERROR|hole in data/i);
      const decoded = spawnSync('opusdec', ['--quiet', '--rate', '48000', file, join(dir, 'long.wav')]);
      expect(decoded.status).toBe(0);
      // 16-bit mono PCM after a 44-byte WAV header.
      expect((readFileSync(join(dir, 'long.wav')).byteLength - 44) / 2).toBe(25.5 * 48_000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
