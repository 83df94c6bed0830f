/**
 * ICY metadata in the built-in /listen stream: `Icy-MetaData: 1` gets `icy-metaint` and
 * StreamTitle blocks between the audio bytes; a request without it (every browser) gets
 * plain MP3.
 */
import { describe, expect, it } from 'vitest';
import { ICY_METAINT, icyBlock, icyInterleaver } from '../../demo/server/media/icy.ts';
import { parseMp3 } from '../../demo/server/media/mp3.ts';
import { postJson, PRIVATE, withServer } from '../support/server.ts';

const s = withServer();

/** Reads at least `n` bytes of `res`, then cancels it. */
async function firstBytes(res: Response, n: number): Promise<Uint8Array> {
  const reader = res.body!.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  while (total < n) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
  }
  await reader.cancel();
  return Buffer.concat(chunks);
}

/** Splits an ICY stream into its audio and its metadata texts (NUL padding removed). */
function demux(bytes: Uint8Array, metaint: number): { audio: Uint8Array; titles: string[] } {
  const audio: Uint8Array[] = [];
  const titles: string[] = [];
  let at = 0;
  while (at < bytes.length) {
    audio.push(bytes.subarray(at, at + metaint));
    at += metaint;
    if (at >= bytes.length) break;
    const length = bytes[at]! * 16;
    titles.push(
      Buffer.from(bytes.subarray(at + 1, at + 1 + length))
        .toString('utf8')
        .replace(/\0+$/, ''),
    );
    at += 1 + length;
  }
  return { audio: Buffer.concat(audio), titles };
}

describe('ICY metadata on /listen', () => {
  it('Icy-MetaData: 1 → icy-metaint and the current title, then empty blocks, between whole MP3 audio', async () => {
    await postJson(`${s.url}/private/setNowPlaying`, { token: PRIVATE, title: "Don't Stop", artist: 'Band' });
    const res = await fetch(`${s.url}/listen/live`, { headers: { 'Icy-MetaData': '1' } });
    expect(res.headers.get('icy-metaint')).toBe(String(ICY_METAINT));
    const { audio, titles } = demux(await firstBytes(res, 4 * (ICY_METAINT + 100)), ICY_METAINT);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    titles.pop(); // possibly cut short
    expect(titles[0]).toBe("StreamTitle='Band - Don't Stop';");
    expect(titles.slice(1).every((t) => t === '')).toBe(true);
    // What is left once the blocks are taken out is MP3 frames from the first byte.
    const info = parseMp3(audio);
    expect(info.frameOffsets[0]).toBe(0);
    expect(info.frameOffsets.length).toBeGreaterThan(50);
  });

  it('without the header (browsers): no icy-metaint, plain MP3 with no title inside', async () => {
    const res = await fetch(`${s.url}/listen/live`);
    expect(res.headers.get('icy-metaint')).toBeNull();
    const bytes = await firstBytes(res, 4 * ICY_METAINT);
    expect(Buffer.from(bytes).includes('StreamTitle')).toBe(false);
    expect(parseMp3(bytes).frameOffsets[0]).toBe(0);
  });

  it('a new title goes out in the next block; an unchanged one as an empty block', () => {
    let title = 'A - One';
    const mux = icyInterleaver(() => title, 4);
    const out = [mux(new Uint8Array([1, 2, 3])), mux(new Uint8Array([4, 5, 6, 7, 8]))];
    title = 'B - Two';
    out.push(mux(new Uint8Array([9, 10, 11, 12, 13, 14])));
    const bytes = Buffer.concat(out);
    const { audio, titles } = demux(bytes, 4);
    expect([...audio]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14]);
    expect(titles).toEqual(["StreamTitle='A - One';", '', "StreamTitle='B - Two';"]);
  });

  it('a block is padded to 16 bytes and never longer than its length byte can say', () => {
    // "StreamTitle='xy';" is 17 bytes: two blocks of 16.
    const block = icyBlock('xy');
    expect(block[0]).toBe(2);
    expect(block.length).toBe(33);
    const long = icyBlock('é'.repeat(5000));
    expect(long[0]).toBeGreaterThan(240);
    expect(long.length).toBeLessThanOrEqual(1 + 255 * 16);
    expect(Buffer.from(long.subarray(1)).toString('utf8').replace(/\0+$/, '')).toMatch(/^StreamTitle='é+';$/);
  });
});
