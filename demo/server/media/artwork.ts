/**
 * GET/HEAD /media/art/{file}.png: the demo's generated artwork (scripts/make-artwork.ts), from
 * memory. Like the audio: no token, CORS for every origin, ETag; the files never change while
 * the service runs, so caches keep them a day.
 */
import { ApiFailure } from '../respond.ts';

export interface ArtFile {
  bytes: Uint8Array;
  etag: string;
}

export function artworkFile(file: ArtFile | undefined, req: Request): Response {
  if (!file) throw new ApiFailure('not_found', 'There is no such picture.');
  const headers = { 'Content-Type': 'image/png', ETag: file.etag, 'Cache-Control': 'public, max-age=86400' };
  const body = req.method === 'HEAD' ? null : (file.bytes as Uint8Array<ArrayBuffer>);
  return new Response(body, { headers: { ...headers, 'Content-Length': String(file.bytes.byteLength) } });
}
