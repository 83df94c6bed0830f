/**
 * A whole station on real servers for tests (issue 29): an Icecast master fed by ezstream with an
 * MP3 mount (`/live`) and an Ogg Opus mount (`/live.opus`), and relays of both mounts using
 * Icecast's own `<relay>`; each server with its own `<burst-size>` and `<max-listeners>`, each
 * killed (SIGKILL, by pid) and restarted on its own port. The Opus files are made at test time
 * from the MP3s (`lame --decode` + `opusenc`), cached in a temp dir.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { until } from '../support/players.ts';
import { missingIcecast, startIcecast, type IcecastOptions, type RealIcecast } from './real-icecast.ts';

const MEDIA = fileURLToPath(new URL('../../demo/media/', import.meta.url));
const OPUS_CACHE = join(tmpdir(), 'castlet-opus-cache');

/** Why a station cannot run here (Icecast's reasons, and lame/opusenc), or undefined. */
export function missingStation(): string | undefined {
  const icecast = missingIcecast();
  if (icecast) return icecast;
  for (const tool of ['lame', 'opusenc']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed (apt-get install lame opus-tools)`;
  }
  return undefined;
}

/**
 * Ogg Opus versions of MP3 files (32 kbit/s), tagged with the artist and title of their names
 * ("Artist - Title.mp3"; without " - ", the name is the title); made once per content, cached.
 */
export function opusFiles(mp3s: string[]): string[] {
  mkdirSync(OPUS_CACHE, { recursive: true });
  return mp3s.map((mp3) => {
    const name = basename(mp3, '.mp3');
    const cut = name.indexOf(' - ');
    const [artist, title] = cut < 0 ? ['', name] : [name.slice(0, cut), name.slice(cut + 3)];
    const key = createHash('sha256').update(readFileSync(mp3)).update(`\0${artist}\0${title}`).digest('hex').slice(0, 16);
    const out = join(OPUS_CACHE, `${key}.opus`);
    if (existsSync(out)) return out;
    const wav = join(OPUS_CACHE, `${key}.${process.pid}.wav`);
    const tmp = join(OPUS_CACHE, `${key}.${process.pid}.opus`);
    const run = (cmd: string, args: string[]) => {
      const r = spawnSync(cmd, args, { encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`${cmd} failed: ${r.stderr}`);
    };
    try {
      run('lame', ['--quiet', '--decode', mp3, wav]);
      run('opusenc', ['--quiet', '--bitrate', '32', ...(artist ? ['--artist', artist] : []), '--title', title, wav, tmp]);
      renameSync(tmp, out);
    } finally {
      rmSync(wav, { force: true });
      rmSync(tmp, { force: true });
    }
    return out;
  });
}

export interface StationOptions {
  /** The master's `<burst-size>` and `<max-listeners>` (per mount; its relays take one place each). */
  master?: Omit<IcecastOptions, 'relayOf' | 'port'>;
  /** One entry per relay (default two with Icecast's defaults). */
  relays?: Omit<IcecastOptions, 'relayOf' | 'port'>[];
  /** MP3 files the master's `/live` loops (default demo/media/live.mp3); titled by name ("Artist - Title.mp3"). */
  mp3?: string[];
  /** Whether the master also has `/live.opus`, the same files as Ogg Opus (default true). */
  opus?: boolean;
}

export interface Station {
  master: RealIcecast;
  relays: RealIcecast[];
  /** The master, then the relays. */
  servers: RealIcecast[];
  /** The mounts the master has and the relays copy: "live", "live.opus". */
  mounts: string[];
  /** The MP3 files `/live` loops, and their Opus versions `/live.opus` loops (empty without Opus). */
  mp3: string[];
  opus: string[];
  /** What to give the mock: `{url, relays}` of `IcecastConfig` (ICECAST_URL, ICECAST_RELAYS). */
  icecast: { url: string; relays: string[] };
  /** Resolves once `server` (default: every relay) has every mount live. */
  relaysLive(servers?: RealIcecast[], timeoutMs?: number): Promise<void>;
  /** Icecast's own listener counts: server URL → mount → count. */
  listeners(): Promise<Record<string, Record<string, number>>>;
  close(): Promise<void>;
}

/**
 * Starts the master (fed: `/live` from MP3, `/live.opus` from Opus), then the relays, and waits
 * until every relay has every mount live (about 1.3 s after it starts).
 */
export async function startStation(options: StationOptions = {}): Promise<Station> {
  const mp3 = options.mp3 ?? [join(MEDIA, 'live.mp3')];
  const mounts = options.opus === false ? ['live'] : ['live', 'live.opus'];
  const servers: RealIcecast[] = [];
  const close = () => Promise.all(servers.map((s) => s.close())).then(() => undefined);
  try {
    const master = await startIcecast({ ...options.master, mounts });
    servers.push(master);
    await master.startPlaylist(mp3);
    const opus = mounts.includes('live.opus') ? opusFiles(mp3) : [];
    if (opus.length) await master.startOggPlaylist('live.opus', opus);
    for (const relay of options.relays ?? [{}, {}]) {
      servers.push(await startIcecast({ ...relay, relayOf: { port: master.port, mounts } }));
    }
    const relays = servers.slice(1);
    const station: Station = {
      master,
      relays,
      servers,
      mounts,
      mp3,
      opus,
      icecast: { url: master.url, relays: relays.map((r) => r.url) },
      async relaysLive(which = relays, timeoutMs = 30_000) {
        // Every server within the one time-out (bench runs too: `until` works outside vitest).
        const deadline = Date.now() + timeoutMs;
        for (const server of which) {
          await until(
            `relay ${server.url}: every mount live`,
            () => server.listeners().catch(() => ({}) as Record<string, number>),
            (live) => mounts.every((m) => m in live),
            { timeout: Math.max(100, deadline - Date.now()), interval: 100, show: (live) => `it has ${Object.keys(live).join(', ') || 'none'}` },
          );
        }
      },
      async listeners() {
        const out: Record<string, Record<string, number>> = {};
        for (const server of servers) out[server.url] = await server.listeners().catch(() => ({}));
        return out;
      },
      close,
    };
    await station.relaysLive();
    return station;
  } catch (err) {
    await close();
    throw err;
  }
}
