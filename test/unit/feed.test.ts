/**
 * The feed's timing rules to the boundary, with fake timers: a stand-in `fetch` and
 * `EventSource` the test answers by hand (when, what, or never). What the same path does
 * against a real service on loopback is in test/components/data-path.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FeedController, limits } from '../../src/internal/feed.ts';
import type { CastletError } from '../../src/internal/errors.ts';

const URL_ = 'https://x.test/public/stream?token=pk';
const EVENTS = 'https://x.test/public/stream/events?token=pk';
type Data = { n: number };
const valid = (v: unknown) => typeof (v as Data | null)?.n === 'number';

/** An EventSource the test drives: `open` it (the service answered), `send` an event, `fail` the connection. */
class Source extends EventTarget {
  static all: Source[] = [];
  onerror: (() => void) | null = null;
  closed = false;
  /** CONNECTING (0) until the service answers, OPEN (1) then, as a browser's. */
  readyState = 0;
  constructor(readonly url: string) {
    super();
    Source.all.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  open() {
    this.readyState = 1;
  }
  send(data: unknown, name = 'stream') {
    this.open();
    this.dispatchEvent(new MessageEvent(name, { data: typeof data === 'string' ? data : JSON.stringify(data) }));
  }
  fail() {
    this.onerror?.();
  }
}
const open = () => Source.all.filter((s) => !s.closed);

type Answer = { ok: boolean; status: number; json: () => Promise<unknown> };
const ok = (body: unknown): Answer => ({ ok: true, status: 200, json: async () => body });
const status = (code: number, body: unknown): Answer => ({ ok: false, status: code, json: async () => body });
/** Every request: its URL, options and time; `answer` says what the service does. */
let requests: { url: string; init: RequestInit; at: number }[];
let answer: (init: RequestInit) => Promise<Answer>;
/** A request that never gets an answer (until aborted, as a real fetch is). */
const never = (init: RequestInit) =>
  new Promise<Answer>((_, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));

const controllers: FeedController<Data>[] = [];
/** A widget's data path; `seen` collects what it was handed. */
function widget(connected = true) {
  const seen: [Data | null, string | null][] = [];
  const host = { addController: vi.fn(), isConnected: connected } as unknown as ConstructorParameters<typeof FeedController<Data>>[0];
  const feed = new FeedController<Data>(host, valid, (data, error: CastletError | null) => seen.push([data, error?.code ?? null]));
  controllers.push(feed);
  return { feed, seen, host: host as unknown as { isConnected: boolean } };
}
const flush = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0); // backoff without jitter: 500 ms, then 1, 2, 4 s…
  Source.all = [];
  requests = [];
  answer = async () => ok({ n: 1 });
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => (requests.push({ url, init, at: Date.now() }), answer(init)));
  vi.stubGlobal('EventSource', Source);
});
afterEach(() => {
  for (const c of controllers.splice(0)) c.hostDisconnected();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('one feed per page and URL', () => {
  it('one connection for every widget; one that joins before any data waits, one after gets the data right after it joins', async () => {
    const a = widget();
    const b = widget();
    a.feed.follow(URL_, EVENTS, 'stream');
    b.feed.follow(URL_, EVENTS, 'stream');
    expect(Source.all).toHaveLength(1);
    expect(b.seen).toEqual([]);
    Source.all[0].send({ n: 1 });
    expect(a.seen).toEqual([[{ n: 1 }, null]]);
    expect(b.seen).toEqual([[{ n: 1 }, null]]);
    const c = widget();
    c.feed.follow(URL_, EVENTS, 'stream');
    // Not within the call, which may be inside the host's update (it would fold the data into
    // that update, unrendered): right after it.
    expect(c.seen).toEqual([]);
    await Promise.resolve();
    expect(c.seen).toEqual([[{ n: 1 }, null]]);
    expect(requests).toHaveLength(0);
  });

  it('a host connected twice (follow() on a page, then Lit connecting it) still has one connection', () => {
    const a = widget();
    a.feed.follow(URL_, EVENTS, 'stream');
    a.feed.hostConnected();
    expect(Source.all).toHaveLength(1);
  });

  it('the last widget to leave closes the connection and aborts its request', async () => {
    answer = never;
    const a = widget();
    const b = widget();
    a.feed.follow(URL_, null, 'stream');
    b.feed.follow(URL_, null, 'stream');
    expect(requests).toHaveLength(1);
    a.feed.hostDisconnected();
    expect(requests[0].init.signal!.aborted).toBe(false);
    b.feed.hostDisconnected();
    expect(requests[0].init.signal!.aborted).toBe(true);
    const c = widget();
    c.feed.follow(URL_, EVENTS, 'stream');
    c.feed.hostDisconnected();
    expect(open()).toEqual([]);
  });

  it('widgets polling different URLs each get their own data', async () => {
    answer = async () => ok({ n: requests.length });
    const a = widget();
    const b = widget();
    a.feed.follow(URL_, null, 'stream');
    b.feed.follow(`${URL_}&channel=2`, null, 'stream');
    await flush();
    expect(requests.map((r) => r.url)).toEqual([URL_, `${URL_}&channel=2`]);
    expect(a.seen).toEqual([[{ n: 1 }, null]]);
    expect(b.seen).toEqual([[{ n: 2 }, null]]);
  });

  it('a widget not on a page asks nothing until it is; refresh() before anything is followed is harmless', async () => {
    const a = widget(false);
    a.feed.refresh();
    a.feed.follow(URL_, null, 'stream');
    await flush();
    expect(requests).toHaveLength(0);
    a.host.isConnected = true;
    a.feed.hostConnected();
    await flush();
    expect(a.seen).toEqual([[{ n: 1 }, null]]);
  });
});

describe('requests', () => {
  it('a plain GET where there is no event stream: JSON asked for, the HTTP cache allowed; nothing more once answered', async () => {
    const a = widget();
    a.feed.follow(URL_, null, 'stream');
    await flush();
    expect(requests).toHaveLength(1);
    expect(requests[0].init.headers).toEqual({ Accept: 'application/json' });
    expect(requests[0].init.cache).toBeUndefined();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(requests).toHaveLength(1);
  });

  it('refresh() asks past the HTTP cache', async () => {
    const a = widget();
    a.feed.follow(URL_, null, 'stream');
    await flush();
    a.feed.refresh();
    await flush();
    expect(requests[1].init.cache).toBe('no-cache');
  });

  it('without EventSource in the browser, GET polling with backoff', async () => {
    vi.stubGlobal('EventSource', undefined);
    const a = widget();
    a.feed.follow(URL_, EVENTS, 'stream');
    await flush();
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(499);
    expect(requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(2);
  });

  it('a request without an answer fails after the time-out, as a network error, and is retried', async () => {
    answer = never;
    const a = widget();
    a.feed.follow(URL_, null, 'stream');
    await vi.advanceTimersByTimeAsync(limits.timeout - 1);
    expect(a.seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(a.seen).toEqual([[null, 'network']]);
    expect(requests[0].init.signal!.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(500);
    expect(requests).toHaveLength(2);
  });

  it('a request overtaken by a newer one (refresh) says nothing', async () => {
    let first = true;
    answer = (init) => (first ? ((first = false), never(init)) : Promise.resolve(ok({ n: 2 })));
    const a = widget();
    a.feed.follow(URL_, null, 'stream');
    a.feed.refresh();
    await flush();
    expect(requests[0].init.signal!.aborted).toBe(true);
    expect(a.seen).toEqual([[{ n: 2 }, null]]);
  });

  it('a bad token stops everything; a failure of the network or of the shape keeps the last data and retries', async () => {
    const a = widget();
    a.feed.follow(URL_, null, 'stream');
    await flush();
    answer = async () => ok({ n: 'x' });
    a.feed.refresh();
    await flush();
    expect(a.seen.at(-1)).toEqual([{ n: 1 }, 'bad_response']);
    answer = async () => status(401, { error: { code: 'invalid_token', message: 'no' } });
    await vi.advanceTimersByTimeAsync(500);
    expect(a.seen.at(-1)).toEqual([null, 'invalid_token']);
    const asked = requests.length;
    a.feed.refresh();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(requests).toHaveLength(asked);
  });
});

describe('the event stream', () => {
  const listening = () => {
    const a = widget();
    a.feed.follow(URL_, EVENTS, 'stream');
    return { ...a, source: Source.all[0] };
  };

  it('answered but sends nothing within the time-out (a buffering proxy): counts as failed, quietly; a fresh GET, then it connects again with backoff', async () => {
    const { source, seen } = listening();
    source.open();
    await vi.advanceTimersByTimeAsync(limits.timeout - 1);
    expect(requests).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(source.closed).toBe(true);
    expect(requests).toHaveLength(1);
    expect(requests[0].init.cache).toBe('no-cache'); // a token reset must not be answered from the cache
    expect(seen).toEqual([[{ n: 1 }, null]]); // the GET is the poll meanwhile
    await vi.advanceTimersByTimeAsync(499);
    expect(Source.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(Source.all).toHaveLength(2);
  });

  it('not even answered within the time-out (a silent service): "cannot reach" at once, not after the GET\'s own time-out; the GET may still answer', async () => {
    answer = never;
    const { source, seen } = listening();
    await vi.advanceTimersByTimeAsync(limits.timeout - 1);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen).toEqual([[null, 'network']]);
    expect(source.closed).toBe(true);
    expect(requests).toHaveLength(1); // the GET, asked at once
    // It times out too: the same error (the player says it once), then that GET again with backoff.
    await vi.advanceTimersByTimeAsync(limits.timeout);
    expect(seen).toEqual([
      [null, 'network'],
      [null, 'network'],
    ]);
    answer = async () => ok({ n: 1 });
    await vi.advanceTimersByTimeAsync(500);
    expect(requests).toHaveLength(2);
    expect(Source.all).toHaveLength(1);
    expect(seen.at(-1)).toEqual([{ n: 1 }, null]);
  });

  it('events of another name, of no JSON or of the wrong shape: bad_response, the last data kept', () => {
    const { source, seen } = listening();
    source.send({ n: 1 });
    source.send({ n: 9 }, 'other');
    source.send('{oops');
    source.send({ n: 'x' });
    expect(seen).toEqual([
      [{ n: 1 }, null],
      [{ n: 1 }, 'bad_response'],
      [{ n: 1 }, 'bad_response'],
    ]);
  });

  it('a connection that failed earlier is forgotten: its late error closes nothing', async () => {
    const { source } = listening();
    source.fail();
    await vi.advanceTimersByTimeAsync(500);
    expect(Source.all).toHaveLength(2);
    source.fail();
    await flush();
    expect(Source.all[1].closed).toBe(false);
    expect(requests).toHaveLength(1);
  });

  it('the backoff starts over only after a connection lived more than 30 s', async () => {
    const { source } = listening();
    source.fail(); // the 1st retry: 0.5 s
    await vi.advanceTimersByTimeAsync(500);
    /** The newest connection sends, lives `ms`, fails: the time to the next one is the backoff. */
    const lives = async (ms: number, retry: number) => {
      const count = Source.all.length;
      const s = Source.all.at(-1)!;
      s.send({ n: 1 });
      await vi.advanceTimersByTimeAsync(ms);
      s.fail();
      await vi.advanceTimersByTimeAsync(retry - 1);
      expect(Source.all).toHaveLength(count);
      await vi.advanceTimersByTimeAsync(1);
      expect(Source.all).toHaveLength(count + 1);
    };
    await lives(30_000, 1000); // 30 s exactly: the 2nd retry (1 s)
    await lives(30_001, 500); // past 30 s: the 1st again (0.5 s)
  });

  /** A service whose every event stream fails at once, and whose GET fails as `kind` says. */
  const FAILURES: [string, () => Promise<Answer>][] = [
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
    ['invalid JSON', async () => ({ ok: true, status: 200, json: () => Promise.reject(new SyntaxError('Unexpected token')) })],
    ['the wrong shape', async () => ok({ n: 'x' })],
    ['a server error', async () => status(503, { error: 'server_offline' })],
  ];
  it.each(FAILURES)(
    '%s: one request per try, the same backoff: at most 6 requests in 10 s at the shortest jitter; the stream again once the GET answers',
    async (_, fails) => {
      answer = fails;
      vi.stubGlobal(
        'EventSource',
        class extends Source {
          constructor(url: string) {
            super(url);
            queueMicrotask(() => this.fail());
          }
        },
      );
      const a = widget();
      a.feed.follow(URL_, EVENTS, 'stream');
      await vi.advanceTimersByTimeAsync(10_000);
      // The stream and its GET, then the GET alone at 0.5, 1.5, 3.5 and 7.5 s (the next at 15.5 s).
      expect(Source.all.length + requests.length).toBe(6);
      expect(Source.all).toHaveLength(1);
      expect(a.seen.every(([data, error]) => data === null && error !== null)).toBe(true);
      answer = async () => ok({ n: 1 });
      await vi.advanceTimersByTimeAsync(5500);
      expect(a.seen.at(-1)).toEqual([{ n: 1 }, null]);
      expect(Source.all).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(16_000); // the next backoff step: the event stream again
      expect(Source.all).toHaveLength(2);
    },
  );

  it('the browser coming online after failures, the service back: its data at once, not at the end of the backoff', async () => {
    answer = async () => status(503, { error: { code: 'server_offline', message: 'down' } });
    vi.stubGlobal('EventSource', undefined);
    const a = widget();
    a.feed.follow(URL_, EVENTS, 'stream');
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000); // three retries: the next in 4 s
    expect(requests).toHaveLength(4);
    expect(a.seen.at(-1)![0]).toBeNull();
    answer = async () => ok({ n: 2 });
    dispatchEvent(new Event('online'));
    await flush();
    expect(requests).toHaveLength(5);
    expect(a.seen.at(-1)).toEqual([{ n: 2 }, null]);
  });

  it('the browser coming online retries at once after a failure, not after a fatal one, nor once nobody listens', async () => {
    answer = async () => Promise.reject(new TypeError('offline'));
    vi.stubGlobal('EventSource', undefined);
    const a = widget();
    a.feed.follow(URL_, EVENTS, 'stream');
    await vi.advanceTimersByTimeAsync(500 + 1000 + 2000); // three retries: the next in 4 s
    expect(requests).toHaveLength(4);
    dispatchEvent(new Event('online'));
    await flush();
    expect(requests).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(500); // and the backoff starts over
    expect(requests).toHaveLength(6);
    a.feed.hostDisconnected();
    dispatchEvent(new Event('online'));
    await flush();
    expect(requests).toHaveLength(6);
    const b = widget();
    answer = async () => status(401, { error: { code: 'invalid_token', message: 'no' } });
    b.feed.follow(URL_, EVENTS, 'stream');
    await flush();
    dispatchEvent(new Event('online'));
    await flush();
    expect(requests).toHaveLength(7);
  });
});
