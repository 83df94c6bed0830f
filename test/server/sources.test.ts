/**
 * A channel's sources in Icecast mode (demo/server/icecast/sources.ts) and the delay probe's arithmetic
 * (demo/server/icecast/delay-figures.ts), on made-up status answers and streams; test/icecast/relays.test.ts
 * runs them against real servers.
 */
import { describe, expect, it } from 'vitest';
import { keep, liveLine, measureDelay } from '../../demo/server/icecast/delay-figures.ts';
import { oggHeaderBytes } from '../../demo/server/media/ogg-opus.ts';
import type { MountStatus } from '../../demo/server/icecast/status.ts';
import { listSources as channelSources, type ServerMounts } from '../../demo/server/icecast/sources.ts';

const server = (url: string, relay: boolean, mounts: Record<string, Partial<MountStatus>>): ServerMounts => ({
  url,
  relay,
  mounts: new Map(Object.entries(mounts).map(([m, s]) => [m, { listeners: 0, ...s }])),
});
const M = 'http://master:8000';
const R1 = 'http://relay1:8000';
const R2 = 'http://relay2:8000';

describe('channelSources', () => {
  it('orders Opus, Vorbis, MP3; within a mount relays first, fewest listeners first, the master last', () => {
    const { sources } = channelSources(
      'live',
      [
        server(M, false, { live: { listeners: 2, bitrate: 32 }, 'live.opus': { listeners: 2 }, 'live.ogg': { listeners: 0 } }),
        server(R1, true, { live: { listeners: 5, bitrate: 32 }, 'live.opus': { listeners: 4 } }),
        server(R2, true, { live: { listeners: 1, bitrate: 32 }, 'live.opus': { listeners: 9 } }),
      ],
      () => null,
    );
    expect(sources.map((s) => [s.url, s.type])).toEqual([
      [`${R1}/live.opus`, 'audio/ogg; codecs=opus'],
      [`${R2}/live.opus`, 'audio/ogg; codecs=opus'],
      [`${M}/live.opus`, 'audio/ogg; codecs=opus'],
      [`${M}/live.ogg`, 'audio/ogg; codecs=vorbis'],
      [`${R2}/live`, 'audio/mpeg'],
      [`${R1}/live`, 'audio/mpeg'],
      [`${M}/live`, 'audio/mpeg'],
    ]);
    expect(sources.find((s) => s.url === `${M}/live`)!.bitrate).toBe(32);
    expect(sources.find((s) => s.url === `${M}/live.opus`)!.bitrate).toBeNull();
  });

  it("listeners: every server's count of every mount, less each relay's connection to the master and the probes'", () => {
    const { listeners } = channelSources(
      'live',
      [
        server(M, false, { live: { listeners: 3 }, 'live.opus': { listeners: 1 } }),
        server(R1, true, { live: { listeners: 4 }, 'live.opus': { listeners: 0 } }),
        server(R2, true, { live: { listeners: 2 } }),
        // Another channel's mount is not counted.
        server('http://other', true, { other: { listeners: 50 } }),
      ],
      () => null,
      (s, m) => (s === R1 && m === 'live' ? 1 : 0),
    );
    // master live 3 − 2 relays, master opus 1 − 1 relay, relay1 live 4 − 1 probe, relay1 opus 0, relay2 live 2.
    expect(listeners).toBe(1 + 0 + 3 + 0 + 2);
  });

  it('a mount with no source and a server not listed are left out; the title is the master’s (MP3 mount, else another), never a relay’s', () => {
    // The master missed a poll: its relay's title lags it, so there is none (the last known one stays).
    const only = channelSources('live', [server(R1, true, { live: { title: 'A - B' } })], () => 4.2);
    expect(only.sources.map((s) => [s.url, s.delay])).toEqual([[`${R1}/live`, 4.2]]);
    expect(only.title).toBeUndefined();
    const both = channelSources('live', [server(R1, true, { live: { title: 'R - T' } }), server(M, false, { live: { title: 'M - T' } })], () => null);
    expect(both.title).toBe('M - T');
    // Without an MP3 mount on the master: its Opus mount's title, still not the relay's (listed first).
    const opus = channelSources(
      'live',
      [server(R1, true, { 'live.opus': { title: 'R - O' } }), server(M, false, { 'live.opus': { title: 'M - O' } })],
      () => null,
    );
    expect(opus.title).toBe('M - O');
    expect(channelSources('live', [], () => null)).toEqual({ sources: [], listeners: 0, title: undefined });
  });
});

describe('the delay probe’s arithmetic', () => {
  // A master's stream (bytes that never repeat), 4000 B/s. The reference connection starts at its
  // byte 20 000: 16 000 bytes of burst at at0, then a 4000-byte block each second.
  let x = 2463534242;
  const next = () => ((x ^= x << 13), (x ^= x >>> 17), (x ^= x << 5), (x >>> 0) & 255);
  const stream = Buffer.from(Array.from({ length: 80_000 }, next));
  const REF = 20_000;
  const at0 = 1_000_000;
  const reference = [
    { at: at0, offset: 0, bytes: stream.subarray(REF, REF + 16_000) },
    ...[1, 2, 3, 4].map((n) => {
      const offset = 12_000 + n * 4000;
      return { at: at0 + n * 1000, offset, bytes: stream.subarray(REF + offset, REF + offset + 4000) };
    }),
  ];

  it('the master’s line: byte rate and when each byte went live, from the blocks after the burst', () => {
    const line = liveLine(reference, undefined)!;
    expect(line.rate).toBeCloseTo(4000, 5);
    // The block at offset 16 000 went live at at0 + 1000.
    expect(line.epoch + (16_000 / line.rate) * 1000).toBeCloseTo(at0 + 1000, 5);
    expect(line.interval).toBe(1000);
    expect(liveLine(reference.slice(0, 2), undefined)).toBeUndefined();
  });

  it('a listener is behind by where its first byte sits in the master’s stream, whatever part of its burst has arrived', () => {
    const line = liveLine(reference, 4000)!;
    // Connected at at0 + 2500, when the master's edge was the end of the block that went live at
    // at0 + 2000 (reference bytes 20 000–24 000); its burst: 40 000 bytes, from before the reference began.
    const edge = REF + 24_000;
    const full = { at: at0 + 2500, lastAt: at0 + 2600, data: stream.subarray(edge - 40_000, edge), ogg: false };
    // It starts 36 000 bytes (9 s) before the byte that went live at at0 + 2000; its first byte came at
    // at0 + 2500, half a block's interval (1 s) after it asked, on average: 9 s behind.
    expect(measureDelay(reference, line, full)).toBeCloseTo(9, 2);
    // Only the first part arrived so far: the same start, the same delay.
    const part = { ...full, data: full.data.subarray(0, 20_000) };
    expect(measureDelay(reference, line, part)).toBeCloseTo(9, 2);
    // Bytes that are nowhere in the master's stream: no figure.
    expect(measureDelay(reference, line, { ...full, data: Buffer.alloc(4000, 1) })).toBeUndefined();
    // The reference as it was when the listener's last bytes came: a later block is not matched.
    const later = { ...full, data: stream.subarray(edge - 40_000, edge + 8000) };
    expect(measureDelay(reference, line, later)).toBeUndefined();
    expect(measureDelay(reference, line, { ...later, lastAt: at0 + 4000 })).toBeCloseTo(9, 2);
  });

  it('a source’s delay is the median of its last five figures; one more than 1.5 s off starts them over', () => {
    // Connections a block apart (a burst ends on a source block): the middle, not the last one.
    let k = keep([], 8.2);
    expect(k).toEqual({ samples: [8.2], delay: 8.2 });
    for (const figure of [9.1, 8.4, 9.0]) k = keep(k.samples, figure);
    expect(k.delay).toBeCloseTo(8.7, 3);
    for (const figure of [8.3, 8.9]) k = keep(k.samples, figure);
    expect(k.samples).toEqual([9.1, 8.4, 9.0, 8.3, 8.9]);
    expect(k.delay).toBe(8.9);
    // A relay that restarted and refills its burst: its figures start over, not averaged with the old state.
    k = keep(k.samples, 3.1);
    expect(k).toEqual({ samples: [3.1], delay: 3.1 });
  });

  it('Ogg header pages (granule 0) at the start of a listener’s bytes are left out', () => {
    const page = (granule: bigint, body: number) => {
      const header = Buffer.alloc(28);
      header.write('OggS', 0, 'latin1');
      header.writeBigInt64LE(granule, 6);
      header[26] = 1;
      header[27] = body;
      return Buffer.concat([header, Buffer.alloc(body, 9)]);
    };
    const data = Buffer.concat([page(0n, 19), page(0n, 40), page(960n, 100)]);
    expect(oggHeaderBytes(data)).toBe(28 + 19 + 28 + 40);
    expect(oggHeaderBytes(Buffer.from('not ogg at all'))).toBe(0);
  });
});
