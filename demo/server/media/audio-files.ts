/**
 * An episode's files (`audio` in /public/podcasts, `podcast:alternateEnclosure` in the feed):
 * the Ogg Opus file first where there is one (smaller for the same sound), then the MP3,
 * which stays `audio_url` and the feed's `enclosure`.
 */
import type { AudioFile } from '../../../src/api/index.ts';
import { parseMp3 } from './mp3.ts';
import { etagOf } from '../respond.ts';
import type { EpisodeRecord } from '../store.ts';

export const MP3_TYPE = 'audio/mpeg';
/** What `audio` says of the Opus file, codecs included, for `canPlayType`. */
export const OPUS_TYPE = 'audio/ogg; codecs=opus';

/** An episode's Opus file as kept: its bytes, ETag and average bitrate over `duration` seconds. */
export function opusFile(bytes: Uint8Array, duration: number): NonNullable<EpisodeRecord['opus']> {
  return { bytes, etag: etagOf(bytes), bitrate: Math.round((bytes.byteLength * 8) / duration) };
}

/** MP3 bitrates by buffer (generated episodes of one length share theirs): parsed once. */
const mp3Bitrates = new WeakMap<Uint8Array, number | null>();

function mp3Bitrate(bytes: Uint8Array): number | null {
  if (!mp3Bitrates.has(bytes)) {
    let bitrate: number | null = null;
    try {
      bitrate = parseMp3(bytes).bitrate;
    } catch {
      // not MP3 frames (a test's stand-in bytes): unknown
    }
    mp3Bitrates.set(bytes, bitrate);
  }
  return mp3Bitrates.get(bytes)!;
}

/** The episode's files in order of preference, as absolute URLs on `origin`. */
export function audioFiles(episode: EpisodeRecord, origin: string): AudioFile[] {
  const file = `${origin}/media/${encodeURIComponent(episode.id)}`;
  const { opus } = episode;
  return [
    ...(opus ? [{ url: `${file}.opus`, type: OPUS_TYPE, bitrate: opus.bitrate, length: opus.bytes.byteLength }] : []),
    { url: `${file}.mp3`, type: MP3_TYPE, bitrate: mp3Bitrate(episode.audio), length: episode.audio.byteLength },
  ];
}
