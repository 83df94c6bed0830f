/**
 * Layout facts in real Chromium (device scale factor 2) with long, realistic data put into the
 * mock through the owner API: nothing leaves the card at 320 px or at 2× zoom, long titles are
 * cut with an ellipsis, times never wrap; the size while loading is the loaded size at phone
 * and desktop widths (but for the credits' lines beyond the first); short content leaves no empty band;
 * on a phone the schedule's on-air line shows on one line and the credits wrap, every name, role
 * and the whole Support link in view; an error stands alone at the top of
 * a card as tall as while loading. The demo page: its header on a phone, its theme panel in
 * dark mode, axe with the console open. (Layout shift of the embed snippet: snippet.test.ts;
 * `npm run bench` measures it beside the peers.) Writes reports/layout-long-titles.png.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { PRIVATE, PUBLIC, axeViolations, describeViolations, embedPage, waitForState, withBrowser } from '../support/browser.ts';

const env = withBrowser({ context: { deviceScaleFactor: 2, viewport: { width: 1000, height: 900 } } });

const TRACKS = [
  ['Concerto for Two Violins, Strings and Continuo in D minor, BWV 1043: I. Vivace', 'Academy of St Martin in the Fields, Sir Neville Marriner'],
  ['Everything Now (Continued) — Live at Madison Square Garden, Second Night, Encore', 'Arcade Fire'],
  ['Rhapsodie espagnole, M. 54: IV. Feria (Assez vif) — Remastered 2024 Edition', 'Orchestre de la Suisse Romande'],
  ['Dziewczyna z Portofino (Wersja rozszerzona, nagranie koncertowe z Opola)', 'Zespół Pieśni i Tańca'],
  ['Night Drive', 'The Tidewater Trio'],
];
const LONG_EPISODE = 'Episode 142: The Night Shift at the Lighthouse — An Interview with the Last Keeper of the Northern Headland, Part One';
let sparseId = '';

beforeAll(async () => {
  for (const [title, artist] of TRACKS) await env.owner('setNowPlaying', { title, artist });
  await env.owner('addPodcast', {
    title: LONG_EPISODE,
    description: 'Fifty years of storms, supply boats and the foghorn: the last keeper of the northern headland remembers, with archive recordings.',
    duration: 3540,
    chapters: [
      { start: 0, title: 'Cold open: the night the foghorn failed and the supply boat was three days late' },
      { start: 610, title: 'Growing up on the headland with a lamp that never went out' },
      { start: 1830, title: 'Storms, shipwrecks and the radio beacon that changed everything' },
      { start: 2950, title: 'Automation, the last night shift, and what the keeper took home' },
    ],
  });
  // A station's week: a show on air all day, every day, its title and host longer than a phone's line.
  await env.owner('setSchedule', {
    timezone: 'Europe/Berlin',
    shows: [
      {
        id: 'day',
        title: 'The Long Day: Breakfast, Traffic, Weather and the Whole Newsroom Until Midnight',
        host: 'Margaret Okonkwo-Fitzgerald',
        days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
        start: '00:00',
        duration_min: 1440,
      },
    ],
  });
  sparseId = (await env.owner('addPodcast', { title: 'Short notes', duration: 60, chapters: [{ start: 0, title: 'All of it' }] })).id;
  // The long episode is the newest again: it is what the players show.
  // A typical Podcasting 2.0 episode has its hosts and guests (the show has its Support link,
  // from the seed): more than fit in a phone's width, on the credits' one line.
  const persons = [
    { name: 'Margaret Okonkwo-Fitzgerald', role: 'host', img: `${env.mock}/media/art/sam.png`, href: 'https://castlet.example/people/margaret' },
    { name: 'Tomás Ó Briain', role: 'co-host' },
    { name: 'Eilidh MacLeod', role: 'guest', href: 'https://castlet.example/people/eilidh' },
  ];
  await env.owner('addPodcast', {
    title: `${LONG_EPISODE} (rebroadcast)`,
    description: 'The full interview again.',
    duration: 3540,
    persons,
    chapters: [
      { start: 0, title: 'Cold open: the night the foghorn failed' },
      { start: 610, title: 'Growing up on the headland' },
      { start: 1830, title: 'Storms, shipwrecks and the radio beacon' },
      { start: 2950, title: 'Automation and the last night shift' },
    ],
  });
});

const pair = `<stream-player public-token="${PUBLIC}"></stream-player><podcast-player public-token="${PUBLIC}"></podcast-player>`;

/** Both widgets in boxes of these widths (CSS px), side by side; `zoom` boxes are shown at 2× (CSS zoom). */
function boxes(widths: number[], zoom: number[] = []) {
  const box = (w: number, z: boolean) => `<div class="box${z ? ' zoom' : ''}" style="width:${w}px">${pair}</div>`;
  return embedPage(
    env.mock,
    `<style>body { margin: 8px; display: flex; flex-wrap: wrap; gap: 8px; align-items: start; } .box { display: grid; gap: 8px; } .zoom { zoom: 2; }</style>
${widths.map((w) => box(w, false)).join('')}${zoom.map((w) => box(w, true)).join('')}`,
  );
}

async function allSettled(page: Page, state = 'ready') {
  await page.waitForFunction(
    (s) => [...document.querySelectorAll('stream-player, podcast-player')].every((el) => (el as HTMLElement & { state: string }).state === s),
    state,
    { polling: 50, timeout: 10_000 },
  );
}

/** What is wrong with each widget's layout, in words (an empty list when nothing is). */
function problems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    document.querySelectorAll('stream-player, podcast-player').forEach((el, n) => {
      const base = el.shadowRoot!.querySelector<HTMLElement>('[part~=base]')!;
      const card = base.getBoundingClientRect();
      const where = `${el.localName} #${n} (${Math.round(card.width)} px)`;
      const name = (c: Element) =>
        `${c.localName}${c.getAttribute('part') ? `[${c.getAttribute('part')}]` : ''} “${c.textContent!.trim().slice(0, 24)}”`;
      if (base.scrollWidth > base.clientWidth) out.push(`${where}: the card scrolls sideways (${base.scrollWidth} > ${base.clientWidth})`);
      for (const c of base.querySelectorAll('*')) {
        // What a .clip element holds (a <bdi> title) is clipped by it: the .clip itself is checked.
        // (The credits' line no longer scrolls sideways: what it holds is checked too.)
        if (c.parentElement?.closest('.clip')) continue;
        const r = c.getBoundingClientRect();
        if (r.width && (r.left < card.left - 0.5 || r.right > card.right + 0.5)) out.push(`${where}: ${name(c)} runs outside the card`);
      }
      // Times: one line each.
      for (const t of base.querySelectorAll('time, li button .muted, [part~=time] span')) {
        const zoom = (t as Element & { currentCSSZoom: number }).currentCSSZoom;
        const lines = t.getBoundingClientRect().height / zoom / parseFloat(getComputedStyle(t).lineHeight);
        if (lines > 1.5) out.push(`${where}: ${name(t)} wraps onto ${Math.round(lines)} lines`);
      }
      // The hosts, guests and Support link: every name, role and the whole link, nothing clipped or faded.
      for (const c of base.querySelectorAll<HTMLElement>('[part~=credits], [part~=credits] *')) {
        const s = getComputedStyle(c);
        if (c.scrollWidth > c.clientWidth + 1 && s.overflowX !== 'visible') out.push(`${where}: ${name(c)} clips what it holds`);
        if (s.maskImage !== 'none' || s.textOverflow === 'ellipsis') out.push(`${where}: ${name(c)} fades or cuts its end`);
      }
      // The schedule's line, and its names: each cut with an ellipsis (an English title in Arabic at its own end).
      for (const c of base.querySelectorAll<HTMLElement>('[part~=schedule-button] [dir]')) {
        if (c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).textOverflow !== 'ellipsis')
          out.push(`${where}: ${name(c)} is cut without an ellipsis`);
      }
      // A title cut short ends with an ellipsis.
      for (const c of base.querySelectorAll<HTMLElement>('.clip')) {
        if (c.scrollWidth > c.clientWidth + 1 && getComputedStyle(c).textOverflow !== 'ellipsis')
          out.push(`${where}: ${name(c)} is cut without an ellipsis`);
      }
    });
    return out;
  });
}

describe('layout with long, realistic data', () => {
  test('at 320 and 360 px and at 2× zoom: everything inside the card, long titles ellipsized, times on one line', async () => {
    const t = await env.open(boxes([320, 360, 480], [320, 360]));
    await allSettled(t.page);
    // Open the recent tracks, so their rows are laid out too.
    await t.page.$$eval('stream-player', (els) => els.forEach((el) => (el.shadowRoot!.querySelector('details')!.open = true)));
    // (Their rows are a chunk, loaded on opening.)
    await t.page.waitForFunction(() =>
      [...document.querySelectorAll('stream-player')].every((el) => el.shadowRoot!.querySelector('[part~=history] li')),
    );
    const cut = await t.page.$eval('stream-player', (el) => {
      const items = [...el.shadowRoot!.querySelectorAll('[part~=history] li')];
      return {
        rows: items.length,
        cut: items.filter((li) => li.querySelector<HTMLElement>('.clip')!.scrollWidth > li.querySelector<HTMLElement>('.clip')!.clientWidth).length,
      };
    });
    // The data is long enough to need it.
    expect(cut.rows).toBeGreaterThanOrEqual(4);
    expect(cut.cut).toBeGreaterThanOrEqual(3);
    // The credits are more than a 320 px card's line holds: they wrap (nothing scrolls).
    const credits = await t.page.$eval('podcast-player', (el) => {
      const ul = el.shadowRoot!.querySelector('[part~=credits] ul')!;
      return { persons: ul.children.length, scrolls: ul.scrollWidth > ul.clientWidth, lines: Math.round(ul.getBoundingClientRect().height / 40) };
    });
    expect(credits).toMatchObject({ persons: 3, scrolls: false });
    expect(credits.lines).toBeGreaterThan(1);
    mkdirSync('reports', { recursive: true });
    await t.page.screenshot({ path: 'reports/layout-long-titles.png', fullPage: true });
    expect(await problems(t.page)).toEqual([]);
    expect(t.problems).toEqual([]);
  });

  test('on a phone (390, 358 and 320 px), English and Arabic: the on-air line on one line in the card; the credits wrap, every name, role and the whole Support link in view', async () => {
    for (const lang of ['en', 'ar']) {
      const box = (w: number) =>
        `<div class="box" style="width:${w}px"><stream-player lang="${lang}" public-token="${PUBLIC}"></stream-player><podcast-player lang="${lang}" public-token="${PUBLIC}"></podcast-player></div>`;
      const t = await env.open(
        embedPage(
          env.mock,
          `<style>body { margin: 8px; display: flex; gap: 8px; align-items: start; } .box { display: grid; gap: 8px; flex: none; }</style>${[390, 358, 320].map(box).join('')}`,
        ),
      );
      await allSettled(t.page);
      await t.page.waitForFunction(() =>
        [...document.querySelectorAll('stream-player')].every((el) => el.shadowRoot!.querySelector('[part~=schedule-button]')),
      );
      const lines = await t.page.$$eval('stream-player', (els) =>
        els.map((el) => {
          const card = el.shadowRoot!.querySelector('[part~=base]')!.getBoundingClientRect();
          const line = el.shadowRoot!.querySelector<HTMLElement>('[part~=schedule]')!;
          const r = line.getBoundingClientRect();
          const names = [...line.querySelectorAll<HTMLElement>('[part~=schedule-button] [dir]')];
          return {
            width: Math.round(card.width),
            shown: getComputedStyle(line).display !== 'none' && r.width > 100 && r.height > 0,
            lines: Math.round(r.height / parseFloat(getComputedStyle(line).lineHeight)),
            inside: r.left >= card.left && r.right <= card.right && r.bottom <= card.bottom,
            words: line.textContent!.trim().slice(0, 8),
            // Nothing spills past the line (the line's own ellipsis read as a stray dot after the names).
            spill: line.scrollWidth > line.clientWidth + 1,
            // The show's title: in view, cut at its own end (its own direction: English, left to right).
            title: { dir: getComputedStyle(names[0]!).direction, seen: names[0]!.getBoundingClientRect().width > 10 },
          };
        }),
      );
      const onAir = lang === 'ar' ? 'على الهواء' : 'On air: ';
      for (const l of lines)
        expect(l).toEqual({
          width: l.width,
          shown: true,
          lines: 1,
          inside: true,
          words: onAir.slice(0, 8),
          spill: false,
          title: { dir: 'ltr', seen: true },
        });
      expect(lines.map((l) => l.width)).toEqual([390, 358, 320]);
      const credits = await t.page.$$eval('podcast-player', (els) =>
        els.map((el) => {
          const card = el.shadowRoot!.querySelector('[part~=base]')!.getBoundingClientRect();
          const seen = (e: Element) => {
            const r = e.getBoundingClientRect();
            return (
              r.width > 0 &&
              r.left >= card.left - 0.5 &&
              r.right <= card.right + 0.5 &&
              (e as HTMLElement).scrollWidth <= (e as HTMLElement).clientWidth + 1
            );
          };
          const persons = [...el.shadowRoot!.querySelectorAll('[part~=person]')];
          const support = el.shadowRoot!.querySelector('[part~=support]')!;
          return {
            names: persons.map((p) => p.querySelector('bdi')!.textContent),
            unseen: [...persons.flatMap((p) => [...p.querySelectorAll('bdi, img')]), support].filter((e) => !seen(e)).map((e) => e.textContent),
            support: support.textContent!.trim(),
          };
        }),
      );
      for (const c of credits)
        expect(c).toEqual({ names: ['Margaret Okonkwo-Fitzgerald', 'Tomás Ó Briain', 'Eilidh MacLeod'], unseen: [], support: c.support });
      expect(credits[0]!.support.length).toBeGreaterThan(8);
      // Share and Subscribe: one style.
      const tools = await t.page.$eval('podcast-player', (el) =>
        ['[part~=share]', '[part~=subscribe] > summary'].map((sel) => {
          const s = getComputedStyle(el.shadowRoot!.querySelector(sel)!);
          return `${s.fontWeight} ${s.fontSize} ${s.color} ${Math.round(parseFloat(s.height) || 40)}`;
        }),
      );
      expect(tools[1]).toBe(tools[0]);
      await t.page.screenshot({ path: `reports/layout-phone-${lang}.png`, fullPage: true });
      expect(await problems(t.page)).toEqual([]);
      expect(t.problems).toEqual([]);
    }
  });

  test('while loading, each player is as tall as when loaded, at phone and desktop widths', async () => {
    const widths = [300, 320, 360, 375, 390, 412, 430, 520];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const t = await env.open(boxes(widths), {
      before: (page) => page.route(`${env.mock}/public/**`, async (route) => (await held, route.continue())),
    });
    await allSettled(t.page, 'loading');
    const heights = () =>
      t.page.$$eval('stream-player, podcast-player', (els) =>
        els.map((el) => {
          const base = el.shadowRoot!.querySelector<HTMLElement>('[part~=base]')!;
          const s = getComputedStyle(base);
          // Before Chromium knows a card is on screen, it is this tall (contain-intrinsic-size).
          const first =
            parseFloat(s.containIntrinsicHeight.replace('auto ', '')) +
            ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((a, k) => a + parseFloat(s[k as 'paddingTop']), 0);
          // The credits' lines beyond the second: the card grows by them at its end (the reserved heights count two lines).
          const credits = base.querySelector('[part~=credits]');
          return {
            el: `${el.localName} ${Math.round(el.getBoundingClientRect().width)} px`,
            height: Math.round(el.getBoundingClientRect().height),
            first: Math.round(first),
            more: credits ? Math.round(Math.max(0, credits.getBoundingClientRect().height - 89)) : 0,
          };
        }),
      );
    const loading = await heights();
    release();
    await allSettled(t.page);
    const loaded = await heights();
    // Each card is as tall as while loading, but for its credits' lines beyond the second, by which it grows at its end (a
    // card off screen keeps its remembered size, content-visibility's, until it comes into view: it grows by none yet).
    const grown = (l: (typeof loaded)[number], i: number) => (Math.abs(l.height - l.more - loading[i]!.height) <= 1 ? l.height - l.more : l.height);
    expect(loaded.map((l, i) => `${l.el}: ${grown(l, i)}`)).toEqual(loading.map((l) => `${l.el}: ${l.height}`));
    // The long credits wrap at phone widths, and on cards too narrow for them at any width.
    expect(loaded.filter((l) => l.el.startsWith('podcast') && l.more >= 40).length).toBeGreaterThanOrEqual(3);
    expect(loading.map((l) => `${l.el}: ${l.first}`)).toEqual(loading.map((l) => `${l.el}: ${l.height}`));
  });

  test('an episode with no description and one chapter leaves no empty band', async () => {
    const t = await env.open(
      embedPage(env.mock, `<div style="width:480px"><podcast-player public-token="${PUBLIC}" episode="${sparseId}"></podcast-player></div>`),
    );
    await waitForState(t.page, 'podcast-player', 'ready');
    const sizes = await t.page.$eval('podcast-player', (el) => {
      const box = (sel: string) => el.shadowRoot!.querySelector(sel)!.getBoundingClientRect().height;
      return { description: box('.description'), chapters: box('[part~=chapters]'), row: box('[part~=chapter]') };
    });
    expect(sizes.description).toBe(0);
    // One row, its top padding and border.
    expect(sizes.chapters).toBeLessThanOrEqual(sizes.row + 10);
  });

  test('an error replaces the skeleton and stands at the top of a card as tall as while loading', async () => {
    const t = await env.open(
      embedPage(
        env.mock,
        `<div style="width:360px"><podcast-player public-token="${PRIVATE}"></podcast-player><stream-player public-token="not-a-token"></stream-player></div>`,
      ),
    );
    await allSettled(t.page, 'error');
    const layout = await t.page.$$eval('podcast-player, stream-player', (els) =>
      els.map((el) => {
        const base = el.shadowRoot!.querySelector<HTMLElement>('[part~=base]')!;
        const card = base.getBoundingClientRect();
        const message = base.querySelector('[part~=message]')!.getBoundingClientRect();
        const shown = [...base.children].filter((c) => c.getBoundingClientRect().height > 1).map((c) => c.getAttribute('part') ?? c.className);
        // The loading height (the test above holds contain-intrinsic-height to it).
        const s = getComputedStyle(base);
        const loading =
          parseFloat(s.containIntrinsicHeight.replace('auto ', '')) +
          ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((a, k) => a + parseFloat(s[k as 'paddingTop']), 0);
        return { top: Math.round(message.top - card.top), height: Math.round(card.height), loading: Math.round(loading), shown };
      }),
    );
    for (const l of layout) {
      expect(l.shown).toEqual(['message']);
      expect(l.top).toBeLessThanOrEqual(17);
      // No layout shift when a player gives up: the page around it stays where it was.
      expect(l.height).toBe(l.loading);
    }
  });
});

describe('the demo page', () => {
  /** The demo page in a context of its own (axe needs the CSP bypassed), both widgets ready. */
  async function demo(opts: { width: number; colorScheme: 'light' | 'dark' }) {
    const context = await env.browser.newContext({ bypassCSP: true, viewport: { width: opts.width, height: 800 }, colorScheme: opts.colorScheme });
    const page = await context.newPage();
    await page.goto(`${env.mock}/`);
    await allSettled(page);
    return { page, close: () => context.close() };
  }
  const playColour = (page: Page) =>
    page.$eval('#widgets stream-player', (el) => getComputedStyle(el.shadowRoot!.querySelector('[part~=play]')!).backgroundColor);

  test('the theme panel sets only what the owner changed: in dark mode the widgets keep their dark colours', async () => {
    const { page, close } = await demo({ width: 1100, colorScheme: 'dark' });
    try {
      const dark = await playColour(page);
      expect(dark).toBe('rgb(162, 146, 255)');
      await page.locator('[name="--castlet-radius"]').fill('4');
      await page.selectOption('[name="--castlet-font"]', { label: 'Serif' });
      expect(await page.$eval('#widgets podcast-player', (el) => getComputedStyle(el).getPropertyValue('--castlet-radius'))).toBe('4px');
      expect(await playColour(page)).toBe(dark);
      await page.locator('[name="--castlet-accent"]').fill('#0a7d5a');
      expect(await playColour(page)).toBe('rgb(10, 125, 90)');
      await page.click('#theme button[type=reset]');
      expect(await playColour(page)).toBe(dark);
    } finally {
      await close();
    }
  });

  test('at 360 px the banner holds the whole header, the owner console fits, and axe (WCAG 2.2 AA) finds nothing with it open, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const { page, close } = await demo({ width: 360, colorScheme });
      try {
        const header = await page.evaluate(() => ({
          banner: document.querySelector('header.top')!.getBoundingClientRect().bottom,
          // The page's white text: the brand, the tagline, the heading and its lead paragraph.
          text: Math.max(...[...document.querySelectorAll('.brand, .tagline, h1, .lead')].map((e) => e.getBoundingClientRect().bottom)),
        }));
        expect(header.text).toBeLessThanOrEqual(header.banner);
        await page.fill('#check [name=token]', PRIVATE);
        await page.click('#check button[type=submit]');
        await page.waitForSelector('#account:not([hidden])');
        // The owner console (configurator, live items, episodes) fits the phone: nothing sticks out sideways.
        const wide = await page.evaluate(() =>
          [...document.querySelectorAll('body *')]
            .filter((e) => e.getBoundingClientRect().right > innerWidth + 0.5 && e.getClientRects().length)
            // The outermost only: a box that sticks out, in one that does not.
            .filter((e) => e.parentElement!.getBoundingClientRect().right <= innerWidth + 0.5)
            .slice(0, 5)
            .map(
              (e) =>
                `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ''}.${[...e.classList].join('.')} right ${Math.round(e.getBoundingClientRect().right)}`,
            ),
        );
        expect(wide, `${colorScheme}: the owner console at 360 px`).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${colorScheme}: the page scrolls sideways`).toBeLessThanOrEqual(360);
        const violations = await axeViolations(page);
        expect(violations, `${colorScheme}: ${describeViolations(violations)}`).toEqual([]);
      } finally {
        await close();
      }
    }
  });
});
