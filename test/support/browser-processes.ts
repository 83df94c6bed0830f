/**
 * Helper processes of the real-browser engines, each started by us and stopped by its PID:
 * a private PulseAudio with a null sink (an audio output that plays at real speed), Xvfb
 * (MiniBrowser has no headless mode) and the WebDriver server. Plus a temp dir per run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from './players.ts';

// Every process started here and every temp dir, until stopped or removed: what
// `stopOwnedAtExit` stops when the worker exits with browsers kept (test/support/browser-reuse.ts).
// On globalThis: a worker that keeps browsers runs many files, each with its own modules.
const LIVE = Symbol.for('castlet.browser-processes.live');
const live = ((globalThis as { [LIVE]?: { pids: Set<number>; dirs: Set<string>; atExit?: boolean } })[LIVE] ??= {
  pids: new Set(),
  dirs: new Set(),
});

/** Counts `pid` as ours until `exited` resolves (a process started elsewhere, e.g. by puppeteer). */
export function ownPid(pid: number | undefined, exited: Promise<unknown>): void {
  if (pid === undefined) return;
  live.pids.add(pid);
  void exited.finally(() => live.pids.delete(pid));
}

/**
 * When this process exits (vitest stops a worker with SIGTERM), SIGKILL every process started
 * here that is still running, by PID, and remove the temp dirs. Once per process.
 */
export function stopOwnedAtExit(): void {
  if (live.atExit) return;
  live.atExit = true;
  process.once('exit', () => {
    for (const pid of live.pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // (already gone)
      }
    }
    for (const dir of live.dirs) rmSync(dir, { recursive: true, force: true });
  });
  // Without a listener SIGTERM ends the process without 'exit'.
  process.once('SIGTERM', () => process.exit(143));
}

export interface Owned {
  readonly pid: number;
  /** SIGTERM by PID, SIGKILL after 3 s; resolves once the process has exited. */
  stop(): Promise<void>;
}

/** Starts `command` in its own process (never a shell); its output is kept for errors. */
export function startProcess(
  command: string,
  args: string[],
  opts: { env?: NodeJS.ProcessEnv; fds?: number } = {},
): Owned & { child: ChildProcess; output(): string } {
  const stdio: ('ignore' | 'pipe')[] = ['ignore', 'pipe', 'pipe'];
  for (let i = 3; i < (opts.fds ?? 0); i++) stdio.push('pipe');
  const child = spawn(command, args, { env: opts.env ?? process.env, stdio });
  let out = '';
  const keep = (b: Buffer) => (out = (out + b.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  child.once('error', (e) => keep(Buffer.from(`${command}: ${e.message}\n`)));
  ownPid(child.pid, exited);
  return {
    child,
    get pid() {
      return child.pid ?? -1;
    },
    output: () => out,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
      process.kill(child.pid, 'SIGTERM');
      const timer = setTimeout(() => child.pid !== undefined && process.kill(child.pid, 'SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A temp directory for one engine run, removed by `remove()`. */
export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `castlet-${prefix}-`));
  live.dirs.add(path);
  return {
    path,
    remove: () => {
      rmSync(path, { recursive: true, force: true });
      live.dirs.delete(path);
    },
  };
}

/** Waits until `ok()` (vi.waitFor); fails at once if the process exits, with its output. */
async function until(what: string, ok: () => boolean, proc: { output(): string; child: ChildProcess }, timeout = 10_000) {
  let exited = false;
  await waitFor(
    () => {
      if (proc.child.exitCode !== null) exited = true;
      if (!exited && !ok()) throw new Error('not yet');
    },
    { timeout, interval: 50 },
  ).catch(() => {
    throw new Error(
      exited ? `${what} exited (${proc.child.exitCode}):\n${proc.output()}` : `${what} did not start within ${timeout} ms:\n${proc.output()}`,
    );
  });
  if (exited) throw new Error(`${what} exited (${proc.child.exitCode}):\n${proc.output()}`);
}

/**
 * A private PulseAudio with a null sink, listening on a socket in `dir`. Firefox fails
 * audio-only media without an output; ALSA's null device would play at unlimited speed.
 * Returns the process and the `PULSE_SERVER` value for clients.
 */
export async function startPulseAudio(dir: string): Promise<Owned & { server: string }> {
  const socket = join(dir, 'pulse.sock');
  const env = { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: join(dir, '.config') };
  const proc = startProcess(
    'pulseaudio',
    [
      '--daemonize=no',
      '-n',
      '--exit-idle-time=-1',
      '--use-pid-file=no',
      '--disable-shm=true',
      '-L',
      `module-native-protocol-unix socket=${socket} auth-anonymous=1`,
      '-L',
      'module-null-sink',
    ],
    { env },
  );
  try {
    await until('pulseaudio', () => existsSync(socket), proc);
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return { pid: proc.pid, stop: proc.stop, server: `unix:${socket}` };
}

/** Xvfb on a free display (`-displayfd` tells which); returns the process and `DISPLAY`. */
export async function startXvfb(): Promise<Owned & { display: string }> {
  const proc = startProcess('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], { fds: 4 });
  let display = '';
  proc.child.stdio[3]!.on('data', (b: Buffer) => (display += b.toString()));
  try {
    await until('Xvfb', () => display.includes('\n'), proc);
  } catch (e) {
    await proc.stop();
    throw e;
  }
  return { pid: proc.pid, stop: proc.stop, display: `:${display.trim()}` };
}

/** Which of `commands` is not on PATH (or not an existing absolute path). */
export function missingCommand(commands: string[]): string | undefined {
  const path = (process.env.PATH ?? '').split(':');
  return commands.find((c) => (c.startsWith('/') ? !existsSync(c) : !path.some((d) => existsSync(join(d, c)))));
}
