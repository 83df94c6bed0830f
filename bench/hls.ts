/**
 * The HLS tier's origin load (issue 34), measured, never asserted: a real Icecast master fed by
 * ezstream (test/icecast/station.ts), the mock in Icecast mode with its segmenter (Debian's
 * ffmpeg), and CLIENTS HLS clients that read like players (test/support/hls-clients.ts) for
 * SECONDS, once straight at the origin and once through Debian's nginx as the CDN cache
 * (test/support/nginx.ts). The origin's own counts (requests and bytes of `/hls/`) per
 * listener-minute, with and without the cache.
 */
import { startServer } from '../demo/server/serve.ts';
import { missingStation, startStation } from '../test/icecast/station.ts';
import { readLikePlayers } from '../test/support/hls-clients.ts';
import { missingNginx, startNginx } from '../test/support/nginx.ts';
import type { Part, Row } from './table.ts';
import { until } from './util.ts';

const CLIENTS = 100;
const SECONDS = 30;
const TARGET_MS = 3000;

interface Load {
  requests: number;
  bytes: number;
}

export async function benchHls(): Promise<Part> {
  const missing = missingStation() ?? missingNginx();
  if (missing)
    return { rows: [{ section: 'HLS', measure: 'origin per listener-minute', value: `skipped: ${missing}`, reference: '' }], data: { missing } };
  const station = await startStation({ opus: false, relays: [] });
  const mock = await startServer({ log: () => {}, icecast: { ...station.icecast, measureDelay: false, hls: {} } });
  try {
    const playlist = `${mock.url}/hls/live/index.m3u8`;
    const ready = await until(async () => (await fetch(playlist)).ok, 60_000, 250);
    if (!ready) throw new Error('the HLS tier did not start');
    const counts = mock.hls!.counts;
    const measure = async (url: string): Promise<Load> => {
      const before = { requests: counts.playlists + counts.segments, bytes: counts.bytes };
      await readLikePlayers(url, CLIENTS, SECONDS, TARGET_MS);
      return { requests: counts.playlists + counts.segments - before.requests, bytes: counts.bytes - before.bytes };
    };
    const direct = await measure(playlist);
    const cdn = await startNginx(mock.url);
    let cached: Load;
    try {
      cached = await measure(`${cdn.url}/hls/live/index.m3u8`);
    } finally {
      await cdn.close();
    }
    const minutes = (CLIENTS * SECONDS) / 60;
    const per = (l: Load) => `${(l.requests / minutes).toFixed(2)} requests, ${(l.bytes / minutes / 1024).toFixed(1)} KiB`;
    const rows: Row[] = [
      {
        section: 'HLS',
        measure: `origin per listener-minute through nginx (${CLIENTS} clients, ${SECONDS} s)`,
        value: per(cached),
        reference: `without a cache: ${per(direct)}`,
      },
    ];
    return { rows, data: { clients: CLIENTS, seconds: SECONDS, direct, cached, listenerMinutes: minutes } };
  } finally {
    await mock.close();
    await station.close();
  }
}
