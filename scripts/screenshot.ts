// Makes docs/demo.png for the README: the demo page with both widgets, one playing.
// Run after `npm run build`:  npx tsx scripts/screenshot.ts
import { mkdirSync } from 'node:fs';
import { startServer } from '../demo/server/serve.ts';
import { launchChromium } from './chromium.ts';

const server = await startServer({ port: 0, log: () => {} });
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1040, height: 760 }, deviceScaleFactor: 1 });
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('#widgets stream-player, #widgets podcast-player')].every((el) => (el as HTMLElement & { state: string }).state === 'ready'),
  );
  // Something to look at: a few seconds into the second chapter.
  await page.$eval('#widgets podcast-player', (el) => (el as HTMLElement & { seek(t: number): void }).seek(52));
  await page.click('#widgets stream-player >> [part=play]');
  await page.waitForFunction(() => (document.querySelector('#widgets stream-player') as HTMLElement & { state: string }).state === 'playing');
  await page.waitForFunction(() => /^[1-9]/.test(document.querySelector('#widgets stream-player')!.shadowRoot!.querySelector('[part=listeners]')!.textContent!));
  await page.mouse.move(0, 0);
  mkdirSync('docs', { recursive: true });
  await page.screenshot({ path: 'docs/demo.png', clip: { x: 0, y: 0, width: 1040, height: 760 } });
  console.log('wrote docs/demo.png');
} finally {
  await browser.close();
  await server.close();
}
