import { getJson } from './api.js';
import { backoff } from './backoff.js';
import { CastletError } from './errors.js';

/** An event stream open this long counts as healthy again. */
const STABLE_MS = 30_000;

export type FeedListener<T> = (data: T | null, error: CastletError | null) => void;

/**
 * One source of public data shared by every widget of a page that asks for the same URL:
 * one request per endpoint and token, one Server-Sent Events connection.
 *
 * With `eventsUrl`, updates arrive as SSE `stream` events. When the connection fails, a
 * plain GET tells why: a bad token stops everything (no retries); a network failure or a
 * blocked event stream retries with capped exponential backoff and jitter, and the GETs
 * in between keep the data fresh (the polling fallback).
 */
class Feed<T> {
  data: T | null = null;
  error: CastletError | null = null;
  private readonly listeners = new Set<FeedListener<T>>();
  private attempt = 0;
  private timer?: ReturnType<typeof setTimeout>;
  private events?: EventSource;
  /** When the event stream last opened: only one that lasted resets the backoff. */
  private openedAt = 0;
  private abort?: AbortController;

  constructor(
    readonly url: string,
    private readonly eventsUrl: string | null,
    private readonly onIdle: () => void,
  ) {}

  subscribe(listener: FeedListener<T>): () => void {
    this.listeners.add(listener);
    if (this.listeners.size === 1) this.start();
    else if (this.data || this.error) listener(this.data, this.error);
    return () => {
      this.listeners.delete(listener);
      if (!this.listeners.size) this.stop();
    };
  }

  /** Ask again now (bypassing the HTTP cache), e.g. after the owner changed the data. */
  refresh(): void {
    if (!this.error?.fatal) this.load(true);
  }

  private readonly online = () => {
    if (this.error && !this.error.fatal) {
      this.attempt = 0;
      this.connect();
    }
  };

  private start() {
    addEventListener('online', this.online);
    this.connect();
  }

  private stop() {
    removeEventListener('online', this.online);
    clearTimeout(this.timer);
    this.events?.close();
    this.abort?.abort();
    this.onIdle();
  }

  private connect() {
    clearTimeout(this.timer);
    if (this.eventsUrl && typeof EventSource === 'function') this.listen(this.eventsUrl);
    else this.load();
  }

  private listen(url: string) {
    this.events?.close();
    const events = (this.events = new EventSource(url));
    this.openedAt = Date.now();
    events.addEventListener('stream', (e) => {
      try {
        this.set(JSON.parse((e as MessageEvent<string>).data) as T, null);
      } catch {
        // Not JSON: ignore this event, keep the last good data.
      }
    });
    events.onerror = () => {
      // A connection dropped right after its first event (a bad proxy) must not retry at once.
      if (Date.now() - this.openedAt > STABLE_MS) this.attempt = 0;
      events.close();
      this.events = undefined;
      this.load();
    };
  }

  private async load(fresh = false) {
    this.abort?.abort();
    const abort = (this.abort = new AbortController());
    try {
      this.set(await getJson<T>(this.url, abort.signal, fresh), null);
      // The event stream failed (or is blocked): try it again later; meanwhile this GET is the poll.
      if (this.eventsUrl && !this.events) this.retry();
    } catch (e) {
      if (abort.signal.aborted) return;
      const error = e instanceof CastletError ? e : new CastletError('server');
      this.set(error.fatal ? null : this.data, error);
      if (!error.fatal) this.retry();
    }
  }

  private retry() {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), backoff(this.attempt++));
  }

  private set(data: T | null, error: CastletError | null) {
    this.data = data;
    this.error = error;
    for (const listener of this.listeners) listener(data, error);
  }
}

const feeds = new Map<string, Feed<unknown>>();

/** The page's shared feed for `url` (created on first use, dropped when nobody listens). */
export function feed<T>(url: string, eventsUrl: string | null = null): Feed<T> {
  const key = eventsUrl ?? url;
  let f = feeds.get(key) as Feed<T> | undefined;
  if (!f) {
    f = new Feed<T>(url, eventsUrl, () => feeds.delete(key));
    feeds.set(key, f as Feed<unknown>);
  }
  return f;
}

export type { Feed };
