/**
 * The README's curl block, run as written against the real mock: every command answers
 * 2xx, and the demo is still live afterwards (issue 14: it used to stop the server).
 */
import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { call, PUBLIC, withServer } from '../support/server.ts';

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const block = /```sh\n(B=http:\/\/127\.0\.0\.1:8080;[^]*?)```/.exec(readme)?.[1] ?? '';
const hasCurl = spawnSync('sh', ['-c', 'command -v curl']).status === 0;

describe.skipIf(!hasCurl)("the README's curl block", () => {
  const s = withServer();

  it('runs with every request answered 2xx and leaves the stream live', async () => {
    expect(block).toContain('curl');
    // Each curl: quiet, status on its own line, at most 2 s (the SSE line never ends by itself).
    const script = `curl() { command curl -s -o /dev/null -m 2 -w '%{http_code}\\n' "$@"; }\n${block.replace('http://127.0.0.1:8080', s.url)}`;
    let out: string;
    try {
      // Asynchronously: the server answering curl runs in this process.
      out = (await promisify(execFile)('bash', ['-c', script], { encoding: 'utf8' })).stdout;
    } catch (e) {
      out = (e as { stdout: string }).stdout; // the SSE line ends by the time-out (curl exit 28)
    }
    const codes = out.trim().split('\n');
    expect(codes.length).toBe(block.split('\n').filter((l) => l.startsWith('curl')).length);
    for (const code of codes) {
      expect(Number(code)).toBeGreaterThanOrEqual(200);
      expect(Number(code)).toBeLessThan(300);
    }
    const stream = await call(`${s.url}/public/stream?token=${PUBLIC}`);
    expect(stream.body.status).toBe('live');
  }, 20_000);
});
