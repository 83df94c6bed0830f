/**
 * Which of an episode's files a player loads: the first of `audio` (in the service's order of
 * preference) that the browser says it can play, else the MP3. Pure: the engine's
 * `canPlayType` is passed in.
 */
import type { AudioFile, Episode } from './api-types.js';

/** The MP3 every browser plays (an older service lists no `audio`: `audio_url` is it). */
const MP3 = /^audio\/(mpeg|mp3)\b/i;

/**
 * The URL to play of `episode`: the first file whose type `canPlayType` answers "maybe" or
 * "probably" for, else its MP3 (`audio_url`).
 */
export function pickAudio(episode: Pick<Episode, 'audio' | 'audio_url'>, canPlayType: (type: string) => string): string {
  const files: readonly AudioFile[] = episode.audio ?? [];
  const playable = files.find((f) => f.url && f.type && canPlayType(f.type) !== '');
  return playable?.url ?? files.find((f) => MP3.test(f.type))?.url ?? episode.audio_url;
}
