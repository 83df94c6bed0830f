/**
 * The embed snippet as owners get it — the owner console's text, which the README shows — pasted
 * into an article on another origin, in real Chromium: the text around the players does not move
 * when they load (CLS ≤ 0.01 from the page's layout-shift entries) on phones of 360 and 390 px
 * and on a desktop, whatever state the players settle in: ready, the stream off air, an invalid
 * token, a service that cannot be reached. The bundle is held back until the page has painted,
 * the moment a page with a slow network would show the players before they are defined.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { BrowserContextOptions } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { RESERVE_CSS } from '../../demo/snippet.ts';
import { articlePage } from '../support/browser-pages.ts';
import { PRIVATE, PUBLIC, withBrowser } from '../support/browser.ts';

const env = withBrowser({ context: { viewport: { width: 1100, height: 900 } } });
const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');

/** What the owner console shows once the private token is checked: the snippet and the CSP line. */
let snippet = '';
let csp = '';
beforeAll(async () => {
  const t = await env.visit(`${env.mock}/`);
  await t.page.fill('#check [name=token]', PRIVATE);
  await t.page.click('#check button[type=submit]');
  await t.page.waitForFunction(() => document.querySelector('#snippet')?.textContent && document.querySelector('#stream-csp')?.textContent);
  snippet = await t.page.$eval('#snippet', (el) => el.textContent!);
  csp = await t.page.$eval('#stream-csp', (el) => el.textContent!);
  await t.page.close();
});

describe('the snippet owners copy', () => {
  test('the README shows the owner console’s snippet, character for character', () => {
    const shown = /## Embed\n\n```html\n([^]*?)\n```/.exec(README)?.[1];
    const given = snippet.replaceAll(env.mock, 'http://127.0.0.1:8080').replace(/integrity="sha384-[\w+/=]+"/, 'integrity="sha384-…"');
    expect(shown).toBe(given);
    // The README and the console name the same CSP source for the snippet's style.
    const style = `'sha256-${createHash('sha256').update(RESERVE_CSS).digest('base64')}'`;
    expect(csp).toContain(`style-src ${style}`);
    expect(README).toContain(`style-src ${style}`);
  });
});

/** The snippet in an article: the players apart, text before, between and after them. */
const article = (code: string) => articlePage({ first: code.slice(0, code.lastIndexOf('\n')), second: code.slice(code.lastIndexOf('\n') + 1) });

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  'phone 360 px': { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  'phone 390 px': { viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  'desktop 1350 px': { viewport: { width: 1350, height: 940 } },
};

/** How the players settle: the snippet as given, or with one change that leads to that state. */
const STATES = {
  ready: { code: (s: string) => s, stream: 'ready', podcast: 'ready' },
  'stream off air': { code: (s: string) => s, stream: 'offline', podcast: 'ready' },
  'invalid token': { code: (s: string) => s.replaceAll(PUBLIC, '00000000-0000-4000-8000-000000000000'), stream: 'error', podcast: 'error' },
  'service unreachable': {
    code: (s: string) => s.replaceAll('public-token=', 'base-url="http://127.0.0.1:9" public-token='),
    stream: 'error',
    podcast: 'error',
  },
} as const;

afterAll(() => env.owner('startServer'));

/**
 * Opens the snippet (changed for `state`) in an article with the bundle held back until the
 * page has painted; once both players have settled, returns the layout shift and the players'
 * heights before the bundle came and after. With `csp`, the page is sent with that policy.
 */
async function settle(options: BrowserContextOptions, state: keyof typeof STATES, csp?: string) {
  const { code, stream, podcast } = STATES[state];
  await env.owner(state === 'stream off air' ? 'stopServer' : 'startServer');
  const context = await env.browser.newContext(options);
  try {
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/castlet.js', async (route) => (await held, route.continue()));
    await page.addInitScript(() => {
      const w = window as unknown as { cls: number };
      w.cls = 0;
      // Every shift counts: nothing is pressed here, and Chromium flags the shifts of the first
      // 500 ms after a navigation the browser started as "recent input" (Lighthouse counts them).
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & { value: number })[]) w.cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    const heights = () => page.$$eval('stream-player, podcast-player', (els) => els.map((e) => e.getBoundingClientRect().height));
    await page.goto(env.pages.add(article(code(snippet)), { csp }), { waitUntil: 'commit' });
    // The page has painted, the players not yet defined.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    expect(await page.evaluate(() => !!customElements.get('podcast-player'))).toBe(false);
    const reserved = await heights();
    release();
    await page.waitForFunction(
      ([s, p]) => {
        const [a, b] = [...document.querySelectorAll<HTMLElement & { state: string }>('stream-player, podcast-player')];
        // An error is settled once its words are there (a setup error's come from a chunk).
        const said = (el: HTMLElement & { state: string }) =>
          el.state !== 'error' || !!el.shadowRoot!.querySelector('[part~=message]')?.textContent?.trim();
        return a?.state === s && b?.state === p && said(a) && said(b);
      },
      [stream, podcast] as const,
      { polling: 50, timeout: 10_000 },
    );
    // Two frames: the last layout is done and its shifts reported.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return { cls: await page.evaluate(() => (window as unknown as { cls: number }).cls), reserved, settled: await heights(), problems };
  } finally {
    await context.close();
    if (state === 'stream off air') await env.owner('startServer');
  }
}

describe.each(Object.entries(VIEWPORTS))('the snippet in an article, %s', (_name, options) => {
  test.each(Object.keys(STATES) as (keyof typeof STATES)[])('settling %s, nothing moves: CLS ≤ 0.01', async (state) => {
    const { cls, reserved, settled } = await settle(options, state);
    // (Within half a pixel: sub-pixel differences move nothing a reader sees.)
    settled.forEach((h, i) =>
      expect(
        h,
        `player ${i + 1}: its height once settled, ${settled.join(' / ')} px, is the one reserved before the bundle came, ${reserved.join(' / ')} px`,
      ).toBeCloseTo(reserved[i]!, 0),
    );
    expect(cls).toBeLessThanOrEqual(0.01);
  });
});

test('under the Content-Security-Policy the owner console gives, the style applies and nothing is refused', async () => {
  const policy = `default-src 'none'; ${csp.replace(/^Content-Security-Policy: /, '')}`;
  const { cls, problems } = await settle(VIEWPORTS['phone 390 px']!, 'ready', policy);
  expect(problems).toEqual([]);
  expect(cls).toBeLessThanOrEqual(0.01);
});

/** The snippet's heights for each player: wide, then in a container of 360 px or less (the stream player's wide one in the rule for both). */
const SNIPPET_HEIGHTS = {
  'stream-player': /stream-player[^{]*?:not\(:defined\)::before\{[^}]*?height:([\d.]+)px\}/g,
  'podcast-player': /podcast-player:not\(:defined\)::before\{height:([\d.]+)px\}/g,
};

test.each(Object.keys(SNIPPET_HEIGHTS) as (keyof typeof SNIPPET_HEIGHTS)[])(
  'a %s holds the snippet’s place until its first render (a task after it is defined), narrow or not',
  async (tag) => {
    const reserved = [...RESERVE_CSS.matchAll(SNIPPET_HEIGHTS[tag])].map((m) => Number(m[1]));
    expect(reserved).toHaveLength(2);
    const t = await env.visit(env.pages.add(article(snippet)));
    await t.page.waitForFunction(() => !!customElements.get('podcast-player'));
    // Added and measured in one task: defined, connected, not rendered yet.
    const heights = await t.page.evaluate(
      (tag) =>
        [500, 340].map((width) => {
          const box = document.body.appendChild(Object.assign(document.createElement('div'), { style: `width:${width}px` }));
          const el = box.appendChild(document.createElement(tag));
          return [el.getBoundingClientRect().height, el.shadowRoot!.childElementCount];
        }),
      tag,
    );
    heights.forEach(([h, rendered], i) => {
      expect(rendered).toBe(0);
      expect(h).toBeCloseTo(reserved[i]!, 0);
    });
    await t.page.close();
  },
);
