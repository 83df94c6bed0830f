/**
 * `sticky` (issue 21, "Keep listening") in every engine, on a phone (390×700) reading an
 * owner's article with both players in it: while a player plays and its card is scrolled
 * away, a mini-player is fixed at the viewport's bottom; its Pause pauses, its title brings
 * the card back (with the focus), Close hides it for this playback; it is gone when the card
 * is in view or nothing plays, and only the playing player has one. It is accessible (axe),
 * moves nothing on the page, follows Arabic's direction, and is a chunk loaded when a sticky
 * player first plays. Chromium alone: the layout-shift score, reduced motion and theming. (The README's screenshots:
 * scripts/screenshot-mini-player.ts.)
 *
 * `ENGINES=webkit npx vitest run --project browser test/browser/mini-player.test.ts` runs one engine.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { PUBLIC, selectedEngines, waitForState, withBrowser, withEngine, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { until as poll } from '../support/players.ts';
import { stickyArticle } from '../support/browser-pages.ts';

const PHONE = { width: 390, height: 700 };
const AXE = readFileSync(fileURLToPath(new URL('../../node_modules/axe-core/axe.min.js', import.meta.url)), 'utf8');
const PODCAST = 'podcast-player';
const STREAM = 'stream-player';

/** An owner's article: text, the live player, more text, the podcast player, more text (both `sticky`). */
const article = (mock: string, opts?: { lang?: string }) => stickyArticle(mock, PUBLIC, opts);

/** In the page: what the mini-players and the card of `sel` show, and where. */
function look(sel: string) {
  type Player = HTMLElement & { state: string; media: HTMLMediaElement };
  const el = document.querySelector(sel) as Player;
  const root = el.shadowRoot!;
  const box = (e: Element | null | undefined) => {
    const r = e?.getBoundingClientRect();
    return r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height } : null;
  };
  const mini = root.querySelector('[part=mini]');
  const part = (p: string) => mini?.querySelector(`[part=${p}]`);
  return {
    state: el.state,
    paused: el.media.paused,
    /** The card's part the focus is on. */
    focus: root.activeElement?.getAttribute('part') ?? null,
    card: box(el),
    pageHeight: document.documentElement.scrollHeight,
    viewport: { width: innerWidth, height: innerHeight },
    /** Every mini-player on the page (both players). */
    minis: [...document.querySelectorAll('stream-player, podcast-player')]
      .filter((p) => p.shadowRoot?.querySelector('[part=mini]'))
      .map((p) => p.localName),
    mini: mini && {
      tag: mini.localName,
      label: mini.getAttribute('aria-label'),
      position: getComputedStyle(mini).position,
      direction: getComputedStyle(mini).direction,
      box: box(mini),
      art: box(mini.querySelector('img, .art')),
      title: part('mini-title')?.textContent?.trim(),
      titleBox: box(part('mini-title')),
      play: part('mini-play')?.getAttribute('aria-label'),
      close: part('mini-close')?.getAttribute('aria-label'),
      badge: part('badge')?.textContent?.trim() ?? null,
      progress: !!mini.querySelector('progress'),
    },
  };
}
type Look = ReturnType<typeof look>;

const read = (p: EnginePage, sel: string) => p.evaluate(look, sel);

/** Waits until `ok` holds for `sel`; the message shows the last reading. */
const until = (p: EnginePage, sel: string, what: string, ok: (l: Look) => unknown, timeout = 10_000): Promise<Look> =>
  poll(`${p.engine}: ${sel}: ${what}`, () => read(p, sel), ok, { timeout });

/** In the page: scrolls so that the card of `sel` is just above the viewport. */
function scrollPast(sel: string) {
  const r = document.querySelector(sel)!.getBoundingClientRect();
  window.scrollTo({ top: scrollY + r.bottom + 40, behavior: 'instant' });
}
/** In the page: scrolls so that the card of `sel` is in the middle of the viewport. */
function scrollTo(sel: string) {
  document.querySelector(sel)!.scrollIntoView({ block: 'center', behavior: 'instant' });
}

/** Waits for the mini-player of `sel` and the end of its slide-in (a click or a measure mid-way would miss it). */
async function miniShown(p: EnginePage, sel: string, what = 'a mini-player', ok: (l: Look) => unknown = (l) => l.mini): Promise<Look> {
  await until(p, sel, what, ok);
  await p.evaluate(
    (s) =>
      Promise.all(
        document
          .querySelector(s)!
          .shadowRoot!.querySelector('[part=mini]')!
          .getAnimations()
          .map((a) => a.finished),
      ).then(() => true),
    sel,
  );
  return read(p, sel);
}

const inView = (l: Look) => l.card!.bottom > 0 && l.card!.top < l.viewport.height;
const isPlaying = (l: Look) => l.state === 'playing' && !l.paused;

/** Opens the article, presses the card's Play of `sel` and waits until it plays. */
async function playing(env: EngineEnv, sel: string, opts?: { lang?: string }): Promise<EnginePage> {
  const p = await env.open(article(env.mock, opts));
  await until(p, sel, 'ready', (l) => l.state === 'ready', 15_000);
  // The chunk is not loaded before a sticky player plays (where the engine lets us see requests).
  expect(p.requests?.some((u) => u.includes('mini-player'))).not.toBe(true);
  await p.click(`${sel} >>> [part=play]`);
  await until(p, sel, 'playing', isPlaying, 15_000);
  return p;
}

describe.each(selectedEngines())('$name', ({ name, skip }) => {
  describe.skipIf(!!skip)(`sticky mini-player (${skip ?? 'phone 390×700'})`, () => {
    const env = withEngine(name, {}, { viewport: PHONE });

    test('podcast: scrolled away while playing, a mini-player; its Pause pauses, and it goes', async () => {
      const p = await playing(env, PODCAST);
      const title = await p.evaluate((s) => (document.querySelector(s) as HTMLElement & { current: { title: string } }).current.title, PODCAST);
      const before = await until(p, PODCAST, 'no mini-player while the card is in view', (l) => !l.mini && inView(l));

      await p.evaluate(scrollPast, PODCAST);
      const l = await miniShown(p, PODCAST);
      expect(l.mini).toMatchObject({
        tag: 'section',
        label: `Now playing: ${title}`,
        position: 'fixed',
        title,
        play: 'Pause',
        close: 'Close',
        badge: null,
        progress: true,
      });
      // At the viewport's bottom, inside it, clear of its edges.
      expect(l.mini!.box!.bottom).toBeLessThanOrEqual(l.viewport.height - 8 + 0.5);
      expect(l.mini!.box!.bottom).toBeGreaterThan(l.viewport.height - 24);
      expect(l.mini!.box!.left).toBeGreaterThanOrEqual(8 - 0.5);
      expect(l.mini!.box!.right).toBeLessThanOrEqual(l.viewport.width - 8 + 0.5);
      // The card keeps its size and the page its height: nothing moved.
      expect(l.card!.height).toBe(before.card!.height);
      expect(l.pageHeight).toBe(before.pageHeight);
      expect(l.minis).toEqual([PODCAST]);
      await p.screenshot(`/tmp/mini-player-${name}.png`);

      await p.click(`${PODCAST} >>> [part=mini-play]`);
      const paused = await until(p, PODCAST, 'paused, without a mini-player', (x) => x.paused && !x.mini);
      expect(paused.state).toBe('ready');
      // The keyboard's focus is on the card's Play, and the page did not jump to it.
      expect(paused.focus).toBe('play');
      expect(inView(paused)).toBe(false);
    });

    test('podcast: the title brings the card back and focuses its Play/Pause; back in view, no mini-player', async () => {
      const p = await playing(env, PODCAST);
      await p.evaluate(scrollPast, PODCAST);
      await miniShown(p, PODCAST);
      await p.click(`${PODCAST} >>> [part=mini-title]`);
      const l = await until(p, PODCAST, 'the card in view, focused, no mini-player', (x) => inView(x) && x.focus === 'play' && !x.mini);
      expect(isPlaying(l)).toBe(true);
      // Away again, it is back; in view, gone.
      await p.evaluate(scrollPast, PODCAST);
      await until(p, PODCAST, 'a mini-player again', (x) => x.mini);
      await p.evaluate(scrollTo, PODCAST);
      await until(p, PODCAST, 'no mini-player with the card in view', (x) => !x.mini && inView(x));
    });

    test('Close hides it for the rest of this playback; the next playback has one again', async () => {
      const p = await playing(env, PODCAST);
      await p.evaluate(scrollPast, PODCAST);
      await miniShown(p, PODCAST);
      await p.click(`${PODCAST} >>> [part=mini-close]`);
      await until(p, PODCAST, 'closed', (x) => !x.mini && isPlaying(x));
      // In view and away again: still closed (the observer did report both).
      await p.evaluate(scrollTo, PODCAST);
      await until(p, PODCAST, 'the card in view', inView);
      await p.evaluate(scrollPast, PODCAST);
      await until(p, PODCAST, 'the card out of view', (x) => !inView(x));
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), null);
      expect((await read(p, PODCAST)).mini).toBeNull();
      // Pause and play again: a new playback.
      await p.click(`${PODCAST} >>> [part=play]`);
      await until(p, PODCAST, 'paused', (x) => x.paused);
      await p.click(`${PODCAST} >>> [part=play]`);
      await until(p, PODCAST, 'playing again', isPlaying, 15_000);
      await p.evaluate(scrollPast, PODCAST);
      await until(p, PODCAST, 'a mini-player for the new playback', (x) => x.mini);
    });

    test('radio: the Live badge; only the playing player shows one, and none once nothing plays', async () => {
      const p = await playing(env, STREAM);
      // Both cards away (the page's end): only the stream's mini-player.
      await p.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }), null);
      const l = await miniShown(p, STREAM);
      const heard = await p.evaluate((s) => document.querySelector(s)!.shadowRoot!.querySelector('[part=title]')!.textContent!.trim(), STREAM);
      expect(l.mini).toMatchObject({ label: `Now playing: ${heard}`, badge: 'Live', progress: false, play: 'Pause' });
      expect(l.minis).toEqual([STREAM]);
      // The podcast starts (its card comes into view to be pressed): the stream stops, its mini-player goes.
      await p.click(`${PODCAST} >>> [part=play]`);
      await until(p, PODCAST, 'playing', isPlaying, 15_000);
      await until(p, STREAM, 'stopped, no mini-player', (x) => x.paused && x.minis.length === 0);
      await p.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }), null);
      const both = await until(p, PODCAST, "the podcast's mini-player", (x) => x.mini);
      expect(both.minis).toEqual([PODCAST]);
      // A page script pauses it: nothing plays, no mini-player.
      await p.evaluate((s) => (document.querySelector(s) as HTMLElement & { media: HTMLMediaElement }).media.pause(), PODCAST);
      await until(p, PODCAST, 'nothing plays, no mini-player', (x) => x.paused && x.minis.length === 0);
    });

    test('axe finds nothing on the page with the mini-player shown', async () => {
      const p = await playing(env, PODCAST);
      await p.evaluate(scrollPast, PODCAST);
      // (After its slide-in: axe reads colours.)
      await miniShown(p, PODCAST);
      await p.evaluate((src) => void (0, eval)(src), AXE);
      const violations = await p.evaluate(async () => {
        type Axe = {
          run(ctx: unknown, opts?: unknown): Promise<{ violations: { id: string; nodes: { target: unknown }[] }[] }>;
          getRules(tags: string[]): { ruleId: string }[];
        };
        const axe = (window as unknown as { axe: Axe }).axe;
        const rules = Object.fromEntries(axe.getRules(['wcag22aa']).map((r) => [r.ruleId, { enabled: true }]));
        const r = await axe.run(document, { resultTypes: ['violations'], rules });
        return r.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
      }, null);
      expect(violations).toEqual([]);
    });

    test('Arabic: right to left, inside the viewport', async () => {
      const p = await playing(env, PODCAST, { lang: 'ar' });
      await p.evaluate(scrollPast, PODCAST);
      const l = await miniShown(p, PODCAST, 'a mini-player in Arabic', (x) => x.mini?.close === 'إغلاق');
      expect(l.mini!.direction).toBe('rtl');
      expect(l.mini!.label).toMatch(/^يُبث الآن: /);
      // The artwork on the right, the title to its left.
      expect(l.mini!.art!.left).toBeGreaterThan(l.mini!.titleBox!.right);
      expect(l.mini!.box!.left).toBeGreaterThanOrEqual(8 - 0.5);
      expect(l.mini!.box!.right).toBeLessThanOrEqual(l.viewport.width - 8 + 0.5);
      await p.screenshot(`/tmp/mini-player-rtl-${name}.png`);
    });
  });
});

describe('sticky mini-player in Chromium', () => {
  const env = withBrowser({ context: { viewport: PHONE } });

  /** Opens the article (in `colorScheme`, with `reducedMotion`), plays the podcast and scrolls its card away. */
  async function shown(opts: { reducedMotion?: 'reduce' | 'no-preference'; colorScheme?: 'light' | 'dark' } = {}) {
    const t = await env.open(article(env.mock), {
      before: (page) => page.emulateMedia({ reducedMotion: 'no-preference', colorScheme: 'light', ...opts }),
    });
    await t.page.evaluate(() => {
      const w = window as unknown as { shifts: number[] };
      w.shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
          if (!e.hadRecentInput) w.shifts.push(e.value);
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await waitForState(t.page, PODCAST, 'ready', 15_000);
    await t.page.locator(`${PODCAST} [part=play]`).click();
    await waitForState(t.page, PODCAST, 'playing', 15_000);
    await t.page.evaluate(scrollPast, PODCAST);
    const mini = t.page.locator(`${PODCAST} [part=mini]`);
    await mini.waitFor();
    return { ...t, mini };
  }

  test('no layout shift: the page scores 0 while the mini-player comes and goes', async () => {
    const t = await shown();
    await t.mini.evaluate((m) => Promise.all(m.getAnimations().map((a) => a.finished)));
    await t.page.evaluate(scrollTo, PODCAST);
    await t.mini.waitFor({ state: 'detached' });
    // (Layout-shift entries are reported within a frame or two.)
    await t.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(r, 100)))));
    expect(await t.page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
    expect(t.problems).toEqual([]);
  });

  test('it slides in, except with prefers-reduced-motion', async () => {
    // (Its animation as declared: a quarter second can be over before a busy machine reads getAnimations().)
    const moving = await shown();
    expect(await moving.mini.evaluate((m) => getComputedStyle(m).animationName)).toBe('mini-in');
    const still = await shown({ reducedMotion: 'reduce' });
    expect(await still.mini.evaluate((m) => getComputedStyle(m).animationName)).toBe('none');
  });

  test('themeable: --castlet-mini-* over the card’s --castlet-* custom properties', async () => {
    const t = await shown();
    const colours = () =>
      t.mini.evaluate((m) => [getComputedStyle(m).backgroundColor, getComputedStyle(m.querySelector('[part=mini-play]')!).backgroundColor]);
    await t.page.addStyleTag({ content: 'podcast-player { --castlet-bg: rgb(1, 2, 3); --castlet-accent: rgb(4, 5, 6); }' });
    expect(await colours()).toEqual(['rgb(1, 2, 3)', 'rgb(4, 5, 6)']);
    await t.page.addStyleTag({ content: 'podcast-player { --castlet-mini-bg: rgb(7, 8, 9); --castlet-mini-accent: rgb(10, 11, 12); }' });
    expect(await colours()).toEqual(['rgb(7, 8, 9)', 'rgb(10, 11, 12)']);
  });
});
