/**
 * castlet-embed.js (src/castlet-embed.ts) without a browser: a frame stood in for by an object whose window records what it
 * is sent. Messages are matched by window and origin; commands wait for `ready`; answers by id resolve or reject; a command
 * with no answer times out. Real frames on another origin, in three engines: test/browser/embed-api.test.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { attach, EmbedError } from '../../src/castlet-embed.ts';

const ORIGIN = 'https://radio.example';

/** A stand-in iframe: its window records the messages posted to it (and their target origin). */
function fakeFrame(src = `${ORIGIN}/embed/podcast?token=x`) {
  const sent: { msg: Record<string, unknown>; target: string }[] = [];
  const win = { postMessage: (msg: Record<string, unknown>, target: string) => sent.push({ msg, target }) };
  const iframe = { src, contentWindow: win, addEventListener: () => {} } as unknown as HTMLIFrameElement;
  return { iframe, win, sent };
}
const say = (source: unknown, data: Record<string, unknown>, origin = ORIGIN) =>
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));

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
});
