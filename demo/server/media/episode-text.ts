/**
 * GET/HEAD /media/{id}.vtt and /media/{id}.chapters.json: an episode's WebVTT transcript and
 * its chapters in the Podcasting 2.0 JSON chapters format (what `podcast:chapters` in the RSS
 * feed points to). Like the audio: no token, CORS for every origin, ETag, cacheable.
 */
import type { EpisodeRecord } from '../store.ts';
import { ApiFailure, etagOf } from '../respond.ts';
import { chaptersView } from '../views.ts';

export type EpisodeTextKind = 'vtt' | 'chapters.json';

const TYPES: Record<EpisodeTextKind, string> = {
  vtt: 'text/vtt; charset=utf-8',
  'chapters.json': 'application/json+chapters; charset=utf-8',
};

/** Podcasting 2.0 JSON chapters (version 1.2.0): `img`, `url` where given, `toc` when false. */
export function chaptersJson(episode: EpisodeRecord, origin: string): string {
  return JSON.stringify({
    version: '1.2.0',
    chapters: chaptersView(episode.chapters, origin).map(({ start, ...rest }) => ({ startTime: start, ...rest })),
  });
}

/** `origin`: the public origin, for chapter pictures on this service. */
export function episodeText(episode: EpisodeRecord | undefined, kind: EpisodeTextKind, req: Request, origin: string): Response {
  const text = kind === 'vtt' ? episode?.transcript : episode?.chapters.length ? chaptersJson(episode, origin) : undefined;
  if (!text) {
    const what = kind === 'vtt' ? 'transcript' : 'chapters';
    throw new ApiFailure('not_found', episode ? `This episode has no ${what}.` : 'There is no such episode.');
  }
  const headers = { 'Content-Type': TYPES[kind], ETag: etagOf(text), 'Cache-Control': 'public, max-age=3600' };
  return new Response(req.method === 'HEAD' ? null : text, { headers });
}
