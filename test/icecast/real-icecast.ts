/**
 * A real Icecast for tests: Debian's `icecast2` with its own config in a temp dir, run as
 * the `icecast2` user (Icecast refuses root), fed by `ezstream` from the project's MP3s.
 * Every process is started here and killed here, by PID.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, sleep } from '../support/players.ts';

const MEDIA = fileURLToPath(new URL('../../demo/media/', import.meta.url));
export const ADMIN = { user: 'admin', password: 'castlet-admin' };
const SOURCE_PASSWORD = 'castlet-source';

/** Why Icecast tests cannot run here, or undefined when they can. */
export function missingIcecast(): string | undefined {
  for (const tool of ['icecast2', 'ezstream', 'setpriv']) {
    if (spawnSync('sh', ['-c', `command -v ${tool}`]).status !== 0) return `${tool} is not installed (apt-get install icecast2 ezstream)`;
  }
  if (spawnSync('id', ['icecast2']).status !== 0) return 'there is no icecast2 user (Debian package icecast2 creates it)';
  if (process.getuid?.() !== 0) return 'starting Icecast as the icecast2 user needs root';
  return undefined;
}

/** Per server: what `startIcecast` / `startStation` set in its config. */
export interface IcecastOptions {
  /** `<burst-size>` in bytes (default 65535, Icecast's own). */
  burstSize?: number;
  /** `<max-listeners>` of every mount on this server (default: no limit). A relay is one listener of each master mount it copies. */
  maxListeners?: number;
  /** This server relays these mounts ("live", "live.opus") of the Icecast on `relayOf.port`, with Icecast's own `<relay>`. */
  relayOf?: { port: number; mounts: string[] };
  /** The port (default: a free one). */
  port?: number;
  /** Mounts given a `<mount>` section (for `maxListeners`; default those of `relayOf`, else "live", "live.opus"). */
  mounts?: string[];
  /**
   * A relay whose master does not answer tries again after this many seconds (Icecast's
   * `<master-update-interval>`, default here 2; Icecast's own default, 120, would leave a relay
   * without its mounts for two minutes after the master comes back).
   */
  relayRetrySeconds?: number;
}

export interface RealIcecast {
  url: string;
  port: number;
  dir: string;
  /** The icecast2 process's pid while it runs (setpriv execs it), else undefined. */
  readonly pid: number | undefined;
  /** Starts ezstream feeding /live with "artist - title" as its metadata. */
  startSource(artist: string, title: string): Promise<void>;
  /** Starts ezstream feeding /live with `files` in a loop, each titled by its name ("Artist - Title.mp3"). */
  startPlaylist(files: string[]): Promise<void>;
  /** Starts ezstream feeding `/{mount}` with Ogg `files` (e.g. Opus from `opusFiles`) in a loop, titled by their tags. */
  startOggPlaylist(mount: string, files: string[]): Promise<void>;
  /** Kills ezstream (the mount loses its source). */
  stopSource(): Promise<void>;
  /** Kills the ezstream of one mount ("live.opus"): that mount loses its source. */
  stopMount(mount: string): Promise<void>;
  /** Icecast's own status-json, parsed. */
  status(): Promise<any>;
  /** Icecast's own listener count per mount ("live" → 3) of the mounts with a source. */
  listeners(): Promise<Record<string, number>>;
  /** SIGKILL to the icecast2 process, by pid; resolves once it has exited. Its sources (ezstream) keep retrying. */
  kill(): Promise<void>;
  /** Starts icecast2 again on the same port with the same config; resolves once it answers status JSON. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

function killAndWait(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
    child.once('exit', () => (clearTimeout(timer), resolve()));
    child.kill('SIGTERM');
  });
}

function icecastUser(): { uid: number; gid: number } {
  const uid = Number(spawnSync('id', ['-u', 'icecast2'], { encoding: 'utf8' }).stdout);
  const gid = Number(spawnSync('id', ['-g', 'icecast2'], { encoding: 'utf8' }).stdout);
  return { uid, gid };
}

function icecastConfig(dir: string, port: number, options: IcecastOptions): string {
  const mounts = options.mounts ?? options.relayOf?.mounts ?? ['live', 'live.opus'];
  const mountSections =
    options.maxListeners === undefined
      ? ''
      : mounts
          .map((m) => `<mount type="normal"><mount-name>/${m}</mount-name><max-listeners>${options.maxListeners}</max-listeners></mount>`)
          .join('\n  ');
  const relays = (options.relayOf?.mounts ?? [])
    .map(
      (m) =>
        `<relay><server>127.0.0.1</server><port>${options.relayOf!.port}</port><mount>/${m}</mount><local-mount>/${m}</local-mount>` +
        `<on-demand>0</on-demand><relay-shoutcast-metadata>1</relay-shoutcast-metadata></relay>`,
    )
    .join('\n  ');
  const retry = options.relayOf ? `<master-update-interval>${options.relayRetrySeconds ?? 2}</master-update-interval>` : '';
  return `<icecast>
  ${retry}
  <location>castlet test</location><admin>test@localhost</admin><hostname>127.0.0.1</hostname>
  <limits><clients>100</clients><sources>8</sources><queue-size>524288</queue-size>
    <client-timeout>30</client-timeout><header-timeout>15</header-timeout><source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect><burst-size>${options.burstSize ?? 65535}</burst-size></limits>
  <authentication><source-password>${SOURCE_PASSWORD}</source-password><relay-password>${SOURCE_PASSWORD}</relay-password>
    <admin-user>${ADMIN.user}</admin-user><admin-password>${ADMIN.password}</admin-password></authentication>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <http-headers><header name="Access-Control-Allow-Origin" value="*" /></http-headers>
  ${mountSections}
  ${relays}
  <fileserve>1</fileserve>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot>
    <pidfile>${dir}/icecast.pid</pidfile></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot></security>
</icecast>
`;
}

export async function startIcecast(options: IcecastOptions = {}): Promise<RealIcecast> {
  const dir = mkdtempSync(join(tmpdir(), 'castlet-icecast-'));
  const port = options.port ?? (await freePort());
  const { uid, gid } = icecastUser();
  chownSync(dir, uid, gid);
  const config = join(dir, 'icecast.xml');
  writeFileSync(config, icecastConfig(dir, port, options));
  chownSync(config, uid, gid);
  const url = `http://127.0.0.1:${port}`;
  let icecast: ChildProcess | undefined;
  let stderr = '';
  /** Each mount's ezstream, by mount, and what it was started with (to start it again). */
  const sources = new Map<string, ChildProcess>();
  const feeds = new Map<string, Parameters<typeof feed>>();

  const status = async () => JSON.parse(await (await fetch(`${url}/status-json.xsl`)).text());

  /** Starts icecast2 and waits until it answers status JSON (it answers half-written JSON for a moment after start). */
  /**
   * Starts icecast2 and waits until it answers status JSON (it answers half-written JSON for a
   * moment after start). Icecast 2.4.4 has been seen to crash (SIGSEGV in libc) now and then in
   * its first moments on a loaded machine: then it is started again, up to three times.
   */
  async function launch(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      const outcome = await launchOnce();
      if (outcome === 'up') return;
      const signal = icecast?.signalCode ?? `exit ${icecast?.exitCode}`;
      console.warn(`[icecast] icecast2 on ${url} ${outcome} while starting (${signal}), attempt ${attempt} of 3`);
      if (attempt === 3 || outcome !== 'crashed') {
        let log = '';
        try {
          log = readFileSync(join(dir, 'error.log'), 'utf8').split('\n').slice(-5).join('\n');
        } catch {
          // no log yet
        }
        throw new Error(`icecast2 did not answer on ${url} (${outcome}): ${stderr}${log}`);
      }
    }
  }

  async function launchOnce(): Promise<'up' | 'crashed' | 'timed out'> {
    stderr = '';
    // The user's group is `icecast` on Debian: pass the numeric ids.
    const child = spawn('setpriv', ['--reuid', String(uid), '--regid', String(gid), '--init-groups', 'icecast2', '-c', config], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    icecast = child;
    child.stderr!.on('data', (d) => (stderr += d));
    const ended = () => child.exitCode !== null || child.signalCode !== null;
    // A loaded machine (several test runs at once) has been seen to take over 10 s.
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (ended()) return 'crashed';
      try {
        if ((await status()).icestats) return 'up';
      } catch {
        // not listening yet, or half-written JSON
      }
      if (ended()) return 'crashed';
      if (Date.now() > deadline) {
        await killAndWait(child);
        return 'timed out';
      }
      await sleep(50);
    }
  }

  try {
    await launch();
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }

  const ice: RealIcecast = {
    url,
    port,
    dir,
    get pid() {
      return icecast && icecast.exitCode === null && icecast.signalCode === null ? icecast.pid : undefined;
    },
    status,
    async listeners() {
      const raw = (await status()).icestats?.source;
      const list: { listenurl: string; listeners: number }[] = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
      return Object.fromEntries(list.map((s) => [new URL(s.listenurl).pathname.slice(1), s.listeners]));
    },
    async startSource(artist, title) {
      const meta = join(dir, 'metadata.sh');
      // ezstream asks its metadata program for "artist", "title" or the whole string.
      writeFileSync(meta, `#!/bin/sh\ncase "$1" in artist) echo '${artist}';; title) echo '${title}';; *) echo '${artist} - ${title}';; esac\n`);
      chmodSync(meta, 0o755);
      await feed(
        'live',
        'MP3',
        ['live.mp3', 'ep-1.mp3', 'ep-2.mp3'].map((f) => join(MEDIA, f)),
        `<metadata><program>${meta}</program></metadata>`,
      );
    },
    async startPlaylist(files) {
      // Without a metadata program ezstream reads the files' tags; untagged, their names.
      await feed('live', 'MP3', files, '');
    },
    async startOggPlaylist(mount, files) {
      await feed(mount, 'Ogg', files, '');
    },
    async stopSource() {
      await Promise.all([...sources.values()].map((child) => killAndWait(child)));
      sources.clear();
      feeds.clear();
    },
    async stopMount(mount) {
      await killAndWait(sources.get(mount));
      sources.delete(mount);
      feeds.delete(mount);
    },
    async kill() {
      const child = icecast;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(child.pid!, 'SIGKILL');
      } catch {
        // It ended on its own just now: its exit comes all the same.
      }
      await exited;
    },
    async restart() {
      await ice.kill();
      await launch();
      // ezstream retries by itself, but not always: each mount it fed is live again within 5 s,
      // or its ezstream is started again.
      const deadline = Date.now() + 5000;
      for (const [mount, args] of feeds) {
        for (;;) {
          const live = await ice.listeners().catch(() => ({}) as Record<string, number>);
          if (mount in live) break;
          if (Date.now() > deadline) {
            await feed(...args);
            break;
          }
          await sleep(100);
        }
      }
    },
    async close() {
      await ice.stopSource();
      await killAndWait(icecast);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return ice;

  /** (Re)starts ezstream on `/{mount}` with `files`; an MP3 stream declares 32 kbit/s, the bitrate of every MP3 here. */
  async function feed(mount: string, format: 'MP3' | 'Ogg', files: string[], metadata: string): Promise<void> {
    feeds.set(mount, [mount, format, files, metadata]);
    await killAndWait(sources.get(mount));
    const name = mount.replace(/[^a-z0-9]/gi, '_');
    const playlist = join(dir, `playlist-${name}.txt`);
    writeFileSync(playlist, files.join('\n') + '\n');
    const ezConfig = join(dir, `ezstream-${name}.xml`);
    writeFileSync(
      ezConfig,
      `<ezstream>
  <servers><server><hostname>127.0.0.1</hostname><port>${port}</port><password>${SOURCE_PASSWORD}</password></server></servers>
  <streams><stream><mountpoint>/${mount}</mountpoint><format>${format}</format>${format === 'MP3' ? '<stream_bitrate>32</stream_bitrate>' : ''}</stream></streams>
  <intakes><intake><type>playlist</type><filename>${playlist}</filename></intake></intakes>
  ${metadata}
</ezstream>
`,
    );
    chmodSync(ezConfig, 0o600);
    // A source connecting right after Icecast started (or dropped the last one) is
    // sometimes refused: try again, a few times.
    for (let attempt = 1; ; attempt++) {
      const child = spawn('ezstream', ['-c', ezConfig], { stdio: ['ignore', 'ignore', 'pipe'] });
      let err = '';
      child.stderr!.on('data', (d) => (err += d));
      sources.set(mount, child);
      const until = Date.now() + 10_000;
      for (;;) {
        const live = await ice.listeners().catch(() => ({}) as Record<string, number>);
        if (mount in live && child.exitCode === null) return;
        if (child.exitCode !== null || Date.now() > until) break;
        await sleep(50);
      }
      await killAndWait(child);
      if (attempt === 3) throw new Error(`ezstream did not connect to ${url}/${mount}: ${err}`);
      await sleep(300 * attempt);
    }
  }
}
