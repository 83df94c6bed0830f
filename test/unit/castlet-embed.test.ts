/**
 * castlet-embed.js (src/castlet-embed.ts) without a browser: a frame stood in for by an object whose window records what it
 * is sent. Messages are matched by window and origin; commands wait for `ready`; answers by id resolve or reject; a command
 * with no answer times out. Real frames on another origin, in three engines: test/browser/embed-api.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attach, EmbedError } from '../../src/castlet-embed.ts';

const ORIGIN = 'https://radio.example';

/**
 * A stand-in iframe: its window records the messages posted to it (and their target origin). Its page is on another
 * origin (its location cannot be read) unless `at` says which origin its window is on now; `load()` is its page loading anew.
 */
function fakeFrame(src = `${ORIGIN}/embed/podcast?token=x`, at?: string) {
  const sent: { msg: Record<string, unknown>; target: string }[] = [];
  const loads: (() => void)[] = [];
  const win = {
    postMessage: (msg: Record<string, unknown>, target: string) => sent.push({ msg, target }),
    get location() {
      if (at === undefined) throw new DOMException('Blocked a frame from accessing a cross-origin frame', 'SecurityError');
      return { origin: at };
    },
  };
  const addEventListener = (type: string, fn: () => void) => type === 'load' && loads.push(fn);
  const iframe = { src, contentWindow: win, addEventListener } as unknown as HTMLIFrameElement;
  const load = () => loads.forEach((fn) => fn());
  return { iframe, win, sent, load };
}
const say = (source: unknown, data: unknown, origin = ORIGIN) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
/** The commands sent to `f` so far, without their ids. */
const commands = (f: ReturnType<typeof fakeFrame>) =>
  f.sent.filter((s) => s.msg.type === 'castlet:command').map(({ msg: { id: _id, type: _type, ...rest } }) => rest);

afterEach(() => vi.useRealTimers());

describe('castlet-embed.js', () => {
  it('asks a frame that loaded already whether it is ready (and its height); commands wait for ready, to its origin only', async () => {
    const f = fakeFrame();
    const player = attach(f.iframe);
    expect(f.sent.map((s) => [s.msg.type, s.target])).toEqual([
      ['castlet:hello', ORIGIN],
      ['castlet:measure', ORIGIN],
    ]);
    const seek = player.seek(30);
    expect(f.sent).toHaveLength(2);
    say(f.win, { type: 'castlet:ready', kind: 'podcast', state: 'ready' });
    expect(f.sent[2]).toEqual({ msg: { type: 'castlet:command', command: 'seek', position: 30, id: expect.any(String) }, target: ORIGIN });
    say(f.win, { type: 'castlet:time', position: 30, duration: 100, id: f.sent[2]!.msg.id });
    await expect(seek).resolves.toEqual({ position: 30, duration: 100 });
    player.detach();
  });

  it('an answer with the castlet:error event rejects with its code; events go to on() without type or id', async () => {
    const f = fakeFrame();
    const player = attach(f.iframe);
    say(f.win, { type: 'castlet:ready', kind: 'podcast', state: 'ready' });
    const states: unknown[] = [];
    const stop = player.on('state', (d) => states.push(d));
    const play = player.play();
    const id = f.sent.at(-1)!.msg.id;
    say(f.win, { type: 'castlet:state', state: 'buffering' });
    say(f.win, { type: 'castlet:error', code: 'play_refused', message: 'no gesture', id });
    const e = await play.catch((x: unknown) => x);
    expect(e).toBeInstanceOf(EmbedError);
    expect(e).toMatchObject({ code: 'play_refused', message: 'no gesture' });
    stop();
    say(f.win, { type: 'castlet:state', state: 'ready' });
    expect(states).toEqual([{ state: 'buffering' }]);
    player.detach();
  });

  it('two frames, each its own; a message from another window, or from the right window but another origin, is not theirs', () => {
    const a = fakeFrame();
    const b = fakeFrame(`${ORIGIN}/embed/stream?token=x`);
    const pa = attach(a.iframe);
    const pb = attach(b.iframe);
    const got: string[] = [];
    pa.on('nowplaying', (d) => got.push(`a ${d.title}`));
    pb.on('nowplaying', (d) => got.push(`b ${d.title}`));
    say(a.win, { type: 'castlet:nowplaying', title: 'one', artist: null });
    say(b.win, { type: 'castlet:nowplaying', title: 'two', artist: null });
    say({ postMessage() {} }, { type: 'castlet:nowplaying', title: 'stranger', artist: null });
    say(a.win, { type: 'castlet:nowplaying', title: 'spoofed', artist: null }, 'https://evil.example');
    say(a.win, { type: 'other:nowplaying', title: 'not ours' });
    expect(got).toEqual(['a one', 'b two']);
    pa.detach();
    pb.detach();
  });

  it('a command with no answer rejects with timeout; detach rejects what is pending', async () => {
    vi.useFakeTimers();
    const f = fakeFrame();
    const player = attach(f.iframe, { timeout: 1000 });
    say(f.win, { type: 'castlet:ready', kind: 'stream', state: 'ready' });
    const play = player.play();
    const caught = play.catch((x: EmbedError) => x.code);
    await vi.advanceTimersByTimeAsync(1001);
    expect(await caught).toBe('timeout');
    const pause = player.pause().catch((x: EmbedError) => x.code);
    player.detach();
    expect(await pause).toBe('detached');
  });

  it('each command says what it asks: load sends only what is given (a position of 0 too), a clip as [start, duration]', async () => {
    const f = fakeFrame();
    const player = attach(f.iframe);
    say(f.win, { type: 'castlet:ready', kind: 'podcast', state: 'ready' });
    const answers = [
      player.play(),
      player.pause(),
      player.toggle(),
      player.seek(12),
      player.load({ episode: 'ep-3' }),
      player.load({ episode: 'ep-2', position: 0 }),
      player.load({ episode: 'ep-1', clip: [90, 20] }),
    ];
    expect(commands(f)).toEqual([
      { command: 'play' },
      { command: 'pause' },
      { command: 'toggle' },
      { command: 'seek', position: 12 },
      { command: 'load', episode: 'ep-3' },
      { command: 'load', episode: 'ep-2', position: 0 },
      { command: 'load', episode: 'ep-1', clip: [90, 20] },
    ]);
    // Answered in another order than asked: each gets its own answer.
    const ids = f.sent.filter((s) => s.msg.type === 'castlet:command').map((s) => s.msg.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const i of [6, 5, 4, 3, 2, 1, 0]) say(f.win, { type: 'castlet:state', state: `answer ${i}`, id: ids[i] });
    expect(await Promise.all(answers)).toEqual([0, 1, 2, 3, 4, 5, 6].map((i) => ({ state: `answer ${i}` })));
    player.detach();
  });

  it('by default a command waits 15 s for its answer; then an EmbedError says which command and how long', async () => {
    vi.useFakeTimers();
    const f = fakeFrame();
    const player = attach(f.iframe);
    say(f.win, { type: 'castlet:ready', kind: 'stream', state: 'ready' });
    let settled: unknown = 'pending';
    void player.toggle().then(
      (v) => (settled = v),
      (e: unknown) => (settled = e),
    );
    await vi.advanceTimersByTimeAsync(14_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBeInstanceOf(EmbedError);
    expect(settled).toMatchObject({ name: 'EmbedError', code: 'timeout', message: 'toggle: no answer from the frame within 15000 ms' });
    player.detach();
  });

  it('a page loaded anew in the frame is asked again (ready? height?); commands wait for its ready', async () => {
    const f = fakeFrame();
    const player = attach(f.iframe);
    say(f.win, { type: 'castlet:ready', kind: 'podcast', state: 'ready' });
    f.sent.length = 0;
    f.load();
    expect(f.sent.map((s) => s.msg.type)).toEqual(['castlet:hello', 'castlet:measure']);
    const pause = player.pause();
    // What the new page says before it is ready (its state, its height) does not release them.
    say(f.win, { type: 'castlet:state', state: 'loading' });
    say(f.win, { type: 'castlet:resize', height: 240 });
    expect(f.sent).toHaveLength(2);
    say(f.win, { type: 'castlet:ready', kind: 'podcast', state: 'ready' });
    expect(commands(f)).toEqual([{ command: 'pause' }]);
    say(f.win, { type: 'castlet:state', state: 'ready', id: f.sent[2]!.msg.id });
    await expect(pause).resolves.toEqual({ state: 'ready' });
    player.detach();
  });

  it('a frame still on its first blank page (of this page’s origin) is not spoken to until its page loads; one of the embed’s origin is asked at once', () => {
    const blank = fakeFrame(undefined, location.origin);
    const a = attach(blank.iframe);
    expect(blank.sent).toEqual([]);
    blank.load();
    expect(blank.sent.map((s) => [s.msg.type, s.target])).toEqual([
      ['castlet:hello', ORIGIN],
      ['castlet:measure', ORIGIN],
    ]);
    const loaded = fakeFrame(undefined, ORIGIN);
    const b = attach(loaded.iframe);
    expect(loaded.sent.map((s) => s.msg.type)).toEqual(['castlet:hello', 'castlet:measure']);
    a.detach();
    b.detach();
  });

  it('a frame of this site (a src without origin): spoken to, and heard from, at this page’s origin', async () => {
    const f = fakeFrame('/embed/stream?token=x', location.origin);
    const player = attach(f.iframe);
    expect(f.sent.map((s) => s.target)).toEqual([location.origin, location.origin]);
    say(f.win, { type: 'castlet:ready', kind: 'stream', state: 'ready' }, location.origin);
    const play = player.play();
    expect(f.sent[2]!.target).toBe(location.origin);
    say(f.win, { type: 'castlet:state', state: 'playing', id: f.sent[2]!.msg.id }, location.origin);
    await expect(play).resolves.toEqual({ state: 'playing' });
    player.detach();
  });

  it('the page’s other messages (none, text, a number, a type that is no text) are let be, and castlet’s after them still arrive', () => {
    const f = fakeFrame();
    const player = attach(f.iframe);
    const states: unknown[] = [];
    player.on('state', (d) => states.push(d));
    for (const data of [null, undefined, 'castlet:state', 7, { type: 7 }, { type: null }, { kind: 'castlet:state' }])
      expect(() => say(f.win, data)).not.toThrow();
    // Another library's message of the same make (its prefix as long as castlet's) is not castlet's either.
    say(f.win, { type: 'youtube:state', state: 'paused' });
    // An event no one listens to is no trouble either.
    expect(() => say(f.win, { type: 'castlet:resize', height: 300 })).not.toThrow();
    say(f.win, { type: 'castlet:state', state: 'playing' });
    expect(states).toEqual([{ state: 'playing' }]);
    player.detach();
  });

  it('a message with no window (a worker’s, a port’s) is no frame’s, not even of a frame not on the page yet', () => {
    const seen: unknown[] = [];
    const nowhere = { src: `${ORIGIN}/embed/stream?token=x`, contentWindow: null, addEventListener: () => {} } as unknown as HTMLIFrameElement;
    const player = attach(nowhere);
    player.on('state', (d) => seen.push(d));
    say(null, { type: 'castlet:state', state: 'playing' });
    expect(seen).toEqual([]);
    player.detach();
  });

  it('a frame taken off the page: a command rejects with an EmbedError (timeout), nothing throws', async () => {
    vi.useFakeTimers();
    const f = fakeFrame();
    const player = attach(f.iframe, { timeout: 500 });
    say(f.win, { type: 'castlet:ready', kind: 'podcast', state: 'ready' });
    (f.iframe as { contentWindow: unknown }).contentWindow = null;
    const seek = player.seek(10).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(500);
    expect(await seek).toMatchObject({ name: 'EmbedError', code: 'timeout' });
    player.detach();
  });

  it('detached: what waited rejects saying so, and its listeners hear nothing more from the frame', async () => {
    const f = fakeFrame();
    const player = attach(f.iframe);
    const heard: unknown[] = [];
    player.on('resize', (d) => heard.push(d));
    say(f.win, { type: 'castlet:resize', height: 200 });
    const play = player.play().catch((e: unknown) => e);
    player.detach();
    expect(await play).toMatchObject({ name: 'EmbedError', code: 'detached', message: 'detached from the frame' });
    say(f.win, { type: 'castlet:resize', height: 300 });
    expect(heard).toEqual([{ height: 200 }]);
  });
});
