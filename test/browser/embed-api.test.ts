/**
 * The embed API in real browsers, in every engine (Chromium, Firefox ESR, WebKitGTK): a host page on the page server's
 * origin with two embed frames from the mock's (a podcast and the radio), each attached and driven on its own through
 * castlet-embed.js; every command and every event; a command from a sibling frame ignored; malformed ones answered with
 * `bad_command`, changing nothing; no token in any message. Then the configurator's "Start at the current position": its
 * iframe opens the frame at that moment, and so does its share link. The command check and the start's parsing:
 * test/server/embed-api.test.ts. One page per engine and test, many assertions: CI time is short.
 *
 * `ENGINES=webkit npx vitest run --project browser test/browser/embed-api.test.ts` runs one engine.
 */
import { describe, expect, test } from 'vitest';
import { PRIVATE, PUBLIC, selectedEngines, signInConsole, withEngine, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { sleep, until } from '../support/players.ts';

interface Logged {
  frame: string;
  ev: string;
  at: number;
  [k: string]: unknown;
}
interface Raw {
  origin: string;
  from: string;
  data: Record<string, unknown>;
}
type Answer = { ok: Record<string, unknown> } | { code: string; message: string; name: string };

/**
 * A host page: the frames `a` and `b`, a sibling frame (same origin as the page) that posts a command to `a`, and
 * castlet-embed.js attached to both; and a third frame attached as soon as the script made it (its readies in `lateReady`).
 */
const hostPage = (mock: string, a: string, b: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Embed API host</title>
<style>body{margin:0}iframe{display:block;border:0}</style></head><body>
<iframe id="a" src="${a.replace(/&/g, '&amp;')}" width="480" height="776" title="Podcast player"></iframe>
<iframe id="b" src="${b.replace(/&/g, '&amp;')}" width="480" height="218" title="Live radio player"></iframe>
<script type="module">
import { attach } from '${mock}/castlet-embed.js';
window.log = [];
window.raw = [];
const frame = (w) => ['a', 'b', 'late'].find((id) => w === document.getElementById(id)?.contentWindow) ?? 'other';
addEventListener('message', (e) => {
  if (e.data && typeof e.data.type === 'string' && e.data.type.startsWith('castlet:')) raw.push({ origin: e.origin, from: frame(e.source), data: e.data });
});
window.players = {};
for (const id of ['a', 'b']) {
  const p = (players[id] = attach(document.getElementById(id)));
  for (const ev of ['ready', 'state', 'time', 'nowplaying', 'episodechange', 'error', 'resize']) p.on(ev, (d) => log.push({ frame: id, ev, at: Date.now(), ...d }));
}
window.run = (id, command, args) => players[id][command](...args).then((ok) => ({ ok }), (e) => ({ code: e.code, message: e.message, name: e.name }));
const sibling = document.createElement('iframe');
sibling.id = 'sibling';
sibling.title = 'A sibling frame';
sibling.srcdoc = '<script>addEventListener("message", () => parent.document.getElementById("a").contentWindow.postMessage({ type: "castlet:command", command: "play", id: "sibling" }, "*"));<' + '/script>';
document.body.append(sibling);
// A frame attached as soon as it is made, before its page is there (it is still on about:blank, of this page's origin).
const late = document.createElement('iframe');
late.id = 'late';
late.title = 'Another live radio player';
late.src = ${JSON.stringify(b)};
document.body.append(late);
window.lateReady = [];
attach(late).on('ready', (d) => lateReady.push(d));
window.attached = true;
</script></body></html>`;

const logOf = (p: EnginePage) => p.evaluate(() => (window as unknown as { log: Logged[] }).log, null);
const rawOf = (p: EnginePage) => p.evaluate(() => (window as unknown as { raw: Raw[] }).raw, null);
/** A command through castlet-embed.js: what its promise gave (`ok`), or the error it rejected with. */
const run = (p: EnginePage, frame: 'a' | 'b', command: string, ...args: unknown[]) =>
  p.evaluate(([f, c, a]) => (window as unknown as { run: (f: string, c: string, a: unknown[]) => Promise<Answer> }).run(f, c, a), [
    frame,
    command,
    args,
  ] as [string, string, unknown[]]);
/** Waits until the log holds an entry that `ok` accepts (after index `from`), and returns it. */
async function seen(p: EnginePage, what: string, ok: (e: Logged) => boolean, from = 0, timeout = 10_000): Promise<Logged> {
  const log = await until(
    `${p.engine}: ${what}`,
    () => logOf(p),
    (log) => log.slice(from).some(ok),
    {
      timeout,
      interval: 100,
      show: (log) => JSON.stringify(log.slice(from).slice(-12)) + (p.problems?.length ? `; the page reported:\n  ${p.problems.join('\n  ')}` : ''),
    },
  );
  return log.slice(from).find(ok)!;
}
const ok = (a: Answer) => {
  if (!('ok' in a)) throw new Error(`the command was refused: ${JSON.stringify(a)}`);
  return a.ok;
};

/** Where the Play button is in the embed page `src` laid out 480 px wide (the page opened on its own: same origin as itself). */
async function playPoint(env: EngineEnv, src: string) {
  const p = await env.visit(src);
  await p.waitFor(() => (document.querySelector('podcast-player') as { state?: string } | null)?.state === 'ready', null, { what: 'the player' });
  return p.evaluate(
    () =>
      new Promise<{ x: number; y: number }>((resolve) => {
        document.body.style.width = '480px';
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const r = document.querySelector('podcast-player')!.shadowRoot!.querySelector('[part=play]')!.getBoundingClientRect();
            resolve({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
          }),
        );
      }),
    null,
  );
}

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'the embed API', () => {
    const env: EngineEnv = withEngine(name);
    const listeners = async () => (await env.publicGet('stream')).listeners as number;

    test('two frames on another origin, each driven on its own through castlet-embed.js: every command and event', async () => {
      const feed = await env.publicGet('podcasts');
      const episode = (id: string) => (feed.episodes as { id: string; title: string; duration: number }[]).find((e) => e.id === id)!;
      const newest = feed.episodes[0] as { id: string; title: string; duration: number };
      // Where Play is in the podcast frame (the frame at the page's top left), should the browser want the listener's gesture there.
      const at = await playPoint(env, `${env.mock}/embed/podcast?token=${PUBLIC}`);
      const p = await env.open(hostPage(env.mock, `${env.mock}/embed/podcast?token=${PUBLIC}`, `${env.mock}/embed/stream?token=${PUBLIC}`));
      expect(new URL(env.mock).origin).not.toBe(new URL(await p.evaluate(() => location.href, null)).origin);

      // ready, state, nowplaying, time and resize from each frame, on their own.
      const readyA = await seen(p, 'the podcast frame ready', (e) => e.frame === 'a' && e.ev === 'ready');
      const readyB = await seen(p, 'the radio frame ready', (e) => e.frame === 'b' && e.ev === 'ready');
      expect([readyA.kind, readyA.state, readyB.kind, readyB.state]).toEqual(['podcast', 'ready', 'stream', 'ready']);
      // A frame attached before its page was there hears of it once it loads (and nothing was posted to its about:blank:
      // the browser would warn, and the page's problems below would hold it).
      await p.waitFor(() => (window as unknown as { lateReady: unknown[] }).lateReady.length > 0, null, { what: 'the late frame ready' });
      await seen(p, 'a state from each', (e) => e.frame === 'a' && e.ev === 'state' && e.state === 'ready');
      await seen(p, 'its height from the radio', (e) => e.frame === 'b' && e.ev === 'resize' && (e.height as number) > 100);
      const nowA = await seen(p, "the podcast's now playing", (e) => e.frame === 'a' && e.ev === 'nowplaying');
      expect(nowA).toMatchObject({ title: newest.title, artist: feed.podcast.title });
      const nowB = await seen(p, "the radio's now playing", (e) => e.frame === 'b' && e.ev === 'nowplaying');
      expect(typeof nowB.title).toBe('string');
      const startA = await seen(p, "the podcast's time when ready", (e) => e.frame === 'a' && e.ev === 'time');
      expect(startA).toMatchObject({ position: 0, duration: newest.duration });
      const startB = await seen(p, "the radio's time when ready", (e) => e.frame === 'b' && e.ev === 'time');
      expect(startB.duration).toBeNull();

      // seek: answered by castlet:time (its id echoed); the other frame hears nothing of it.
      let mark = (await logOf(p)).length;
      expect(ok(await run(p, 'a', 'seek', 30))).toEqual({ position: 30, duration: newest.duration });
      expect((await logOf(p)).slice(mark).filter((e) => e.frame === 'b' && e.ev !== 'resize')).toEqual([]);

      // play: answered by castlet:state; then castlet:time at most once a second, from where it was sought.
      let play = await run(p, 'a', 'play');
      if (!('ok' in play)) {
        // The browser wants a gesture in the frame first (WebKitGTK): it says so, never silently. The listener presses
        // Play in the frame; from then on the page's commands play that player too.
        expect(play).toMatchObject({ code: 'play_refused', message: expect.stringMatching(/gesture/) });
        await p.clickAt(at.x, at.y);
        await seen(p, 'playing, the listener having pressed Play', (e) => e.frame === 'a' && e.ev === 'state' && e.state === 'playing');
        expect(ok(await run(p, 'a', 'pause'))).toEqual({ state: 'ready' });
        play = await run(p, 'a', 'play');
      }
      {
        // (Answered by the state Play left it in: on a busy machine the audio may still be loading.)
        expect(['loading', 'playing', 'buffering']).toContain(ok(play).state);
        mark = (await logOf(p)).length;
        await seen(p, 'the podcast playing', (e) => e.frame === 'a' && e.ev === 'state' && e.state === 'playing', 0);
        // Times while it plays, over two seconds and more, at most once a second: as they arrive here (a message's delivery
        // varies by 0.1 s and more on a busy machine: 873 ms apart in one WebKitGTK run), never two within half a second (one
        // at every timeupdate would be 0.25 s apart), and no more than one a second over all of them.
        const moved = await seen(p, 'a time while playing', (e) => e.frame === 'a' && e.ev === 'time' && e.position !== 30, mark);
        await seen(p, 'a time two seconds later', (e) => e.frame === 'a' && e.ev === 'time' && e.at >= moved.at + 1800, mark, 15_000);
        const times = (await logOf(p)).slice(mark).filter((e) => e.frame === 'a' && e.ev === 'time');
        expect(times.length).toBeGreaterThanOrEqual(2);
        for (const [i, t] of times.entries()) {
          expect(t.position as number).toBeGreaterThanOrEqual(30);
          if (i) expect(t.at - times[i - 1]!.at).toBeGreaterThanOrEqual(500);
        }
        expect(times.length - 1).toBeLessThanOrEqual(Math.ceil((times.at(-1)!.at - times[0]!.at) / 1000));
        // pause, toggle, toggle: each answered by the state it left.
        expect(ok(await run(p, 'a', 'pause'))).toEqual({ state: 'ready' });
        expect(['loading', 'playing', 'buffering']).toContain(ok(await run(p, 'a', 'toggle')).state);
        expect(ok(await run(p, 'a', 'toggle'))).toEqual({ state: 'ready' });
      }
      expect(ok(await run(p, 'a', 'pause'))).toEqual({ state: 'ready' });

      // A command from a sibling frame (not the frame's parent) is ignored: no answer, no play.
      mark = (await logOf(p)).length;
      const rawMark = (await rawOf(p)).length;
      await p.evaluate(() => (document.getElementById('sibling') as HTMLIFrameElement).contentWindow!.postMessage('go', '*'), null);
      // Malformed commands, through castlet-embed.js and raw: bad_command, with the id; nothing changes.
      const bad = await run(p, 'a', 'seek', -1);
      expect(bad).toMatchObject({ code: 'bad_command', name: 'EmbedError' });
      expect(await run(p, 'a', 'load', { episode: '' })).toMatchObject({ code: 'bad_command' });
      expect(await run(p, 'b', 'seek', 10)).toMatchObject({ code: 'bad_command' });
      await p.evaluate(
        (mock) =>
          (document.getElementById('a') as HTMLIFrameElement).contentWindow!.postMessage(
            { type: 'castlet:command', command: 'stop', id: 'raw-1' },
            mock,
          ),
        env.mock,
      );
      await until(
        `${name}: bad_command for the raw command`,
        () => rawOf(p),
        (raw) => raw.some((m) => m.data.id === 'raw-1'),
      );
      await sleep(1000);
      const after = (await rawOf(p)).slice(rawMark);
      expect(after.filter((m) => m.data.id === 'raw-1').map((m) => [m.from, m.data.type, m.data.code])).toEqual([
        ['a', 'castlet:error', 'bad_command'],
      ]);
      expect(after.filter((m) => m.data.id === 'sibling')).toEqual([]);
      expect((await logOf(p)).slice(mark).filter((e) => e.ev === 'state' || e.ev === 'time' || e.ev === 'episodechange')).toEqual([]);

      // The radio, driven on its own: play (a listener on the stream), pause (none).
      const radio = await run(p, 'b', 'play');
      if ('ok' in radio) {
        await seen(p, 'the radio playing', (e) => e.frame === 'b' && e.ev === 'state' && e.state === 'playing');
        await until(`${name}: one listener`, listeners, (n) => n === 1, { interval: 100 });
        expect(ok(await run(p, 'b', 'pause'))).toEqual({ state: 'ready' });
        await until(`${name}: no listener`, listeners, (n) => n === 0, { interval: 100 });
      } else expect(radio.code).toBe('play_refused');

      // load: another episode at a position, answered by castlet:episodechange; now playing follows.
      mark = (await logOf(p)).length;
      const two = episode('ep-2');
      expect(ok(await run(p, 'a', 'load', { episode: 'ep-2', position: 20 }))).toEqual({ episode: 'ep-2' });
      const tail = (await logOf(p)).slice(mark).filter((e) => e.frame === 'a');
      expect(tail.find((e) => e.ev === 'nowplaying')).toMatchObject({ title: two.title });
      expect(tail.filter((e) => e.ev === 'time').at(-1)).toMatchObject({ position: 20, duration: two.duration });
      expect(await run(p, 'a', 'load', { episode: 'ep-999' })).toMatchObject({ code: 'not_found' });

      // load a clip: it plays just that clip, and pauses at its end.
      expect(ok(await run(p, 'a', 'load', { episode: 'ep-1', clip: [10, 2] }))).toEqual({ episode: 'ep-1' });
      if ('ok' in (await run(p, 'a', 'play'))) {
        mark = (await logOf(p)).length;
        const end = await seen(
          p,
          'the clip played to its end',
          (e) => e.frame === 'a' && e.ev === 'time' && e.id === undefined && (e.position as number) >= 11.5,
          mark,
        );
        expect(end.position as number).toBeLessThan(12.6);
        await seen(p, 'paused at the clip’s end', (e) => e.frame === 'a' && e.ev === 'state' && e.state === 'ready', mark);
      }

      // Nothing but the public API's: every message from the mock's origin, no token in any.
      const raw = await rawOf(p);
      expect(new Set(raw.map((m) => `${m.from} ${m.origin}`))).toEqual(new Set([`a ${env.mock}`, `b ${env.mock}`, `late ${env.mock}`]));
      expect(JSON.stringify(raw)).not.toContain(PUBLIC);
      expect(JSON.stringify(raw)).not.toContain(PRIVATE);
      expect(p.problems ?? []).toEqual([]);
    });

    test('the configurator\'s "Start at the current position": its iframe and its share link open the episode at that moment', async () => {
      const p = await env.visit(`${env.mock}/`);
      await signInConsole(p);
      await p.waitFor(() => (document.querySelector('#configurator-preview > *') as { state?: string } | null)?.state === 'ready', null, {
        what: 'the preview',
      });
      await p.evaluate(() => {
        const set = (id: string, value: string) => {
          const el = document.getElementById(id) as HTMLSelectElement;
          el.value = value;
          el.dispatchEvent(new Event('change', { bubbles: true }));
        };
        set('cfg-kind', 'podcast');
        set('cfg-episode', 'ep-2');
      }, null);
      await p.waitFor(
        () => {
          const el = document.querySelector('#configurator-preview > podcast-player') as
            (HTMLElement & { state: string; current?: { id: string } }) | null;
          return el?.state === 'ready' && el.current?.id === 'ep-2';
        },
        null,
        { what: 'the podcast preview' },
      );
      // The owner moves the preview to 0:42, then ticks "Start at the current position".
      await p.evaluate(() => {
        (document.querySelector('#configurator-preview > podcast-player') as HTMLElement & { seek(t: number): void }).seek(42.7);
        const box = document.getElementById('cfg-start') as HTMLInputElement;
        box.checked = true;
        box.dispatchEvent(new Event('change', { bubbles: true }));
      }, null);
      // (The outputs are written once the configurator has followed the change: Firefox can be read before.)
      const out = await p.waitFor(
        () => {
          const iframe = (document.getElementById('cfg-out-iframe') as HTMLTextAreaElement).value;
          const share = (document.getElementById('cfg-out-share') as HTMLTextAreaElement).value;
          return /src="[^"]*[?&;]t=\d/.test(iframe) && /[?&]t=\d/.test(share) ? { iframe, share } : null;
        },
        null,
        { what: 'the outputs with the start' },
      );
      const src = /src="([^"]+)"/.exec(out.iframe)![1]!.replace(/&amp;/g, '&');
      expect(new URL(src).searchParams.get('t')).toBe('42');
      expect(new URL(out.share).searchParams.get('t')).toBe('42');

      // The iframe, pasted into a page on another origin: the frame opens at 0:42 (its time when ready), and plays from there.
      const host = await env.open(hostPage(env.mock, src, `${env.mock}/embed/stream?token=${PUBLIC}`));
      const at = await seen(host, 'the frame’s time when ready', (e) => e.frame === 'a' && e.ev === 'time');
      expect(at.position).toBe(42);
      const play = await run(host, 'a', 'play');
      if ('ok' in play) {
        const t = await seen(host, 'playing from 0:42', (e) => e.frame === 'a' && e.ev === 'time' && e.at > at.at);
        expect(t.position as number).toBeGreaterThanOrEqual(42);
        expect(t.position as number).toBeLessThan(46);
      }

      // The share link: its page's player, at 0:42.
      const share = await env.visit(out.share);
      await share.waitFor(() => (document.querySelector('podcast-player') as { state?: string } | null)?.state === 'ready', null, {
        what: 'the share page’s player',
      });
      expect(await share.evaluate(() => (document.querySelector('podcast-player') as unknown as { position: number }).position, null)).toBe(42);

      // An embed page's clip=, with its episode pinned and without (the newest episode's clip): the player opens at its start.
      const newest = (await env.publicGet('podcasts')).episodes[0].id as string;
      for (const [query, episode] of [
        ['&episode=ep-1&clip=10,2', 'ep-1'],
        ['&clip=10,2', newest],
      ] as const) {
        const page = await env.visit(`${env.mock}/embed/podcast?token=${PUBLIC}${query}`);
        const shown = await page.waitFor(
          () => {
            const el = document.querySelector('podcast-player') as
              (HTMLElement & { state: string; position: number; current?: { id: string } }) | null;
            return el?.state === 'ready' && el.position === 10 && el.current?.id;
          },
          null,
          { what: `the embed page with ${query} at the clip's start` },
        );
        expect(shown).toBe(episode);
      }
    });

    test('the example page (demo/public/embed-api.html) drives its two frames under the demo page’s policy', async () => {
      const p = await env.visit(`${env.mock}/embed-api.html`);
      const said = (list: string) => p.evaluate((id) => [...document.querySelectorAll(`#${id} li`)].map((li) => li.textContent ?? ''), list);
      for (const list of ['podcast-log', 'radio-log'])
        await until(
          `${name}: ${list} says ready`,
          () => said(list),
          (lines) => lines.some((l) => l.startsWith('ready ')),
        );
      await p.evaluate(() => (document.querySelector('[data-frame=podcast] [data-do=seek]') as HTMLButtonElement).click(), null);
      await until(
        `${name}: the seek done`,
        () => said('podcast-log'),
        (lines) => lines.some((l) => l.startsWith('seek: done {"position":60')),
      );
      expect(p.problems ?? []).toEqual([]);
    });
  });
});
