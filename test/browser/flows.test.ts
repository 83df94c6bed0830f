/**
 * The flows that matter to listeners, in every engine they use: Chromium, Firefox ESR and
 * WebKitGTK (issue 9). One test per flow, parameterized by engine; each reads the real media
 * element and the real mock. Chromium-only details (Range requests, axe, layout, screenshots,
 * the owner console, resilience specifics) stay in the other files on `withBrowser()`.
 *
 * `ENGINES=webkit npx vitest run --project browser test/browser/flows.test.ts` runs one engine.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import type { Episode } from '../../src/api/types.ts';
import {
  PUBLIC,
  embedPage,
  launchEngine,
  ownerPost,
  selectedEngines,
  withEngine,
  type EngineEnv,
  type EngineName,
  type EnginePage,
  type Key,
} from '../support/browser.ts';
import { focusIn, readPlayer, sleep, until, waitPlayer, type PlayerReading } from '../support/players.ts';

const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));
const STREAM = 'stream-player';
const PODCAST = 'podcast-player';
const streamTag = `<stream-player public-token="${PUBLIC}"></stream-player>`;
const podcastTag = `<podcast-player public-token="${PUBLIC}"></podcast-player>`;

type Widget = PlayerReading;

/** What the widget and its media element are doing, for checks and failure messages. */
const read = (p: EnginePage, sel: string): Promise<Widget> => p.evaluate(readPlayer, [sel] as [string]);

/** Waits until `ok(widget)` holds, polling from Node; the message shows the last reading. */
const waitWidget = (p: EnginePage, sel: string, what: string, ok: (w: Widget) => boolean, timeout = 10_000): Promise<Widget> =>
  waitPlayer(p, sel, what, ok, timeout);

const waitState = (p: EnginePage, sel: string, state: string, timeout?: number) =>
  waitWidget(p, sel, `state "${state}"`, (w) => w.state === state, timeout);

/** Waits until the media plays past `seconds` with the widget saying "playing". */
const waitPlaying = (p: EnginePage, sel: string, seconds: number, timeout?: number) =>
  waitWidget(p, sel, `playing past ${seconds} s`, (w) => !w.paused && w.t > seconds && w.state === 'playing', timeout);

/** Media time per second of page time, over `ms` of playing. */
async function playbackSpeed(p: EnginePage, sel: string, ms = 3000) {
  const a = await read(p, sel);
  await sleep(ms);
  const b = await read(p, sel);
  return (b.t - a.t) / ((b.now - a.now) / 1000);
}

/** In the page: records when the media element and the pointer did things (performance.now()). */
function recordEvents(sel: string) {
  const w = window as unknown as { marks: Record<string, number[]> };
  w.marks = { pointerdown: [], keydown: [], playing: [], seeking: [], seeked: [] };
  const m = (document.querySelector(sel) as HTMLElement & { media: HTMLMediaElement }).media;
  for (const type of ['playing', 'seeking', 'seeked']) m.addEventListener(type, () => w.marks[type]!.push(performance.now()));
  for (const type of ['pointerdown', 'keydown']) document.addEventListener(type, () => w.marks[type]!.push(performance.now()), true);
}
const marks = (p: EnginePage) => p.evaluate(() => (window as unknown as { marks: Record<string, number[]> }).marks, null);

/** Timings seen per engine, printed after the suite (measured, never asserted). */
const timings: Record<string, string[]> = {};
function note(engine: EngineName, what: string, ms: number | undefined) {
  if (ms !== undefined && Number.isFinite(ms)) (timings[engine] ??= []).push(`${what} ${Math.round(ms)} ms`);
}
afterAll(() => {
  for (const [engine, list] of Object.entries(timings)) console.log(`[timing] ${engine}: ${list.join(', ')}`);
});

/** In the page: chooses `value` in the widget's speed select, as picking it from the list does. */
function chooseSpeed(value: string) {
  const select = document.querySelector('podcast-player')!.shadowRoot!.querySelector<HTMLSelectElement>('select[part=speed]')!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true, composed: true }));
}

/** In the page: which chapter buttons are marked aria-current. */
const currentChapters = (p: EnginePage) =>
  p.evaluate(
    () =>
      [...document.querySelector('podcast-player')!.shadowRoot!.querySelectorAll('button[part=chapter]')].map((b) => b.getAttribute('aria-current')),
    null,
  );

/**
 * In the page: a page script watching a player's element (`media` is public), as an outside check
 * or an analytics script does: its duration and seekable ranges at each of its events and every
 * 250 ms. WebKitGTK took a file whose `seekable` was read before it knew the file's size for a live
 * stream (duration following the clock, seeks staying put, speed 1). With `native`, the first
 * load's `seekable` is also read past the player's guard, at its first `loadstart`: that load cannot know
 * its duration, and the player must load it again.
 */
function watchMedia([sel, native]: [string, boolean]) {
  const m = (document.querySelector(sel) as HTMLElement & { media: HTMLMediaElement }).media;
  const seen = ((window as unknown as { seen?: Record<string, string> }).seen ??= {});
  const look = () => {
    const s = m.seekable;
    seen[sel] = `duration ${m.duration}, seekable to ${s.length ? s.end(s.length - 1) : '-'}, readyState ${m.readyState}`;
  };
  for (const type of ['loadstart', 'play', 'waiting', 'loadedmetadata', 'durationchange', 'playing', 'seeking', 'seeked', 'ratechange'])
    m.addEventListener(type, look);
  setInterval(look, 250);
  if (native) m.addEventListener('loadstart', () => Reflect.get(HTMLMediaElement.prototype, 'seekable', m), { once: true });
}

/**
 * In the page: a page script calls the player's `method` (play, pause or toggle), recording how
 * its Promise settled and the castlet-play/castlet-pause events the player fired.
 */
function callPlayer([sel, method]: [string, 'play' | 'pause' | 'toggle']) {
  const el = document.querySelector(sel) as HTMLElement & Record<typeof method, () => Promise<void>> & { media: HTMLMediaElement };
  const w = window as unknown as { api?: { events: string[]; done: string[] } };
  if (!w.api) {
    w.api = { events: [], done: [] };
    for (const type of ['castlet-play', 'castlet-pause']) el.addEventListener(type, () => w.api!.events.push(type));
  }
  const api = w.api;
  el[method]().then(
    () => api.done.push(`${method}: ${el.media.paused ? 'paused' : 'playing'}`),
    (e: Error) => api.done.push(`${method}: ${e.name}`),
  );
}
const apiSeen = (p: EnginePage) => p.evaluate(() => (window as unknown as { api: { events: string[]; done: string[] } }).api, null);

/** Focuses a player's speed menu and presses ArrowDown `n` times, as a listener does (1× → 1.5×: twice). */
async function speedByKeyboard(p: EnginePage, sel: string, n: number) {
  await p.evaluate(focusIn, [sel, 'select[part=speed]'] as [string, string]);
  for (let i = 0; i < n; i++) await p.press('ArrowDown');
}

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  // An engine this machine lacks: every flow is reported skipped, the reason in the suite's name.
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'flows', () => {
    const env: EngineEnv = withEngine(name);
    let episode: Episode;
    beforeAll(async () => {
      episode = (await env.publicGet('podcasts')).episodes[0];
      expect(episode.chapters.length).toBeGreaterThanOrEqual(3);
    });

    const listeners = async () => (await env.publicGet('stream')).listeners as number;
    const waitListeners = (n: number, timeout = 5000) =>
      until(`${name}: the mock's stream listeners (expected ${n})`, listeners, (now) => now === n, { timeout });
    // Audio only: the stream and episode files (the artwork under /media/art/ is no audio).
    const audioLog = () => env.logs.filter((l) => / \/(listen\/|media\/[^/ ]+\.(mp3|opus))/.test(l));

    async function openPodcast() {
      const p = await env.open(embedPage(env.mock, podcastTag));
      await waitState(p, PODCAST, 'ready');
      await waitWidget(p, PODCAST, 'the list rows (a chunk)', (w) => w.rows > 0);
      await p.evaluate(recordEvents, PODCAST);
      return p;
    }

    /** Presses Play and waits for sound; notes Play → playing. */
    async function playPodcast(p: EnginePage, past = 0.3) {
      await p.click(`${PODCAST} >>> button[part=play]`);
      await waitPlaying(p, PODCAST, past, 15_000);
      const m = await marks(p);
      note(name, 'Play→playing', m.playing[0]! - m.pointerdown.at(-1)!);
    }

    /** Waits for the last seek's `seeked` and notes seeking → seeked. */
    async function noteSeek(p: EnginePage, what: string) {
      const m = await p.waitFor(
        () => {
          const { seeking, seeked } = (window as unknown as { marks: Record<string, number[]> }).marks;
          return seeking.length && seeked.length && seeked.at(-1)! >= seeking.at(-1)! ? { seeking, seeked } : null;
        },
        null,
        { what: 'seeked after seeking', timeout: 10_000 },
      );
      note(name, what, m.seeked.at(-1)! - m.seeking.at(-1)!);
    }

    test('the cross-origin embed renders both widgets; no audio is fetched before Play', async () => {
      const before = audioLog().length;
      const p = await env.open(embedPage(env.mock, streamTag + podcastTag));
      const stream = await waitState(p, STREAM, 'ready');
      const podcast = await waitState(p, PODCAST, 'ready');
      expect(new URL(env.pages.origin).origin).not.toBe(env.mock);
      const info = await env.publicGet('stream');
      expect(stream.title).toBe(info.now_playing.title);
      expect(stream.badge).toBe('Live');
      expect(podcast.title).toBe(episode.title);
      // The data came from the mock (the bundle's origin), not from the page's origin.
      expect(env.pages.requests.filter((path) => path.startsWith('/public/'))).toEqual([]);
      await sleep(500);
      expect(audioLog().slice(before)).toEqual([]);
      expect(p.problems ?? []).toEqual([]);
    });

    test('live: Play makes sound at real speed, Pause releases the connection, Play again', async () => {
      const p = await env.open(embedPage(env.mock, streamTag));
      await waitState(p, STREAM, 'ready');
      await p.evaluate(recordEvents, STREAM);
      await p.click(`${STREAM} >>> button[part=play]`);
      await waitPlaying(p, STREAM, 0.3, 20_000);
      const m = await marks(p);
      note(name, 'live Play→playing', m.playing[0]! - m.pointerdown[0]!);
      await waitListeners(1);
      // Sound flows at the speed of the clock: neither stalled nor drained at unlimited speed.
      const speed = await playbackSpeed(p, STREAM);
      expect(speed, 'media seconds per second').toBeGreaterThan(0.7);
      expect(speed).toBeLessThan(1.3);

      await p.click(`${STREAM} >>> button[part=play]`);
      const paused = await waitState(p, STREAM, 'ready');
      expect(paused.paused).toBe(true);
      // The mock counts open /listen connections: pausing closed ours.
      await waitListeners(0);

      await p.click(`${STREAM} >>> button[part=play]`);
      const again = await waitPlaying(p, STREAM, 0.3, 20_000);
      await waitPlaying(p, STREAM, again.t + 0.5);
      await waitListeners(1);
      await p.click(`${STREAM} >>> button[part=play]`);
      await waitListeners(0);
      expect(p.problems ?? []).toEqual([]);
    });

    test('the script API: a page script plays, pauses and toggles the episode; the events fire and the media follows', async () => {
      // A click on the page first: the user activation an owner's own button gives (autoplay policies ask for one).
      const p = await env.open(embedPage(env.mock, `${podcastTag}<button id="listen">Listen</button>`));
      await waitState(p, PODCAST, 'ready');
      await p.click('#listen');
      const call = async (method: 'play' | 'pause' | 'toggle', n: number) => {
        await p.evaluate(callPlayer, [PODCAST, method] as [string, typeof method]);
        await p.waitFor((k: number) => (window as unknown as { api: { done: string[] } }).api.done.length >= k, n, {
          what: `${method}() settled`,
          timeout: 15_000,
        });
      };
      await call('play', 1);
      const played = await waitPlaying(p, PODCAST, 0.3, 15_000);
      await call('pause', 2);
      const paused = await waitState(p, PODCAST, 'ready');
      expect(paused.paused).toBe(true);
      await sleep(300);
      expect((await read(p, PODCAST)).t).toBeCloseTo(paused.t, 1);
      await call('toggle', 3);
      await waitPlaying(p, PODCAST, paused.t + 0.3, 15_000);
      await call('toggle', 4);
      expect((await waitState(p, PODCAST, 'ready')).paused).toBe(true);
      expect(await apiSeen(p)).toEqual({
        events: ['castlet-play', 'castlet-pause', 'castlet-play', 'castlet-pause'],
        done: ['play: playing', 'pause: paused', 'toggle: playing', 'toggle: paused'],
      });
      expect(played.t).toBeGreaterThan(0.3);
      expect(p.problems ?? []).toEqual([]);
    });

    test('a pushed now-playing arrives: the owner sets it, the widget shows and announces it; the recent tracks read title — artist', async () => {
      const p = await env.open(embedPage(env.mock, streamTag));
      await waitState(p, STREAM, 'ready');
      const title = `Night Drive ${Date.now()}`;
      await env.owner('setNowPlaying', { title, artist: 'The Midnight Owls' });
      const w = await waitWidget(p, STREAM, `title "${title}"`, (x) => x.title === title, 2000);
      expect(w.artist).toBe('The Midnight Owls');
      const live = await p.evaluate(
        (sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[aria-live=polite]')!.textContent!.trim(),
        STREAM,
      );
      expect(live).toBe(`Now playing: ${title} by The Midnight Owls`);
      // The recent tracks (a chunk, its templates minified as the bundle's) read "title — artist",
      // spaces kept around the dash.
      await p.click(`${STREAM} >>> details[part=history] summary`);
      const rows = await p.waitFor(
        (sel) => {
          const items = [...document.querySelector(sel)!.shadowRoot!.querySelectorAll('[part~=history] li .clip')];
          const both = items.filter((s) => s.querySelectorAll('bdi').length === 2);
          return both.length ? both.map((s) => [s.textContent, [...s.querySelectorAll('bdi')].map((b) => b.textContent).join(' — ')]) : null;
        },
        STREAM,
        { what: 'recent tracks with an artist' },
      );
      for (const [shown, expected] of rows) expect(shown).toBe(expected);
    });

    test('episode: Play, then seek by pointer and by keyboard while it plays', async () => {
      const p = await openPodcast();
      await playPodcast(p);

      // A click at the middle of the slider moves playback to about the middle, and it plays on.
      await p.click(`${PODCAST} >>> input[part=seek]`, { x: 0.5 });
      const half = episode.duration / 2;
      const moved = await waitWidget(p, PODCAST, `position near ${half} s`, (w) => Math.abs(w.t - half) < episode.duration * 0.1, 5000);
      await noteSeek(p, 'pointer seek→seeked');
      await waitPlaying(p, PODCAST, moved.t + 0.5, 15_000);

      // The slider has focus (as after a click or Tab): arrows and Home move playback.
      await p.evaluate(focusIn, [PODCAST, 'input[part=seek]'] as [string, string]);
      const from = (await read(p, PODCAST)).t;
      await p.press('ArrowRight');
      const ahead = await waitWidget(p, PODCAST, `position ≥ ${from + 4.5} s after ArrowRight`, (w) => w.t >= from + 4.5, 5000);
      expect(ahead.t).toBeLessThan(from + 7);
      await waitPlaying(p, PODCAST, ahead.t + 0.5, 15_000);
      await p.press('Home');
      const start = await waitWidget(p, PODCAST, 'back at the start after Home', (w) => w.t < 2, 5000);
      expect(start.seekValue).toBeLessThan(2);
      await noteSeek(p, 'keyboard seek→seeked');
      await waitPlaying(p, PODCAST, 0.5, 15_000);
    });

    test('a chapter starts the episode there; a chapter jump while playing; the current chapter is marked', async () => {
      const p = await openPodcast();
      const chapter = (i: number) => `${PODCAST} >>> ol[part=chapters] li:nth-child(${i + 1}) button`;
      expect(await currentChapters(p)).toEqual(episode.chapters.map((_, i) => String(i === 0)));
      // Before anything played: the click starts the episode at the chapter.
      const c2 = episode.chapters[2]!;
      await p.click(chapter(2));
      let w = await waitPlaying(p, PODCAST, c2.start + 0.3, 15_000);
      expect(w.t).toBeLessThan(c2.start + 5);
      expect(await currentChapters(p)).toEqual(episode.chapters.map((_, i) => String(i === 2)));
      // While playing: back to chapter 1, and it plays on from there.
      const c1 = episode.chapters[1]!;
      await p.click(chapter(1));
      w = await waitWidget(p, PODCAST, `at chapter 1 (${c1.start} s)`, (x) => x.t >= c1.start - 0.01 && x.t < c2.start, 5000);
      expect(w.t).toBeLessThan(c1.start + 3);
      await waitPlaying(p, PODCAST, c1.start + 0.5, 15_000);
      w = await waitPlaying(p, PODCAST, w.t + 0.5, 15_000);
      expect(w.t).toBeLessThan(c2.start);
      expect(await currentChapters(p)).toEqual(episode.chapters.map((_, i) => String(i === 1)));
    });

    test('speed 1.5×: time runs about one and a half times as fast', async () => {
      const p = await openPodcast();
      await playPodcast(p);
      await p.evaluate(chooseSpeed, '1.5');
      const w = await waitWidget(p, PODCAST, 'playbackRate 1.5', (x) => x.rate === 1.5, 5000);
      expect(w.speed).toBe('1.5');
      const labels = await p.evaluate(
        () => [...document.querySelector('podcast-player')!.shadowRoot!.querySelectorAll('select[part=speed] option')].map((o) => o.textContent),
        null,
      );
      expect(labels).toEqual(['0.75×', '1×', '1.25×', '1.5×', '1.75×', '2×']);
      await waitPlaying(p, PODCAST, w.t + 0.5, 15_000);
      const speed = await playbackSpeed(p, PODCAST);
      expect(speed, 'media seconds per second').toBeGreaterThan(1.2);
      expect(speed).toBeLessThan(1.8);
    });

    test('resume after a reload: position and speed come back, and Play resumes there', async () => {
      const p = await openPodcast();
      await playPodcast(p);
      await p.click(`${PODCAST} >>> button[aria-label="Forward 30 seconds"]`);
      await p.evaluate(chooseSpeed, '1.25');
      await waitPlaying(p, PODCAST, 31, 15_000);
      await p.click(`${PODCAST} >>> button[part=play]`);
      const left = (await waitState(p, PODCAST, 'ready')).t;
      expect(left).toBeGreaterThan(30);

      await p.reload();
      let w = await waitState(p, PODCAST, 'ready');
      // Shown where the listener left it (the saved second: the pause event's position, which
      // Chromium may refine by a few ms afterwards, so ±1 s), at their speed, nothing loaded yet.
      expect(Math.abs(w.seekValue! - left)).toBeLessThanOrEqual(1);
      expect(w.speed).toBe('1.25');
      expect(w.src).toBeNull();

      await p.click(`${PODCAST} >>> button[part=play]`);
      w = await waitPlaying(p, PODCAST, Math.round(left) - 0.6, 15_000);
      expect(w.t).toBeLessThan(left + 5);
      w = await waitWidget(p, PODCAST, 'playbackRate 1.25', (x) => x.rate === 1.25, 5000);
      await waitPlaying(p, PODCAST, w.t + 0.5, 15_000);
    });

    /** Media time per second while `sel` plays, measured once its clock moves (a rate change may stall it a moment). */
    async function speedOf(p: EnginePage, sel: string) {
      const w = await read(p, sel);
      await waitPlaying(p, sel, w.t + 0.5, 15_000);
      return playbackSpeed(p, sel);
    }

    /** A real pointer on the seek bar at `x` (0–1); waits until playback is there and moves on. */
    async function seekAt(p: EnginePage, sel: string, x: number, duration: number) {
      await p.click(`${sel} >>> input[part=seek]`, { x });
      const want = x * duration;
      const w = await waitWidget(
        p,
        sel,
        `position near ${want} s after a click at ${x * 100} % of the seek bar`,
        (v) => Math.abs(v.t - want) < duration * 0.1,
        8000,
      );
      return waitPlaying(p, sel, w.t + 0.5, 15_000);
    }

    test('one page through a whole visit: live played and paused, then the episode: a seek by pointer at 60 %, a chapter, 1.5× by keyboard, a reload to resume', async () => {
      // What an outside check found in WebKitGTK (issue 20): one page kept the whole visit, watched by a page script.
      const p = await env.open(embedPage(env.mock, streamTag + podcastTag));
      await waitState(p, STREAM, 'ready');
      await waitState(p, PODCAST, 'ready');
      await waitWidget(p, PODCAST, 'the list rows (a chunk)', (w) => w.rows > 0);
      await p.evaluate(watchMedia, [PODCAST, false] as [string, boolean]);

      await p.click(`${STREAM} >>> button[part=play]`);
      await waitPlaying(p, STREAM, 0.3, 20_000);
      await p.click(`${STREAM} >>> button[part=play]`);
      await waitState(p, STREAM, 'ready');
      await waitListeners(0);

      await p.click(`${PODCAST} >>> button[part=play]`);
      let w = await waitPlaying(p, PODCAST, 0.3, 15_000);
      // The file's own length, not one that grows with the clock.
      expect(w.duration, w.seen ?? '').toBeCloseTo(episode.duration, 0);
      await seekAt(p, PODCAST, 0.6, episode.duration);

      const c1 = episode.chapters[1]!;
      await p.click(`${PODCAST} >>> ol[part=chapters] li:nth-child(2) button`);
      w = await waitWidget(p, PODCAST, `at chapter 1 (${c1.start} s)`, (x) => x.t >= c1.start - 0.01 && x.t < c1.start + 3, 8000);
      await waitPlaying(p, PODCAST, w.t + 0.5, 15_000);

      await speedByKeyboard(p, PODCAST, 2);
      await waitWidget(p, PODCAST, 'speed 1.5× chosen by keyboard', (x) => x.speed === '1.5' && x.rate === 1.5, 5000);
      let speed = await speedOf(p, PODCAST);
      expect(speed, 'media seconds per second at 1.5×').toBeGreaterThan(1.2);
      expect(speed).toBeLessThan(1.8);

      await p.click(`${PODCAST} >>> button[part=play]`);
      const left = (await waitState(p, PODCAST, 'ready')).t;
      await p.reload();
      w = await waitState(p, PODCAST, 'ready');
      expect(w.speed).toBe('1.5');
      expect(Math.abs(w.seekValue! - left)).toBeLessThanOrEqual(1);
      await p.evaluate(watchMedia, [PODCAST, false] as [string, boolean]);
      await p.click(`${PODCAST} >>> button[part=play]`);
      w = await waitPlaying(p, PODCAST, Math.round(left) - 0.6, 15_000);
      expect(w.t).toBeLessThan(left + 5);
      await waitWidget(p, PODCAST, 'playbackRate 1.5 after the reload', (x) => x.rate === 1.5, 5000);
      speed = await speedOf(p, PODCAST);
      expect(speed, 'media seconds per second at 1.5× after the reload').toBeGreaterThan(1.2);
      expect(speed).toBeLessThan(1.8);
      expect(p.problems ?? []).toEqual([]);
    });

    test('an episode played at 1.5× and reloaded while it plays comes back at 1.5× (the page kept through the visit)', async () => {
      const p = await env.open(embedPage(env.mock, streamTag + podcastTag));
      await waitWidget(p, PODCAST, 'ready with its rows', (x) => x.state === 'ready' && x.rows > 0);
      await p.evaluate(watchMedia, [PODCAST, false] as [string, boolean]);
      await p.click(`${PODCAST} >>> button[part=play]`);
      await waitPlaying(p, PODCAST, 0.3, 15_000);
      await speedByKeyboard(p, PODCAST, 2);
      await waitWidget(p, PODCAST, 'speed 1.5× chosen by keyboard', (x) => x.speed === '1.5' && x.rate === 1.5, 5000);
      const before = await speedOf(p, PODCAST);
      expect(before, 'media seconds per second at 1.5× before the reload').toBeGreaterThan(1.2);
      // No pause: the page goes away while the episode plays.
      await p.reload();
      let w = await waitState(p, PODCAST, 'ready');
      expect(w.speed).toBe('1.5');
      await p.evaluate(watchMedia, [PODCAST, false] as [string, boolean]);
      await p.click(`${PODCAST} >>> button[part=play]`);
      w = await waitPlaying(p, PODCAST, w.seekValue! + 0.3, 15_000);
      await waitWidget(p, PODCAST, 'playbackRate 1.5 after the reload', (x) => x.rate === 1.5, 5000);
      const after = await speedOf(p, PODCAST);
      expect(after, `media seconds per second at 1.5× after the reload (${w.seen})`).toBeGreaterThan(1.2);
      expect(after).toBeLessThan(1.8);
    });

    test('three podcast players on one page: each plays and seeks, one at a time, each at its own speed', async () => {
      const episodes = (await env.publicGet('podcasts')).episodes as Episode[];
      const players = ['#newest', '#second', '#third'];
      // The newest episode, then two pinned ones.
      const tags = players.map(
        (id, i) => `<podcast-player id="${id.slice(1)}" public-token="${PUBLIC}"${i ? ` episode="${episodes[i]!.id}"` : ''}></podcast-player>`,
      );
      const p = await env.open(embedPage(env.mock, tags.join('')));
      for (const [i, sel] of players.entries()) {
        const w = await waitWidget(p, sel, 'ready with its chapters', (x) => x.state === 'ready' && x.rows > 0);
        expect(w.title).toBe(episodes[i]!.title);
        // The third one's first load cannot know its duration in WebKitGTK (see watchMedia).
        await p.evaluate(watchMedia, [sel, i === 2] as [string, boolean]);
      }
      // The third at 1.5×, chosen by keyboard before it plays.
      await speedByKeyboard(p, players[2]!, 2);
      await waitWidget(p, players[2]!, 'speed 1.5× chosen by keyboard', (x) => x.speed === '1.5');

      const at: number[] = [];
      for (const [i, sel] of players.entries()) {
        await p.click(`${sel} >>> button[part=play]`);
        await waitPlaying(p, sel, 0.3, 15_000);
        // Starting one pauses the others.
        for (const other of players.filter((o) => o !== sel))
          await waitWidget(p, other, 'paused by the one that started', (x) => x.paused && x.state !== 'playing', 5000);
        const w = await seekAt(p, sel, 0.6, episodes[i]!.duration);
        expect(w.rate).toBe(i === 2 ? 1.5 : 1);
        at.push(w.t);
      }
      const speed = await speedOf(p, players[2]!);
      expect(speed, 'media seconds per second of the third at 1.5×').toBeGreaterThan(1.2);
      expect(speed).toBeLessThan(1.8);

      // Back to the first: it goes on where it was paused, at 1×.
      await p.click(`${players[0]} >>> button[part=play]`);
      const w = await waitPlaying(p, players[0]!, at[0]!, 15_000);
      expect(w.t).toBeLessThan(at[0]! + 6);
      expect(w.rate).toBe(1);
      expect((await read(p, players[2]!)).paused).toBe(true);
      expect(p.problems ?? []).toEqual([]);
    });

    test('a share link opened in a fresh page shows that episode at that time, ready to play; Play starts there', async () => {
      const ep = (await env.publicGet('podcasts')).episodes[1] as Episode;
      const page = env.pages.add(embedPage(env.mock, podcastTag));
      const p = await env.visit(`${page}#castlet-episode=${encodeURIComponent(ep.id)}&castlet-t=61`);
      const w = await waitWidget(p, PODCAST, `${ep.title} at 61 s`, (x) => x.state === 'ready' && x.title === ep.title && x.seekValue === 61);
      // Ready, not playing: no audio asked for before the listener presses Play.
      expect(w.src).toBeNull();
      await p.click(`${PODCAST} >>> button[part=play]`);
      const playing = await waitPlaying(p, PODCAST, 61.3, 15_000);
      expect(playing.t).toBeLessThan(67);
    });

    test('the demo page under its strict CSP: both widgets ready and styled, Play works, no violation', async () => {
      const res = await fetch(`${env.mock}/`);
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
      const p = await env.visit(`${env.mock}/`);
      const stream = '#widgets stream-player';
      await waitState(p, stream, 'ready');
      await waitState(p, '#widgets podcast-player', 'ready');
      // Violations from here on are recorded by the page; earlier ones show as console
      // problems (Chromium, Firefox) or as widgets that never got ready or styled.
      await p.evaluate(() => {
        const w = window as unknown as { violations: string[] };
        w.violations = [];
        document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} ${e.blockedURI}`), true);
      }, null);
      const radius = await p.evaluate(
        (sel) => getComputedStyle(document.querySelector(sel)!.shadowRoot!.querySelector('button[part=play]')!).borderRadius,
        stream,
      );
      expect(radius, 'the widget styles apply (constructable stylesheets, no style-src needed)').not.toBe('0px');
      await p.click(`${stream} >>> button[part=play]`);
      await waitPlaying(p, stream, 0.3, 20_000);
      await p.click(`${stream} >>> button[part=play]`);
      await waitState(p, stream, 'ready');
      // The on-demand parts load under the same policy, styles included: the transcript (and its
      // WebVTT), subscribe, the recent tracks, a language.
      const podcast = '#widgets podcast-player';
      await p.click(`${podcast} >>> details[part=transcript] summary`);
      // (The panel grows as its cues arrive: the next click waits, so that it lands where it aims.)
      await p.waitFor((sel) => !!document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue]') || null, podcast, {
        what: 'the transcript cues',
      });
      await p.click(`${podcast} >>> details[part=subscribe] summary`);
      await p.click(`${stream} >>> details[part=history] summary`);
      await p.evaluate((sel) => document.querySelector(sel)!.setAttribute('lang', 'de'), podcast);
      const parts = await p.waitFor(
        ([pod, live]) => {
          const root = document.querySelector(pod!)!.shadowRoot!;
          const cue = root.querySelector('[part=cue]');
          const link = root.querySelector('[part=subscribe] a');
          const play = root.querySelector('[part=play]')?.getAttribute('aria-label');
          if (!cue || !link || !document.querySelector(live!)!.shadowRoot!.querySelector('[part~=history] li') || play !== 'Abspielen') return null;
          return { cue: getComputedStyle(cue).display, link: getComputedStyle(link).display };
        },
        [podcast, stream] as const,
        { what: 'the transcript, subscribe and recent tracks panels, styled, and German words', timeout: 10_000 },
      );
      expect(parts, 'chunk styles apply (adopted stylesheets)').toEqual({ cue: 'block', link: 'inline-block' });
      expect(await p.evaluate(() => (window as unknown as { violations: string[] }).violations, null)).toEqual([]);
      expect(p.problems ?? []).toEqual([]);
      mkdirSync(REPORTS, { recursive: true });
      await p.screenshot(`${REPORTS}demo-page-${name}.png`);
    });

    test('Tab order follows the controls of both widgets, each with a visible focus ring', async () => {
      const p = await env.open(embedPage(env.mock, streamTag + podcastTag));
      await waitState(p, STREAM, 'ready');
      await waitState(p, PODCAST, 'ready');
      await waitWidget(p, PODCAST, 'the list rows (a chunk)', (w) => w.rows > 0);
      // The episode's highlights come in their own chunk, later than the list's on a slow machine.
      await p.waitFor((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=highlight]') !== null, PODCAST, {
        what: 'the highlights (a chunk)',
      });
      const controls = await p.evaluate(
        () =>
          ['stream-player', 'podcast-player'].flatMap((tag) =>
            [...document.querySelector(tag)!.shadowRoot!.querySelectorAll<HTMLElement>('button, input, select, a[href], summary')]
              .filter((c) => !(c as HTMLButtonElement).disabled)
              .map((c) => `${tag} ${c.getAttribute('aria-label') ?? c.textContent!.trim().replace(/\s+/g, ' ')}`),
          ),
        null,
      );
      const reached: string[] = [];
      const invisible: string[] = [];
      for (let i = 0; i < controls.length; i++) {
        await p.press('Tab' satisfies Key);
        const f = await p.evaluate(() => {
          const host = document.activeElement;
          const el = host?.shadowRoot?.activeElement as HTMLElement | null | undefined;
          if (!host || !el) return null;
          const style = getComputedStyle(el);
          return {
            name: `${host.localName} ${el.getAttribute('aria-label') ?? el.textContent!.trim().replace(/\s+/g, ' ')}`,
            ring: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2,
          };
        }, null);
        if (!f) continue;
        reached.push(f.name);
        if (!f.ring) invisible.push(f.name);
      }
      expect(reached).toEqual(controls);
      expect(invisible).toEqual([]);
    });

    test('dark mode: with a dark system colour scheme both widgets are dark', async () => {
      const colours = (p: EnginePage) =>
        p.evaluate(
          () =>
            ['stream-player', 'podcast-player'].map((tag) => {
              const base = document.querySelector(tag)!.shadowRoot!.querySelector('[part~=base]')!;
              return { bg: getComputedStyle(base).backgroundColor, fg: getComputedStyle(base).color };
            }),
          null,
        );
      const light = await env.open(embedPage(env.mock, streamTag + podcastTag));
      await waitState(light, PODCAST, 'ready');
      expect((await colours(light)).map((c) => c.bg)).toEqual(['rgb(255, 255, 255)', 'rgb(255, 255, 255)']);
      await light.close();

      // The system's colour scheme is a launch option in Firefox and WebKitGTK: a second browser.
      const dark = await launchEngine[name]({ dark: true });
      try {
        const p = await dark.newPage();
        await p.goto(env.pages.add(embedPage(env.mock, streamTag + podcastTag)));
        await waitState(p, STREAM, 'ready');
        await waitState(p, PODCAST, 'ready');
        // Two frames, so the screenshot is not a stale frame (WebKit).
        await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), null);
        expect(await colours(p)).toEqual([
          { bg: 'rgb(23, 22, 28)', fg: 'rgb(241, 239, 248)' },
          { bg: 'rgb(23, 22, 28)', fg: 'rgb(241, 239, 248)' },
        ]);
        mkdirSync(REPORTS, { recursive: true });
        await p.screenshot(`${REPORTS}widgets-dark-${name}.png`);
      } finally {
        await dark.close();
      }
    });

    test('the event stream reconnects after the mock restarts: a push after it arrives', async () => {
      // A mock of its own whose address survives a restart (the shared one stays up).
      let own: RunningServer = await startServer({ host: '127.0.0.1', port: 0, heartbeatMs: 60_000, log: () => {} });
      const port = own.port;
      try {
        const p = await env.open(embedPage(own.url, streamTag));
        await waitState(p, STREAM, 'ready');
        await own.close();
        await waitWidget(p, STREAM, 'says the service cannot be reached', (w) => /Cannot reach the service/.test(w.message ?? ''), 10_000);
        const restarted: string[] = [];
        own = await startServer({ host: '127.0.0.1', port, heartbeatMs: 60_000, log: (l) => restarted.push(l) });
        await waitWidget(p, STREAM, 'back, with no message', (w) => w.state === 'ready' && w.message === null, 20_000);
        const title = `After the restart ${Date.now()}`;
        // The reconnected event stream carries the push (the widget fetches nothing else for it): once it is open.
        await expect.poll(() => restarted.some((l) => l.startsWith('GET /public/stream/events')), { timeout: 20_000 }).toBe(true);
        await ownerPost(own.url, 'setNowPlaying', { title, artist: 'Reconnected' });
        await waitWidget(p, STREAM, `title "${title}"`, (w) => w.title === title, 3000);
      } finally {
        await own.close();
      }
    });
  });
});
