/**
 * Keep listening (issue 21), in every engine: the keyboard shortcuts by real key presses
 * (only while focus is inside a player; Space on a focused button is the button's; off with
 * `no-hotkeys`), and `continuous` with the demo's real episodes played to their end.
 *
 * `ENGINES=webkit npx vitest run --project browser test/browser/keep-listening.test.ts` runs one engine.
 */
import { describe, expect, test } from 'vitest';
import { PUBLIC, embedPage, selectedEngines, withEngine, type EngineEnv, type EnginePage, type Key } from '../support/browser.ts';
import { focusIn, until as poll } from '../support/players.ts';

const PODCAST = 'podcast-player';
const STREAM = 'stream-player';
const TEXT = `<p>${'A paragraph of the owner’s article around the player, long enough that the page scrolls. '.repeat(12)}</p>`;

/** An owner's article with `player` in it, text above and far below; a paragraph of it can take focus. */
const article = (mock: string, player: string) =>
  embedPage(mock, `<main><h1>Tonight</h1><p id="outside" tabindex="-1">Focus here is the article’s.</p>${TEXT}${player}${TEXT.repeat(8)}</main>`);

/** In the page: what a player and the page are doing, and what the page saw (see `watch`). */
function readPage(sel: string) {
  const el = document.querySelector(sel) as
    (HTMLElement & { state: string; media: HTMLMediaElement; current?: { id: string }; position?: number }) | null;
  const w = window as unknown as { keys?: { key: string; prevented: boolean }[]; changes?: string[]; plays?: number; pauses?: number };
  return {
    state: el?.state ?? '(not defined yet)',
    paused: el?.media?.paused ?? true,
    src: el?.media?.getAttribute('src') ?? null,
    t: el?.media?.currentTime ?? 0,
    muted: el?.media?.muted ?? false,
    volume: el?.media?.volume ?? 1,
    position: el?.position ?? 0,
    current: el?.current?.id ?? null,
    rows: el?.shadowRoot?.querySelectorAll('[part=episode]').length ?? 0,
    scrollY: window.scrollY,
    /** Each keydown the page saw, and whether something (the player) took it from the page. */
    keys: w.keys ?? [],
    changes: w.changes ?? [],
    plays: w.plays ?? 0,
    pauses: w.pauses ?? 0,
    focus: (el?.shadowRoot?.activeElement ?? document.activeElement)?.getAttribute('part') ?? document.activeElement?.id ?? null,
  };
}
type Reading = ReturnType<typeof readPage>;

/** In the page: records keydowns (on window, after the player had its turn), castlet events and where focus is. */
function watch(sel: string) {
  const w = window as unknown as { keys: { key: string; prevented: boolean }[]; changes: string[]; plays: number; pauses: number };
  w.keys = [];
  w.changes = [];
  w.plays = w.pauses = 0;
  addEventListener('keydown', (e) => w.keys.push({ key: e.key, prevented: e.defaultPrevented }));
  const el = document.querySelector(sel)!;
  el.addEventListener('castlet-episodechange', (e) => w.changes.push((e as CustomEvent<{ episode: { id: string } }>).detail.episode.id));
  el.addEventListener('castlet-play', () => w.plays++);
  el.addEventListener('castlet-pause', () => w.pauses++);
}

/**
 * In the page: the keys' chunk (which the player's first focus asked for) and the player's own
 * `.then` have run. (`import()` as text: vitest rewrites it in this file's own code.)
 */
const keysLoaded = (url: string) =>
  ((0, eval)('(u) => import(u)') as (u: string) => Promise<unknown>)(url).then(() => new Promise((r) => setTimeout(r)));

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'keep listening', () => {
    const env: EngineEnv = withEngine(name);

    async function read(p: EnginePage, sel = PODCAST) {
      return p.evaluate(readPage, sel);
    }
    const until = (p: EnginePage, what: string, ok: (r: Reading) => boolean, timeout = 10_000, sel = PODCAST): Promise<Reading> =>
      poll(`${name}: ${what}`, () => read(p, sel), ok, { timeout, show: (r) => JSON.stringify({ ...r, keys: r.keys.slice(-4) }) });
    /** Presses `key` and waits until the page saw it (Shift's own keydown aside); returns whether the player took it. */
    async function press(p: EnginePage, key: Key, sel = PODCAST) {
      const seen = (await read(p, sel)).keys.length;
      const pressed = (r: Reading) => r.keys.slice(seen).find((k) => k.key !== 'Shift');
      await p.press(key);
      return pressed(await until(p, `the page saw ${key}`, (x) => !!pressed(x), 5000, sel))!.prevented;
    }
    async function open(player: string, sel = PODCAST) {
      const p = await env.open(article(env.mock, player));
      await until(p, 'ready', (r) => r.state === 'ready' && (sel !== PODCAST || r.rows > 0), 10_000, sel);
      await p.evaluate(watch, sel);
      return p;
    }
    /** Focus goes to `inner` in the player, and its keys are in place (the hotkeys' chunk and the player's own keys). */
    async function focusPlayer(p: EnginePage, inner: string, sel = PODCAST) {
      await p.evaluate(focusIn, [sel, inner] as [string, string]);
      await p.evaluate(keysLoaded, `${env.mock}/chunks/hotkeys.js`);
      await p.evaluate(keysLoaded, `${env.mock}/chunks/${sel === PODCAST ? 'podcast' : 'stream'}-kind.js`);
    }

    test('inside the player k/Space, j/l and Shift+N/P act; then keys pressed in the article are the page’s (Space scrolls it)', async () => {
      const p = await open(`<podcast-player public-token="${PUBLIC}"></podcast-player>`);
      const chapters = ((await env.publicGet('podcasts')).episodes[0].chapters as { start: number; toc?: boolean }[]).filter((c) => c.toc !== false);
      await focusPlayer(p, '[part=seek]');
      expect(await press(p, 'k')).toBe(true);
      let r = await until(p, 'playing after k', (x) => x.state === 'playing' && x.t > 0.3, 15_000);
      expect(await press(p, 'l')).toBe(true);
      r = await until(p, 'about 30 s on after l', (x) => x.t >= r.t + 29 && x.t < r.t + 33);
      expect(await press(p, 'j')).toBe(true);
      r = await until(p, 'back 15 s after j', (x) => x.t >= r.t - 16 && x.t < r.t - 12);
      const next = chapters.find((c) => c.start > r.t + 1)!.start;
      expect(await press(p, 'Shift+N')).toBe(true);
      r = await until(p, `at the next chapter (${next} s) after Shift+N`, (x) => x.t >= next - 0.1 && x.t < next + 2);
      const { scrollY } = r;
      expect(await press(p, 'Space')).toBe(true);
      r = await until(p, 'paused after Space on the slider', (x) => x.state === 'ready' && x.paused);
      expect(r).toMatchObject({ plays: 1, pauses: 1 });
      // The page did not move: the player took Space from it.
      expect(r.scrollY).toBe(scrollY);
      // Within 3 s of a chapter's start: the one before; later: this one's start.
      const back = chapters.filter((c) => c.start < r.position - 3).at(-1)!.start;
      expect(await press(p, 'Shift+P')).toBe(true);
      r = await until(p, `at ${back} s after Shift+P at ${r.position} s`, (x) => Math.abs(x.position - back) < 1);

      // Focus moves on into the article: its keys are the page's again.
      await p.evaluate(() => document.getElementById('outside')!.focus({ preventScroll: true }), null);
      await p.evaluate(() => scrollTo(0, 0), null);
      expect(await press(p, 'k')).toBe(false);
      expect(await press(p, 'l')).toBe(false);
      expect(await press(p, 'Shift+N')).toBe(false);
      expect(await press(p, 'Space')).toBe(false);
      // Space scrolled the page; k, l and Shift+N before it did nothing.
      const outside = await until(p, 'the page scrolled by Space', (x) => x.scrollY > 0);
      expect(outside).toMatchObject({ state: 'ready', plays: 1, position: r.position, focus: 'outside' });
      expect(p.problems ?? []).toEqual([]);
    });

    test('Space on the focused Play button toggles once; Space on Back is Back’s', async () => {
      const p = await open(`<podcast-player public-token="${PUBLIC}"></podcast-player>`);
      await focusPlayer(p, '[part=play]');
      expect(await press(p, 'Space')).toBe(false);
      await until(p, 'playing after Space on Play', (x) => x.state === 'playing' && x.t > 0.5, 15_000);
      expect(await read(p)).toMatchObject({ plays: 1, pauses: 0, focus: 'play' });
      expect(await press(p, 'Space')).toBe(false);
      let r = await until(p, 'paused after Space on Pause', (x) => x.state === 'ready');
      expect(r).toMatchObject({ plays: 1, pauses: 1 });
      await p.evaluate(focusIn, [PODCAST, '[part=forward]'] as [string, string]);
      await press(p, 'Space');
      r = await until(p, 'forward 30 s by Space on Forward', (x) => x.position >= r.position + 29);
      expect(r).toMatchObject({ state: 'ready', plays: 1 });
    });

    test('radio: m mutes and unmutes from the volume slider (its arrows stay the slider’s), k plays', async () => {
      const p = await open(`<stream-player public-token="${PUBLIC}"></stream-player>`, STREAM);
      await focusPlayer(p, '[part=volume]', STREAM);
      expect(await press(p, 'm', STREAM)).toBe(true);
      await until(p, 'muted after m', (x) => x.muted, 5000, STREAM);
      expect(await press(p, 'm', STREAM)).toBe(true);
      await until(p, 'unmuted after m', (x) => !x.muted, 5000, STREAM);
      expect(await press(p, 'ArrowLeft', STREAM)).toBe(false);
      await until(p, 'the volume lowered by ArrowLeft', (x) => x.volume < 1, 5000, STREAM);
      expect(await press(p, 'k', STREAM)).toBe(true);
      await until(p, 'playing after k', (x) => x.state === 'playing', 20_000, STREAM);
      expect(await press(p, 'k', STREAM)).toBe(true);
      await until(p, 'paused after k', (x) => x.state === 'ready', 5000, STREAM);
    });

    test('no-hotkeys: keys inside the player are left alone too', async () => {
      const p = await open(`<podcast-player public-token="${PUBLIC}" no-hotkeys></podcast-player>`);
      await focusPlayer(p, '[part=seek]');
      expect(await press(p, 'k')).toBe(false);
      expect(await press(p, 'l')).toBe(false);
      expect(await read(p)).toMatchObject({ state: 'ready', src: null, position: 0, plays: 0 });
      const keys = await p.evaluate(
        () => [...document.querySelector('podcast-player')!.shadowRoot!.querySelectorAll('[aria-keyshortcuts]')].length,
        null,
      );
      expect(keys).toBe(0);
    });

    /** Plays from `seconds` before the current episode's end (its file's own length). */
    async function nearEnd(p: EnginePage, seconds: number) {
      await until(p, 'the file’s duration known', (x) => x.state === 'playing', 15_000);
      await p.evaluate((s) => {
        const el = document.querySelector('podcast-player') as HTMLElement & { media: HTMLMediaElement; seek(t: number): void };
        el.seek(el.media.duration - s);
      }, seconds);
    }

    test('continuous: at the end the row below plays from its saved position, then the last; after it playback stops', async () => {
      const p = await open(`<podcast-player public-token="${PUBLIC}" continuous></podcast-player>`);
      const episodes = ((await env.publicGet('podcasts')).episodes as { id: string }[]).map((e) => e.id);
      expect(episodes.length).toBe(3);
      // This listener left the second episode at 40 s.
      await p.evaluate(([key, value]) => localStorage.setItem(key, value), [`castlet:${PUBLIC}:${episodes[1]}`, JSON.stringify({ t: 40, rate: 1 })]);
      await p.click(`${PODCAST} >>> button[part=play]`);
      await nearEnd(p, 1.5);
      let r = await until(
        p,
        `${episodes[1]} playing after ${episodes[0]} ended`,
        (x) => x.current === episodes[1] && x.state === 'playing' && x.t > 40.3,
        20_000,
      );
      expect(r.t).toBeLessThan(45);
      expect(r.changes).toEqual([episodes[1]]);
      await nearEnd(p, 1.5);
      r = await until(p, `${episodes[2]} playing from its start`, (x) => x.current === episodes[2] && x.state === 'playing' && x.t > 0.3, 20_000);
      expect(r.t).toBeLessThan(5);
      expect(r.changes).toEqual([episodes[1], episodes[2]]);
      await nearEnd(p, 1.5);
      r = await until(p, 'stopped after the last episode', (x) => x.state === 'ready' && x.paused, 20_000);
      expect(r).toMatchObject({ current: episodes[2], changes: [episodes[1], episodes[2]], plays: 3 });
      expect(p.problems ?? []).toEqual([]);
    });

    test('continuous with a pinned episode, or without the attribute: the end is the end', async () => {
      for (const player of [
        `<podcast-player public-token="${PUBLIC}" continuous episode="ep-2"></podcast-player>`,
        `<podcast-player public-token="${PUBLIC}"></podcast-player>`,
      ]) {
        const p = await env.open(article(env.mock, player));
        await until(p, 'ready', (x) => x.state === 'ready');
        await p.evaluate(watch, PODCAST);
        const first = (await read(p)).current;
        await p.click(`${PODCAST} >>> button[part=play]`);
        await nearEnd(p, 1.5);
        const r = await until(p, 'stopped at the end', (x) => x.state === 'ready' && x.paused && x.plays === 1 && x.pauses === 1, 20_000);
        expect(r).toMatchObject({ current: first, changes: [] });
      }
    });
  });
});
