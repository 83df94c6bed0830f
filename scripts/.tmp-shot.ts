import { startServer } from '../demo/server/serve.ts';
import { launchChromium } from './chromium.ts';
const server = await startServer({ port: 0, log: () => {} });
const browser = await launchChromium();
const lang = process.argv[2] ?? 'en';
try {
  const context = await browser.newContext({ viewport: { width: 1040, height: 1400 }, colorScheme: 'light' });
  const page = await context.newPage();
  page.on('console', (m) => console.log('console:', m.text()));
  await page.goto(`${server.url}/`);
  await page.waitForFunction(() => [...document.querySelectorAll('#widgets podcast-player')].every((el) => (el as any).state === 'ready'));
  if (lang !== 'en') await page.evaluate((l) => { document.documentElement.lang = l; document.querySelectorAll('#widgets stream-player, #widgets podcast-player').forEach((e) => e.setAttribute('lang', l)); }, lang);
  await page.$eval('#widgets podcast-player', (el: any) => el.seek(52));
  await page.click('#widgets podcast-player >> details[part=transcript] summary');
  await page.click('#widgets podcast-player >> details[part=subscribe] summary');
  await page.click('#widgets stream-player >> details[part=history] summary');
  await page.waitForTimeout(800);
  await page.locator('#widgets').screenshot({ path: `/tmp/shots/widgets-${lang}.png` });
} finally {
  await browser.close();
  await server.close();
}
