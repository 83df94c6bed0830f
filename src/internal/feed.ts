import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { getJson } from './api.js';
import { backoff } from './backoff.js';
import { CastletError } from './errors.js';

/** An event stream open this long counts as healthy again. */
const STABLE_MS = 30_000;

/** How long a request, or an event stream's first event, may take before it counts as failed. */
export const limits = { timeout: 10_000 };

export type FeedListener<T> = (data: T | null, error: CastletError | null) => void;
/** Checks an answer's shape: at once, or once its chunk is here (the players' validators are an on-demand chunk). */
export type Valid = (v: unknown) => boolean | Promise<boolean>;

/**
 * One source of public data shared by every widget of a page that asks for the same URL:
 * one request per endpoint and token, one Server-Sent Events connection.
 *
 * With `eventsUrl`, updates arrive as SSE events named `name`. When the connection fails
 * (or sends nothing within the time-out), a plain GET tells why: a bad token stops
 * everything (no retries); a network failure, a silent service or an answer of the wrong
 * shape retries that GET with capped exponential backoff and jitter (one request per try,
 * whatever failed), and once it answers, the event stream is tried again, later each time
 * it fails; a blocked event stream leaves the GETs in between to keep the data fresh (the
 * polling fallback). A connection not even answered (no headers) within the time-out says
 * "cannot reach the service" at once, as a request's time-out would. Every answer is checked
 * with `valid` first: bad data never replaces the last good data.
 */
class Feed<T> {
  data: T | null = null;
  error: CastletError | null = null;
  #listeners = new Set<FeedListener<T>>();
  #attempt = 0;
  #timer?: ReturnType<typeof setTimeout>;
  #events?: EventSource;
  #abort?: AbortController;

  constructor(
    readonly url: string,
    private readonly eventsUrl: string | null,
    private readonly name: string,
    private readonly valid: Valid,
    private readonly onIdle: () => void,
  ) {}

  subscribe(listener: FeedListener<T>): () => void {
    this.#listeners.add(listener);
    if (this.#listeners.size === 1) this.#start();
    // What the feed has, after the update that subscribed (a listener called within it would
    // have its data folded into that update, rendered before it arrived: a player added later).
    else if (this.data || this.error) queueMicrotask(() => this.#listeners.has(listener) && listener(this.data, this.error));
    return () => {
      this.#listeners.delete(listener);
      if (!this.#listeners.size) this.#stop();
    };
  }

  /** Ask again now (bypassing the HTTP cache), e.g. after the owner changed the data. */
  refresh(): void {
    if (!this.error?.fatal) this.#load('no-cache');
  }

  #online = () => {
    if (this.error && !this.error.fatal) {
      this.#attempt = 0;
      this.#connect();
    }
  };

  #start() {
    addEventListener('online', this.#online);
    this.#connect();
  }

  #stop() {
    removeEventListener('online', this.#online);
    clearTimeout(this.#timer);
    this.#close();
    this.#abort?.abort();
    this.#abort = undefined;
    this.onIdle();
  }

  #close() {
    this.#events?.close();
    this.#events = undefined;
  }

  #connect() {
    clearTimeout(this.#timer);
    if (this.eventsUrl && typeof EventSource === 'function') this.#listen(this.eventsUrl);
    else this.#load();
  }

  #listen(url: string) {
    this.#close();
    const events = (this.#events = new EventSource(url));
    const openedAt = Date.now();
    const fail = () => {
      if (events !== this.#events) return;
      // A connection dropped right after its first event (a bad proxy) must not retry at once.
      if (Date.now() - openedAt > STABLE_MS) this.#attempt = 0;
      this.#close();
      // Past the HTTP cache: a token reset that ended the stream must not be answered by the
      // cached (max-age=5) data of the old token.
      this.#load('no-cache');
    };
    // A service that accepts the connection and never sends anything counts as failed; one
    // that did not even answer (still CONNECTING) is unreachable: said now, not after the GET's own time-out.
    this.#timer = setTimeout(() => {
      if (!events.readyState) this.#set(this.data, new CastletError('network'));
      fail();
    }, limits.timeout);
    events.addEventListener(this.name, (e) => {
      clearTimeout(this.#timer);
      let data: unknown;
      try {
        data = JSON.parse((e as MessageEvent<string>).data);
      } catch {
        // Not JSON: reported below like any other answer of the wrong shape.
      }
      // (At once, or once an on-demand validator is here: events that came one after the other
      // are set in that order; closed meanwhile, nobody listens.)
      const set = (ok: boolean) => events === this.#events && this.#set(ok ? (data as T) : this.data, ok ? null : new CastletError('bad_response'));
      const ok = this.valid(data);
      if (typeof ok === 'boolean') set(ok);
      else void ok.then(set);
    });
    events.onerror = fail;
  }

  async #load(cache?: RequestCache) {
    this.#abort?.abort();
    const abort = (this.#abort = new AbortController());
    // (Left to run: aborting a request that already ended does nothing.)
    setTimeout(() => abort.abort(), limits.timeout);
    let data: T | null = this.data;
    let error: CastletError | null = null;
    try {
      data = (await getJson(this.url, this.valid, abort.signal, cache)) as T;
    } catch (e) {
      error = e as CastletError;
      if (error.fatal) data = null;
    }
    // Superseded by a newer request, or nobody listens any more.
    if (abort !== this.#abort) return;
    this.#set(data, error);
    // A failure: this GET again later. An event stream that failed (or is blocked): it again
    // later; meanwhile this GET is the poll.
    if (error ? !error.fatal : this.eventsUrl && !this.#events) {
      clearTimeout(this.#timer);
      this.#timer = setTimeout(() => (error ? this.#load('no-cache') : this.#connect()), backoff(this.#attempt++));
    }
  }

  #set(data: T | null, error: CastletError | null) {
    this.data = data;
    this.error = error;
    for (const listener of this.#listeners) listener(data, error);
  }
}

const feeds = new Map<string, Feed<unknown>>();

/**
 * The data path of a widget, connected and disconnected with its host: follows one URL
 * through the page's shared feed and hands every (checked) answer to `listener`.
 */
export class FeedController<T> implements ReactiveController {
  #args?: [url: string, eventsUrl: string | null, name: string];
  #feed?: Feed<T>;
  #off?: () => void;

  constructor(
    private readonly host: ReactiveControllerHost & Element,
    private readonly valid: Valid,
    private readonly listener: FeedListener<T>,
  ) {
    host.addController(this);
  }

  /** Follows `url` (updates from `eventsUrl`, as events named `name`), or nothing. */
  follow(...args: [url: string, eventsUrl: string | null, name: string] | []): void {
    this.hostDisconnected();
    this.#args = args.length ? args : undefined;
    if (this.host.isConnected) this.hostConnected();
  }

  /** Asks the service again now. */
  refresh(): void {
    this.#feed?.refresh();
  }

  hostConnected(): void {
    if (!this.#args || this.#off) return;
    const [url, eventsUrl, name] = this.#args;
    const key = eventsUrl ?? url;
    let f = feeds.get(key) as Feed<T> | undefined;
    if (!f) feeds.set(key, (f = new Feed<T>(url, eventsUrl, name, this.valid, () => feeds.delete(key))) as Feed<unknown>);
    this.#feed = f;
    this.#off = f.subscribe(this.listener);
  }

  hostDisconnected(): void {
    this.#off?.();
    this.#off = this.#feed = undefined;
  }
}
