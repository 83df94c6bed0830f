// Makes the README's Podcasting 2.0 screenshots of <podcast-player> (issue 27), in headless
// Chromium against the demo service: docs/highlights.png (a highlight playing, the live rows at
// the top of the list: one live now, one later today), docs/live-item.png (the live item
// playing: its title, the Live badge and the song heard; seek and speed disabled) and
// docs/highlights-ar.png (the same as the first, lang="ar", right to left).
// Run after `npm run build`:  npx tsx scripts/screenshot-live.ts  (pngquant quantizes them where installed).
import { startServer } from '../demo/server/serve.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import { launchChromium } from './chromium.ts';
import { shoot } from './png.ts';

const server = await startServer({ port: 0, log: () => {} });
const owner = async (path: string, body: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/private/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${DEMO_TOKENS.private_token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<{ id: string }>;
};
// One show live now, one later today (18:00 UTC, or in two hours when that has passed).
const live = await owner('addLiveItem', { title: 'Night walk, live from the harbour', description: 'Sam and Ruth walk the harbour at night.' });
await owner('updateLiveItem', { id: live.id, status: 'live' });
const evening = new Date();
evening.setUTCHours(18, 0, 0, 0);
if (evening.getTime() < Date.now() + 600_000) evening.setTime(Date.now() + 2 * 3600_000);
await owner('addLiveItem', { title: 'Listeners’ questions', start: evening.toISOString() });

const page$ = (lang: string) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>castlet</title>
<script type="module" src="${server.url}/castlet.js"></script>
<style>body{margin:0;padding:24px;background:#f4f3f8;font-family:system-ui,sans-serif}podcast-player{display:block;max-width:520px}</style></head>
<body><podcast-player public-token="${DEMO_TOKENS.public_token}" base-url="${server.url}"></podcast-player></body></html>`;

const browser = await launchChromium();
try {
  const context = await browser.newContext({ viewport: { width: 568, height: 1300 }, deviceScaleFactor: 1, colorScheme: 'light', timezoneId: 'UTC' });
  for (const [path, lang, what] of [
    ['docs/highlights.png', 'en', 'clip'],
    ['docs/highlights-ar.png', 'ar', 'clip'],
    ['docs/live-item.png', 'en', 'live'],
  ] as const) {
    const page = await context.newPage();
    await page.setContent(page$(lang), { waitUntil: 'load' });
    const pod = 'podcast-player';
    await page.waitForFunction(() => document.querySelector('podcast-player')?.shadowRoot?.querySelector('[part=highlight]'));
    if (what === 'clip') await page.click(`${pod} >> [part=highlights] li:nth-child(1) button[part=highlight]`);
    else await page.click(`${pod} >> button[part~=live-item]`);
    await page.waitForFunction(() => (document.querySelector('podcast-player') as HTMLElement & { state: string }).state === 'playing');
    if (what === 'live')
      await page.waitForFunction(() => document.querySelector('podcast-player')!.shadowRoot!.querySelector('[part=song]')!.textContent);
    await page.waitForTimeout(1500);
    await page.mouse.move(0, 0);
    await shoot(page.locator(pod), path);
    await page.close();
  }
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
