/**
 * <podcast-player>'s transcript, share and subscribe, and both players in other languages, in
 * real Chromium against the real mock: what is loaded when (the request log), the transcript
 * following real playback inside its panel, a share link through the real clipboard, right to
 * left, and axe in each language.
 */
import { mkdirSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Episode } from '../../src/internal/api-types.ts';
import { en } from '../../src/i18n/en.ts';
import de from '../../src/i18n/de.ts';
import ar from '../../src/i18n/ar.ts';
import type { Messages } from '../../src/i18n/en.ts';
import { PUBLIC, axeViolations, describeViolations, embedPage, waitForState, withBrowser, type TestPage } from '../support/browser.ts';

const env = withBrowser({ context: { permissions: ['clipboard-read', 'clipboard-write'] } });
const POD = 'podcast-player';
const LIVE = 'stream-player';
const REPORTS = 'reports/';

const tags = (lang = '') =>
  `<main><h1>Our shows</h1><stream-player public-token="${PUBLIC}"${lang}></stream-player><podcast-player public-token="${PUBLIC}"${lang}></podcast-player></main>`;

let episodes: Episode[];
beforeAll(async () => {
  episodes = (await env.publicGet('podcasts')).episodes;
});

/** Both players ready, the podcast player's list rows (a chunk beside the data) shown. */
async function openBoth(body = tags(), path?: string): Promise<TestPage> {
  const t = await env.open(embedPage(env.mock, body), path ? { path } : undefined);
  await waitForState(t.page, LIVE, 'ready');
  await waitForState(t.page, POD, 'ready');
  await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=episode]'), POD);
  return t;
}

/** The chunk files the page asked for, in order. */
const chunks = (t: TestPage) => t.requests.map((u) => new URL(u).pathname).filter((p) => p.startsWith('/chunks/'));
const vtts = (t: TestPage) => t.requests.filter((u) => u.endsWith('.vtt'));

/** Opens a player's <details part=…> by a click on its summary. */
const openPanel = (t: TestPage, el: string, part: string) => t.page.click(`${el} >> details[part=${part}] summary`);

describe('what loads when', () => {
  test('on opening: castlet.js and the list rows only; each other part when first used', async () => {
    const t = await openBoth();
    expect(chunks(t)).toEqual(['/chunks/lists.js']);
    expect(vtts(t)).toEqual([]);

    await openPanel(t, POD, 'transcript');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue]'), POD);
    expect(chunks(t)).toEqual(['/chunks/lists.js', '/chunks/transcript.js']);
    expect(vtts(t)).toEqual([episodes[0]!.transcript_url]);

    await openPanel(t, LIVE, 'history');
    await openPanel(t, POD, 'subscribe');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=subscribe] a'), POD);
    await t.page.$eval(POD, (el) => el.setAttribute('lang', 'ar'));
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=base][dir=rtl]'), POD);
    expect(chunks(t).sort()).toEqual(['/chunks/ar.js', '/chunks/history.js', '/chunks/lists.js', '/chunks/sharing.js', '/chunks/transcript.js']);
    // Each part once, whatever the number of players or renders.
    expect(new Set(chunks(t)).size).toBe(chunks(t).length);
    expect(t.problems).toEqual([]);
  });
});

describe('transcript', () => {
  test('the current cue follows real playback inside the panel: the page does not scroll and focus stays on Play', async () => {
    // A page taller than the window, scrolled so that the player is in view.
    const t = await openBoth(`<div style="height:1200px"></div>${tags()}<div style="height:1200px"></div>`);
    await openPanel(t, POD, 'transcript');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue]'), POD);
    // Start a few cues in, so that the panel has to scroll to show the current one.
    await t.page.$eval(POD, (el) => (el as HTMLElement & { seek(t: number): void }).seek(40));
    await t.page.$eval(POD, (el) => el.scrollIntoView({ block: 'start' }));
    const scrolled: number = await t.page.evaluate(() => window.scrollY);
    await t.page.click(`${POD} >> button[part=play]`);
    const state = () =>
      t.page.$eval(POD, (el) => {
        const root = el.shadowRoot!;
        const list = root.querySelector<HTMLElement>('[part=transcript] ol')!;
        const cues = [...root.querySelectorAll<HTMLElement>('[part=cue]')];
        const now = cues.findIndex((c) => c.getAttribute('aria-current') === 'true');
        const box = list.getBoundingClientRect();
        const cue = cues[now]?.getBoundingClientRect();
        return {
          now,
          visible: !!cue && cue.top >= box.top - 1 && cue.bottom <= box.bottom + 1,
          panelScrolled: list.scrollTop > 0,
          focus: root.activeElement?.getAttribute('part') ?? null,
          t: (el as HTMLElement & { media: HTMLMediaElement }).media.currentTime,
        };
      });
    const first = await state();
    expect(first.now).toBeGreaterThan(3);
    let later = first;
    for (const end = Date.now() + 20_000; later.now <= first.now && Date.now() < end;) {
      await t.page.waitForTimeout(250);
      later = await state();
    }
    expect(later.now, `the current cue moved on (t = ${later.t.toFixed(1)} s)`).toBeGreaterThan(first.now);
    expect(later).toMatchObject({ visible: true, panelScrolled: true, focus: 'play' });
    expect(await t.page.evaluate(() => window.scrollY)).toBe(scrolled);
    // A click on a cue plays from its start.
    const cue = await t.page.$eval(POD, (el) => {
      const b = el.shadowRoot!.querySelectorAll<HTMLElement>('[part=cue]')[2]!;
      b.click();
      return (el as HTMLElement & { media: HTMLMediaElement }).media.currentTime;
    });
    const start = await t.page.$eval(POD, async (el) => {
      const src = (el as HTMLElement & { current: { transcript_url: string } }).current.transcript_url;
      const text = await (await fetch(src)).text();
      const m = [...text.matchAll(/(\d\d):(\d\d)\.(\d\d\d) -->/g)][2]!;
      return Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 1000;
    });
    expect(cue).toBeCloseTo(start, 1);
    await t.page.waitForFunction(
      ([sel, from]) => {
        const m = (document.querySelector(sel!) as HTMLElement & { media: HTMLMediaElement }).media;
        return !m.paused && m.currentTime > Number(from) + 0.3;
      },
      [POD, String(start)],
    );
    await t.page.click(`${POD} >> button[part=play]`);
  });
});

describe('share a moment', () => {
  test('Share copies a link to this moment; opened in a fresh page it shows that episode there, ready to play', async () => {
    const t = await openBoth(tags(), '/show.html');
    const ep = episodes[1]!;
    await t.page.click(`${POD} >> [part=episode] >> nth=1`);
    await t.page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLMediaElement & { media: HTMLMediaElement }).media.paused, POD);
    await t.page.click(`${POD} >> button[part=play]`);
    await t.page.$eval(POD, (el) => (el as HTMLElement & { seek(t: number): void }).seek(33.6));
    await t.page.click(`${POD} >> button[part=share]`);
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.textContent!.includes('Link copied'), POD);
    const link = await t.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${env.pages.origin}/show.html#castlet-episode=${encodeURIComponent(ep.id)}&castlet-t=33`);

    const fresh = await env.visit(link);
    await waitForState(fresh.page, POD, 'ready');
    const shown = await fresh.page.$eval(POD, (el) => {
      const p = el as HTMLElement & { current?: { id: string }; position: number; media: HTMLMediaElement };
      return {
        id: p.current?.id,
        position: p.position,
        src: p.media.getAttribute('src'),
        seek: p.shadowRoot!.querySelector<HTMLInputElement>('[part=seek]')!.value,
      };
    });
    expect(shown).toEqual({ id: ep.id, position: 33, src: null, seek: '33' });
  });
});

/** Every visible string and label in `sel`'s shadow tree. */
function strings(t: TestPage, sel: string): Promise<string[]> {
  return t.page.$eval(sel, (el) => {
    const out = new Set<string>();
    const walk = (node: Node) => {
      if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim()) out.add(node.textContent!.trim());
      if (node instanceof Element) for (const a of ['aria-label', 'aria-valuetext']) if (node.hasAttribute(a)) out.add(node.getAttribute(a)!);
      node.childNodes.forEach(walk);
    };
    walk(el.shadowRoot!);
    return [...out];
  });
}

/** Both players in `lang` with every panel open, ready for a look. */
async function openInLanguage(lang: string) {
  const t = await openBoth(tags(` lang="${lang}"`));
  await openPanel(t, POD, 'transcript');
  await openPanel(t, POD, 'subscribe');
  await openPanel(t, LIVE, 'history');
  await t.page.waitForFunction(
    ([pod, live]) =>
      document.querySelector(pod!)!.shadowRoot!.querySelector('[part=cue]') &&
      document.querySelector(pod!)!.shadowRoot!.querySelector('[part=subscribe] a') &&
      document.querySelector(live!)!.shadowRoot!.querySelector('[part~=history] li'),
    [POD, LIVE],
  );
  return t;
}

describe.each([
  ['de', de],
  ['ar', ar],
  ['ja', null],
] as [string, Messages | null][])('lang="%s"', (lang, messages) => {
  test('every string in the language (English where it has none), the right direction, axe finds nothing', async () => {
    const t = await openInLanguage(lang);
    if (messages)
      await t.page.waitForFunction(
        ([sel, play]) => document.querySelector(sel!)!.shadowRoot!.querySelector('[part=play]')!.getAttribute('aria-label') === play,
        [POD, messages.Play as string],
      );
    // No English left where the language has its own words.
    const english = new Set<string>(en.filter((m) => !/\{/.test(m) && (!messages || messages[m] !== m)));
    for (const sel of [POD, LIVE]) {
      const left = (await strings(t, sel)).filter((s) => (messages ? english.has(s) : false));
      expect(left, sel).toEqual([]);
    }
    if (!messages) expect(await t.page.$eval(POD, (el) => el.shadowRoot!.querySelector('[part=play]')!.getAttribute('aria-label'))).toBe('Play');
    const layout = await t.page.$eval(POD, (el) => {
      const root = el.shadowRoot!;
      const box = (s: string) => root.querySelector(s)!.getBoundingClientRect();
      return {
        dir: getComputedStyle(root.querySelector('[part=base]')!).direction,
        // Times and the seek slider stay left to right, as in any media player.
        seek: getComputedStyle(root.querySelector('[part=seek]')!).direction,
        elapsedLeftOfRemaining: box('[part=time] span:first-child').left < box('[part=time] span:last-child').left,
        backLeftOfForward: box('[part=back]').left < box('[part=forward]').left,
        artworkSide: box('[part=artwork]').left < box('[part=title]').left ? 'left' : 'right',
        // A speaker's name lines up with the (English) words below it, in either layout.
        speakerWithWords: Math.abs(box('[part=cue] b bdi').left - box('[part=cue] > bdi').left) < 1,
      };
    });
    const rtl = lang === 'ar';
    expect(layout).toEqual({
      dir: rtl ? 'rtl' : 'ltr',
      seek: 'ltr',
      elapsedLeftOfRemaining: true,
      backLeftOfForward: true,
      artworkSide: rtl ? 'right' : 'left',
      speakerWithWords: true,
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      await t.page.emulateMedia({ colorScheme });
      const violations = await axeViolations(t.page);
      expect(violations, `${lang}, ${colorScheme}: ${describeViolations(violations)}`).toEqual([]);
    }
    await t.page.emulateMedia({ colorScheme: 'light' });
    mkdirSync(REPORTS, { recursive: true });
    // All of it on screen: rows off screen are not painted (content-visibility: auto), and would be blank in the picture.
    const height = await t.page.$eval('main', (m) => Math.ceil(m.getBoundingClientRect().bottom) + 16);
    await t.page.setViewportSize({ width: t.page.viewportSize()!.width, height });
    await t.page.locator('main').screenshot({ path: `${REPORTS}widgets-${lang}.png` });
    expect(t.problems).toEqual([]);
  });
});

test('recent tracks: a right-to-left override in a title does not reverse the artist beside it', async () => {
  const title = '\u202Eevil title';
  await env.owner('setNowPlaying', { title, artist: 'First Artist' });
  await env.owner('setNowPlaying', { title: 'Next', artist: 'Second' });
  const t = await openBoth();
  await openPanel(t, LIVE, 'history');
  await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part~=history] li'), LIVE);
  // The artist's letters are laid out left to right, in order, after the title.
  const order = await t.page.$eval(
    LIVE,
    (el, want) => {
      const li = [...el.shadowRoot!.querySelectorAll('[part~=history] li')].find((l) => l.textContent!.includes(want))!;
      const bdis = [...li.querySelectorAll('bdi')];
      const artist = bdis.find((b) => b.textContent === 'First Artist')!;
      const text = [...artist.childNodes].find((n) => n.nodeType === Node.TEXT_NODE)!;
      const range = document.createRange();
      const x = (i: number) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      return { isolated: bdis.length === 2, ltr: x(0) < x(1) && x(1) < x(5) };
    },
    'evil title',
  );
  expect(order, JSON.stringify(order)).toMatchObject({ isolated: true, ltr: true });
});

test('list rows: an episode title takes its own direction (right to left here), apart from the date and length beside it', async () => {
  const added = await env.owner('addPodcast', { title: 'مرحبا بكم!', duration: 90 });
  try {
    const t = await openBoth();
    await t.page.waitForFunction(
      (sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=episode]')!.textContent!.includes('مرحبا'),
      POD,
    );
    const order = await t.page.$eval(POD, (el) => {
      const title = el.shadowRoot!.querySelector('[part=episode] .clip')!;
      const text = document.createTreeWalker(title, NodeFilter.SHOW_TEXT).nextNode() as Text;
      const range = document.createRange();
      const x = (i: number) => {
        range.setStart(text, i);
        range.setEnd(text, i + 1);
        return range.getBoundingClientRect().left;
      };
      // In a right-to-left run the "!" that ends the title stands at its left end; in the row's
      // left-to-right direction it would stand at the right.
      return { bang: x(text.length - 1), first: x(0) };
    });
    expect(order.bang, JSON.stringify(order)).toBeLessThan(order.first);
  } finally {
    await env.owner('deletePodcast', { id: added.id });
  }
});
