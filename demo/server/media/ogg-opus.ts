/**
 * Ogg Opus (RFC 7845, Ogg: RFC 3533) for generated episodes: the tone's Opus packets, repeated
 * to a length, in new Ogg pages, as the MP3 tone's frames are repeated (mp3.ts `repeatFrames`).
 * Nothing is decoded or encoded: the packets are copied, only pages, granule positions and
 * checksums are written. Also where a live Ogg stream's header pages end (the delay probe
 * leaves them out).
 */

/** Bytes of Ogg header pages (granule position 0: codec setup and tags) at the start of `data`. */
export function oggHeaderBytes(data: Uint8Array): number {
  let at = 0;
  while (at + 27 <= data.length && data[at] === 0x4f && data[at + 1] === 0x67 && data[at + 2] === 0x67 && data[at + 3] === 0x53) {
    const granule = Buffer.from(data.buffer, data.byteOffset + at + 6, 8).readBigInt64LE(0);
    if (granule !== 0n) break;
    const segments = data[at + 26]!;
    if (at + 27 + segments > data.length) break;
    let body = 0;
    for (let i = 0; i < segments; i++) body += data[at + 27 + i]!;
    at += 27 + segments + body;
  }
  return at;
}

/** Ogg's CRC-32: polynomial 0x04C11DB7, not reflected, starting at 0 (RFC 3533 §6). */
const CRC_TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let r = n << 24;
  for (let i = 0; i < 8; i++) r = r & 0x80000000 ? (r << 1) ^ 0x04c11db7 : r << 1;
  return r >>> 0;
});

export function crc32(bytes: Uint8Array): number {
  let crc = 0;
  for (const b of bytes) crc = ((crc << 8) ^ CRC_TABLE[((crc >>> 24) ^ b) & 0xff]!) >>> 0;
  return crc;
}

export interface OggOpus {
  /** The identification header (OpusHead) and the comment header (OpusTags). */
  head: Uint8Array;
  tags: Uint8Array;
  /** The audio packets, in order. */
  packets: Uint8Array[];
  /** Samples (at 48 kHz) the decoder drops at the start. */
  preSkip: number;
  serial: number;
}

/** The packets of a one-stream Ogg Opus file; throws when it is not one. */
export function parseOggOpus(bytes: Uint8Array): OggOpus {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const packets: Uint8Array[] = [];
  let partial: Uint8Array[] = [];
  let serial = 0;
  for (let at = 0; at < bytes.length;) {
    if (at + 27 > bytes.length || view.getUint32(at) !== 0x4f676753) throw new Error('not an Ogg page');
    serial = view.getUint32(at + 14, true);
    const segments = bytes[at + 26]!;
    let data = at + 27 + segments;
    for (let i = 0; i < segments; i++) {
      const lace = bytes[at + 27 + i]!;
      partial.push(bytes.subarray(data, data + lace));
      data += lace;
      if (lace < 255) {
        packets.push(Buffer.concat(partial));
        partial = [];
      }
    }
    at = data;
  }
  const [head, tags, ...audio] = packets;
  const magic = (p: Uint8Array | undefined, text: string) => !!p && Buffer.from(p.subarray(0, 8)).toString('latin1') === text;
  if (!magic(head, 'OpusHead') || !magic(tags, 'OpusTags')) throw new Error('not Ogg Opus');
  return { head: head!, tags: tags!, packets: audio, preSkip: head![10]! | (head![11]! << 8), serial };
}

/** Samples (at 48 kHz) a packet decodes to, from its TOC byte (RFC 6716 §3.1). */
export function packetSamples(packet: Uint8Array): number {
  const toc = packet[0] ?? 0;
  const config = toc >> 3;
  const ms = config < 12 ? [10, 20, 40, 60][config % 4]! : config < 16 ? [10, 20][config % 2]! : [2.5, 5, 10, 20][config % 4]!;
  const code = toc & 3;
  const frames = code === 0 ? 1 : code < 3 ? 2 : (packet[1] ?? 0) & 0x3f;
  return frames * ms * 48;
}

/** One Ogg page holding `packets` whole. */
function page(packets: Uint8Array[], flags: number, granule: bigint, serial: number, sequence: number): Uint8Array {
  const lacing: number[] = [];
  for (const p of packets) {
    for (let left = p.length; ; left -= 255) {
      lacing.push(Math.min(left, 255));
      if (left < 255) break;
    }
  }
  const header = new Uint8Array(27 + lacing.length);
  const view = new DataView(header.buffer);
  header.set([0x4f, 0x67, 0x67, 0x53, 0, flags]);
  view.setBigUint64(6, granule, true);
  view.setUint32(14, serial, true);
  view.setUint32(18, sequence, true);
  header[26] = lacing.length;
  header.set(lacing, 27);
  const out = Buffer.concat([header, ...packets]);
  new DataView(out.buffer, out.byteOffset).setUint32(22, crc32(out), true);
  return out;
}

/** Packets per page: 50 of 20 ms, a second (and at most 255 lacing values). */
const PAGE_PACKETS = 50;

/**
 * An Ogg Opus file of `seconds` of audio: the audio packets of `source` repeated from its start
 * as often as needed, the end trimmed to the sample by the last granule position.
 */
export function repeatOpus(source: Uint8Array, seconds: number): Uint8Array {
  const { head, tags, packets, preSkip, serial } = parseOggOpus(source);
  if (!packets.length || !(seconds > 0)) throw new RangeError('repeatOpus: nothing to repeat');
  const wanted = Math.round(seconds * 48_000);
  const pages = [page([head], 0x02, 0n, serial, 0), page([tags], 0, 0n, serial, 1)];
  let samples = 0;
  let onPage: Uint8Array[] = [];
  for (let i = 0; samples < wanted + preSkip; i++) {
    const packet = packets[i % packets.length]!;
    onPage.push(packet);
    samples += packetSamples(packet);
    const last = samples >= wanted + preSkip;
    if (last || onPage.length === PAGE_PACKETS) {
      pages.push(page(onPage, last ? 0x04 : 0, BigInt(last ? wanted + preSkip : samples), serial, pages.length));
      onPage = [];
    }
  }
  return Buffer.concat(pages);
}
