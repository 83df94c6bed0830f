// Screenshots for humans (not committed) of <stream-player>'s schedule (docs/schedule.md): the
// on-air line in a 480 px and a 320 px card, then the week's panel opened from it, in English and
// Arabic (right to left, an English title in it), against the demo service with a week of shows.
// Chromium, Firefox ESR and WebKitGTK (`ENGINES=chromium,firefox,webkit`; default chromium), one PNG
// each: <dir>/schedule-<engine>-<lang>-line.png and -panel.png (dir: the first argument, else
// reports/). Fails if the page logs an error or a warning (where the engine tells).
// Run after `npm run build`:  npx tsx scripts/screenshot-schedule.ts [dir]
import { mkdirSync } from 'node:fs';
import { startServer } from '../demo/server/serve.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import type { Engine, EngineName } from '../test/support/browser-engine.ts';
import { startPages } from '../test/support/browser-pages.ts';
import { quantize } from './png.ts';

const dir = process.argv[2] ?? 'reports';
mkdirSync(dir, { recursive: true });
const engines = (process.env.ENGINES ?? 'chromium').split(',') as EngineName[];
const server = await startServer({ port: 0, log: () => {} });
const token = DEMO_TOKENS.public_token;
const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const show = (id: string, title: string, host: string, start: string, duration_min: number, days = DAYS) => ({
  id,
  title,
  host,
  days,
  start,
  duration_min,
});
const res = await fetch(`${server.url}/private/setSchedule`, {
  method: 'POST',
  headers: { Authorization: `Bearer ${DEMO_TOKENS.private_token}`, 'Content-Type': 'application/json' },
  body: JSON.stringify({
    timezone: 'Europe/Berlin',
    shows: [
      show('breakfast', 'The Breakfast Show with the Whole Newsroom', 'Sam Okonkwo', '06:00', 240),
      show('midday', 'Midday Classics', 'Ruth', '10:00', 180),
      show('drive', 'Afternoon Drive', 'Tomás Ó Briain', '13:00', 300),
      show('jazz', 'Evening Jazz from the Harbour Lounge', 'Eilidh MacLeod', '18:00', 240),
      show('late', 'Late', '', '22:00', 480),
    ],
  }),
});
if (!res.ok) throw new Error(`setSchedule: ${res.status} ${await res.text()}`);

const pages = await startPages();
const page$ = (lang: string) => `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>castlet schedule</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="${server.url}/castlet.js"></script>
<style>body{margin:0;padding:16px;background:#f4f3f8;font-family:system-ui,sans-serif;display:flex;gap:16px;align-items:start}</style></head>
<body><div style="width:480px"><stream-player public-token="${token}" base-url="${server.url}"></stream-player></div>
<div style="width:320px"><stream-player public-token="${token}" base-url="${server.url}"></stream-player></div></body></html>`;

async function launch(name: EngineName): Promise<Engine> {
  const viewport = { width: 880, height: 640 };
  if (name === 'firefox') return (await import('../test/support/browser-engine-firefox.ts')).launchFirefoxEngine({ viewport });
  if (name === 'webkit') return (await import('../test/support/browser-engine-webkit.ts')).launchWebKitEngine({ viewport });
  return (await import('../test/support/browser-engine-chromium.ts')).launchChromiumEngine({ viewport });
}

try {
  for (const name of engines) {
    const engine = await launch(name);
    try {
      for (const lang of name === 'chromium' ? ['en', 'ar'] : ['en']) {
        const page = await engine.newPage();
        await page.goto(pages.add(page$(lang)));
        await page.waitFor(
          () => [...document.querySelectorAll('stream-player')].every((el) => el.shadowRoot?.querySelector('[part~=schedule-button]')),
          null,
          { what: 'the schedule lines' },
        );
        // (WebKit may show a stale frame right after: two animation frames.)
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), null);
        const shot = async (what: string) => {
          const path = `${dir}/schedule-${name}-${lang}-${what}.png`;
          await page.screenshot(path);
          quantize(path);
          console.log(`wrote ${path}`);
        };
        await shot('line');
        await page.click('stream-player >>> [part~=schedule-button]');
        await page.waitFor(() => document.querySelector('stream-player')!.shadowRoot!.querySelector<HTMLDialogElement>('dialog')?.open, null, {
          what: 'the panel open',
        });
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))), null);
        await shot('panel');
        if (page.problems?.length) throw new Error(`${name}: the page reported problems:\n${page.problems.join('\n')}`);
        await page.close();
      }
    } finally {
      await engine.close();
    }
  }
} finally {
  await pages.close();
  await server.close();
}
