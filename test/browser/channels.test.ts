/**
 * Two radio players on one page, each on its own station (the seeded account has two, each
 * with its own built-in loop), in every engine: one changes channel to the other's. Its data
 * then comes from the feed the page already follows, in the same update: what it shows must be
 * the channel it plays, before and after Play, and while it played the old one.
 */
import { describe, expect, test } from 'vitest';
import { PUBLIC, embedPage, selectedEngines, withEngine, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { readPlayer, waitPlayer, type PlayerReading } from '../support/players.ts';

const FIRST = '#first';
const SECOND = '#second';
const tags = `<stream-player id="first" public-token="${PUBLIC}" channel="main"></stream-player>
<stream-player id="second" public-token="${PUBLIC}" channel="signal"></stream-player>`;

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'channels', () => {
    const env: EngineEnv = withEngine(name);
    let names: Record<string, string>;

    const until = (p: EnginePage, sel: string, what: string, ok: (r: PlayerReading) => boolean, timeout = 15_000) =>
      waitPlayer(p, sel, what, ok, timeout);
    const setChannel = (p: EnginePage, channel: string) =>
      p.evaluate(([sel, ch]: [string, string]) => document.querySelector(sel)!.setAttribute('channel', ch), [FIRST, channel] as [string, string]);
    const mount = (r: PlayerReading) => /\/listen\/([^?]+)/.exec(r.src ?? '')?.[1];

    test('the channel shown is the channel played: changed while ready, and while playing', async () => {
      names = {
        main: (await env.publicGet('stream?channel=main')).channel.name,
        signal: (await env.publicGet('stream?channel=signal')).channel.name,
      };
      expect(names.main).not.toBe(names.signal);
      const p = await env.open(embedPage(env.mock, tags));
      await until(p, FIRST, `ready on ${names.main}`, (r) => r.state === 'ready' && r.channel === names.main);
      await until(p, SECOND, `ready on ${names.signal}`, (r) => r.state === 'ready' && r.channel === names.signal);

      // Ready: the first follows the second's channel, whose data the page has already.
      await setChannel(p, 'signal');
      let r = await until(p, FIRST, `showing ${names.signal}`, (x) => x.channel === names.signal);
      expect(r.state).toBe('ready');
      await p.click(`${FIRST} >>> button[part=play]`);
      r = await until(p, FIRST, 'playing', (x) => x.state === 'playing' && x.t > 0.3 && !x.paused, 20_000);
      expect(mount(r), `it shows ${r.channel} and plays ${r.src}`).toBe('signal');
      expect(r.channel).toBe(names.signal);

      // Playing: back to the first channel. What played stops; what is shown is what Play plays.
      await setChannel(p, 'main');
      r = await until(p, FIRST, `showing ${names.main}, stopped`, (x) => x.channel === names.main && x.state === 'ready');
      expect(r.src).toBeNull();
      await p.click(`${FIRST} >>> button[part=play]`);
      r = await until(p, FIRST, 'playing again', (x) => x.state === 'playing' && x.t > 0.3 && !x.paused, 20_000);
      expect(mount(r), `it shows ${r.channel} and plays ${r.src}`).toBe('live');
      expect(r.channel).toBe(names.main);
      // The other player was never touched: still on its own channel.
      expect((await p.evaluate(readPlayer, [SECOND] as [string])).channel).toBe(names.signal);
    });
  });
});
