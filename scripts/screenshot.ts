// Makes the README's screenshots: the demo page with both widgets, the radio playing —
// docs/demo.png (light), docs/demo-dark.png (dark), docs/demo-phone.png (a 360 px phone) —
// and the widgets alone: docs/transcript.png (the transcript open, playing, a search) and
// docs/arabic.png (lang="ar", right to left, every panel open).
// Run after `npm run build`:  npx tsx scripts/screenshot.ts
// With `pngquant` installed (Debian: apt-get install pngquant) the PNGs are quantized: they are committed.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions } from 'playwright-core';
import { startServer } from '../demo/server/serve.ts';
import { launchChromium } from './chromium.ts';
import { shoot } from './png.ts';

const SHOTS: { path: string; options: BrowserContextOptions }[] = [
  { path: 'docs/demo.png', options: { viewport: { width: 1040, height: 760 }, colorScheme: 'light' } },
  { path: 'docs/demo-dark.png', options: { viewport: { width: 1040, height: 760 }, colorScheme: 'dark' } },
  {
    path: 'docs/demo-phone.png',
    options: { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, colorScheme: 'light' },
  },
];

const server = await startServer({ port: 0, log: () => {} });
const browser = await launchChromium();
try {
  mkdirSync('docs', { recursive: true });
  for (const { path, options } of SHOTS) {
    const context = await browser.newContext(options);
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.waitForFunction(() =>
      [...document.querySelectorAll('#widgets stream-player, #widgets podcast-player')].every(
        (el) => (el as HTMLElement & { state: string }).state === 'ready',
      ),
    );
    // Something to look at: a few seconds into the second chapter, the radio playing.
    await page.$eval('#widgets podcast-player', (el) => (el as HTMLElement & { seek(t: number): void }).seek(52));
    await page.click('#widgets stream-player >> [part=play]');
    await page.waitForFunction(() => (document.querySelector('#widgets stream-player') as HTMLElement & { state: string }).state === 'playing');
    await page.waitForFunction(() =>
      /^[1-9]/.test(document.querySelector('#widgets stream-player')!.shadowRoot!.querySelector('[part=listeners]')!.textContent!),
    );
    await page.mouse.move(0, 0);
    await shoot(page, path);
    await context.close();
  }
  // The widgets alone, with their on-demand parts open.
  const context = await browser.newContext({ viewport: { width: 1040, height: 1500 }, colorScheme: 'light' });
  for (const [path, lang] of [
    ['docs/transcript.png', ''],
    ['docs/arabic.png', 'ar'],
  ] as const) {
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    const pod = '#widgets podcast-player';
    await page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=episode]'), pod);
    if (lang) await page.$$eval('#widgets stream-player, #widgets podcast-player', (els, l) => els.forEach((el) => el.setAttribute('lang', l)), lang);
    await page.$eval(pod, (el) => (el as HTMLElement & { seek(t: number): void }).seek(52));
    await page.click(`${pod} >> details[part=transcript] summary`);
    await page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue]'), pod);
    if (lang) {
      await page.click(`${pod} >> details[part=subscribe] summary`);
      await page.click('#widgets stream-player >> details[part=history] summary');
    } else {
      await page.fill(`${pod} >> [part=transcript] input`, 'robin');
    }
    await page.waitForTimeout(500);
    await page.mouse.move(0, 0);
    await shoot(page.locator('#widgets'), path);
    await page.close();
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
