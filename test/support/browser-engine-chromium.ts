/** The Chromium engine of the flow tests: Debian's Chromium through playwright-core, as `withBrowser()`. */
import type { Browser, Page } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import { enginePage, type Engine, type LaunchOptions, type LowPage } from './browser-engine.ts';

/** In a browser of its own, or in a context of its own in `shared` (which `close()` leaves running). */
export async function launchChromiumEngine(
  { dark = false, viewport = { width: 900, height: 800 } }: LaunchOptions = {},
  shared?: Browser,
): Promise<Engine> {
  const browser = shared ?? (await launchChromium());
  const context = await browser.newContext({ viewport, colorScheme: dark ? 'dark' : 'light' });
  return {
    name: 'chromium',
    version: `Chromium ${browser.version()}`,
    async newPage() {
      const page: Page = await context.newPage();
      const low: LowPage = {
        requests: [],
        problems: [],
        goto: async (url) => void (await page.goto(url)),
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        mouseClick: (x, y) => page.mouse.click(x, y),
        press: (key) => page.keyboard.press(key === 'Space' ? ' ' : key),
        screenshot: async (path) => void (await page.screenshot({ path })),
        reload: async () => void (await page.reload()),
        close: () => page.close(),
      };
      page.on('request', (r) => low.requests!.push(r.url()));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') low.problems!.push(`console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => low.problems!.push(`pageerror: ${e.message}`));
      return enginePage('chromium', low);
    },
    async close() {
      await context.close().catch(() => {});
      if (!shared) await browser.close();
    },
  };
}
