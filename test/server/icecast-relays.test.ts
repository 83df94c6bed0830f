/**
 * Icecast mode with relays (ICECAST_RELAYS) against stand-in servers on loopback: every server's
 * status-json.xsl read, a relay that does not answer left out with one log line and back by
 * itself, status live while any source is, listeners less the relays' own connections. The real
 * master and relays run in test/icecast/relays.test.ts.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import { openEvents, PUBLIC, type EventsClient } from '../support/server.ts';

interface Stand {
  url: string;
  /** The mounts with a source and their listeners; 'down' resets every connection. */
  mounts: Record<string, number> | 'down';
  /** Requests received so far (the mock's status polls). */
  polls: number;
  close(): Promise<void>;
}

async function stand(): Promise<Stand> {
  const s = { mounts: {}, polls: 0 } as Stand;
  const server = createServer((req, res) => {
    s.polls++;
    if (s.mounts === 'down') return void req.socket.destroy();
    if (req.url !== '/status-json.xsl') return void res.writeHead(404).end();
    const source = Object.entries(s.mounts).map(([m, listeners]) => ({ listenurl: `${s.url}/${m}`, listeners, bitrate: 32 }));
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify({ icestats: { source } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  s.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  s.close = () => new Promise((resolve) => (server.closeAllConnections(), server.close(() => resolve())));
  return s;
}

describe('Icecast mode with relays, against stand-ins', () => {
  let master: Stand;
  let relay: Stand;
  let server: RunningServer;
  let sse: EventsClient;
  const logs: string[] = [];
  const last = () => sse.streams().at(-1);

  beforeAll(async () => {
    [master, relay] = [await stand(), await stand()];
    // A relay copying /live and /live.opus: one listener of each on the master.
    master.mounts = { live: 3, 'live.opus': 1 };
    relay.mounts = { live: 2, 'live.opus': 4 };
    server = await startServer({
      log: (l) => logs.push(l),
      coalesceMs: 20,
      icecast: { url: master.url, relays: [`${relay.url}/`], pollMs: 100, measureDelay: false },
    });
    sse = await openEvents(`${server.url}/public/stream/events?token=${PUBLIC}`);
  });
  afterAll(async () => {
    sse?.close();
    await server?.close();
    await master?.close();
    await relay?.close();
  });

  it('lists both servers’ mounts, Opus first, the relay before the master; listeners less the relay’s connections', async () => {
    const info = await vi.waitFor(() => {
      const found = last()?.sources?.length === 4 ? last() : undefined;
      if (!found) throw new Error('still waiting for four sources');
      return found;
    }, 2000);
    expect(info.sources.map((s: { url: string; type: string }) => [s.url, s.type])).toEqual([
      [`${relay.url}/live.opus`, 'audio/ogg; codecs=opus'],
      [`${master.url}/live.opus`, 'audio/ogg; codecs=opus'],
      [`${relay.url}/live`, 'audio/mpeg'],
      [`${master.url}/live`, 'audio/mpeg'],
    ]);
    // (3 − 1) + (1 − 1) + 2 + 4.
    expect(info.listeners).toBe(8);
    expect(info.stream_url).toBe(`${relay.url}/live.opus`);
    // Not measured here (measureDelay: false): the burst at the declared bitrate.
    expect(info.sources.map((s: { delay: number }) => s.delay)).toEqual([15.36, 15.36, 15.36, 15.36]);
  });

  it('a relay that does not answer is left out (one log line) and comes back by itself', async () => {
    logs.length = 0;
    relay.mounts = 'down';
    const without = await vi.waitFor(() => {
      const found = last()?.sources?.length === 2 ? last() : undefined;
      if (!found) throw new Error('still waiting for the relay left out');
      return found;
    }, 3000);
    expect(without.sources.every((s: { url: string }) => s.url.startsWith(master.url))).toBe(true);
    expect(without.status).toBe('live');
    // The master still counts the relay's connection until it notices: no relay answers, nothing subtracted.
    expect(without.listeners).toBe(4);
    const lines = () => logs.filter((l) => l.startsWith('icecast:'));
    // Three more polls of the relay (100 ms apart), still down: still the one line.
    const polled = relay.polls;
    await vi.waitFor(() => expect(relay.polls, 'three more polls of the relay').toBeGreaterThanOrEqual(polled + 3), 3000);
    expect(lines()).toHaveLength(1);
    expect(lines()[0]).toMatch(new RegExp(`cannot read ${relay.url}/status-json\\.xsl .*its sources are left out`));
    relay.mounts = { live: 0 };
    await vi.waitFor(() => expect(last()?.sources?.length, 'the relay back').toBe(3), 3000);
    expect(lines().at(-1)).toMatch(/answers again/);
  });

  it('the master without a source and a relay still with one: live, from the relay', async () => {
    master.mounts = {};
    relay.mounts = { live: 5 };
    const info = await vi.waitFor(() => {
      const found = last()?.sources?.length === 1 ? last() : undefined;
      if (!found) throw new Error('still waiting for the relay alone');
      return found;
    }, 3000);
    expect(info).toMatchObject({ status: 'live', stream_url: `${relay.url}/live`, listeners: 5 });
    relay.mounts = {};
    await vi.waitFor(() => expect(last()?.status, 'offline').toBe('offline'), 3000);
    expect(last()).toMatchObject({ sources: [], stream_url: null, listeners: 0 });
  });
});
