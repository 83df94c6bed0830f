/**
 * Playback as an explicit state machine: what a player's audio is doing, and for each state
 * the events it accepts and what each does (`MACHINE`, a table read state by state). Every
 * playback decision is here, as a pure transition from (state, event) to (next state,
 * effects): what the listener asks, what the service says (another item shown, a source
 * delisted, off air, unreachable, back), what the element does (media-adapter.ts), a clip's end.
 * Nothing here touches the media element, a timer or the page: the engine (engine.ts) performs
 * the effects. The diagram in docs/playback.md is drawn from this table (`npm run diagram`).
 */

/** The playback on the way: what plays, from which of its sources, and how often it failed. */
export interface Link {
  /** A live stream: released on pause, reconnected at the live edge, and its end is a failure. */
  readonly live: boolean;
  /** The URLs of what is shown that this browser can play, in order of preference. */
  readonly sources: readonly string[];
  /** The one in use. */
  readonly index: number;
  /** Failures since sound last flowed for a while (the backoff's attempt). */
  readonly attempt: number;
  /** A failure was told (`error`) and sound has not flowed since (its `recovered` is due). */
  readonly told?: boolean;
  /** A clip plays: where it ends (s), where playback pauses. */
  readonly until?: number;
}

/**
 * - `idle`: nothing wanted, nothing loaded (a paused stream is released: idle too).
 * - `waiting`: play was asked before there was anything to play; it starts when there is.
 * - `loading`: connecting to a source, no sound yet (the stall watchdog runs).
 * - `playing`: sound flows (`flowed`: seconds of it since the last failure).
 * - `buffering`: it flowed and is held up now (the watchdog runs).
 * - `reconnecting`: every source failed: waiting out the backoff, then the first again.
 * - `held`: the service says the stream cannot be had now (off air, unreachable): nothing
 *   loads until it is back.
 * - `paused`: a file, loaded, paused (the engine keeps the position).
 * - `ended`: a file played to its end.
 * - `error`: the player's fatal error; nothing plays until asked again.
 */
export type State =
  | { readonly name: 'idle' }
  | { readonly name: 'waiting' }
  | { readonly name: 'loading'; readonly link: Link }
  | { readonly name: 'playing'; readonly link: Link; readonly flowed: number }
  | { readonly name: 'buffering'; readonly link: Link; readonly flowed: number }
  | { readonly name: 'reconnecting'; readonly link: Link }
  | { readonly name: 'held'; readonly link: Link }
  | { readonly name: 'paused'; readonly link: Link }
  | { readonly name: 'ended'; readonly link: Link }
  | { readonly name: 'error' };

export type StateName = State['name'];

/** What is shown, as playback sees it: `sources` undefined while nothing is known yet, empty when nothing can play. */
export interface Listing {
  readonly live: boolean;
  readonly sources?: readonly string[];
}

/** Requests come from the listener, the page and the player; what the service says from the player; the rest from the adapter and the timers. */
export type Event =
  /** Play what is shown (a clip of it: until `until` s). */
  | ({ readonly type: 'play'; readonly until?: number } & Listing)
  /** The listener, the page, the system controls or another player that started. */
  | { readonly type: 'pause' }
  /** The listener moved the position: a clip is left. */
  | { readonly type: 'seek' }
  /** What is loaded is no longer wanted at all (a new token). */
  | { readonly type: 'stop' }
  /** The player's fatal error (a bad token …): a play waiting for data is given up. */
  | { readonly type: 'fatal'; readonly error: unknown }
  /** The service: what is shown now (another item, its sources listed anew, or nothing known). */
  | ({ readonly type: 'shown' } & Listing)
  /** The service says the stream is off air. */
  | { readonly type: 'offline' }
  /** The service cannot be reached (its stream neither). */
  | { readonly type: 'unreachable' }
  /** The service answered again, with what is shown. */
  | ({ readonly type: 'back' } & Listing)
  /** The element says it plays (`playing`). */
  | { readonly type: 'sound' }
  /** The element's clock moved by `step` seconds (0 < step < 1 while it runs: sound flows) to `at`. */
  | { readonly type: 'tick'; readonly step: number; readonly at: number }
  /** The element waits for data. */
  | { readonly type: 'waiting' }
  /** A seek finished: the clock must move again. */
  | { readonly type: 'seeked' }
  /** The element knows the file: its `duration`, and whether its clock is `late` (not where the load was to start). */
  | { readonly type: 'metadata'; readonly duration: number; readonly late: boolean }
  /** The source failed: a media or HTTP error (`tell`: say so), or no sound in time (the watchdog). */
  | { readonly type: 'failed'; readonly tell: boolean }
  /** The element reached the end of what it loaded. */
  | { readonly type: 'ended' }
  /** The element paused without being asked (system controls, headphones unplugged). */
  | { readonly type: 'paused' }
  /** The browser refused to start (autoplay policy). */
  | { readonly type: 'refused'; readonly error: unknown }
  /** The backoff is over: start again with `sources` (what is shown now; default: as before). */
  | { readonly type: 'retry'; readonly sources?: readonly string[] };

export type EventType = Event['type'];

/** What the engine tells the player. */
export type Told = 'play' | 'pause' | 'error' | 'recovered' | 'ended';

export type Effect =
  /** Load `url` (the engine adds where a file starts). */
  | { readonly type: 'load'; readonly url: string }
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  /** Drop the source: the connection closes, the buffer goes. */
  | { readonly type: 'release' }
  /** Move the clock to where the load was to start (an engine that did not start at the media fragment). */
  | { readonly type: 'start' }
  /** (Re)start the stall watchdog: `failed` if no sound comes in time. */
  | { readonly type: 'watch' }
  /** Stop the watchdog or the backoff. */
  | { readonly type: 'unwatch' }
  /** `retry` after a backoff for `attempt`. */
  | { readonly type: 'backoff'; readonly attempt: number }
  /** Ask the service again (every source of a stream failed). */
  | { readonly type: 'refresh' }
  | { readonly type: 'tell'; readonly what: Told }
  /** Settle the promises of plays under way: resolved without `error`. */
  | { readonly type: 'settle'; readonly error?: unknown }
  /** Write the resume point. */
  | { readonly type: 'save' }
  /** Follow what is shown now: its resume point and speed, a seek asked for it. */
  | { readonly type: 'follow' }
  /** Sound flows: apply the speed. */
  | { readonly type: 'flowing' };

/** Seconds of sound after which a failure counts as new (the backoff starts over). */
export const HEALTHY_S = 30;

export const IDLE: State = { name: 'idle' };

const ABORT = 'AbortError';

type Next = [State, Effect[]];
/** `S`, the state named so. */
type In<S extends StateName> = Extract<State, { name: S }>;
type Active = In<'loading' | 'playing' | 'buffering'>;
type Linked = Extract<State, { link: Link }>;

/** Is `state` one where the listener wants sound? */
export function wanted(state: State): boolean {
  return state.name !== 'idle' && state.name !== 'paused' && state.name !== 'ended' && state.name !== 'error';
}

/** The source loaded, if any. */
export function sourceOf(state: State): string | undefined {
  return 'link' in state ? state.link.sources[state.link.index] : undefined;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);
const stay = (state: State): Next => [state, []];

/** Load source `index` of `link` and start it. */
function connect(link: Link, index: number): Next {
  const next = { ...link, index };
  return [{ name: 'loading', link: next }, [{ type: 'load', url: next.sources[index] ?? '' }, { type: 'play' }, { type: 'watch' }]];
}

/**
 * Play what is shown: a file loaded already goes on where it is (or, playing, is left alone), a
 * stream always reconnects, at the live edge; with nothing known yet, wait for it.
 */
function play(state: State, { live, sources, until }: Listing & { until?: number }): Next {
  if (!sources) return [wanted(state) ? state : { name: 'waiting' }, []];
  if (!sources.length) return [state.name === 'waiting' ? IDLE : state, [{ type: 'settle', error: Error('nothing to play') }]];
  const kept = 'link' in state && same(state.link.sources, sources);
  const link: Link = { ...(kept ? state.link : { live, sources, index: 0, attempt: 0 }), until };
  if (kept && !live) {
    if (isActive(state)) return [{ ...state, link }, []];
    if (state.name === 'paused' || state.name === 'ended')
      return [{ name: 'loading', link }, [{ type: 'play' }, { type: 'watch' }, { type: 'tell', what: 'play' }]];
  }
  const [next, effects] = connect(link, 0);
  return [next, [...effects, { type: 'tell', what: 'play' }]];
}

/** Back to the listener: paused (a file stays loaded), or idle (a stream is released). */
function halt(state: State, more: Effect[] = []): Next {
  const abort: Effect = { type: 'settle', error: new DOMException('paused', ABORT) };
  if (state.name === 'waiting') return [IDLE, [abort]];
  if (!wanted(state) || !('link' in state)) return [state, [abort]];
  const link = { ...state.link, attempt: 0, told: false, until: undefined };
  const effects: Effect[] = [abort, { type: 'unwatch' }, { type: 'pause' }, { type: 'save' }];
  if (link.live) effects.push({ type: 'release' });
  effects.push({ type: 'tell', what: 'pause' }, ...more);
  return [link.live ? IDLE : { name: more.length ? 'ended' : 'paused', link }, effects];
}

/** The listener's pause. */
const pause = (state: State): Next => halt(state);

/** Nothing is wanted any more: paused, and what is loaded dropped. (A play waiting for the data keeps waiting: it may come yet.) */
function stop(state: State): Next {
  if (state.name === 'waiting') return stay(state);
  const [next, effects] = wanted(state) ? halt(state) : [state, []];
  return [IDLE, next === IDLE ? effects : [...effects, { type: 'release' }]];
}

/**
 * The source in use failed: the next one at once, if there is one; otherwise back off, and a
 * stream asks the service again.
 */
function fail(link: Link, tell: boolean): Next {
  if (link.index + 1 < link.sources.length) return connect(link, link.index + 1);
  const effects: Effect[] = [{ type: 'unwatch' }, { type: 'backoff', attempt: link.attempt }];
  if (tell && !link.told) effects.unshift({ type: 'tell', what: 'error' });
  if (link.live) effects.push({ type: 'refresh' });
  // (The index stays: the source that failed last is what the element holds; the retry starts at the first.)
  return [{ name: 'reconnecting', link: { ...link, attempt: link.attempt + 1, told: link.told || tell } }, effects];
}

/** Sound flows (`step` more seconds of it); after a failure too, the element having come back by itself (the backoff is off). */
function flowing(state: Active | In<'reconnecting'>, step: number): Next {
  const { link } = state;
  const effects: Effect[] = [{ type: 'settle' }, { type: 'flowing' }];
  if (link.told) effects.unshift({ type: 'tell', what: 'recovered' });
  const flowed = ('flowed' in state ? state.flowed : 0) + step;
  const healthy = flowed >= HEALTHY_S;
  return [{ name: 'playing', link: { ...link, told: false, attempt: healthy ? 0 : link.attempt }, flowed: healthy ? 0 : flowed }, effects];
}

/** A source is loaded and the listener waits for its sound or hears it. */
function isActive(state: State): state is Active {
  return state.name === 'loading' || state.name === 'playing' || state.name === 'buffering';
}

/** The service says a stream cannot be had now: stop loading (the browser would retry on its own, several times a second), keep the wish. */
function hold(state: Linked): Next {
  return state.link.live
    ? [{ name: 'held', link: { ...state.link, attempt: state.link.attempt || 1 } }, [{ type: 'unwatch' }, { type: 'pause' }, { type: 'release' }]]
    : stay(state);
}

/**
 * What is shown changed: audio never plays under another item's title (what is loaded stops,
 * saving where it was); a stream whose source the service no longer lists (its server went
 * away) moves on at once to the first source it lists now (a server killed ends its streams
 * cleanly: the browser could play on from its buffer for many seconds); a play waiting for the
 * data starts.
 */
function shown(state: State, event: Listing): Next {
  const follow: Effect = { type: 'follow' };
  if (state.name === 'waiting') {
    const [next, effects] = play(state, event);
    return [next, [follow, ...effects]];
  }
  const src = sourceOf(state);
  // HLS listed first anew (its segmenter back; HLS_FIRST: the station sends its listeners to its CDN): a stream on
  // another source goes to it at once. Not one whose HLS failed here (it is in its list), nor on Icecast's order (by load).
  const listed = event.sources ?? [];
  const first = listed[0];
  if (isActive(state) && state.link.live && first?.startsWith('hls') && !state.link.sources.includes(first)) {
    const [next, effects] = connect({ ...state.link, sources: listed }, 0);
    return [next, [...effects, follow]];
  }
  if (src === undefined || state.name === 'held' || event.sources?.includes(src)) return [state, [follow]];
  // (The next source is the first the service lists now: from HLS to Icecast and back, at once.)
  const link = 'link' in state ? (event.sources?.length ? { ...state.link, sources: event.sources, index: -1 } : state.link) : undefined;
  const [next, effects] = link?.live && event.live ? (isActive(state) ? fail(link, false) : stay(state)) : stop(state);
  return [next, [...effects, follow]];
}

/** A seek leaves the clip. */
const seek = (state: Linked): Next => [{ ...state, link: { ...state.link, until: undefined } }, []];

/** The element says it plays: sound (a `playing` alone does not stop the watchdog; it ends a backoff: the element came back by itself). */
function sound(state: Active | In<'reconnecting'>): Next {
  const [next, effects] = flowing(state, 0);
  return [next, state.name === 'reconnecting' ? [{ type: 'unwatch' }, ...effects] : effects];
}

/** The clock moved: a clip's end pauses; only a clock that moves stops the watchdog (a `playing` alone does not); a jump is a seek, not sound. */
function tick(state: Active | In<'reconnecting'>, { step, at }: { step: number; at: number }): Next {
  const { until } = state.link;
  if (until !== undefined && at >= until) return halt(state);
  if (!(step > 0 && step < 1)) return stay(state);
  const [next, effects] = flowing(state, step);
  return [next, [{ type: 'unwatch' }, ...effects]];
}

/** The element waits for data: the watchdog watches. */
const waiting = (state: Active): Next => [
  state.name === 'loading' ? state : { name: 'buffering', link: state.link, flowed: state.flowed },
  [{ type: 'watch' }],
];

/** A seek finished: the clock must move again (WebKitGTK may go on reporting playing while its clock stands still). */
const seeked = (state: Active): Next => [state, [{ type: 'watch' }]];

/**
 * The element knows the file. WebKitGTK may take a file for a stream (its duration ~0 s, then
 * following the clock) and then no seek or speed takes: dropped and loaded again (a quirk, not
 * an error). An engine that did not start at the fragment is moved there (a file: a live stream
 * starts where its live edge is, HLS's clock far from 0).
 */
function metadata(state: Active, { duration, late }: { duration: number; late: boolean }): Next {
  if (!state.link.live && !(duration > 1)) {
    const [next, effects] = fail(state.link, false);
    return [next, [{ type: 'release' }, ...effects]];
  }
  // (A live stream starts at its live edge: no clock there is late. HLS's is not at 0.)
  return [state, late && !state.link.live ? [{ type: 'start' }] : []];
}

const failed = (state: Active, { tell }: { tell: boolean }): Next => fail(state.link, tell);

/** A stream that ends has failed (the connection dropped: Icecast closes it cleanly when a server dies); a file is done. */
const ended = (state: Active): Next => (state.link.live ? fail(state.link, false) : halt(state, [{ type: 'tell', what: 'ended' }]));

/** Paused from outside while playing: the listener's pause. (A pause while loading is the element's own, on the way to a new start.) */
const paused = (state: State): Next => (state.name === 'playing' ? halt(state) : [state, [{ type: 'save' }]]);

function refused(state: State, { error }: { error: unknown }): Next {
  const [next, effects] = halt(state);
  return [next, [{ type: 'settle', error }, ...effects]];
}

function fatal(state: State, { error }: { error: unknown }): Next {
  const [, effects] = state.name === 'waiting' ? [0, []] : halt(state);
  return [{ name: 'error' }, [...effects.filter((e) => e.type !== 'settle'), { type: 'settle', error }]];
}

/** The backoff is over: the first source, as the service lists them now (it was asked again). */
const retry = (state: In<'reconnecting'>, { sources }: { sources?: readonly string[] }): Next =>
  connect({ ...state.link, sources: sources?.length ? sources : state.link.sources }, 0);

/** The service answered again: a held stream plays. */
const back = (state: State, event: Listing): Next => play(state, event);

/** What each state does on each event it accepts; any other event leaves it as it is, doing nothing. */
type Table = {
  [S in StateName]: { on: { [E in EventType]?: (state: In<S>, event: Extract<Event, { type: E }>) => Next } };
};

/** What every state does on the listener's and the page's requests and on what is shown. */
const asked = { play, pause, stop, fatal, shown, paused: paused, refused };
/** …and every state with a source on the way. */
const active = { ...asked, seek, offline: hold, unreachable: hold, sound, tick, waiting, seeked, metadata, failed, ended };

/** Playback, state by state: the events each accepts and what each does. docs/playback.md draws it. */
export const MACHINE: Table = {
  idle: { on: asked },
  waiting: { on: asked },
  loading: { on: active },
  playing: { on: active },
  buffering: { on: active },
  reconnecting: { on: { ...asked, seek, offline: hold, unreachable: hold, sound, tick, retry } },
  held: { on: { ...asked, seek, offline: hold, unreachable: hold, back } },
  paused: { on: asked },
  ended: { on: asked },
  error: { on: asked },
};

/** Where `state` goes on `event`, and what to do for it. */
export function transition(state: State, event: Event): Next {
  const on = MACHINE[state.name].on as { [E in EventType]?: (state: State, event: Event) => Next };
  return on[event.type]?.(state, event) ?? stay(state);
}
