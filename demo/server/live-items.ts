/**
 * Live items (Podcasting 2.0 `podcast:liveItem`, docs/design.md §1): the owner's
 * addLiveItem, updateLiveItem and deleteLiveItem, and the schedule that moves each item's
 * status by itself: `pending` until `start`, `live` while its channel is live from then on
 * (a channel offline at `start` keeps it pending until it is live), `ended` at `end`, on
 * stopServer or when the owner says so. An ended item leaves the public API and the feed
 * 24 h after its end. One timer, set for the next moment anything changes; `stop()` clears it.
 *
 * The domain only: the store and the clock. Its input comes checked (routes/live-items.ts,
 * fields.ts); what it refuses here depends on the store or the clock (an unknown id, times
 * that have passed, the limit).
 */
import type { LiveItem } from '../../src/api/index.ts';
import { ApiFailure } from './respond.ts';
import type { ChannelRecord, LiveItemRecord, Store, StoreEvent } from './store.ts';
import { channelSources, isLive, type Urls } from './views.ts';

export const LIVE_ITEM_LIMIT = 100;
/** How long an ended item stays listed. */
export const ENDED_KEPT_MS = 24 * 3600_000;
/** An item given no `end` lasts this long. */
export const DEFAULT_LENGTH_MS = 3600_000;
export const STATUSES: readonly LiveItem['status'][] = ['pending', 'live', 'ended'];
const UPDATE_FIELDS = ['title', 'description', 'start', 'end', 'status'];
/** setTimeout's longest delay; a later moment is reached in steps. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const bad = (description: string) => new ApiFailure('invalid_request', description);

/** A new live item, checked: times in ms since the epoch; `channel` an id of the store's (default: the main channel). */
export interface NewLiveItem {
  title: string;
  description?: string | undefined;
  channel?: string | undefined;
  start?: number | undefined;
  end?: number | undefined;
}

/** What updateLiveItem may change, checked; absent: unchanged. */
export interface LiveItemChanges {
  title?: string | undefined;
  description?: string | undefined;
  start?: number | undefined;
  end?: number | undefined;
  status?: LiveItem['status'] | undefined;
}

/** Why `channelId` is refused: it is none of the account's channels. */
export function unknownChannel(store: Store, channelId: string | undefined): string {
  return `There is no channel "${channelId}" on this account; give one of: ${store.channels.map((c) => c.id).join(', ')}.`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** What the owner's API answers: the item as kept, fields in a fixed order. */
export const ownerView = ({ id, title, description, status, start, end, channel }: LiveItemRecord): LiveItemRecord => ({
  id,
  title,
  description,
  status,
  start,
  end,
  channel,
});

export interface LiveItemsOptions {
  /** The clock (default Date.now). */
  now?: () => number;
  /** How long an ended item stays listed (default 24 h). */
  keepEndedMs?: number;
}

export class LiveItems {
  #store: Store;
  #urls: Urls;
  #now: () => number;
  #keepEndedMs: number;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #next = 1;
  /** The channels' sources as last published (a change of stream URL, bitrate or delay is a change). */
  #sourcesKey = '';

  constructor(store: Store, urls: Urls, { now = Date.now, keepEndedMs = ENDED_KEPT_MS }: LiveItemsOptions = {}) {
    this.#store = store;
    this.#urls = urls;
    this.#now = now;
    this.#keepEndedMs = keepEndedMs;
  }

  /**
   * Follows the store (the app passes it every event, on its one subscription): stopServer
   * ends what is live; a channel going live or offline, or its stream changing, may change
   * the items.
   */
  storeChanged(event: StoreEvent): void {
    if (event.type === 'ready' && !event.ready) this.#endLive();
    else if (event.type === 'stream') this.#commit(this.#store.liveItems);
  }

  /** Stops the timer. */
  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** addLiveItem: a new item, pending until its start. */
  add({ title, description = '', channel: channelId, start: givenStart, end: givenEnd }: NewLiveItem): LiveItemRecord {
    const channel = this.#store.channel(channelId);
    if (!channel) throw bad(unknownChannel(this.#store, channelId));
    const now = this.#now();
    const start = givenStart ?? now;
    const end = givenEnd ?? start + DEFAULT_LENGTH_MS;
    checkTimes(start, end);
    if (end <= now) throw bad(`The end ${iso(end)} has passed; a live item ends in the future.`);
    if (this.#store.liveItems.length >= LIVE_ITEM_LIMIT) {
      throw bad(`An account has at most ${LIVE_ITEM_LIMIT} live items; delete one (deleteLiveItem) first.`);
    }
    let id = `live-${this.#next++}`;
    while (this.#find(id)) id = `live-${this.#next++}`;
    const item: LiveItemRecord = { id, title, description, status: 'pending', start: iso(start), end: iso(end), channel: channel.id };
    this.#commit([...this.#store.liveItems, item]);
    return ownerView(this.#find(id)!);
  }

  /** Whether there is an item `id`. */
  has(id: string): boolean {
    return this.#find(id) !== undefined;
  }

  /** updateLiveItem: everything is checked before anything changes. */
  update(id: string, { title, description, start: givenStart, end: givenEnd, status }: LiveItemChanges): LiveItemRecord {
    const item = this.#find(id);
    if (!item) throw new ApiFailure('not_found', `There is no live item "${id}".`);
    if ([title, description, givenStart, givenEnd, status].every((v) => v === undefined)) {
      throw bad(`Give what to change: ${UPDATE_FIELDS.join(', ')}.`);
    }
    const now = this.#now();
    let start = givenStart ?? Date.parse(item.start);
    let end = givenEnd ?? Date.parse(item.end);
    if (status === 'ended') {
      // It ends now (or stays ended when its end has passed); one that never started ends
      // where it was: start and end now.
      end = Math.min(end, now);
      start = Math.min(start, end);
    } else if (status === 'live') {
      start = Math.min(start, now);
      if (end <= now) throw bad(`The live item ended at ${iso(end)}; give a later end to make it live again.`);
    } else if (status === 'pending' && start <= now) {
      throw bad(`A pending live item starts in the future; give a later start with status pending (it starts at ${iso(start)}).`);
    }
    if (status !== 'ended') checkTimes(start, end);
    const changed: LiveItemRecord = {
      ...item,
      ...(title !== undefined ? { title } : {}),
      ...(description !== undefined ? { description } : {}),
      start: iso(start),
      end: iso(end),
    };
    this.#commit(this.#store.liveItems.map((i) => (i.id === id ? changed : i)));
    return ownerView(this.#find(id) ?? { ...changed, status: 'ended' });
  }

  /** deleteLiveItem. */
  delete(id: string): { deleted: string } {
    if (!this.#find(id)) throw new ApiFailure('not_found', `There is no live item "${id}".`);
    this.#commit(this.#store.liveItems.filter((i) => i.id !== id));
    return { deleted: id };
  }

  #find(id: string): LiveItemRecord | undefined {
    return this.#store.liveItems.find((i) => i.id === id);
  }

  #channel(id: string): ChannelRecord {
    return this.#store.channel(id) ?? this.#store.channels[0]!;
  }

  /** stopServer: what is live ends now. */
  #endLive(): void {
    const now = iso(this.#now());
    this.#commit(this.#store.liveItems.map((i) => (i.status === 'live' && i.end > now ? { ...i, end: now } : i)));
  }

  /**
   * Gives `items` the status they have now, drops those ended long enough ago, and stores
   * them when anything the public API shows changed; then sets the timer for the next change.
   */
  #commit(items: LiveItemRecord[]): void {
    const now = this.#now();
    const next = items
      .filter((i) => now < Date.parse(i.end) + this.#keepEndedMs)
      .map((i) => {
        const status = this.#statusAt(i, now);
        return status === i.status ? i : { ...i, status };
      });
    const channels = [...new Set(next.map((i) => i.channel))];
    const sourcesKey = JSON.stringify(channels.map((id) => channelSources(this.#store, this.#channel(id), this.#urls)));
    const before = this.#store.liveItems;
    if (sourcesKey !== this.#sourcesKey || next.length !== before.length || next.some((item, n) => item !== before[n])) {
      this.#sourcesKey = sourcesKey;
      this.#store.setLiveItems(next);
    }
    this.#schedule(next, now);
  }

  #statusAt(item: LiveItemRecord, now: number): LiveItem['status'] {
    if (now >= Date.parse(item.end)) return 'ended';
    if (now >= Date.parse(item.start) && isLive(this.#store, this.#channel(item.channel))) return 'live';
    return 'pending';
  }

  #schedule(items: LiveItemRecord[], now: number): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    const moments = items.flatMap((i) => [Date.parse(i.start), Date.parse(i.end), Date.parse(i.end) + this.#keepEndedMs]).filter((t) => t > now);
    if (!moments.length) return;
    const wait = Math.min(MAX_TIMER_MS, Math.max(1, Math.min(...moments) - now));
    this.#timer = setTimeout(() => this.#commit(this.#store.liveItems), wait);
    this.#timer.unref?.();
  }
}

function checkTimes(start: number, end: number): void {
  if (end <= start) throw bad(`The end ${iso(end)} must be after the start ${iso(start)}.`);
}
