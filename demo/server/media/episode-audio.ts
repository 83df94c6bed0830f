/**
 * GET/HEAD /media/{id}.mp3 and /media/{id}.opus: episode files with byte ranges (RFC 9110
 * §14): one range `a-b`, `a-` or `-n` → 206; unsatisfiable → 416; ETag with If-None-Match
 * and If-Range. Both formats are served by the same code.
 */
import type { EpisodeRecord } from '../store.ts';
import { ApiFailure } from '../respond.ts';

/** The file formats of an episode. */
export type EpisodeFormat = 'mp3' | 'opus';

/** A file to serve: its bytes, ETag and Content-Type. */
interface ServedFile {
  bytes: Uint8Array;
  etag: string;
  type: string;
}

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

/** The episode's file in `format`; 404 when there is no such episode or it has no such file. */
export function episodeAudio(episode: EpisodeRecord | undefined, req: Request, format: EpisodeFormat = 'mp3'): Response {
  if (!episode) throw new ApiFailure('not_found', 'There is no such episode.');
  if (format === 'mp3') return servedFile({ bytes: episode.audio, etag: episode.etag, type: 'audio/mpeg' }, req);
  if (!episode.opus) throw new ApiFailure('not_found', 'This episode has no Opus file; its MP3 is at the same address with .mp3.');
  // RFC 7845 §9: Ogg Opus is served as audio/ogg.
  return servedFile({ bytes: episode.opus.bytes, etag: episode.opus.etag, type: 'audio/ogg' }, req);
}

function servedFile(file: ServedFile, req: Request): Response {
  const size = file.bytes.byteLength;
  const headers: Record<string, string> = {
    'Content-Type': file.type,
    'Accept-Ranges': 'bytes',
    ETag: file.etag,
    'Cache-Control': 'public, max-age=3600',
  };
  const ifRange = req.headers.get('if-range');
  const range = ifRange && ifRange !== file.etag ? null : parseRange(req.headers.get('range'), size);
  if (range === 'unsatisfiable') {
    throw new ApiFailure('range_not_satisfiable', `The file has ${size} bytes; the requested range is outside it.`, {
      'Content-Range': `bytes */${size}`,
    });
  }
  const { start, end } = range ?? { start: 0, end: size - 1 };
  const part = file.bytes.subarray(start, end + 1);
  return new Response(req.method === 'HEAD' ? null : (part as Uint8Array<ArrayBuffer>), {
    status: range ? 206 : 200,
    headers: {
      ...headers,
      'Content-Length': String(part.byteLength),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    },
  });
}
