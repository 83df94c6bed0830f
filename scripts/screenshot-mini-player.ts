// Makes the README's mini-player screenshots (docs/mini-player.md): a 390×700 phone reading an
// owner's article, the podcast playing some way into its episode and its card scrolled away, in
// headless Chromium against the demo service: docs/mini-player-light.png and docs/mini-player-dark.png.
// Fails if the page logs an error or a warning. (Was the last test of test/browser/mini-player.test.ts:
// a picture is looked at, not asserted.) Run after `npm run build`:  npx tsx scripts/screenshot-mini-player.ts
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../demo/server/serve.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import { stickyArticle } from '../test/support/browser-pages.ts';
import { launchChromium } from './chromium.ts';
import { shoot } from './png.ts';

const server = await startServer({ port: 0, log: () => {} });
const token = DEMO_TOKENS.public_token;
// The article of test/browser/mini-player.test.ts: text, the live player, more text, the podcast player, more text.
const html = stickyArticle(server.url, token);
// The owner's page, on an origin of its own (as an embed is).
const pages = createServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
try {
  for (const colorScheme of ['light', 'dark'] as const) {
    const context = await browser.newContext({ viewport: { width: 390, height: 700 }, colorScheme, reducedMotion: 'no-preference' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => void ((m.type() === 'error' || m.type() === 'warning') && problems.push(`console.${m.type()}: ${m.text()}`)));
    page.on('pageerror', (e) => void problems.push(`pageerror: ${e.message}`));
    await page.goto(`http://127.0.0.1:${(pages.address() as AddressInfo).port}/`);
    const podcast = 'podcast-player';
    const state = (s: string) =>
      page.waitForFunction(([sel, s]) => (document.querySelector(sel) as HTMLElement & { state: string }).state === s, [podcast, s] as const, {
        timeout: 15_000,
      });
    await state('ready');
    await page.locator(`${podcast} [part=play]`).click();
    await state('playing');
    // The card scrolled away: the mini-player slides in.
    await page.evaluate((sel) => {
      const r = document.querySelector(sel)!.getBoundingClientRect();
      window.scrollTo({ top: scrollY + r.bottom + 40, behavior: 'instant' });
    }, podcast);
    const mini = page.locator(`${podcast} [part=mini]`);
    await mini.waitFor();
    await mini.evaluate((m) => Promise.all(m.getAnimations().map((a) => a.finished)));
    // Some way into the episode: the progress bar shows.
    await page.evaluate((sel) => {
      const el = document.querySelector(sel) as HTMLElement & { seek(t: number): void; current: { duration: number } };
      el.seek(el.current.duration * 0.4);
    }, podcast);
    await state('playing');
    await shoot(page, `docs/mini-player-${colorScheme}.png`);
    if (problems.length) throw new Error(`The page reported problems:\n${problems.join('\n')}`);
    await context.close();
  }
} finally {
  await browser.close();
  pages.close();
  await server.close();
}
