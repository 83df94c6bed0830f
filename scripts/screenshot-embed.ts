// Makes the README's "Embed anywhere" screenshots (docs/embed.md):
// - docs/embed-configurator.png: the owner console's embed configurator, a choice made;
// - docs/embed-unfurl.png: a share page's link preview as a real unfurler reads it: unfurl.js
//   (npm) reads the share page, and a card is drawn from nothing but what it returned (Open
//   Graph, the player card, the oEmbed answer it found through the page's discovery link).
//   Its data is written beside it, docs/embed-unfurl.json.
// Run after `npm run build`:  npx tsx scripts/screenshot-embed.ts
import { writeFileSync } from 'node:fs';
import { unfurl } from 'unfurl.js';
import { startServer } from '../demo/server/serve.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import { launchChromium } from './chromium.ts';
import { quantize } from './png.ts';

const esc = (s: unknown) => String(s ?? '').replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

const server = await startServer({ port: 0, log: () => {} });
const browser = await launchChromium();
try {
  // 1. The configurator: the radio, dark, a custom accent, in the console's own page.
  const context = await browser.newContext({ viewport: { width: 1040, height: 900 }, colorScheme: 'light' });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.fill('#check [name=token]', DEMO_TOKENS.private_token);
  await page.click('#check button[type=submit]');
  await page.waitForFunction(
    () => (document.querySelector('#configurator-preview stream-player') as (HTMLElement & { state?: string }) | null)?.state === 'ready',
  );
  await page.selectOption('#cfg-theme', 'dark');
  await page.check('#cfg-custom-accent');
  await page.fill('#cfg-accent', '#d92d3a');
  await page.waitForTimeout(800);
  await page.mouse.move(0, 0);
  await page.locator('#configurator').screenshot({ path: 'docs/embed-configurator.png', animations: 'disabled' });
  quantize('docs/embed-configurator.png');
  console.log('wrote docs/embed-configurator.png');

  // 2. The unfurl: what unfurl.js read, drawn as a chat app's link card.
  const share = `${server.url}/s/${DEMO_TOKENS.public_token}/episodes/ep-3`;
  const data = await unfurl(share, { oembed: true, timeout: 5000 });
  writeFileSync('docs/embed-unfurl.json', `${JSON.stringify(data, null, 2).replaceAll(server.url, 'https://radio.example')}\n`);
  const og = data.open_graph;
  const player = data.twitter_card.players?.[0];
  const oembed = data.oEmbed as { provider_name?: string; author_name?: string; width?: number; height?: number; type?: string } | undefined;
  const card = `<!doctype html><html lang="en"><head><meta charset="utf-8"><style>
body{margin:0;padding:24px;background:#313338;font:15px/1.4 system-ui,sans-serif;color:#dbdee1;width:620px}
.msg{display:flex;gap:12px}.avatar{width:40px;height:40px;border-radius:50%;background:#5b3df5;flex:none}
.name{font-weight:600;color:#f2f3f5}.link{color:#00a8fc;word-break:break-all}
.card{margin-top:6px;border-left:4px solid #5b3df5;background:#2b2d31;border-radius:4px;padding:12px 16px;display:grid;grid-template-columns:1fr 96px;gap:8px 16px;max-width:520px}
.site{font-size:12px;color:#b5bac1}.title{color:#00a8fc;font-weight:600}.desc{font-size:14px}
.card img{width:96px;height:96px;border-radius:4px;grid-row:1/5;grid-column:2}
.meta{font-size:12px;color:#949ba4;grid-column:1/-1;border-top:1px solid #3f4147;padding-top:8px}
.meta code{color:#dbdee1}
</style></head><body><div class="msg"><div class="avatar"></div><div>
<div class="name">Listener</div>
<div class="link">${esc(og.url)}</div>
<div class="card">
<div class="site">${esc(og.site_name)}${oembed?.author_name ? ` · ${esc(oembed.author_name)}` : ''}</div>
<div class="title">${esc(og.title)}</div>
<div class="desc">${esc(og.description)}</div>
${og.images?.[0] ? `<img src="${esc(og.images[0].url)}" alt="">` : ''}
<div class="meta">
og:image ${esc(og.images?.[0]?.width)}×${esc(og.images?.[0]?.height)} · og:audio <code>${esc(og.audio?.[0]?.type)}</code><br>
twitter:card <code>${esc(data.twitter_card.card)}</code>, player ${esc(player?.width)}×${esc(player?.height)} <code>${esc(player?.url ? new URL(player.url).pathname : '')}</code><br>
oEmbed (found by discovery): <code>${esc(oembed?.type)}</code> from ${esc(oembed?.provider_name)}, iframe ${esc(oembed?.width)}×${esc(oembed?.height)}
</div></div></div></div></body></html>`;
  const cardPage = await context.newPage();
  await cardPage.setContent(card, { waitUntil: 'load' });
  await cardPage.locator('body').screenshot({ path: 'docs/embed-unfurl.png' });
  quantize('docs/embed-unfurl.png');
  console.log('wrote docs/embed-unfurl.png');
  await context.close();
} finally {
  await browser.close();
  await server.close();
}
