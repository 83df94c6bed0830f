/**
 * Servers in child processes (`node --import tsx`, a single process each), so the load
 * generator and the browser driver never share their event loop. Every child is killed when
 * the bench exits, whatever happens.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { openSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT } from './util.ts';

export interface LogLine {
  /** Date.now() when the parent read it. */
  at: number;
  line: string;
}

export interface Child {
  readonly url: string;
  readonly port: number;
  readonly proc: ChildProcess;
  /** The request log, when started with `log: 'keep'`. */
  readonly log: LogLine[];
  /** Resolves with the exit code or signal once the process has gone. */
  readonly exited: Promise<number | string | null>;
  /** SIGTERM, then SIGKILL after 3 s. */
  stop(): Promise<void>;
}

const running = new Set<ChildProcess>();
const killAll = () => {
  for (const p of running) p.kill('SIGKILL');
};
process.on('exit', killAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    killAll();
    process.exit(130);
  });
}

export interface ChildOptions {
  env?: Record<string, string>;
  /** keep: pipe the log and keep it; devnull: the child writes its log to /dev/null; off: no log. */
  log?: 'keep' | 'devnull' | 'off';
  timeout?: number;
}

async function startChild(file: string, { env = {}, log = 'off', timeout = 20_000 }: ChildOptions): Promise<Child> {
  const lines: LogLine[] = [];
  const stdout = log === 'keep' ? 'pipe' : log === 'devnull' ? openSync('/dev/null', 'w') : 'ignore';
  const proc = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'bench', file)], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', MOCK_LOG: log === 'off' ? 'off' : 'stdout', ...env },
    stdio: ['ignore', stdout, 'inherit', 'ipc'],
  });
  running.add(proc);
  const exited = new Promise<number | string | null>((resolve) =>
    proc.once('exit', (code, signal) => {
      running.delete(proc);
      resolve(signal ?? code);
    }),
  );
  if (proc.stdout) createInterface({ input: proc.stdout }).on('line', (line) => lines.push({ at: Date.now(), line }));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const ready = await Promise.race([
    new Promise<{ url: string; port: number }>((resolve) => proc.once('message', (m) => resolve(m as { url: string; port: number }))),
    exited.then((code) => Promise.reject(new Error(`${file} exited (${code}) before it was ready`))),
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${file} not ready in ${timeout} ms`)), timeout))),
  ])
    .catch((e: unknown) => {
      proc.kill('SIGKILL');
      throw e;
    })
    .finally(() => clearTimeout(timer));
  proc.channel?.unref();
  return {
    ...ready,
    proc,
    log: lines,
    exited,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      const t = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(t);
    },
  };
}

/** The mock (demo/server) with `options` (ServerOptions as JSON). */
export function startMock(options: Record<string, unknown> = {}, child: ChildOptions = {}): Promise<Child> {
  return startChild('mock-child.ts', { ...child, env: { ...child.env, MOCK_OPTIONS: JSON.stringify(options) } });
}

/** The bare node:http reference answering `bodies` by pathname. */
export function startBare(bodies: Record<string, string>): Promise<Child> {
  return startChild('bare-child.ts', { env: { BODIES: JSON.stringify(bodies) } });
}

/** Log lines of `method path` (query ignored) — e.g. count('GET', '/listen/') with prefix matching. */
export function countLog(log: LogLine[], method: string, pathPrefix: string, exact = false, since = 0): number {
  return log.filter(({ at, line }) => {
    if (at < since) return false;
    const [m, target] = line.split(' ');
    if (m !== method || !target) return false;
    const path = target.split('?')[0]!;
    return exact ? path === pathPrefix : path.startsWith(pathPrefix);
  }).length;
}
