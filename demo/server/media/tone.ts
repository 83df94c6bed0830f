/**
 * Generated episode audio (addPodcast): the catalog's tone repeated to a length, as MP3 frames
 * (mp3.ts) and, when the tone has one, Ogg Opus packets (ogg-opus.ts), made once per length and
 * shared by the episodes of that length, within a memory budget.
 */
import { opusFile } from './audio-files.ts';
import type { AudioFile } from './catalog.ts';
import { parseMp3, repeatFrames } from './mp3.ts';
import { repeatOpus } from './ogg-opus.ts';
import { etagOf } from '../respond.ts';
import type { EpisodeRecord } from '../store.ts';

/** Generated audio kept in memory: one buffer per length, shared by the episodes of that length. */
export const AUDIO_BUDGET = 96 * 1024 * 1024;

export interface GeneratedAudio {
  audio: Uint8Array;
  etag: string;
  /** Seconds, to a tenth. */
  duration: number;
  opus?: EpisodeRecord['opus'];
}

/**
 * The tone repeated to `seconds`, made once per length (a 500-episode feed stays small): the
 * MP3's frames, and the Opus file's packets to the same length (cheap: copied, not encoded).
 * Null when the budget is spent.
 */
export function toneMaker(tone: AudioFile & { opus?: Uint8Array }): (seconds: number) => GeneratedAudio | null {
  const generated = new Map<number, GeneratedAudio>();
  return (seconds) => {
    let made = generated.get(seconds);
    if (!made) {
      const bytes = [...generated.values()].reduce((sum, g) => sum + g.audio.byteLength + (g.opus?.bytes.byteLength ?? 0), 0);
      // The Opus file is smaller than the MP3: twice the MP3 bounds both.
      if (bytes + seconds * tone.info.byteRate * (tone.opus ? 2 : 1) > AUDIO_BUDGET) return null;
      const audio = repeatFrames(tone.bytes, seconds);
      const exact = parseMp3(audio).duration;
      const duration = Math.round(exact * 10) / 10;
      made = { audio, etag: etagOf(audio), duration, ...(tone.opus ? { opus: opusFile(repeatOpus(tone.opus, exact), duration) } : {}) };
      generated.set(seconds, made);
    }
    return made;
  };
}
