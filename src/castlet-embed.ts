/**
 * castlet-embed.js: drive castlet's embed pages (`/embed/stream`, `/embed/podcast` in an `<iframe>`) from the page around
 * them, in the manner of Spotify's iFrame API (docs/embed-api.md). An ES module of its own, served beside the bundle
 * (`/castlet-embed.js`, `/castlet@<version>/castlet-embed.js`); nothing of the players is in it.
 *
 * ```js
 * import { attach } from 'https://radio.example/castlet-embed.js';
 * const player = attach(document.querySelector('iframe'));
 * player.on('state', ({ state }) => console.log(state));
 * await player.load({ episode: 'ep-3', position: 90 });
 * await player.play(); // rejects with code `play_refused` where the browser wants a gesture first
 * ```
 *
 * Any number of frames on a page: each message is matched to its frame by `event.source` (the frame's window) and its
 * origin (that of the frame's `src`); commands go to that origin only.
 */

/** What a frame says, by event name (`on(name, fn)`); a `castlet:<name>` message's fields. */
export interface EmbedEvents {
  /** The player is settled (ready, offline or in error) and takes commands. */
  ready: { kind: 'stream' | 'podcast'; state: string };
  /** The player's state: loading, ready, playing, buffering, offline, error. */
  state: { state: string };
  /** Where it plays, in seconds (at most once a second while playing, and after a seek or a pause); `duration` null on the radio. */
  time: { position: number; duration: number | null };
  /** The track on air, or the episode on show (and its show). */
  nowplaying: { title: string | null; artist: string | null };
  /** Another episode is on show (the listener's choice, `continuous`, or `load`). */
  episodechange: { episode: string };
  /** The player's errors (`network`, `invalid_token` …), `bad_command`, `play_refused` (no gesture yet), `not_found` (load), `timeout`. */
  error: { code: string; message: string };
  /** The frame's height in px. */
  resize: { height: number };
}

export type EmbedEventName = keyof EmbedEvents;

/** What `load` opens: an episode, at a position or a clip (`[start, duration]`, seconds), ready to play. */
export interface LoadOptions {
  episode: string;
  position?: number;
  clip?: [start: number, duration: number];
}

/** An attached frame. Each command resolves with the event that answered it, or rejects with an `EmbedError`. */
export interface EmbedPlayer {
  play(): Promise<EmbedEvents['state']>;
  pause(): Promise<EmbedEvents['state']>;
  toggle(): Promise<EmbedEvents['state']>;
  /** Moves to `position` seconds (podcast). */
  seek(position: number): Promise<EmbedEvents['time']>;
  /** Opens an episode (podcast). */
  load(options: LoadOptions): Promise<EmbedEvents['episodechange']>;
  /** Calls `fn` on each such event from this frame; returns what stops it. */
  on<K extends EmbedEventName>(event: K, fn: (detail: EmbedEvents[K]) => void): () => void;
  /** Stops listening; pending commands reject. */
  detach(): void;
}

export interface AttachOptions {
  /** How long a command may wait for its answer (ms; default 15 000): then it rejects with code `timeout`. */
  timeout?: number;
}

/** A command the frame refused or could not do: `code` as in the `error` event. */
export class EmbedError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'EmbedError';
  }
}

type Pending = { resolve: (v: unknown) => void; reject: (e: EmbedError) => void; timer: ReturnType<typeof setTimeout> };
interface Frame {
  iframe: HTMLIFrameElement;
  origin: () => string;
  take(type: string, data: Record<string, unknown>): void;
}

const frames = new Set<Frame>();
let listening = false;
let ids = 0;

function onMessage(e: MessageEvent): void {
  const data = e.data as Record<string, unknown> | null;
  if (!data || typeof data !== 'object' || typeof data.type !== 'string' || !data.type.startsWith('castlet:')) return;
  for (const f of frames) if (e.source && e.source === f.iframe.contentWindow && e.origin === f.origin()) f.take(data.type.slice(8), data);
}

/** Attaches to an embed page's `<iframe>` (loaded or not yet). */
export function attach(iframe: HTMLIFrameElement, options: AttachOptions = {}): EmbedPlayer {
  const timeout = options.timeout ?? 15_000;
  const handlers = new Map<string, Set<(d: unknown) => void>>();
  const pending = new Map<string, Pending>();
  /** Commands asked before the frame said it is ready (a message to a page still loading would be lost). */
  let queue: Record<string, unknown>[] = [];
  let ready = false;
  const origin = () => new URL(iframe.src, location.href).origin;
  const send = (msg: Record<string, unknown>) => iframe.contentWindow?.postMessage(msg, origin());

  const frame: Frame = {
    iframe,
    origin,
    take(type, data) {
      const { type: _t, id, ...detail } = data;
      if (type === 'ready') {
        ready = true;
        for (const msg of queue.splice(0)) send(msg);
      }
      const waiting = typeof id === 'string' ? pending.get(id) : undefined;
      if (waiting) {
        pending.delete(id as string);
        clearTimeout(waiting.timer);
        if (type === 'error') waiting.reject(new EmbedError(String(detail.code), String(detail.message)));
        else waiting.resolve(detail);
      }
      handlers.get(type)?.forEach((fn) => fn(detail));
    },
  };
  frames.add(frame);
  if (!listening) {
    addEventListener('message', onMessage);
    listening = true;
  }
  // A frame loaded before this call said `ready` to no one: asked (`castlet:hello`), a ready frame says it again. A page
  // loaded anew in the frame is asked too: until it answers, commands wait (a message to a page that is going is lost).
  // Its height too (`castlet:measure`): it was said before this call, maybe.
  const hello = () => (send({ type: 'castlet:hello' }), send({ type: 'castlet:measure' }));
  iframe.addEventListener('load', () => ((ready = false), hello()));
  // (Not to a frame still on its first about:blank, of this page's origin: the browser warns of a message to another
  // origin than asked. Its load is awaited. Across origins the frame's location cannot be read: the page is there.)
  try {
    if (iframe.contentWindow?.location.origin === origin()) hello();
  } catch {
    hello();
  }

  function command<R>(command: string, more: Record<string, unknown> = {}): Promise<R> {
    const id = `c${++ids}`;
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        pending.delete(id);
        reject(new EmbedError('timeout', `${command}: no answer from the frame within ${timeout} ms`));
      }, timeout);
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject, timer });
      const msg = { type: 'castlet:command', command, id, ...more };
      if (ready) send(msg);
      else queue.push(msg);
    });
  }

  return {
    play: () => command('play'),
    pause: () => command('pause'),
    toggle: () => command('toggle'),
    seek: (position) => command('seek', { position }),
    load: ({ episode, position, clip }) =>
      command('load', { episode, ...(position !== undefined && { position }), ...(clip !== undefined && { clip: [...clip] }) }),
    on(event, fn) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set.add(fn as (d: unknown) => void));
      return () => set.delete(fn as (d: unknown) => void);
    },
    detach() {
      frames.delete(frame);
      queue = [];
      for (const [, p] of pending) {
        clearTimeout(p.timer);
        p.reject(new EmbedError('detached', 'detached from the frame'));
      }
      pending.clear();
    },
  };
}
