/**
 * A real CDN cache for tests (issue 34): Debian's nginx, unprivileged, with its own prefix,
 * config, temp paths and pid file in a temp dir, on a free loopback port, in front of the
 * service's `/hls/`:
 * - `proxy_cache` keyed on the path only (a listener's `?sid=` does not split the cache), with
 *   `proxy_cache_lock on` (one fetch of a missing object, the others wait for it),
 *   `proxy_cache_use_stale updating` (a stale playlist is served to the others while one fetch
 *   refreshes it; not `proxy_cache_background_update`, which would hand the first listener after
 *   a quiet spell a playlist of any age, its segments long deleted), and the origin's
 *   `Cache-Control` obeyed (no `proxy_cache_valid`: a 404 with `no-store` is never kept);
 * - a beacon per playlist request (`mirror`): the origin counts listeners the cache answered
 *   (`X-Castlet-Beacon: 1`, docs/hls.md);
 * - `X-Cache-Status` on every answer (HIT, MISS, UPDATING, STALE …).
 * Started and stopped by its pid (`daemon off`).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, until } from './players.ts';

/** Debian's nginx (in /usr/sbin, which a user's PATH may lack). */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

/** Why nginx cannot run here, or undefined. */
export function missingNginx(): string | undefined {
  if (NGINX === 'nginx' && spawnSync('sh', ['-c', 'command -v nginx']).status !== 0) return 'nginx is not installed (apt-get install nginx-light)';
  return undefined;
}

export interface RealNginx {
  url: string;
  pid: number | undefined;
  close(): Promise<void>;
}

function config(dir: string, port: number, origin: URL): string {
  const up = `http://${origin.host}`;
  return `worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=hls:10m max_size=256m inactive=10m use_temp_path=off;
  server {
    listen 127.0.0.1:${port};
    location /hls/ {
      proxy_pass ${up};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_cache hls;
      proxy_cache_key $uri;
      proxy_cache_lock on;
      proxy_cache_lock_timeout 5s;
      proxy_cache_use_stale updating error timeout;
      add_header X-Cache-Status $upstream_cache_status always;
      location ~ \\.m3u8$ {
        mirror /_castlet_beacon;
        proxy_pass ${up};
        proxy_http_version 1.1;
        proxy_set_header Connection "";
        proxy_cache hls;
        proxy_cache_key $uri;
        proxy_cache_lock on;
        proxy_cache_lock_timeout 5s;
        proxy_cache_use_stale updating error timeout;
        add_header X-Cache-Status $upstream_cache_status always;
      }
    }
    location = /_castlet_beacon {
      internal;
      proxy_pass ${up}$request_uri;
      proxy_pass_request_body off;
      proxy_set_header Content-Length "";
      proxy_set_header X-Castlet-Beacon 1;
    }
  }
}
`;
}

/** Starts nginx as a cache in front of `origin` (the service's base URL); resolves once it answers. */
export async function startNginx(origin: string): Promise<RealNginx> {
  const dir = mkdtempSync(join(tmpdir(), 'castlet-nginx-'));
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi', 'cache']) mkdirSync(join(dir, sub));
  const port = await freePort();
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, config(dir, port, new URL(origin)));
  // As root nginx would switch its worker to `nobody`, which cannot write the temp dir: stay root's.
  const user = process.getuid?.() === 0 ? ['-g', 'daemon off; user root;'] : ['-g', 'daemon off;'];
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, ...user], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const url = `http://127.0.0.1:${port}`;
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  try {
    await until(
      `nginx on ${url}`,
      async () =>
        gone()
          ? 'exited'
          : await fetch(`${url}/hls/`).then(
              (r) => r.status,
              () => 0,
            ),
      (status) => status === 'exited' || status !== 0,
      { timeout: 10_000, interval: 50 },
    );
    if (gone()) throw new Error(`nginx exited: ${stderr}${readLog(dir)}`);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url,
    get pid() {
      return gone() ? undefined : child.pid;
    },
    close: async () => {
      if (!gone()) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        // QUIT: graceful; its workers go with it. KILL if it does not within 3 s.
        process.kill(child.pid!, 'SIGQUIT');
        const timer = setTimeout(() => !gone() && child.kill('SIGKILL'), 3000);
        await exited;
        clearTimeout(timer);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8').slice(-500);
  } catch {
    return '';
  }
}
