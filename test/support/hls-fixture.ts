/**
 * A live HLS stream made by Debian's ffmpeg, for the player's HLS tests (the service's own
 * segmenter is another part): ffmpeg reads a looped file at its real pace (`-re`) and writes
 * AAC-LC segments of 2 s, a rolling playlist of 6 with `EXT-X-PROGRAM-DATE-TIME` on every
 * segment (ffmpeg's wall clock at the segment's start: here the live edge itself). A small
 * static server on a free loopback port serves them with `Access-Control-Allow-Origin: *`, and
 * a few bad inputs beside them: `/missing/index.m3u8` (404), `/garbage/index.m3u8` (not a
 * playlist), `/short/index.m3u8` (a playlist whose segments are cut short: 404 halfway and
 * garbage). Started once per file, stopped by PID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, waitFor } from './players.ts';

export interface HlsFixture {
  /** The server's origin, e.g. http://127.0.0.1:40123 */
  readonly origin: string;
  /** The live playlist. */
  readonly url: string;
  /** A playlist that 404s, one that is garbage, one whose segments are cut short or garbage. */
  readonly missing: string;
  readonly garbage: string;
  readonly short: string;
  /** The paths asked for, in order. */
  readonly requests: string[];
  /** The program date-time (ms) of each segment now in the playlist, by segment name. */
  dates(): Map<string, number>;
  close(): Promise<void>;
}

const LOOP = fileURLToPath(new URL('../../demo/media/live.mp3', import.meta.url));
const TYPES: Record<string, string> = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t', '.m4s': 'video/iso.segment' };

/** Starts ffmpeg and the server; resolves once the playlist lists `segments` segments. */
export async function startHls({ segments = 3 }: { segments?: number } = {}): Promise<HlsFixture> {
  const dir = mkdtempSync(join(tmpdir(), 'castlet-hls-'));
  const ffmpeg: ChildProcess = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-stream_loop', '-1', '-i', LOOP, '-vn'],
      ...['-c:a', 'aac', '-b:a', '64k', '-ar', '44100', '-ac', '2'],
      ...['-f', 'hls', '-hls_time', '2', '-hls_list_size', '6', '-hls_flags', 'delete_segments+program_date_time+temp_file'],
      ...['-hls_segment_filename', join(dir, 'seg-%05d.ts'), join(dir, 'index.m3u8')],
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let errors = '';
  ffmpeg.stderr?.on('data', (d: Buffer) => (errors += d.toString()));
  const requests: string[] = [];
  const read = (name: string) => readFileSync(join(dir, name));
  const playlist = () => read('index.m3u8').toString();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    const send = (status: number, body: string | Buffer, type = 'text/plain') => {
      res.writeHead(status, { 'Content-Type': type, 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' });
      res.end(body);
    };
    const m = /^\/(live|short|garbage|missing)\/([\w.-]+)$/.exec(path);
    if (!m) return send(404, 'not found');
    const [, kind, name] = m as unknown as [string, string, string];
    const ext = name.slice(name.lastIndexOf('.'));
    if (kind === 'missing') return send(404, 'not found');
    if (kind === 'garbage') return send(200, 'this is not a playlist\n\0\x01\x02', TYPES[ext]);
    try {
      if (kind === 'short' && ext === '.ts') {
        // Every other segment 404s, the rest are cut to a few bytes of garbage.
        const n = Number(/(\d+)/.exec(name)?.[1]);
        return n % 2 ? send(404, 'gone') : send(200, Buffer.concat([read(name).subarray(0, 188), Buffer.from('garbage')]), TYPES[ext]);
      }
      return send(200, ext === '.m3u8' ? playlist() : read(name), TYPES[ext]);
    } catch {
      send(404, 'not found');
    }
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (ffmpeg.exitCode === null && ffmpeg.pid) {
      const exited = new Promise((resolve) => ffmpeg.once('exit', resolve));
      process.kill(ffmpeg.pid, 'SIGTERM');
      await exited;
    }
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  };
  const begun = Date.now();
  try {
    await waitFor(
      () => {
        if (ffmpeg.exitCode !== null) throw new Error(`ffmpeg exited ${ffmpeg.exitCode}: ${errors}`);
        let listed = 0;
        try {
          listed = playlist().match(/#EXTINF/g)?.length ?? 0;
        } catch {
          // (Not written yet.)
        }
        if (listed < segments) throw new Error(`${listed} of ${segments} HLS segments after ${Date.now() - begun} ms`);
      },
      { timeout: 5000 + segments * 2500, interval: 100 },
    );
  } catch (e) {
    await close();
    throw e;
  }
  const dates = () => {
    const out = new Map<string, number>();
    let date = NaN;
    for (const line of playlist().split('\n')) {
      if (line.startsWith('#EXT-X-PROGRAM-DATE-TIME:')) date = Date.parse(line.slice(25));
      else if (line.endsWith('.ts')) out.set(line.trim(), date);
    }
    return out;
  };
  return {
    origin,
    url: `${origin}/live/index.m3u8`,
    missing: `${origin}/missing/index.m3u8`,
    garbage: `${origin}/garbage/index.m3u8`,
    short: `${origin}/short/index.m3u8`,
    requests,
    dates,
    close,
  };
}
