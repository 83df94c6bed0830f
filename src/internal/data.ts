import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { publicUrl, type Endpoint } from './api.js';
import { CastletError } from './errors.js';
import { FeedController, type Valid } from './feed.js';
import type { Status } from './status.js';
import { checkToken } from './tokens.js';

/**
 * The contract's check `name` of an answer (src/api/validate.ts): an on-demand chunk, as only an
 * answer needs it (asked for beside the data: see DataController).
 */
export const check =
  (name: 'isStreamInfo' | 'isPodcastFeed'): Valid =>
  (v) =>
    import('../api/validate.js').then((m) => m[name](v));

/** The attributes a player's data is asked with. */
export interface DataHost extends ReactiveControllerHost, HTMLElement {
  publicToken: string;
  baseUrl: string;
  channel: string;
}

/** What the data controller works with, and tells. */
export interface DataParts {
  /** The endpoint with the widget's data; `{endpoint}/events` pushes the same object as events named `endpoint`. */
  endpoint: Endpoint;
  /** Checks an answer's shape (see Valid); asked once at first with nothing, so that an on-demand validator's chunk comes beside the data. */
  valid: Valid;
  status: Status;
  /** Stops what plays (a new token, or none that works). */
  stop(): void;
  /** New data arrived (before rendering). */
  changed(): void;
  /** The feed failed (the error is shown already). */
  failed(error: CastletError): void;
}

/**
 * A player's data: follows its token, base-url and channel, as `@lit/task` follows its
 * arguments (at each host update, before rendering). When one changed, what played stops, the
 * token and address are checked (a token or base-url that cannot work is reported without
 * asking the server) and the data is asked for again through the page's shared feed.
 */
export class DataController<T> implements ReactiveController {
  /** The public data, once it arrived. */
  data: T | null = null;
  /** The token, base-url and channel the data was asked with. */
  #asked = '';
  #feed: FeedController<T>;

  constructor(
    private readonly host: DataHost,
    private readonly parts: DataParts,
  ) {
    host.addController(this);
    void parts.valid(0);
    this.#feed = new FeedController<T>(host, parts.valid, (data, error) => this.#received(data, error));
  }

  /** Asks the service again now. */
  refresh(): void {
    this.#feed.refresh();
  }

  hostUpdate(): void {
    const { publicToken: token, baseUrl, channel } = this.host;
    const asked = [token, baseUrl, channel].join(' ');
    if (asked === this.#asked) return;
    this.#asked = asked;
    const { endpoint, status } = this.parts;
    this.parts.stop();
    this.data = status.error = null;
    try {
      const invalid = checkToken(token);
      if (invalid) throw invalid;
      const url = (e: Endpoint | `${Endpoint}/events`) => publicUrl(baseUrl, e, token, channel);
      this.#feed.follow(url(endpoint), url(`${endpoint}/events`), endpoint);
    } catch (e) {
      this.#feed.follow();
      status.fail(e instanceof CastletError ? e : new CastletError('invalid_base_url'));
    }
  }

  #received(data: T | null, error: CastletError | null) {
    const old = this.data;
    const { status } = this.parts;
    if (data !== old) {
      this.data = data;
      this.host.requestUpdate();
    }
    // A bad token now (e.g. the owner reset the tokens): stop, whatever was playing.
    if (!data) this.parts.stop();
    if (error) {
      status.fail(error);
      this.parts.failed(error);
    } else status.clear(false);
    if (data && data !== old) this.parts.changed();
  }
}
