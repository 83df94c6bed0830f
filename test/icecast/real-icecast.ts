/**
 * A real Icecast for tests: Debian's `icecast2` with its own config in a temp dir, run as
 * the `icecast2` user (Icecast refuses root), fed by `ezstream` from the project's MP3s.
 * Every process is started here and killed here, by PID.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface RealIcecast {
  url: string;
  port: number;
  dir: string;
  /** Starts ezstream feeding /live with "artist - title" as its metadata. */
  startSource(artist: string, title: string): Promise<void>;
  /** Starts ezstream feeding /live with `files` in a loop, each titled by its name ("Artist - Title.mp3"). */
  startPlaylist(files: string[]): Promise<void>;
  /** Kills ezstream (the mount loses its source). */
  stopSource(): Promise<void>;
  /** Icecast's own status-json, parsed. */
  status(): Promise<any>;
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

export async function startIcecast(): Promise<RealIcecast> {
  const dir = mkdtempSync(join(tmpdir(), 'castlet-icecast-'));
  const port = await freePort();
  const uid = Number(spawnSync('id', ['-u', 'icecast2'], { encoding: 'utf8' }).stdout);
  const gid = Number(spawnSync('id', ['-g', 'icecast2'], { encoding: 'utf8' }).stdout);
  chownSync(dir, uid, gid);
  const config = join(dir, 'icecast.xml');
  writeFileSync(
    config,
    `<icecast>
  <location>castlet test</location><admin>test@localhost</admin><hostname>127.0.0.1</hostname>
  <limits><clients>50</clients><sources>4</sources><queue-size>524288</queue-size>
    <client-timeout>30</client-timeout><header-timeout>15</header-timeout><source-timeout>10</source-timeout>
    <burst-on-connect>1</burst-on-connect><burst-size>65535</burst-size></limits>
  <authentication><source-password>${SOURCE_PASSWORD}</source-password>
    <admin-user>${ADMIN.user}</admin-user><admin-password>${ADMIN.password}</admin-password></authentication>
  <listen-socket><port>${port}</port><bind-address>127.0.0.1</bind-address></listen-socket>
  <http-headers><header name="Access-Control-Allow-Origin" value="*" /></http-headers>
  <fileserve>1</fileserve>
  <paths><basedir>/usr/share/icecast2</basedir><logdir>${dir}</logdir>
    <webroot>/usr/share/icecast2/web</webroot><adminroot>/usr/share/icecast2/admin</adminroot>
    <pidfile>${dir}/icecast.pid</pidfile></paths>
  <logging><accesslog>access.log</accesslog><errorlog>error.log</errorlog><loglevel>2</loglevel></logging>
  <security><chroot>0</chroot></security>
</icecast>
`,
  );
  chownSync(config, uid, gid);
  // The user's group is `icecast` on Debian: pass the numeric ids.
  const icecast = spawn('setpriv', ['--reuid', String(uid), '--regid', String(gid), '--init-groups', 'icecast2', '-c', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  icecast.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  let ezstream: ChildProcess | undefined;

  const status = async () => JSON.parse(await (await fetch(`${url}/status-json.xsl`)).text());
  // Up once it answers JSON (it answers half-written JSON for a moment after start).
  const deadline = Date.now() + 10_000;
  for (;;) {
    try {
      if (icecast.exitCode !== null) throw new Error(`icecast2 exited (${icecast.exitCode}): ${stderr}`);
      if ((await status()).icestats) break;
      throw new Error('not Icecast status yet');
    } catch (err) {
      if (icecast.exitCode !== null || Date.now() > deadline) {
        await killAndWait(icecast);
        rmSync(dir, { recursive: true, force: true });
        throw new Error(`icecast2 did not answer on ${url}: ${stderr}`, { cause: err });
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  return {
    url,
    port,
    dir,
    status,
    async startSource(artist, title) {
      const meta = join(dir, 'metadata.sh');
      // ezstream asks its metadata program for "artist", "title" or the whole string.
      writeFileSync(meta, `#!/bin/sh\ncase "$1" in artist) echo '${artist}';; title) echo '${title}';; *) echo '${artist} - ${title}';; esac\n`);
      chmodSync(meta, 0o755);
      await feed(
        ['live.mp3', 'ep-1.mp3', 'ep-2.mp3'].map((f) => join(MEDIA, f)),
        `<metadata><program>${meta}</program></metadata>`,
      );
    },
    async startPlaylist(files) {
      // Without a metadata program ezstream reads the files' tags; untagged, their names.
      await feed(files, '');
    },
    async stopSource() {
      await killAndWait(ezstream);
      ezstream = undefined;
    },
    async close() {
      await killAndWait(ezstream);
      await killAndWait(icecast);
      rmSync(dir, { recursive: true, force: true });
    },
  };

  /** (Re)starts ezstream on /live with `files`; the stream declares 32 kbit/s, the bitrate of every MP3 here. */
  async function feed(files: string[], metadata: string): Promise<void> {
    await killAndWait(ezstream);
    const playlist = join(dir, 'playlist.txt');
    writeFileSync(playlist, files.join('\n') + '\n');
    const ezConfig = join(dir, 'ezstream.xml');
    writeFileSync(
      ezConfig,
      `<ezstream>
  <servers><server><hostname>127.0.0.1</hostname><port>${port}</port><password>${SOURCE_PASSWORD}</password></server></servers>
  <streams><stream><mountpoint>/live</mountpoint><format>MP3</format><stream_bitrate>32</stream_bitrate></stream></streams>
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
      ezstream = child;
      const until = Date.now() + 10_000;
      for (;;) {
        const source = (await status().catch(() => ({}))).icestats?.source;
        if (source && child.exitCode === null) return;
        if (child.exitCode !== null || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      await killAndWait(child);
      if (attempt === 3) throw new Error(`ezstream did not connect to ${url}/live: ${err}`);
      await new Promise((r) => setTimeout(r, 300 * attempt));
    }
  }
}
