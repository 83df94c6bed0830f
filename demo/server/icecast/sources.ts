/**
 * A channel's sources in Icecast mode (docs/design.md "Sources and relays"): every mount of the
 * channel on every server that answered and has it live, in order of preference, and the
 * channel's listener count over all of them.
 *
 * - Mounts: the mountpoint (MP3), `{mountpoint}.opus` (Ogg Opus), `{mountpoint}.ogg` (Ogg Vorbis).
 * - Order: Opus, Vorbis, MP3 (less data for the same sound); within a mount the relays before
 *   the master (it keeps room for its relays), fewest listeners first.
 * - Listeners: the sum of every server's count of every mount, less the connections that are no
 *   listeners: each relay that has a mount live is one listener of that mount on the master
 *   (Icecast's own `<relay>`), and the service's own delay probes (delay-probe.ts).
 *
 * (What a live item lists is views.ts `channelSources`, which falls back to the channel's stream.)
 */
import type { Source } from '../../../src/api/index.ts';
import type { MountStatus } from './status.ts';

/** One server's answer: the mounts that have a source. */
export interface ServerMounts {
  /** Base URL, no trailing slash. */
  url: string;
  relay: boolean;
  mounts: Map<string, MountStatus>;
}

/** The kinds of mount a channel may have, in order of preference. */
export const MOUNT_KINDS = [
  { suffix: '.opus', type: 'audio/ogg; codecs=opus' },
  { suffix: '.ogg', type: 'audio/ogg; codecs=vorbis' },
  { suffix: '', type: 'audio/mpeg' },
] as const;

/** A source with where it is: what the service needs beside the public fields. */
export interface ListedSource extends Source {
  server: string;
  relay: boolean;
  /** Mount name without the leading slash ("live.opus"). */
  mount: string;
  listeners: number;
}

export function mountUrl(server: string, mount: string): string {
  return `${server}/${encodeURIComponent(mount)}`;
}

/**
 * The channel's sources in order of preference, its listeners and its title (the master's MP3
 * mount's, else another of its mounts'; undefined without the master). `delayOf` gives a
 * source's delay (null: unknown); `probes` how many of the service's own connections are open
 * on a server's mount.
 */
export function listSources(
  mountpoint: string,
  servers: ServerMounts[],
  delayOf: (source: { url: string; bitrate: number | undefined; server: string; mount: string; relay: boolean }) => number | null,
  probes: (server: string, mount: string) => number = () => 0,
): { sources: ListedSource[]; listeners: number; title: string | undefined } {
  const sources: ListedSource[] = [];
  let listeners = 0;
  for (const kind of MOUNT_KINDS) {
    const mount = `${mountpoint}${kind.suffix}`;
    const relaysOn = servers.filter((s) => s.relay && s.mounts.has(mount)).length;
    const here: ListedSource[] = [];
    for (const server of servers) {
      const status = server.mounts.get(mount);
      if (!status) continue;
      const own = probes(server.url, mount) + (server.relay ? 0 : relaysOn);
      const count = Math.max(0, status.listeners - own);
      listeners += count;
      const url = mountUrl(server.url, mount);
      here.push({
        url,
        type: kind.type,
        bitrate: status.bitrate ?? null,
        delay: delayOf({ url, bitrate: status.bitrate, server: server.url, mount, relay: server.relay }),
        server: server.url,
        relay: server.relay,
        mount,
        listeners: count,
      });
    }
    here.sort((a, b) => Number(a.relay === false) - Number(b.relay === false) || a.listeners - b.listeners);
    sources.push(...here);
  }
  // The master's title only: a relay's lags the master's by its own delay, so a poll the master
  // missed would take the title back a song (and put the song in the history twice).
  const master = servers.find((s) => !s.relay)?.mounts;
  const title = [master?.get(mountpoint), ...sources.filter((s) => !s.relay).map((s) => master?.get(s.mount))].find(
    (m) => m?.title !== undefined,
  )?.title;
  return { sources, listeners, title };
}

/** The public fields of a source. */
export const publicSource = ({ url, type, bitrate, delay }: ListedSource): Source => ({ url, type, bitrate, delay });
