/**
 * GET/HEAD /media/{id}.mp3: episode files with byte ranges (RFC 9110 §14): one range
 * `a-b`, `a-` or `-n` → 206; unsatisfiable → 416; ETag with If-None-Match and If-Range.
 */
import type { EpisodeRecord } from './store.ts';
import { ApiFailure } from './respond.ts';

export type ByteRange = { start: number; end: number };

/**
 * The one range `header` asks for in a `size`-byte file: a range, `unsatisfiable`, or null
 * when the header is absent, malformed or asks for several ranges (the whole file is sent).
 */
export function parseRange(header: string | null | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/i.exec(header?.trim() ?? '');
  if (!match) return null;
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? Infinity : Number(last);
  if (end < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(end, size - 1) };
}

export function episodeAudio(episode: EpisodeRecord | undefined, req: Request): Response {
  if (!episode) throw new ApiFailure('not_found', 'There is no such episode.');
  const size = episode.audio.byteLength;
  const headers: Record<string, string> = {
    'Content-Type': 'audio/mpeg',
    'Accept-Ranges': 'bytes',
    ETag: episode.etag,
    'Cache-Control': 'public, max-age=3600',
  };
  const ifRange = req.headers.get('if-range');
  const range = ifRange && ifRange !== episode.etag ? null : parseRange(req.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    throw new ApiFailure('range_not_satisfiable', `The file has ${size} bytes; the requested range is outside it.`, {
      'Content-Range': `bytes */${size}`,
    });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const part = episode.audio.subarray(start, end + 1);
  return new Response(req.method === 'HEAD' ? null : (part as Uint8Array<ArrayBuffer>), {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'Content-Length': String(part.byteLength),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    },
  });
}
