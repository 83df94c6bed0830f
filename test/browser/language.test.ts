/**
 * Both players in other languages in real Chromium against the real mock: every string in the
 * language, right to left, axe in each language (light and dark), and titles that carry their
 * own direction.
 */
import { mkdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { en } from '../../src/i18n/en.ts';
import de from '../../src/i18n/de.ts';
import ar from '../../src/i18n/ar.ts';
import type { Messages } from '../../src/i18n/en.ts';
import { axeViolations, bothPlayers, describeViolations, openBoth, openPanel, withBrowser, type TestPage } from '../support/browser.ts';

const env = withBrowser();
const POD = 'podcast-player';
const LIVE = 'stream-player';
const REPORTS = 'reports/';

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
  const t = await openBoth(env, bothPlayers(` lang="${lang}"`));
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
  const t = await openBoth(env);
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
    const t = await openBoth(env);
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
