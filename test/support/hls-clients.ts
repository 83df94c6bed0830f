/**
 * HLS clients that read like players (the cache test and bench/hls.ts): each fetches the live
 * playlist every target duration with a session id of its own (`?sid=`), then the segments it
 * has not got yet (the last three at first), until the time is up. A bounded loop, no browser.
 */
import { parsePlaylist } from '../../demo/server/hls/playlist.ts';

export interface ClientsRead {
  /** Requests made (playlists and segments) and segment bytes received. */
  requests: number;
  bytes: number;
  /** How the cache answered (its `X-Cache-Status`: HIT, MISS, UPDATING …; "none" without one), playlists and segments apart. */
  playlistStatus: Record<string, number>;
  segmentStatus: Record<string, number>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** `clients` players on `playlistUrl` for `seconds`, started spread over one target duration. */
export async function readLikePlayers(playlistUrl: string, clients: number, seconds: number, targetMs: number): Promise<ClientsRead> {
  const read: ClientsRead = { requests: 0, bytes: 0, playlistStatus: {}, segmentStatus: {} };
  const tally = (into: Record<string, number>, res: Response) => {
    const status = res.headers.get('x-cache-status') ?? 'none';
    into[status] = (into[status] ?? 0) + 1;
    read.requests++;
  };
  const end = Date.now() + seconds * 1000;
  const client = async (n: number) => {
    const url = `${playlistUrl}?sid=listener-${String(n).padStart(4, '0')}`;
    let last = -1;
    await sleep((n * targetMs) / clients);
    while (Date.now() < end) {
      const res = await fetch(url);
      tally(read.playlistStatus, res);
      const p = res.ok ? parsePlaylist(await res.text()) : (await res.body?.cancel(), undefined);
      for (const s of p?.segments.filter((s) => s.seq > last).slice(last < 0 ? -3 : 0) ?? []) {
        const seg = await fetch(new URL(s.uri, url));
        tally(read.segmentStatus, seg);
        read.bytes += (await seg.arrayBuffer()).byteLength;
        last = Math.max(last, s.seq);
      }
      // The next reload one target duration later (a player's own pace, not a wait for something).
      await sleep(targetMs);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, n) => client(n)));
  return read;
}
