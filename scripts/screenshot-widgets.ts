// Screenshots for humans (not committed): both widgets side by side, light and dark, at 2x, in
// headless Chromium against the demo service: reports/widgets-light.png and reports/widgets-dark.png.
// Fails if the page logs an error or a warning. (Was test/browser/screenshots.test.ts: a picture is
// looked at, not asserted.) Run after `npm run build`:  npx tsx scripts/screenshot-widgets.ts
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startServer } from '../demo/server/serve.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import { launchChromium } from './chromium.ts';
import { shoot } from './png.ts';

const server = await startServer({ port: 0, log: () => {} });
const token = DEMO_TOKENS.public_token;
const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>castlet widgets</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="${server.url}/castlet.js"></script>
<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: light-dark(#f4f3f8, #0d0c11); }
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
// The owner's page, on an origin of its own (as an embed is).
const pages = createServer((_req, res) => void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(html));
await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
const browser = await launchChromium();
try {
  mkdirSync('reports', { recursive: true });
  const context = await browser.newContext({ deviceScaleFactor: 2, viewport: { width: 900, height: 640 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => void ((m.type() === 'error' || m.type() === 'warning') && problems.push(`console.${m.type()}: ${m.text()}`)));
  page.on('pageerror', (e) => void problems.push(`pageerror: ${e.message}`));
  await page.goto(`http://127.0.0.1:${(pages.address() as AddressInfo).port}/`);
  await page.waitForFunction(() =>
    [...document.querySelectorAll('stream-player, podcast-player')].every((el) => (el as HTMLElement & { state: string }).state === 'ready'),
  );
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await shoot(page.locator('.stage'), `reports/widgets-${colorScheme}.png`);
  }
  if (problems.length) throw new Error(`The page reported problems:\n${problems.join('\n')}`);
} finally {
  await browser.close();
  pages.close();
  await server.close();
}
