/**
 * Starts the real mock in a child process (see mock-child.ts) for the file's tests, and
 * stops it after them. `logs` collects its request log lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll } from 'vitest';

// Paths from strings: happy-dom replaces the global URL in component tests.
const here = dirname(fileURLToPath(import.meta.url));
const CHILD = join(here, 'mock-child.ts');
// tsx by Node's resolution, not a path into ./node_modules: Stryker's sandbox has no
// node_modules link when the checkout's node_modules is itself a symlink (a git worktree).
const TSX = createRequire(join(here, 'mock-process.ts')).resolve('tsx/cli');

export interface MockProcess {
  readonly url: string;
  readonly logs: string[];
}

/**
 * `options` for startServer; `ulimit`: the child's descriptor limit (`ulimit -n`, soft and
 * hard, set by a shell before Node starts), to test what the mock does at a low one.
 */
export function withMockProcess(options: Record<string, unknown> = {}, { ulimit }: { ulimit?: number } = {}): MockProcess {
  const logs: string[] = [];
  let url = '';
  let child: ChildProcess | undefined;
  beforeAll(async () => {
    const command = [process.execPath, TSX, CHILD];
    child = spawn(ulimit ? 'sh' : command[0]!, ulimit ? ['-c', `ulimit -n ${ulimit} && exec "$@"`, 'sh', ...command] : command.slice(1), {
      env: { ...process.env, MOCK_OPTIONS: JSON.stringify(options) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    url = await new Promise<string>((resolve, reject) => {
      child!.once('exit', (code) => reject(new Error(`mock exited with ${code}`)));
      createInterface({ input: child!.stdout! }).on('line', (line) => {
        if (line.startsWith('ready ')) resolve(line.slice(6));
        else logs.push(line);
      });
    });
  }, 30_000);
  afterAll(() => {
    child?.kill('SIGTERM');
  });
  return {
    get url() {
      return url;
    },
    logs,
  };
}
