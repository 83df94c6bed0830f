/**
 * Icecast mode (docs/design.md §1): each channel's mountpoint is a mount on a real Icecast. Its
 * `/status-json.xsl` is polled: a mount with a source is on air, its listener count and its
 * title ("Artist - Title") become the channel's; a title change goes into the history.
 * With admin credentials the service can also set the title and drop a source (admin.ts).
 * Icecast unreachable: every channel off air, one log line, polling goes on and recovers.
 * With relays (ICECAST_RELAYS), every server's status is read alike and each channel lists its
 * sources on all of them (sources.ts), each with its measured delay (delay-probe.ts).
 */
import { HlsTier, type HlsConfig } from '../hls/tier.ts';
import { IcecastAdmin } from './admin.ts';
import { fillingDelay } from './delay-figures.ts';
import { DelayProbe } from './delay-probe.ts';
import { parseIcecastStatus, splitTitle, type MountStatus } from './status.ts';
import { listSources, MOUNT_KINDS, mountUrl, publicSource, type ServerMounts } from './sources.ts';
import type { ChannelRecord, Store } from '../store.ts';

export interface IcecastConfig {
  /** e.g. http://127.0.0.1:8000 (a path prefix is kept). */
  url: string;
  adminUser?: string;
  adminPassword?: string;
  /** Status poll period (default 1000 ms; docs/design.md asks for at least every 2 s). */
  pollMs?: number;
  /**
   * Icecast's `<burst-size>` (bytes; default 65535, Icecast's own default): what a new listener
   * gets at once, so how far behind the live edge it starts. With the bitrate the source
   * declares, it gives the channel's `stream_delay` (see `streamDelay`).
   */
  burstSize?: number;
  /** Base URLs of relays of `url` (ICECAST_RELAYS): their mounts are sources too. */
  relays?: string[];
  /** Measure each source's delay (default true; delay-probe.ts). */
  measureDelay?: boolean;
  /** The delay probe's pauses between rounds (default 15 s, doubling up to 5 min while figures hold). */
  probe?: { minPauseMs?: number; maxPauseMs?: number };
  /**
   * The HLS tier (docs/hls.md): a segmenter on each channel's master mount and an HLS source
   * while it is fresh. `npm run mock` turns it on unless HLS=off; off when left out.
   */
  hls?: HlsConfig;
}

/** Icecast's default `<burst-size>`. */
export const ICECAST_BURST_SIZE = 65535;
/** What ezstream (like libshout's own example) sends at a time. */
const SOURCE_BLOCK = 4096;

/**
 * Seconds behind the title a new listener of an Icecast mount starts (measured against
 * Icecast 2.4.4 fed by ezstream, docs/now-playing-as-heard.md): the burst, less one source
 * block, because Icecast shows a new title when the first block of the new song arrives, a
 * block past the song's start. Null without a bitrate (kbit/s).
 */
export function streamDelay(burstSize: number, bitrate: number | undefined): number | null {
  return bitrate ? Math.round((Math.max(0, burstSize - SOURCE_BLOCK) * 8) / bitrate) / 1000 : null;
}

/** Icecast answers half-written JSON for ~300 ms after it starts: tolerated this long. */
const BAD_ANSWER_GRACE_MS = 2000;

/** What the service knows of one server (the master or a relay). */
interface ServerState {
  url: string;
  relay: boolean;
  /** Why it does not answer; undefined while it does. */
  down: string | undefined;
  badSince: number | undefined;
  /** Its last good answer (kept through a moment of half-written JSON). */
  mounts: Map<string, MountStatus> | undefined;
  /** When its last good answer was asked for. */
  readAt: number | undefined;
  /** When each mount's source connected, as Icecast says (`stream_start`) and as the service makes it (see `#since`). */
  starts: Map<string, { icecast: number; at: number }>;
}

export class Icecast {
  readonly url: string;
  /** The delay probe (undefined when measuring is off). */
  readonly probe: DelayProbe | undefined;
  /** The HLS tier (undefined when off). */
  readonly hls: HlsTier | undefined;
  #origin: () => string;
  #store: Store;
  #log: (line: string) => void;
  #pollMs: number;
  #admin: IcecastAdmin | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running = false;
  #servers: ServerState[];
  #lastTitle = new Map<string, string>();
  #burstSize: number;
  /** When the last status was asked for (a title seen now changed at some point since). */
  #askedAt: number | undefined;

  /** `origin`: the service's public origin (the HLS playlists' base without HLS_PUBLIC_URL). */
  constructor(store: Store, config: IcecastConfig, log: (line: string) => void, origin: () => string = () => '') {
    this.url = config.url.replace(/\/+$/, '');
    this.#origin = origin;
    this.hls = config.hls ? new HlsTier(config.hls, log) : undefined;
    this.#store = store;
    this.#log = log;
    this.#pollMs = config.pollMs ?? 1000;
    this.#burstSize = config.burstSize ?? ICECAST_BURST_SIZE;
    const server = (url: string, relay: boolean): ServerState => ({
      url: url.replace(/\/+$/, ''),
      relay,
      down: undefined,
      badSince: undefined,
      mounts: undefined,
      readAt: undefined,
      starts: new Map(),
    });
    this.#servers = [server(this.url, false), ...(config.relays ?? []).map((url) => server(url, true))];
    this.probe = config.measureDelay === false ? undefined : new DelayProbe(log, () => this.refresh(), config.probe);
    if (config.adminUser && config.adminPassword) {
      this.#admin = new IcecastAdmin(this.url, { user: config.adminUser, password: config.adminPassword }, log, () => this.refresh());
    }
  }

  /** Whether admin credentials were given (title updates, dropping a source). */
  get admin(): boolean {
    return this.#admin !== undefined;
  }

  /** The URL listeners fetch: the mount on Icecast. */
  mountUrl(channel: ChannelRecord): string {
    return `${this.url}/${encodeURIComponent(channel.mountpoint)}`;
  }

  start(): void {
    if (this.#running) return;
    this.#running = true;
    // Until Icecast has answered, nothing is known to be on air.
    for (const channel of this.#store.channels) this.#store.setOnAir(channel.id, false);
    void this.#poll();
  }

  stop(): void {
    this.#running = false;
    clearTimeout(this.#timer);
    this.probe?.stop();
    this.hls?.stop();
  }

  /** Polls now instead of at the next tick (after the service changed something). */
  refresh(): void {
    if (!this.#running) return;
    clearTimeout(this.#timer);
    void this.#poll();
  }

  async #poll(): Promise<void> {
    this.#timer = undefined;
    const askedAt = Date.now();
    await Promise.all(this.#servers.map((server) => this.#read(server, askedAt)));
    if (!this.#running) return;
    this.#apply(askedAt);
    this.#askedAt = askedAt;
    if (this.#running && this.#timer === undefined) this.#timer = setTimeout(() => void this.#poll(), this.#pollMs);
  }

  /** Reads one server's status into its state (its mounts, or why it does not answer). */
  async #read(server: ServerState, askedAt: number): Promise<void> {
    let outcome: Map<string, MountStatus> | string | null;
    try {
      const res = await fetch(`${server.url}/status-json.xsl`, { signal: AbortSignal.timeout(Math.max(1000, this.#pollMs * 2)) });
      outcome = res.ok ? parseIcecastStatus(await res.text()) : `HTTP ${res.status}`;
    } catch (err) {
      outcome = err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err);
    }
    if (outcome === null && Date.now() - (server.badSince ??= Date.now()) < BAD_ANSWER_GRACE_MS) {
      // Half-written JSON for a moment after Icecast starts: keep what we know.
    } else if (outcome instanceof Map) {
      server.badSince = undefined;
      if (server.down !== undefined) this.#log(`icecast: ${server.url} answers again`);
      server.down = undefined;
      this.#since(server, outcome, askedAt);
      server.mounts = outcome;
      server.readAt = askedAt;
    } else {
      const reason = outcome ?? 'its status-json.xsl is not Icecast status JSON';
      if (server.down === undefined) {
        const what = server.relay ? 'its sources are left out' : 'every channel is offline until it answers';
        this.#log(`icecast: cannot read ${server.url}/status-json.xsl (${reason}); ${what}`);
      }
      server.down = reason;
      server.mounts = undefined;
      server.readAt = undefined;
    }
  }

  /**
   * When each mount's source connected, on the service's clock: within the second Icecast's
   * `stream_start` names and, when the service saw the source appear (a mount that was not there,
   * or had another start, at the last answer), between the two answers: the middle of what both
   * allow. A source already there at the first answer is taken at Icecast's word (its clock and
   * the service's agree), never later than the answer.
   */
  #since(server: ServerState, mounts: Map<string, MountStatus>, askedAt: number): void {
    const starts = new Map<string, { icecast: number; at: number }>();
    for (const [mount, status] of mounts) {
      if (status.startedAt === undefined) continue;
      const known = server.starts.get(mount);
      if (known?.icecast === status.startedAt) {
        starts.set(mount, known);
        continue;
      }
      // Within the second Icecast names, and (seen appear since the last answer) between the two
      // answers: the middle of both; of the answers alone when they disagree (another clock).
      const after = server.mounts && server.readAt !== undefined ? server.readAt : -Infinity;
      const lo = Math.max(after, status.startedAt);
      const hi = Math.min(askedAt, status.startedAt + 1000);
      const at = lo < hi ? (lo + hi) / 2 : after > -Infinity ? (after + askedAt) / 2 : Math.min(askedAt, status.startedAt + 500);
      starts.set(mount, { icecast: status.startedAt, at });
    }
    server.starts = starts;
  }

  #apply(askedAt: number): void {
    const store = this.#store;
    const servers: ServerMounts[] = this.#servers.flatMap((s) => (s.mounts ? [{ url: s.url, relay: s.relay, mounts: s.mounts }] : []));
    // Until measured (or without a probe), a source's delay is its burst at its bitrate; while
    // its server's queue fills (a source that connected less than that ago), what the queue holds.
    const fullOf = (source: { url: string; bitrate: number | undefined }) =>
      this.probe?.delay(source.url) ?? streamDelay(this.#burstSize, source.bitrate);
    const master = this.#servers[0]!;
    const hls = this.hls;
    const masterStart = (mount: string) => master.starts.get(mount)?.at;
    const filling = (source: { url: string; bitrate: number | undefined; server: string; mount: string; relay: boolean }) => {
      const full = fullOf(source);
      const start = this.#servers.find((s) => s.url === source.server)?.starts.get(source.mount)?.at;
      if (full === null || start === undefined) return undefined;
      // A listener who reads this list connects, on average, half a poll later: its queue has grown by then.
      return fillingDelay(full, askedAt + this.#pollMs / 2, start, source.relay ? masterStart(source.mount) : undefined);
    };
    const delayOf = (source: Parameters<typeof filling>[0]) => filling(source) ?? fullOf(source);
    // The delay probe's connections, and the segmenter's on the master, are no listeners.
    const probes = (server: string, mount: string) =>
      (this.probe?.open(server, mount) ?? 0) + (hls && server === master.url && hls.connected(mount) ? 1 : 0);
    // A new title changed on Icecast between the last status and this one: the middle is the
    // best guess of when (within half a poll; never more than a poll back). Counted from when
    // each was asked for, which is when Icecast wrote it: an answer that comes late (a busy
    // machine) would put the title late.
    const changedAt = new Date(askedAt - Math.min(askedAt - (this.#askedAt ?? askedAt), 2 * this.#pollMs) / 2);
    for (const channel of store.channels) {
      // The segmenter reads the master's MP3 mount while it has a source.
      hls?.sync(channel.mountpoint, master.mounts?.has(channel.mountpoint) ? mountUrl(master.url, channel.mountpoint) : undefined);
      const { sources, listeners, title: text } = listSources(channel.mountpoint, servers, delayOf, probes);
      // An MP3 mount's declared bitrate is its byte rate; an Ogg one's is nominal (the probe measures it).
      for (const s of sources) if (!s.relay && s.type === 'audio/mpeg' && s.bitrate) this.probe?.rates.set(s.url, s.bitrate * 125);
      this.probe?.watch(
        channel.mountpoint,
        master.mounts ? master.url : undefined,
        sources.map((s) => ({
          url: s.url,
          server: s.server,
          mount: s.mount,
          type: s.type,
          filling: filling({ ...s, bitrate: s.bitrate ?? undefined }) !== undefined,
          since: this.#servers.find((x) => x.url === s.server)?.starts.get(s.mount)?.at,
        })),
      );
      const listed = sources.map(publicSource);
      const hlsSource = hls?.source(channel.mountpoint, this.#origin());
      if (hlsSource) listed.splice(hls!.first ? 0 : listed.length, 0, hlsSource);
      store.setOnAir(channel.id, listed.length > 0);
      store.setListeners(channel.id, listeners + (hls?.listeners(channel.mountpoint) ?? 0));
      store.setSources(channel.id, listed);
      // Unknown without the bitrate: players then show titles at once.
      store.setStreamDelay(channel.id, listed[0]?.delay ?? null);
      // No title: the last known one stays.
      if (text === undefined || text === this.#lastTitle.get(channel.id)) continue;
      this.#lastTitle.set(channel.id, text);
      const { artist, title } = splitTitle(text);
      const current = store.nowPlaying(channel.id).current;
      // The title the service itself set through /admin/metadata comes back here: not a new track.
      if (current?.title === title && current.artist === artist) continue;
      store.setNowPlaying(channel.id, { title, artist, artwork_url: null }, changedAt);
    }
  }

  /**
   * Sets the mount's title (admin.ts); false without admin or on failure. Icecast shows the new
   * title once the source sends its next block (about a second with ezstream).
   */
  setTitle(channel: ChannelRecord, np: { title: string; artist: string }): Promise<boolean> {
    return this.#admin ? this.#admin.setTitle(channel.mountpoint, np) : Promise.resolve(false);
  }

  /**
   * Drops the sources of the channel's mounts on the master (admin.ts; its relays lose them in
   * turn); true when every one the master last listed was dropped (none listed: nothing to
   * drop); false without admin or on a failure.
   */
  async killSource(channel: ChannelRecord): Promise<boolean> {
    if (!this.#admin) return false;
    const master = this.#servers[0]!.mounts;
    const live = MOUNT_KINDS.map((k) => `${channel.mountpoint}${k.suffix}`).filter((m) => master?.has(m));
    return (await Promise.all(live.map((mount) => this.#admin!.killSource(mount)))).every(Boolean);
  }
}
