import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { frameAt, parseMp3, repeatFrames } from '../../demo/server/media/mp3.ts';

const media = new URL('../../demo/media/', import.meta.url);
const read = (file: string) => new Uint8Array(readFileSync(new URL(file, media)));

interface Manifest {
  live: { file: string; tracks: { title: string; artist: string; start: number; duration: number }[] };
  episodes: {
    id: string;
    file: string;
    title: string;
    published_at: string;
    duration: number;
    chapters: { start: number; title: string }[];
  }[];
  tone: { file: string; duration: number };
}
const manifest = JSON.parse(readFileSync(new URL('manifest.json', media), 'utf8')) as Manifest;

/** A hand-made MPEG-1 layer III frame header: 128 kbit/s, 44.1 kHz, joint stereo. */
function mpeg1Frame(padding = 0): Uint8Array {
  const length = Math.floor((144 * 128000) / 44100) + padding; // 417 or 418
  const frame = new Uint8Array(length);
  frame.set([0xff, 0xfb, 0x90 | (padding << 1), 0x64]);
  return frame;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
};

describe('the committed demo audio', () => {
  const files = [
    { file: manifest.live.file, duration: manifest.live.tracks.reduce((s, t) => s + t.duration, 0) },
    ...manifest.episodes.map((e) => ({ file: e.file, duration: e.duration })),
    { file: manifest.tone.file, duration: manifest.tone.duration },
  ];

  it.each(files)('$file parses as pure CBR mono-rate frames of the manifest duration', ({ file, duration }) => {
    const buf = read(file);
    const info = parseMp3(buf);
    expect(info.frameOffsets[0]).toBe(0); // no ID3 or Xing tag in front
    expect(info.bitrate).toBe(32000);
    expect(info.sampleRate).toBe(22050);
    expect(info.byteRate).toBe(4000);
    expect(info.frameDuration).toBeCloseTo(576 / 22050, 9);
    expect(info.duration).toBeCloseTo(info.frameOffsets.length * info.frameDuration, 9);
    expect(Math.abs(info.duration - duration)).toBeLessThan(0.2);
    // Frames follow one another with nothing between them, up to the end of the file.
    const sizes = info.frameOffsets.slice(1).map((o, i) => o - info.frameOffsets[i]!);
    expect(new Set(sizes)).toEqual(new Set([104, 105]));
    expect(buf.length - info.frameOffsets.at(-1)!).toBeOneOf([104, 105]);
  });

  it('the live loop is 90-150 s of 3 or 4 back-to-back tracks', () => {
    const { tracks } = manifest.live;
    const info = parseMp3(read(manifest.live.file));
    expect(info.duration).toBeGreaterThanOrEqual(90);
    expect(info.duration).toBeLessThanOrEqual(150);
    expect([3, 4]).toContain(tracks.length);
    expect(tracks[0]!.start).toBe(0);
    for (let i = 1; i < tracks.length; i++) {
      expect(tracks[i]!.start).toBeCloseTo(tracks[i - 1]!.start + tracks[i - 1]!.duration, 0);
    }
  });

  it.each(manifest.episodes)('$id is at least two minutes with three or more chapters in order', (episode) => {
    const info = parseMp3(read(episode.file));
    expect(info.duration).toBeGreaterThanOrEqual(120);
    expect(info.duration).toBeLessThanOrEqual(180);
    expect(episode.chapters.length).toBeGreaterThanOrEqual(3);
    expect(episode.chapters[0]!.start).toBe(0);
    episode.chapters.forEach((chapter, i) => {
      expect(chapter.title).not.toBe('');
      expect(chapter.start).toBeLessThan(info.duration);
      if (i > 0) expect(chapter.start).toBeGreaterThan(episode.chapters[i - 1]!.start);
    });
  });

  it('lists the episodes newest first', () => {
    const dates = manifest.episodes.map((e) => Date.parse(e.published_at));
    expect(dates.every((d) => Number.isFinite(d))).toBe(true);
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });
});

describe('repeatFrames', () => {
  const tone = read(manifest.tone.file);
  const info = parseMp3(tone);

  it.each([1, 25, 95.5])('loops the tone to at least %s s of parseable frames', (seconds) => {
    const out = repeatFrames(tone, seconds);
    const looped = parseMp3(out);
    expect(looped.duration).toBeGreaterThanOrEqual(seconds);
    expect(looped.duration - seconds).toBeLessThan(looped.frameDuration + 1e-9);
    expect(looped.bitrate).toBe(info.bitrate);
    expect(looped.sampleRate).toBe(info.sampleRate);
    expect(out.buffer).not.toBe(tone.buffer);
  });

  it('starts over from the first frame after the last one', () => {
    const out = repeatFrames(tone, info.duration + 1);
    const looped = parseMp3(out);
    const n = info.frameOffsets.length;
    expect(looped.frameOffsets.length).toBeGreaterThan(n);
    expect(out.subarray(looped.frameOffsets[n]!, looped.frameOffsets[n + 1]!)).toEqual(tone.subarray(0, info.frameOffsets[1]!));
  });

  it('gives exactly the frames needed for a whole number of frames', () => {
    const seconds = 10 * info.frameDuration;
    expect(parseMp3(repeatFrames(tone, seconds)).frameOffsets).toHaveLength(10);
  });
});

describe('frameAt', () => {
  const info = parseMp3(read(manifest.live.file));
  const starts = new Set(info.frameOffsets);

  it.each([0, 1, 103, 104, 5000, 64 * 1024, 200_000])('from byte %s lands on a frame start', (offset) => {
    const at = frameAt(info, offset);
    expect(starts.has(at)).toBe(true);
    expect(at).toBeGreaterThanOrEqual(offset);
    expect(at - offset).toBeLessThan(106);
  });

  it('returns the offset itself when it is a frame start', () => {
    const offset = info.frameOffsets[123]!;
    expect(frameAt(info, offset)).toBe(offset);
  });

  it('returns -1 past the last frame start (the caller wraps)', () => {
    expect(frameAt(info, info.frameOffsets.at(-1)! + 1)).toBe(-1);
  });
});

describe('parseMp3 headers and resync', () => {
  it('throws a clear error on garbage', () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 37 + 11) & 0x7f);
    expect(() => parseMp3(garbage)).toThrow(/no valid MPEG layer III frame/);
    expect(() => parseMp3(new Uint8Array(0))).toThrow(Error);
    expect(() => parseMp3(new TextEncoder().encode('<html>not audio</html>'))).toThrow(/not an MP3/);
  });

  it('rejects headers with a bad bitrate index, sample-rate index or layer', () => {
    const bad = [
      [0xff, 0xfb, 0x00, 0x64], // bitrate index 0 (free format)
      [0xff, 0xfb, 0xf0, 0x64], // bitrate index 15
      [0xff, 0xfb, 0x9c, 0x64], // sample-rate index 3
      [0xff, 0xfd, 0x90, 0x64], // layer II
      [0xff, 0xff, 0x90, 0x64], // layer I
      [0xff, 0xeb, 0x90, 0x64], // reserved MPEG version
    ];
    for (const header of bad) {
      const frames = Array.from({ length: 4 }, () => {
        const f = new Uint8Array(418);
        f.set(header);
        return f;
      });
      expect(() => parseMp3(concat(...frames))).toThrow(/no valid/);
    }
  });

  it('parses MPEG-1 frames with padding', () => {
    const info = parseMp3(concat(mpeg1Frame(0), mpeg1Frame(1), mpeg1Frame(0)));
    expect(info).toMatchObject({ bitrate: 128000, sampleRate: 44100, byteRate: 16000, frameOffsets: [0, 417, 835] });
    expect(info.frameDuration).toBeCloseTo(1152 / 44100, 12);
  });

  it('resyncs after a junk prefix that contains false sync bytes', () => {
    const ep = read(manifest.episodes[0]!.file);
    const plain = parseMp3(ep);
    const junk = new Uint8Array(777).map((_, i) => (i % 50 === 0 ? 0xff : (i * 13) & 0xff));
    const info = parseMp3(concat(junk, ep));
    expect(info.frameOffsets[0]).toBe(777);
    expect(info.frameOffsets.length).toBe(plain.frameOffsets.length);
    expect(info.duration).toBeCloseTo(plain.duration, 9);
  });

  it('skips a leading ID3v2 tag and resyncs over junk between frames', () => {
    const tone = read(manifest.tone.file);
    const plain = parseMp3(tone);
    const id3 = new Uint8Array(10 + 300);
    id3.set([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 2, 44]); // "ID3" v2.4, size 2*128 + 44 = 300
    id3.fill(0xff, 10); // tag body that would look like sync bytes if not skipped
    const cut = plain.frameOffsets[10]!;
    // 6 junk bytes before frame 10, with sync words whose headers are invalid (bitrate index 15).
    const buf = concat(id3, tone.subarray(0, cut), new Uint8Array([0x00, 0xff, 0xf3, 0xf2, 0xff, 7]), tone.subarray(cut));
    const info = parseMp3(buf);
    expect(info.frameOffsets[0]).toBe(310);
    expect(info.frameOffsets.length).toBe(plain.frameOffsets.length);
    expect(info.frameOffsets[10]).toBe(310 + cut + 6);
  });

  it('ignores a truncated last frame', () => {
    const tone = read(manifest.tone.file);
    const plain = parseMp3(tone);
    const info = parseMp3(tone.subarray(0, tone.length - 50));
    expect(info.frameOffsets.length).toBe(plain.frameOffsets.length - 1);
  });
});
