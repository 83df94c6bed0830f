/**
 * Playback as an explicit state machine: what a player's audio is doing, and the pure
 * transition from (state, event) to (next state, effects). Nothing here touches the media
 * element, a timer or the page: the engine (engine.ts) performs the effects through the media
 * adapter (media-adapter.ts), which turns the element's events into the events below.
 * The states and transitions, drawn: docs/playback.md.
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
}

/**
 * - `idle`: nothing wanted, nothing loaded (a paused stream is released: idle too).
 * - `waiting`: play was asked before there was anything to play; it starts when there is.
 * - `loading`: connecting to a source, no sound yet (the stall watchdog runs).
 * - `playing`: sound flows (`flowed`: seconds of it since the last failure).
 * - `buffering`: it flowed and is held up now (the watchdog runs).
 * - `reconnecting`: every source failed: waiting out the backoff, then the first again.
 * - `held`: the service says the stream cannot be had now (offline, unreachable): nothing
 *   loads until it can (`play` again).
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

/** Requests come from the listener, the page and the player; the rest from the adapter. */
export type Event =
  /** Play what is shown: `sources` undefined while nothing is known yet, empty when nothing can play. */
  | { readonly type: 'play'; readonly live: boolean; readonly sources?: readonly string[] }
  /** The listener, the page, the system controls or another player that started. */
  | { readonly type: 'pause' }
  /** What is loaded is no longer what is shown (another item, a new token). */
  | { readonly type: 'stop' }
  /** The service says the stream cannot be had now. */
  | { readonly type: 'hold' }
  /** The player's fatal error (a bad token …): a play waiting for data is given up. */
  | { readonly type: 'fatal'; readonly error: unknown }
  /** The element says it plays (`playing`). */
  | { readonly type: 'sound' }
  /** The element's clock moved by `step` seconds while it runs (0 < step < 1: sound flows). */
  | { readonly type: 'tick'; readonly step: number }
  /** The element waits for data. */
  | { readonly type: 'waiting' }
  /** A seek finished: the clock must move again. */
  | { readonly type: 'seeked' }
  /** The source failed: a media or HTTP error (`tell`: say so), or no sound in time, or a quirk. */
  | { readonly type: 'failed'; readonly tell: boolean }
  /** The element reached the end of what it loaded. */
  | { readonly type: 'ended' }
  /** The element paused without being asked (system controls, headphones unplugged). */
  | { readonly type: 'paused' }
  /** The browser refused to start (autoplay policy). */
  | { readonly type: 'refused'; readonly error: unknown }
  /** The backoff is over: start again with `sources` (what is shown now; default: as before). */
  | { readonly type: 'retry'; readonly sources?: readonly string[] };

/** What the engine tells the player. */
export type Told = 'play' | 'pause' | 'error' | 'recovered' | 'ended';

export type Effect =
  /** Load `url` (the engine adds where a file starts). */
  | { readonly type: 'load'; readonly url: string }
  | { readonly type: 'play' }
  | { readonly type: 'pause' }
  /** Drop the source: the connection closes, the buffer goes. */
  | { readonly type: 'release' }
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
  /** Sound flows: apply the speed. */
  | { readonly type: 'flowing' };

/** Seconds of sound after which a failure counts as new (the backoff starts over). */
export const HEALTHY_S = 30;

export const IDLE: State = { name: 'idle' };

const ABORT = 'AbortError';

/** Is `state` one where the listener wants sound? */
export function wanted(state: State): boolean {
  return state.name !== 'idle' && state.name !== 'paused' && state.name !== 'ended' && state.name !== 'error';
}

/** The source loaded, if any. */
export function sourceOf(state: State): string | undefined {
  return 'link' in state ? state.link.sources[state.link.index] : undefined;
}

const same = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((s, i) => s === b[i]);

/** Load source `index` of `link` and start it. */
function connect(link: Link, index: number): [State, Effect[]] {
  const next = { ...link, index };
  return [{ name: 'loading', link: next }, [{ type: 'load', url: next.sources[index] ?? '' }, { type: 'play' }, { type: 'watch' }]];
}

/** Back to the listener: paused (a file stays loaded), or idle (a stream is released). */
function pause(state: State, more: Effect[] = []): [State, Effect[]] {
  const abort: Effect = { type: 'settle', error: new DOMException('paused', ABORT) };
  if (state.name === 'waiting') return [IDLE, [abort]];
  if (!wanted(state) || !('link' in state)) return [state, [abort]];
  const link = { ...state.link, attempt: 0, told: false };
  const effects: Effect[] = [abort, { type: 'unwatch' }, { type: 'pause' }, { type: 'save' }];
  if (link.live) effects.push({ type: 'release' });
  effects.push({ type: 'tell', what: 'pause' }, ...more);
  return [link.live ? IDLE : { name: more.length ? 'ended' : 'paused', link }, effects];
}

/**
 * The source in use failed: the next one at once, if there is one; otherwise back off, and a
 * stream asks the service again.
 */
function fail(link: Link, tell: boolean): [State, Effect[]] {
  if (link.index + 1 < link.sources.length) return connect(link, link.index + 1);
  const effects: Effect[] = [{ type: 'unwatch' }, { type: 'backoff', attempt: link.attempt }];
  if (tell && !link.told) effects.unshift({ type: 'tell', what: 'error' });
  if (link.live) effects.push({ type: 'refresh' });
  // (The index stays: the source that failed last is what the element holds; the retry starts at the first.)
  return [{ name: 'reconnecting', link: { ...link, attempt: link.attempt + 1, told: link.told || tell } }, effects];
}

/** Sound flows (`step` more seconds of it); after a failure too, the element having come back by itself (the backoff is off). */
function flowing(state: Active | Extract<State, { name: 'reconnecting' }>, step: number): [State, Effect[]] {
  const { link } = state;
  const effects: Effect[] = [{ type: 'settle' }, { type: 'flowing' }];
  if (link.told) effects.unshift({ type: 'tell', what: 'recovered' });
  const flowed = ('flowed' in state ? state.flowed : 0) + step;
  const healthy = flowed >= HEALTHY_S;
  return [{ name: 'playing', link: { ...link, told: false, attempt: healthy ? 0 : link.attempt }, flowed: healthy ? 0 : flowed }, effects];
}

type Active = Extract<State, { name: 'loading' | 'playing' | 'buffering' }>;

/** A source is loaded and the listener waits for its sound or hears it. */
function isActive(state: State): state is Active {
  return state.name === 'loading' || state.name === 'playing' || state.name === 'buffering';
}

/**
 * Where `state` goes on `event`, and what to do for it. (Every event has its case: one left
 * out fails `tsc`, as the function would then end without a return.)
 */
export function transition(state: State, event: Event): [State, Effect[]] {
  switch (event.type) {
    case 'play': {
      const { sources, live } = event;
      // Nothing known yet: a player that plays nothing waits for it (one that plays goes on).
      if (!sources) return [wanted(state) ? state : { name: 'waiting' }, []];
      if (!sources.length) return [state.name === 'waiting' ? IDLE : state, [{ type: 'settle', error: Error('nothing to play') }]];
      const kept = 'link' in state && same(state.link.sources, sources);
      const link: Link = kept ? state.link : { live, sources, index: 0, attempt: 0 };
      // A file loaded already goes on where it is (or, playing, is left alone); a stream always reconnects, at the live edge.
      if (kept && !live) {
        if (isActive(state)) return [state, []];
        if (state.name === 'paused' || state.name === 'ended')
          return [{ name: 'loading', link }, [{ type: 'play' }, { type: 'watch' }, { type: 'tell', what: 'play' }]];
      }
      const [next, effects] = connect(link, 0);
      return [next, [...effects, { type: 'tell', what: 'play' }]];
    }
    case 'pause':
      return pause(state);
    case 'stop': {
      // (A play waiting for the data keeps waiting: the data may come yet.)
      if (state.name === 'waiting') return [state, []];
      const [next, effects] = wanted(state) ? pause(state) : [state, []];
      return [IDLE, next === IDLE ? effects : [...effects, { type: 'release' }]];
    }
    case 'hold':
      return wanted(state) && 'link' in state
        ? [{ name: 'held', link: { ...state.link, attempt: state.link.attempt || 1 } }, [{ type: 'unwatch' }, { type: 'pause' }, { type: 'release' }]]
        : [state, []];
    case 'fatal': {
      const [, effects] = state.name === 'waiting' ? [0, []] : pause(state);
      return [{ name: 'error' }, [...effects.filter((e) => e.type !== 'settle'), { type: 'settle', error: event.error }]];
    }
    case 'sound': {
      if (!isActive(state) && state.name !== 'reconnecting') return [state, []];
      const [next, effects] = flowing(state, 0);
      // (A `playing` alone does not stop the watchdog; it ends a backoff: the element came back by itself.)
      return [next, state.name === 'reconnecting' ? [{ type: 'unwatch' }, ...effects] : effects];
    }
    case 'tick': {
      // Only a clock that moves stops the watchdog (a `playing` alone does not); a jump is a seek, not sound.
      if (!(isActive(state) || state.name === 'reconnecting') || !(event.step > 0 && event.step < 1)) return [state, []];
      const [next, effects] = flowing(state, event.step);
      return [next, [{ type: 'unwatch' }, ...effects]];
    }
    case 'waiting':
      if (!isActive(state)) return [state, []];
      return [state.name === 'loading' ? state : { name: 'buffering', link: state.link, flowed: state.flowed }, [{ type: 'watch' }]];
    case 'seeked':
      return [state, isActive(state) ? [{ type: 'watch' }] : []];
    case 'failed':
      return isActive(state) ? fail(state.link, event.tell) : [state, []];
    case 'ended':
      if (!isActive(state)) return [state, []];
      return state.link.live ? fail(state.link, false) : pause(state, [{ type: 'tell', what: 'ended' }]);
    case 'paused':
      // (A pause while loading is the element's own, on the way to a new start: not the listener's.)
      return state.name === 'playing' ? pause(state) : [state, [{ type: 'save' }]];
    case 'refused': {
      const [next, effects] = pause(state);
      return [next, [{ type: 'settle', error: event.error }, ...effects]];
    }
    case 'retry':
      // The sources as the service lists them now (it was asked again).
      return state.name === 'reconnecting'
        ? connect({ ...state.link, sources: event.sources?.length ? event.sources : state.link.sources }, 0)
        : [state, []];
  }
}
