/**
 * The demo's audio on disk: `demo/media/manifest.json` and the MP3 files it names
 * (made by scripts/make-audio.sh), loaded once at start.
 */
import { URL as NodeURL, fileURLToPath } from 'node:url';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Chapter } from '../../../src/api/index.ts';
import type { ArtFile } from './artwork.ts';
import { parseMp3, type Mp3Info } from './mp3.ts';
import { etagOf } from '../respond.ts';

export interface LiveTrack {
  title: string;
  artist: string;
  /** Seconds from the start of the loop. */
  start: number;
  duration: number;
  /** The second station's songs are one steady tone each: its pitch (Hz). */
  tone?: number;
}

/** A station's endless loop: its MP3 and the songs in it. */
export type LiveLoop = AudioFile & { tracks: LiveTrack[] };

interface Manifest {
  live: { file: string; tracks: LiveTrack[] };
  live2: { file: string; tracks: LiveTrack[] };
  episodes: {
    id: string;
    file: string;
    title: string;
    description: string;
    published_at: string;
    duration: number;
    chapters: Chapter[];
    /** The episode's WebVTT transcript file, if it has speech. */
    transcript?: string;
    /** The same episode as Ogg Opus, if made. */
    opus?: string;
  }[];
  tone: { file: string; duration: number; opus?: string };
}

export interface AudioFile {
  bytes: Uint8Array;
  info: Mp3Info;
}

export interface Catalog {
  /** The first station's loop. */
  live: LiveLoop;
  /** The second station's loop (one steady tone a song). */
  live2: LiveLoop;
  episodes: (Omit<Manifest['episodes'][number], 'opus'> & { audio: Uint8Array; vtt?: string; opus?: Uint8Array })[];
  /** The tone that generated episodes repeat, and its Ogg Opus file if made (its packets are repeated likewise). */
  tone: AudioFile & { opus?: Uint8Array };
  /** The PNG files of `art/` (scripts/make-artwork.ts), by file name. */
  artwork: Map<string, ArtFile>;
}

// A string path from node:url, so this also works where a test environment replaces URL.
export const DEFAULT_MEDIA_DIR = fileURLToPath(new NodeURL('../../media/', import.meta.url));

export function loadCatalog(dir = DEFAULT_MEDIA_DIR): Catalog {
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as Manifest;
  const audio = (file: string): AudioFile => {
    const bytes = new Uint8Array(readFileSync(join(dir, file)));
    return { bytes, info: parseMp3(bytes) };
  };
  return {
    live: { ...audio(manifest.live.file), tracks: manifest.live.tracks },
    live2: { ...audio(manifest.live2.file), tracks: manifest.live2.tracks },
    episodes: manifest.episodes.map((e) => ({
      ...e,
      audio: new Uint8Array(readFileSync(join(dir, e.file))),
      vtt: e.transcript && readFileSync(join(dir, e.transcript), 'utf8'),
      opus: e.opus ? new Uint8Array(readFileSync(join(dir, e.opus))) : undefined,
    })),
    tone: { ...audio(manifest.tone.file), opus: manifest.tone.opus ? new Uint8Array(readFileSync(join(dir, manifest.tone.opus))) : undefined },
    artwork: loadArtwork(join(dir, 'art')),
  };
}

function loadArtwork(dir: string): Map<string, ArtFile> {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.png')) : [];
  return new Map(
    files.map((f) => {
      const bytes = new Uint8Array(readFileSync(join(dir, f)));
      return [f, { bytes, etag: etagOf(bytes) }];
    }),
  );
}
