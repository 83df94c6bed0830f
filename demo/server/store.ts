/**
 * The mock's in-memory state: account and tokens, server status, channels with now playing
 * and history, the podcast and its episodes, listener counts. Every change that alters what
 * the public API shows is announced to subscribers.
 */
import { randomUUID } from 'node:crypto';
import type { Chapter, Funding, LiveItem, NowPlaying, Person, Soundbite, Source, TokenPair } from '../../src/api/index.ts';
import type { WeeklySchedule } from './schedule.ts';

export const HISTORY_LENGTH = 10;

export interface ChannelRecord {
  id: string;
  name: string;
  genre: string;
  description: string;
  /** The channel's artwork: a name in demo/media/art (see `art`), or null. */
  art: string | null;
  /** The Icecast mountpoint: the stream is at /listen/{mountpoint}. */
  mountpoint: string;
}

/**
 * Artwork is named, not linked: `art: "show"` is served as /media/art/show-320.png (the JSON
 * `artwork_url`, for the widgets' small tile) and /media/art/show-1400.png (`itunes:image`).
 */
export interface PodcastRecord {
  title: string;
  author: string;
  description: string;
  art: string | null;
  funding: Funding | null;
}

export interface EpisodeRecord {
  id: string;
  title: string;
  description: string;
  published_at: string;
  duration: number;
  art: string | null;
  /** Picture URLs (chapter `img`, person `img`) may be paths on this service, like `/media/art/sam.png`. */
  chapters: Chapter[];
  persons: Person[];
  /** Highlights, by start; absent: none. */
  soundbites?: Soundbite[];
  /** The MP3 bytes served at /media/{id}.mp3. */
  audio: Uint8Array;
  /** ETag of `audio`, computed once. */
  etag: string;
  /** The same episode as Ogg Opus, served at /media/{id}.opus; absent when there is none. */
  opus?: { bytes: Uint8Array; etag: string; bitrate: number };
  /** The WebVTT transcript served at /media/{id}.vtt; absent when the episode has none. */
  transcript?: string;
}

/** What the owner may change of an episode (updatePodcast). `transcript: null` removes it. */
export type EpisodeChanges = Partial<Pick<EpisodeRecord, 'title' | 'description' | 'chapters' | 'persons' | 'soundbites'>> & {
  transcript?: string | null;
};

/** A live show as kept (live-items.ts keeps its rules); the public view adds the channel's `sources`. */
export type LiveItemRecord = Omit<LiveItem, 'sources'>;

export type StoreEvent =
  | { type: 'stream'; channel: string }
  | { type: 'schedule'; channel: string }
  | { type: 'tokens' }
  | { type: 'ready'; ready: boolean }
  | { type: 'episodes' }
  | { type: 'live-items' };

export interface StoreSeed {
  name: string;
  email: string;
  tokens: TokenPair;
  ready: boolean;
  channels: ChannelRecord[];
  nowPlaying: Record<string, { current: NowPlaying | null; history: NowPlaying[] }>;
  podcast: PodcastRecord;
  episodes: EpisodeRecord[];
}

interface ChannelState {
  record: ChannelRecord;
  current: NowPlaying | null;
  history: NowPlaying[];
  listeners: number;
  /** The mount has a source (always, for the built-in stream; from Icecast in Icecast mode). */
  onAir: boolean;
  /** Seconds behind the live edge a new listener starts (the burst on connect); null when unknown. */
  delay: number | null;
  /** Icecast mode: the channel's sources (demo/server/icecast/sources.ts); null: the built-in stream's one. */
  sources: Source[] | null;
}

export class Store {
  readonly name: string;
  readonly email: string;
  readonly podcast: PodcastRecord;
  #feedGuid: string | undefined;
  #tokens: TokenPair;
  #ready: boolean;
  #channels = new Map<string, ChannelState>();
  #episodes: EpisodeRecord[];
  #episodesVersion = 0;
  #liveItems: LiveItemRecord[] = [];
  #liveItemsVersion = 0;
  #schedules = new Map<string, WeeklySchedule>();
  #subscribers = new Set<(event: StoreEvent) => void>();

  constructor(seed: StoreSeed) {
    this.name = seed.name;
    this.email = seed.email;
    this.podcast = seed.podcast;
    this.#tokens = { ...seed.tokens };
    this.#ready = seed.ready;
    for (const record of seed.channels) {
      const np = seed.nowPlaying[record.id];
      this.#channels.set(record.id, {
        record,
        current: np?.current ?? null,
        history: [...(np?.history ?? [])].slice(0, HISTORY_LENGTH),
        listeners: 0,
        onAir: true,
        delay: null,
        sources: null,
      });
    }
    this.#episodes = [...seed.episodes];
  }

  /** Calls `fn` on every change; returns the unsubscribe function. */
  /** How many listeners (open event streams, the live-loop follower …) are subscribed. */
  get subscriberCount(): number {
    return this.#subscribers.size;
  }

  subscribe(fn: (event: StoreEvent) => void): () => void {
    this.#subscribers.add(fn);
    return () => this.#subscribers.delete(fn);
  }

  #emit(event: StoreEvent): void {
    for (const fn of [...this.#subscribers]) fn(event);
  }

  get tokens(): TokenPair {
    return { ...this.#tokens };
  }

  /** A new random pair; the old one stops working at once. */
  resetTokens(): TokenPair {
    this.#tokens = { public_token: randomUUID(), private_token: randomUUID() };
    this.#emit({ type: 'tokens' });
    return this.tokens;
  }

  get ready(): boolean {
    return this.#ready;
  }

  setReady(ready: boolean): void {
    if (ready === this.#ready) return;
    this.#ready = ready;
    this.#emit({ type: 'ready', ready });
    for (const id of this.#channels.keys()) this.#emit({ type: 'stream', channel: id });
  }

  get channels(): ChannelRecord[] {
    return [...this.#channels.values()].map((s) => s.record);
  }

  /** The channel `id`, or the first one when `id` is empty/undefined; undefined if unknown. */
  channel(id?: string | null): ChannelRecord | undefined {
    if (!id) return this.channels[0];
    return this.#channels.get(id)?.record;
  }

  channelByMount(mount: string): ChannelRecord | undefined {
    return this.channels.find((c) => c.mountpoint === mount);
  }

  nowPlaying(channel: string): { current: NowPlaying | null; history: NowPlaying[] } {
    const state = this.#state(channel);
    return { current: state.current, history: [...state.history] };
  }

  /** Makes `track` current; the previous one goes first into the history. */
  setNowPlaying(channel: string, track: Omit<NowPlaying, 'started_at'>, startedAt = new Date()): NowPlaying {
    const state = this.#state(channel);
    if (state.current) state.history = [state.current, ...state.history].slice(0, HISTORY_LENGTH);
    state.current = { ...track, started_at: startedAt.toISOString() };
    this.#emit({ type: 'stream', channel });
    return state.current;
  }

  listeners(channel: string): number {
    return this.#state(channel).listeners;
  }

  setListeners(channel: string, count: number): void {
    const state = this.#state(channel);
    if (state.listeners === count) return;
    state.listeners = count;
    this.#emit({ type: 'stream', channel });
  }

  /** How far behind the live edge (seconds) a listener who connects now starts; null when unknown. */
  streamDelay(channel: string): number | null {
    return this.#state(channel).delay;
  }

  setStreamDelay(channel: string, seconds: number | null): void {
    const state = this.#state(channel);
    if (state.delay === seconds) return;
    state.delay = seconds;
    this.#emit({ type: 'stream', channel });
  }

  /** Icecast mode: the channel's sources in order of preference; null for the built-in stream. */
  sources(channel: string): Source[] | null {
    return this.#state(channel).sources;
  }

  setSources(channel: string, sources: Source[] | null): void {
    const state = this.#state(channel);
    if (JSON.stringify(state.sources) === JSON.stringify(sources)) return;
    state.sources = sources;
    this.#emit({ type: 'stream', channel });
  }

  onAir(channel: string): boolean {
    return this.#state(channel).onAir;
  }

  /** Whether the channel's mount has a source (Icecast mode). */
  setOnAir(channel: string, onAir: boolean): void {
    const state = this.#state(channel);
    if (state.onAir === onAir) return;
    state.onAir = onAir;
    this.#emit({ type: 'stream', channel });
  }

  /** Episodes, newest first. */
  get episodes(): EpisodeRecord[] {
    return [...this.#episodes];
  }

  episode(id: string): EpisodeRecord | undefined {
    return this.#episodes.find((e) => e.id === id);
  }

  /** Changes with every episode added, changed or deleted (views cached per version). */
  get episodesVersion(): number {
    return this.#episodesVersion;
  }

  /** Adds `episode` as the newest. */
  addEpisode(episode: EpisodeRecord): void {
    this.#episodes.unshift(episode);
    this.#episodesVersion++;
    this.#emit({ type: 'episodes' });
  }

  /** Applies `changes` to the episode `id` (a new record: views already made keep theirs); undefined if unknown. */
  updateEpisode(id: string, changes: EpisodeChanges): EpisodeRecord | undefined {
    const i = this.#episodes.findIndex((e) => e.id === id);
    if (i < 0) return undefined;
    const { transcript, ...rest } = changes;
    const episode: EpisodeRecord = { ...this.#episodes[i]!, ...rest };
    if (transcript === null) delete episode.transcript;
    else if (transcript !== undefined) episode.transcript = transcript;
    this.#episodes[i] = episode;
    this.#episodesVersion++;
    this.#emit({ type: 'episodes' });
    return episode;
  }

  /**
   * The feed's `podcast:guid`: made once from the feed's first URL by `make`, then kept, so
   * that a token reset (a new feed URL) does not make the show a different podcast.
   */
  feedGuid(make: () => string): string {
    return (this.#feedGuid ??= make());
  }

  deleteEpisode(id: string): boolean {
    const before = this.#episodes.length;
    this.#episodes = this.#episodes.filter((e) => e.id !== id);
    if (this.#episodes.length === before) return false;
    this.#episodesVersion++;
    this.#emit({ type: 'episodes' });
    return true;
  }

  /** The live items, in the order they were added. */
  get liveItems(): LiveItemRecord[] {
    return [...this.#liveItems];
  }

  /** Changes whenever what the public API shows of the live items may have changed. */
  get liveItemsVersion(): number {
    return this.#liveItemsVersion;
  }

  /** Replaces the live items (live-items.ts decides what they are) and announces it. */
  setLiveItems(items: LiveItemRecord[]): void {
    this.#liveItems = [...items];
    this.#liveItemsVersion++;
    this.#emit({ type: 'live-items' });
  }

  /**
   * The clock what /public/stream shows of the schedule is worked out on (the show on air, the
   * coming ones): Date.now unless the app is given another (tests).
   */
  now: () => number = Date.now;

  /** The channel's weekly shows (none until the owner sets them: UTC, no shows). */
  schedule(channel: string): WeeklySchedule {
    this.#state(channel);
    return this.#schedules.get(channel) ?? { timezone: 'UTC', shows: [] };
  }

  /** Replaces the channel's weekly shows (checked: routes/schedule.ts) and announces it. */
  setSchedule(channel: string, schedule: WeeklySchedule): void {
    this.#state(channel);
    this.#schedules.set(channel, schedule);
    this.#emit({ type: 'schedule', channel });
    this.#emit({ type: 'stream', channel });
  }

  /** What /public/stream shows of the channel changed with the clock alone (a show started or ended): announces it. */
  scheduleTicked(channel: string): void {
    this.#emit({ type: 'stream', channel });
  }

  #state(channel: string): ChannelState {
    const state = this.#channels.get(channel);
    if (!state) throw new RangeError(`unknown channel ${channel}`);
    return state;
  }
}
