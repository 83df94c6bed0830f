/**
 * Chapter pictures and links, hosts and the Support link in real Chromium, under a strict
 * Content-Security-Policy: the bundle and the audio from the real mock, the podcast data (the
 * mock's own, with pictures, links, persons and funding added) and the pictures from a small
 * service of this test on another loopback origin. The chapter's picture really replaces the
 * artwork while its chapter plays, and a chapter's link opens a new tab that has no opener.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { PodcastFeed } from '../../src/api/types.ts';
import { mkdirSync } from 'node:fs';
import { PUBLIC, axeViolations, describeViolations, embedPage, waitForState, waitForTime, withBrowser } from '../support/browser.ts';

const env = withBrowser();
const EL = 'podcast-player';

/** A square of one colour, as the service's pictures. */
const svg = (fill: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="${fill}"/></svg>`;

let data: Server;
let svc = '';
beforeAll(async () => {
  const feed: PodcastFeed = await env.publicGet('podcasts');
  data = createServer((req, res) => {
    const path = new URL(req.url!, 'http://x').pathname;
    res.setHeader('Access-Control-Allow-Origin', '*');
    if (path.startsWith('/art/'))
      return res.writeHead(200, { 'Content-Type': 'image/svg+xml' }).end(svg(path.includes('chapter') ? '#0a7d5a' : '#5b3df5'));
    const [first, ...rest] = feed.episodes;
    const body: PodcastFeed = {
      podcast: { ...feed.podcast, funding: { url: `${env.pages.origin}/support.html`, text: 'Support the show' } },
      episodes: [
        {
          ...first!,
          artwork_url: `${svc}/art/episode.svg`,
          chapters: [
            { start: 0, title: 'Intro' },
            { start: 1, title: 'Pictures', img: `${svc}/art/chapter.svg`, url: `${env.pages.origin}/chapter.html` },
          ],
          persons: [{ name: 'Ana', role: 'host', img: `${svc}/art/ana.svg`, href: `${env.pages.origin}/ana.html` }],
        },
        ...rest,
      ],
    };
    // The data, and the same as the first event of the podcasts event stream (kept open).
    if (path === '/public/podcasts')
      return res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(JSON.stringify(body));
    if (path === '/public/podcasts/events')
      return res.writeHead(200, { 'Content-Type': 'text/event-stream' }).write(`event: podcasts\ndata: ${JSON.stringify(body)}\n\n`);
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => data.listen(0, '127.0.0.1', r));
  svc = `http://127.0.0.1:${(data.address() as AddressInfo).port}`;
  for (const page of ['chapter', 'support', 'ana']) env.pages.add(`<!doctype html><title>${page}</title><p>${page}</p>`, { path: `/${page}.html` });
});
afterAll(async () => {
  data?.closeAllConnections();
  await new Promise((r) => data?.close(r));
});

/** What the artwork shows: the picture's address once it is loaded and laid out, else why not. */
const artwork = (t: { page: import('playwright-core').Page }) =>
  t.page.$eval(EL, async (el) => {
    await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
    const img = el.shadowRoot!.querySelector<HTMLImageElement>('img[part=artwork]');
    if (!img) return 'no picture';
    await img.decode().catch(() => {});
    const box = img.getBoundingClientRect();
    return img.complete && img.naturalWidth > 0 && box.width > 0 ? img.currentSrc : `not shown: ${img.currentSrc}`;
  });

describe('chapters with pictures and links, hosts and Support, under a strict CSP', () => {
  test("the chapter's picture replaces the artwork while it plays and gives it back; links open a new tab with no opener", async () => {
    const m = env.mock;
    const csp = `default-src 'none'; script-src ${m}; connect-src ${svc}; media-src ${m}; img-src ${svc}; style-src 'self'`;
    const t = await env.open(
      embedPage(m, `<main><h1>Our show</h1><podcast-player public-token="${PUBLIC}" base-url="${svc}"></podcast-player></main>`),
      {
        csp,
        before: (page) =>
          page.addInitScript(() => {
            const w = window as unknown as { violations: string[] };
            w.violations = [];
            document.addEventListener('securitypolicyviolation', (e) => w.violations.push(`${e.violatedDirective} blocked ${e.blockedURI}`), true);
          }),
      },
    );
    await waitForState(t.page, EL, 'ready');
    await t.page.waitForSelector(`${EL} >> [part=credits]`);
    expect(await artwork(t)).toBe(`${svc}/art/episode.svg`);

    await t.page.click(`${EL} >> button[part=play]`);
    await waitForTime(t.page, EL, 1.2);
    // The new picture is a new load: until it is decoded the <img> still shows (and names) the old one.
    await expect.poll(() => artwork(t), { timeout: 5000 }).toBe(`${svc}/art/chapter.svg`);
    expect(await t.page.$eval(EL, (el) => (el as HTMLElement & { media: HTMLAudioElement }).media.paused)).toBe(false);

    // Back to the start (the Intro chapter has no picture): the episode's artwork again.
    await t.page.click(`${EL} >> [part=chapter] >> nth=0`);
    await t.page.waitForFunction((sel) => (document.querySelector(sel) as HTMLElement & { position: number }).position < 1, EL);
    await expect.poll(() => artwork(t), { timeout: 5000 }).toBe(`${svc}/art/episode.svg`);

    // The links: new tab, rel=noopener; the opened page really has no opener.
    const links = await t.page.$$eval(`${EL} >> a[target]`, (as) =>
      as.map((a) => [
        a.getAttribute('part') ?? 'person',
        a.getAttribute('rel'),
        a.getAttribute('target'),
        a.getAttribute('aria-label') ?? a.textContent,
      ]),
    );
    expect(links).toEqual([
      ['chapter-link', 'noopener', '_blank', 'Chapter link: Pictures'],
      ['person', 'noopener', '_blank', 'Ana'],
      ['support', 'noopener', '_blank', 'Support the show'],
    ]);
    const [tab] = await Promise.all([env.context.waitForEvent('page'), t.page.click(`${EL} >> a[part=chapter-link]`)]);
    await tab.waitForLoadState();
    expect([new URL(tab.url()).pathname, await tab.evaluate(() => window.opener)]).toEqual(['/chapter.html', null]);
    await tab.close();

    // The person's picture loaded too; nothing was blocked and nothing complained.
    expect(await t.page.$eval(`${EL} >> [part=person] img`, (img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    expect(await t.page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(t.problems).toEqual([]);
    // Labelled, large enough, enough contrast: axe (WCAG 2.2 AA) finds nothing.
    const violations = await axeViolations(t.page);
    expect(violations, describeViolations(violations)).toEqual([]);
    mkdirSync('reports', { recursive: true });
    await t.page.locator(EL).screenshot({ path: 'reports/chapters-credits.png' });
  });
});
