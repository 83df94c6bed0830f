// Screenshots for humans (not committed): the Cast/AirPlay button of both widgets, in English and
// Arabic, at 2x, in headless Chromium against the demo service, with the browser's remote playback
// played by a test double (a device is seen; the stream player plays on it, the podcast player
// does not): reports/remote-en.png and reports/remote-ar.png. It prints where the listener count
// and the Share row's controls stood before and after the button came: the same (no layout shift).
// Fails if the page logs an error or a warning. Run after `npm run build`:  npx tsx scripts/screenshot-remote.ts
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../demo/server/serve.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import { launchChromium } from './chromium.ts';
import { shoot } from './png.ts';

const server = await startServer({ port: 0, log: () => {} });
const token = DEMO_TOKENS.public_token;
const html = (lang: string) => `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>castlet: Cast and AirPlay</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="${server.url}/castlet.js"></script>
<style>
  :root { font-family: system-ui, sans-serif; }
  body { margin: 0; background: #f4f3f8; }
  .stage { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; align-items: start; padding: 24px; }
</style>
</head>
<body>
<div class="stage">
  <stream-player public-token="${token}"></stream-player>
  <podcast-player public-token="${token}"></podcast-player>
</div>
</body>
</html>`;
const pages = createServer(
  (req, res) => void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html(req.url?.slice(1) || 'en')),
);
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();

/** The test double (page JavaScript): each element's `remote` sees no device until `seeDevice()`; `connect(el)` plays it on one. */
const DOUBLE = `
const all = [];
class FakeRemote extends EventTarget {
  state = 'disconnected';
  watchAvailability(f) { this.watch = f; return Promise.resolve(1); }
  prompt() { return Promise.resolve(); }
}
const remotes = new WeakMap();
Object.defineProperty(HTMLMediaElement.prototype, 'remote', {
  configurable: true,
  get() {
    if (!remotes.has(this)) { const r = new FakeRemote(); remotes.set(this, r); all.push(r); }
    return remotes.get(this);
  },
});
window.seeDevice = () => all.forEach((r) => r.watch?.(true));
window.connect = (el) => { const r = remotes.get(el.media); r.state = 'connected'; r.dispatchEvent(new Event('connect')); };
`;

/** Where the parts the button stands beside are (x, y, width, height). */
const where = () =>
  [
    ['stream-player', '[part~=listeners]'],
    ['podcast-player', '[part~=share]'],
    ['podcast-player', '[part~=subscribe]'],
  ].map(([tag, sel]) => {
    const r = document.querySelector(tag!)!.shadowRoot!.querySelector(sel!)!.getBoundingClientRect();
    return `${tag} ${sel}: ${[r.x, r.y, r.width, r.height].map(Math.round).join(' ')}`;
  });

try {
  mkdirSync('reports', { recursive: true });
  for (const lang of ['en', 'ar']) {
    const context = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 900, height: 980 } });
    await context.addInitScript({ content: DOUBLE });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => void ((m.type() === 'error' || m.type() === 'warning') && problems.push(`console.${m.type()}: ${m.text()}`)));
    page.on('pageerror', (e) => void problems.push(`pageerror: ${e.message}`));
    await page.goto(`http://127.0.0.1:${(pages.address() as AddressInfo).port}/${lang}`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('stream-player, podcast-player')].every((el) => (el as HTMLElement & { state: string }).state === 'ready'),
    );
    // The remote chunk is here in both (it watches).
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/chunks/remote.js')));
    await page.waitForTimeout(300);
    const before = await page.evaluate(where);
    await page.evaluate(() => (window as unknown as { seeDevice(): void }).seeDevice());
    await page.waitForFunction(() => document.querySelector('podcast-player')!.shadowRoot!.querySelector('[part~=remote]'));
    const after = await page.evaluate(where);
    console.log(lang, JSON.stringify(before) === JSON.stringify(after) ? 'no shift:' : 'SHIFT:', before, after);
    await page.evaluate(() => (window as unknown as { connect(el: Element): void }).connect(document.querySelector('stream-player')!));
    await page.locator('stream-player').evaluate((el) => (el as unknown as { updateComplete: Promise<unknown> }).updateComplete);
    // Focus on the stream player's button: the visible focus ring.
    await page.locator('stream-player').evaluate((el) => (el.shadowRoot!.querySelector('[part~=remote]') as HTMLElement).focus());
    await page.keyboard.press('Shift');
    await shoot(page.locator('.stage'), `reports/remote-${lang}.png`);
    if (problems.length) throw new Error(`The page reported problems:\n${problems.join('\n')}`);
    await context.close();
  }
} finally {
  await browser.close();
  pages.close();
  await server.close();
}
