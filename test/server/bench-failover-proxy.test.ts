/**
 * The counting proxy of `npm run bench -- failover` (bench/failover.ts), the instrument behind
 * its "bytes received during a failover" and "two streams at once" figures: in front of a real
 * HTTP server that streams 1000 bytes every 100 ms, it must count what listeners receive and see
 * two listening connections that overlap, and leave status polls out.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesIn, overlapMs, proxy, type Conn } from '../../bench/failover.ts';

let upstream: Server;
beforeAll(async () => {
  upstream = createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': req.url?.startsWith('/status-json.xsl') ? 'application/json' : 'audio/mpeg' });
    if (req.url?.startsWith('/status-json.xsl')) return res.end('{}');
    const id = setInterval(() => res.write(Buffer.alloc(1000)), 100);
    req.on('close', () => clearInterval(id));
  });
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
});
afterAll(async () => {
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Listens through the proxy for `ms`; the bytes that arrived. */
async function listen(port: number, ms: number, path = '/live.opus'): Promise<number> {
  const ac = new AbortController();
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { signal: ac.signal });
  const reader = res.body!.getReader();
  let n = 0;
  for (const end = Date.now() + ms; Date.now() < end;) n += (await reader.read()).value?.length ?? 0;
  ac.abort();
  return n;
}

describe("the failover bench's counting proxy", () => {
  it('counts the bytes listeners receive, leaves status polls out, and sees two streams at once', async () => {
    const conns: Conn[] = [];
    const p = await proxy(0, () => (upstream.address() as AddressInfo).port, conns);
    try {
      const t0 = Date.now();
      await (await fetch(`http://127.0.0.1:${p.port}/status-json.xsl`)).text();
      // One stream, then another after it: received bytes counted, no overlap.
      const one = await listen(p.port, 600);
      await sleep(100);
      const two = await listen(p.port, 600);
      await sleep(100);
      const t1 = Date.now();
      expect(conns.filter((c) => c.listening !== undefined)).toHaveLength(2);
      expect(bytesIn(conns, t0, t1)).toBeGreaterThanOrEqual(one + two);
      expect(overlapMs(conns, t0, t1)).toBe(0);
      // Two streams at once for about 400 ms: seen.
      await Promise.all([listen(p.port, 800), sleep(400).then(() => listen(p.port, 800))]);
      await sleep(100);
      expect(overlapMs(conns, t1, Date.now())).toBeGreaterThanOrEqual(300);
    } finally {
      await p.close();
    }
  });
});
