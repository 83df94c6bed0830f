/**
 * A small MP3 frame parser for the mock server: enough to know a file's bitrate and
 * duration, to cut it on frame boundaries (live loop, bursts) and to loop a tone into a
 * longer file. No dependencies; MPEG-1, MPEG-2 and MPEG-2.5 layer III only.
 *
 * The demo's files (scripts/make-audio.sh) are CBR with the bit reservoir off, so every
 * frame decodes on its own and whole frames can be sliced and repeated freely.
 */

export interface Mp3Info {
  /** Bits per second (of the first frame; the demo's files are CBR). */
  bitrate: number;
  /** Hz. */
  sampleRate: number;
  /** Byte offset of each frame's start, in order. */
  frameOffsets: number[];
  /** Seconds per frame. */
  frameDuration: number;
  /** Seconds: frames × frameDuration. */
  duration: number;
  /** Bytes per second: bitrate / 8. */
  byteRate: number;
}

interface FrameHeader {
  /** 1 = MPEG-1, 2 = MPEG-2, 2.5 = MPEG-2.5. */
  version: 1 | 2 | 2.5;
  bitrate: number;
  sampleRate: number;
  samples: number;
  length: number;
  mono: boolean;
}

/** Layer III bitrates in kbit/s by bitrate index (0 = "free", 15 = invalid). */
const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const BITRATES_V2 = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160];
/** Sample rates in Hz by sample-rate index (3 is reserved). */
const SAMPLE_RATES = { 1: [44100, 48000, 32000], 2: [22050, 24000, 16000], 2.5: [11025, 12000, 8000] } as const;

/** The layer III header at `pos`, or null if the four bytes there are not a valid one. */
function readHeader(buf: Uint8Array, pos: number): FrameHeader | null {
  if (pos + 4 > buf.length) return null;
  const b1 = buf[pos + 1]!;
  const b2 = buf[pos + 2]!;
  const b3 = buf[pos + 3]!;
  if (buf[pos] !== 0xff || (b1 & 0xe0) !== 0xe0) return null; // 11-bit sync
  const versionBits = (b1 >> 3) & 3;
  if (versionBits === 1) return null; // reserved
  if (((b1 >> 1) & 3) !== 1) return null; // not layer III
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3) return null;
  if ((b3 & 3) === 2) return null; // reserved emphasis
  const version = versionBits === 3 ? 1 : versionBits === 2 ? 2 : 2.5;
  const bitrate = (version === 1 ? BITRATES_V1 : BITRATES_V2)[bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version][rateIndex]!;
  const padding = (b2 >> 1) & 1;
  const perSample = version === 1 ? 144 : 72;
  return {
    version,
    bitrate,
    sampleRate,
    samples: version === 1 ? 1152 : 576,
    length: Math.floor((perSample * bitrate) / sampleRate) + padding,
    mono: b3 >> 6 === 3,
  };
}

/** The size of a leading ID3v2 tag (header, body and optional footer), else 0. */
function id3v2Size(buf: Uint8Array): number {
  if (buf.length < 10 || buf[0] !== 0x49 || buf[1] !== 0x44 || buf[2] !== 0x33) return 0; // "ID3"
  const size = ((buf[6]! & 0x7f) << 21) | ((buf[7]! & 0x7f) << 14) | ((buf[8]! & 0x7f) << 7) | (buf[9]! & 0x7f);
  const footer = buf[5]! & 0x10 ? 10 : 0;
  return Math.min(buf.length, 10 + size + footer);
}

/** Whether `frame` is a Xing/Info/VBRI header frame (metadata, no audio). */
function isTagFrame(buf: Uint8Array, pos: number, h: FrameHeader): boolean {
  // The Xing/Info tag follows the side information (after the 4-byte header and CRC, if any).
  const crc = (buf[pos + 1]! & 1) === 0 ? 2 : 0;
  const side = h.version === 1 ? (h.mono ? 17 : 32) : h.mono ? 9 : 17;
  const at = (p: number, s: string) => [...s].every((ch, i) => buf[p + i] === ch.charCodeAt(0));
  const xing = pos + 4 + crc + side;
  return at(xing, 'Xing') || at(xing, 'Info') || at(pos + 36, 'VBRI');
}

/** Same stream parameters: what a resync must match to accept a header as the next frame. */
function sameStream(a: FrameHeader, b: FrameHeader): boolean {
  return a.version === b.version && a.sampleRate === b.sampleRate;
}

interface Scan {
  info: Mp3Info;
  frameLengths: number[];
}

function scan(buf: Uint8Array): Scan {
  const offsets: number[] = [];
  const lengths: number[] = [];
  let first: FrameHeader | null = null;
  let pos = id3v2Size(buf);

  while (pos + 4 <= buf.length) {
    const h = readHeader(buf, pos);
    const fits = h !== null && pos + h.length <= buf.length;
    // The first frame, and any frame found after junk, must be confirmed by a valid header
    // of the same stream right after it (or end exactly at the end of the buffer): four
    // random bytes pass the header checks far too often to trust one alone.
    const inStep = offsets.length > 0 && offsets.at(-1)! + lengths.at(-1)! === pos;
    let ok = fits && (first === null || sameStream(first, h!));
    if (ok && !inStep) {
      const end = pos + h!.length;
      const next = readHeader(buf, end);
      ok = end === buf.length || (next !== null && sameStream(h!, next));
    }
    if (!ok) {
      pos++;
      // Resync: the next byte that can start an 0xFFE sync word.
      while (pos + 1 < buf.length && !(buf[pos] === 0xff && (buf[pos + 1]! & 0xe0) === 0xe0)) pos++;
      continue;
    }
    if (first === null && isTagFrame(buf, pos, h!)) {
      pos += h!.length; // a Xing/Info frame carries no audio: not one of the frames
      continue;
    }
    first ??= h;
    offsets.push(pos);
    lengths.push(h!.length);
    pos += h!.length;
  }

  if (first === null) throw new Error('not an MP3: no valid MPEG layer III frame found');
  const frameDuration = first.samples / first.sampleRate;
  return {
    info: {
      bitrate: first.bitrate,
      sampleRate: first.sampleRate,
      frameOffsets: offsets,
      frameDuration,
      duration: offsets.length * frameDuration,
      byteRate: first.bitrate / 8,
    },
    frameLengths: lengths,
  };
}

/**
 * Parse an MP3 made of MPEG-1/2/2.5 layer III frames (skips a leading ID3v2 tag if
 * present, and a Xing/Info header frame). Bytes that are not frames (junk, an ID3v1 tag)
 * are skipped by resyncing to the next sync word. Throws a clear Error if there is no
 * valid frame.
 */
export function parseMp3(buf: Uint8Array): Mp3Info {
  return scan(buf).info;
}

/**
 * Whole frames of `buf`, looped from the start as often as needed, until at least
 * `seconds` of audio (at least one frame); returns new bytes.
 */
export function repeatFrames(buf: Uint8Array, seconds: number): Uint8Array {
  if (!Number.isFinite(seconds) || seconds < 0) throw new RangeError(`repeatFrames: bad duration ${seconds}`);
  const { info, frameLengths } = scan(buf);
  // A hair of tolerance so that e.g. 10 frames' worth of seconds is not rounded up to 11.
  const count = Math.max(1, Math.ceil(seconds / info.frameDuration - 1e-9));
  const n = info.frameOffsets.length;
  let size = 0;
  for (let i = 0; i < count; i++) size += frameLengths[i % n]!;
  const out = new Uint8Array(size);
  for (let i = 0, at = 0; i < count; i++) {
    const start = info.frameOffsets[i % n]!;
    const length = frameLengths[i % n]!;
    out.set(buf.subarray(start, start + length), at);
    at += length;
  }
  return out;
}

/**
 * The byte offset of the first frame at or after `offset`, or -1 if `offset` is past the
 * last frame's start (wrapping is the caller's job); used to align a live-stream burst to
 * a frame boundary.
 */
export function frameAt(info: Mp3Info, offset: number): number {
  const offsets = info.frameOffsets;
  let lo = 0;
  let hi = offsets.length; // binary search: first index whose offset >= `offset`
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (offsets[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < offsets.length ? offsets[lo]! : -1;
}
