/**
 * The real-server harness itself (test/icecast/station.ts), as the failover tests rely on it:
 * `<max-listeners>` per server (a relay takes one place on the master), and a server killed by
 * its pid and started again on its port.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { missingStation, startStation, type Station } from './station.ts';

const missing = missingStation();

/** Opens a listener; resolves with its HTTP status once the answer's head has come (the body is read on, so Icecast keeps it). */
function connect(url: string, opened: AbortController[]): Promise<number> {
  const abort = new AbortController();
  opened.push(abort);
  return fetch(url, { signal: abort.signal }).then((res) => {
    void res.body?.pipeTo(new WritableStream()).catch(() => {});
    return res.status;
  });
}

describe.skipIf(missing)('the station harness', () => {
  let station: Station;
  const opened: AbortController[] = [];
  beforeAll(async () => {
    // Room for 2 listeners on the master beside its 2 relays; 3 on each relay.
    station = await startStation({ master: { maxListeners: 4 }, relays: [{ maxListeners: 3 }, { maxListeners: 3 }] });
  }, 90_000);
  afterAll(async () => {
    opened.forEach((a) => a.abort());
    await station?.close();
  });

  it('a full server refuses a new listener (403); a relay is one listener of each master mount', async () => {
    const [master, relay1] = station.servers;
    expect((await master!.listeners()).live).toBe(2);
    const onRelay = await Promise.all([1, 2, 3].map(() => connect(`${relay1!.url}/live`, opened)));
    expect(onRelay).toEqual([200, 200, 200]);
    expect(await connect(`${relay1!.url}/live`, opened)).toBe(403);
    // Its other mount has its own places.
    expect(await connect(`${relay1!.url}/live.opus`, opened)).toBe(200);
    const onMaster = [await connect(`${master!.url}/live`, opened), await connect(`${master!.url}/live`, opened)];
    expect(onMaster).toEqual([200, 200]);
    expect(await connect(`${master!.url}/live`, opened)).toBe(403);
    opened.splice(0).forEach((a) => a.abort());
  });

  it('kill() ends a server by its pid (SIGKILL); restart() brings it back on its port, and a relay its mounts', async () => {
    const relay = station.relays[1]!;
    const pid = relay.pid!;
    expect(pid).toBeGreaterThan(0);
    await relay.kill();
    expect(relay.pid).toBeUndefined();
    expect(() => process.kill(pid, 0)).toThrow();
    await expect(fetch(`${relay.url}/status-json.xsl`)).rejects.toThrow();
    await relay.restart();
    expect(relay.pid).not.toBe(pid);
    await station.relaysLive([relay], 15_000);
    expect(Object.keys(await relay.listeners()).sort()).toEqual(['live', 'live.opus']);
  });

  it('the master killed and restarted: its sources reconnect and its relays follow by themselves', async () => {
    await station.master.kill();
    await station.master.restart();
    expect(Object.keys(await station.master.listeners()).sort()).toEqual(['live', 'live.opus']);
    // A relay retries its master every 2 s here (<master-update-interval>), after 10 s for a source that ended.
    await station.relaysLive(station.relays, 30_000);
  }, 60_000);
});
