/**
 * Embed anywhere (docs/embed.md), against the real server on a loopback port: the embed pages,
 * the share pages and oEmbed, every error case; then the share pages as a real link unfurler
 * from npm reads them (unfurl.js: Open Graph, the player card, and oEmbed through the page's
 * own discovery link), and the oEmbed answers held to the spec's required fields and sizes.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unfurl } from 'unfurl.js';
import { enSetup } from '../../src/i18n/en-setup.ts';
import { FRAME_SCRIPT } from '../../demo/server/routes/embed.ts';
import { pngSize } from '../support/png.ts';
import { call, PRIVATE, PUBLIC, withServer } from '../support/server.ts';

/** The values of `<meta property|name=key content=…>` in our pages' markup. */
function metas(html: string, key: string): string[] {
  const re = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)">`, 'g');
  return [...html.matchAll(re)].map((m) => decode(m[1]!));
}
const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const one = (html: string, key: string) => {
  const found = metas(html, key);
  expect(found, key).toHaveLength(1);
  return found[0]!;
};
/** The inline style's text and the policy's style hashes. */
function inlineStyles(html: string): string[] {
  return [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1]!);
}
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every oEmbed 1.0 rule (oembed.com §2.3.4, §2.3.4.4 rich) that an answer must keep, within the limits asked. */
function expectOEmbed(body: Record<string, unknown>, limits: { maxwidth?: number; maxheight?: number } = {}) {
  expect(body.version).toBe('1.0');
  expect(body.type).toBe('rich');
  expect(typeof body.html).toBe('string');
  for (const k of ['width', 'height'] as const) {
    expect(Number.isInteger(body[k]), k).toBe(true);
    expect(body[k] as number).toBeGreaterThan(0);
  }
  expect(body.width as number).toBeLessThanOrEqual(limits.maxwidth ?? Infinity);
  expect(body.height as number).toBeLessThanOrEqual(limits.maxheight ?? Infinity);
  // thumbnail_url, thumbnail_width and thumbnail_height come together or not at all, within the limits too.
  const thumb = ['thumbnail_url', 'thumbnail_width', 'thumbnail_height'].filter((k) => k in body);
  expect([0, 3]).toContain(thumb.length);
  if (thumb.length) {
    expect(body.thumbnail_width as number).toBeLessThanOrEqual(limits.maxwidth ?? Infinity);
    expect(body.thumbnail_height as number).toBeLessThanOrEqual(limits.maxheight ?? Infinity);
  }
  for (const k of ['title', 'author_name', 'provider_name', 'provider_url']) expect(typeof body[k], k).toBe('string');
  // The html is one iframe, no script, sized as the answer says.
  const html = body.html as string;
  expect(html).toMatch(/^<iframe [^<>]*><\/iframe>$/);
  expect(html).toContain(`width="${body.width}"`);
  expect(html).toContain(`height="${body.height}"`);
}

describe('embed pages', () => {
  const s = withServer();

  it.each(['stream', 'podcast'] as const)('/embed/%s is only the player, with the options as attributes', async (kind) => {
    const r = await call(`${s.url}/embed/${kind}?token=${PUBLIC}&channel=main&theme=dark&lang=de&episode=ep-2&continuous=1&sticky&no-hotkeys=1`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const body = /<body>([\s\S]*)<\/body>/.exec(r.text)![1]!;
    const tags = [...body.matchAll(/<([a-z-]+)[\s>]/g)].map((m) => m[1]);
    expect(tags).toEqual(['main', `${kind}-player`, 'script', 'script']);
    const player = new RegExp(`<${kind}-player([^>]*)>`).exec(body)![1]!;
    expect(player).toContain(`public-token="${PUBLIC}"`);
    expect(player).toContain('channel="main"');
    expect(player).toContain('theme="dark"');
    expect(player).toContain('lang="de"');
    expect(player).toContain(' sticky');
    expect(player).toContain(' no-hotkeys');
    // Options of the podcast player only.
    expect(player.includes('episode="ep-2"')).toBe(kind === 'podcast');
    expect(player.includes(' continuous')).toBe(kind === 'podcast');
    expect(r.text).toContain('<html lang="de">');
  });

  it('runs under a strict policy of its own that any site may frame: no unsafe-inline, its one style by hash, scripts by URL', async () => {
    const r = await call(`${s.url}/embed/stream?token=${PUBLIC}&accent=c0ffee`);
    const csp = r.headers.get('content-security-policy')!;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain('frame-ancestors *');
    expect(csp).not.toContain('unsafe');
    const styles = inlineStyles(r.text);
    expect(styles).toHaveLength(1);
    expect(csp).toContain(`style-src 'self' ${sha256(styles[0]!)}`);
    // No inline script, no style attribute, no event handler.
    for (const m of r.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)) {
      expect(m[1]).toMatch(/ src="\//);
      expect(m[2]).toBe('');
    }
    expect(r.text).not.toMatch(/ style=| on[a-z]+=/);
    expect(r.headers.get('x-frame-options')).toBeNull();
  });

  it('the accent is a hex colour or nothing: never raw text in the CSS', async () => {
    const page = async (accent: string) =>
      inlineStyles((await call(`${s.url}/embed/podcast?token=${PUBLIC}&accent=${encodeURIComponent(accent)}`)).text)[0]!;
    expect(await page('C0FFEE')).toContain('--castlet-accent:#c0ffee}');
    expect(await page('#abc')).toContain('--castlet-accent:#aabbcc}');
    for (const bad of ['red', '#12345', 'fff;}body{display:none', '#fff}</style><script>alert(1)</script>', 'url(x)', '']) {
      const css = await page(bad);
      expect(css, bad).not.toContain('--castlet-accent');
      expect(css, bad).not.toContain('display:none');
    }
  });

  it('every value from the URL is escaped: no markup from the query reaches the page', async () => {
    const evil = '"><script>alert(1)</script><x y="';
    const q = new URLSearchParams({ token: evil, channel: evil, episode: evil, lang: evil, theme: evil });
    const r = await call(`${s.url}/embed/podcast?${q}`);
    expect(r.status).toBe(200);
    expect(r.text).not.toContain('<script>alert');
    expect(r.text).not.toContain('<x y=');
    expect(r.text).toContain('public-token="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;x y=&quot;"');
    // A malformed language or theme is dropped, not passed on.
    expect(r.text).toContain('<html lang="en">');
    expect(r.text).not.toContain(' theme=');
  });

  it('a wrong token or an unknown episode still gets the page: the player shows its own error there', async () => {
    for (const q of [`token=nope`, `token=${PUBLIC}&episode=ep-999`, `token=${PRIVATE}`, '']) {
      const r = await call(`${s.url}/embed/podcast?${q}`);
      expect(r.status, q).toBe(200);
      expect(r.text, q).toMatch(/<podcast-player public-token[=>]/);
    }
  });

  it('/embed/frame.js posts the height to the parent (and the embed API: embed-api.test.ts), and is cacheable', async () => {
    const r = await call(`${s.url}/embed/frame.js`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(r.text).toBe(FRAME_SCRIPT);
    expect(r.text).toContain("postMessage({ type: 'castlet:resize', height }, '*')");
    expect((await call(`${s.url}/embed/frame.js`, { headers: { 'If-None-Match': r.headers.get('etag')! } })).status).toBe(304);
  });

  it('no token reaches the log', async () => {
    await call(`${s.url}/embed/stream?token=${PUBLIC}`);
    await call(`${s.url}/s/${PRIVATE}/stream`);
    await call(`${s.url}/s/${PUBLIC}/episodes/ep-1`);
    await call(`${s.url}/oembed?url=${encodeURIComponent(`${s.url}/s/${PRIVATE}/stream`)}`);
    const log = s.logs.join('\n');
    expect(log).toContain('/s/…/episodes/ep-1');
    expect(log).not.toContain(PUBLIC);
    expect(log).not.toContain(PRIVATE);
  });
});

describe('share pages', () => {
  // Absolute URLs follow PUBLIC_URL, never the Host header the request came with.
  const ORIGIN = 'https://radio.example';
  const s = withServer({ publicUrl: ORIGIN });
  const get = (path: string) => call(`${s.url}${path}`, { headers: { 'X-Forwarded-Host': 'evil.example' } });

  it("an episode's page: title, artwork, description, the player, Open Graph, the player card and oEmbed discovery", async () => {
    const episode = s.server.store.episode('ep-3')!;
    const r = await get('/s/' + PUBLIC + '/episodes/ep-3');
    expect(r.status).toBe(200);
    const share = `${ORIGIN}/s/${PUBLIC}/episodes/ep-3`;
    expect(r.text).toContain(`<h1>${episode.title}</h1>`);
    expect(r.text).toContain(`<podcast-player public-token="${PUBLIC}" episode="ep-3"></podcast-player>`);
    expect(r.text).toContain('<img src="/media/art/ep-3-320.png"');
    expect(one(r.text, 'og:title')).toBe(episode.title);
    expect(one(r.text, 'og:description')).toBe(episode.description);
    expect(one(r.text, 'og:url')).toBe(share);
    expect(one(r.text, 'og:image')).toBe(`${ORIGIN}/media/art/ep-3-1400.png`);
    expect(one(r.text, 'og:image:width')).toBe('1400');
    expect(one(r.text, 'og:audio')).toBe(`${ORIGIN}/media/ep-3.mp3`);
    expect(one(r.text, 'og:audio:type')).toBe('audio/mpeg');
    expect(one(r.text, 'twitter:card')).toBe('player');
    expect(one(r.text, 'twitter:player')).toBe(`${ORIGIN}/embed/podcast?token=${PUBLIC}&episode=ep-3`);
    expect(one(r.text, 'twitter:player:width')).toBe('480');
    expect(one(r.text, 'twitter:player:height')).toBe('816');
    expect(one(r.text, 'twitter:player:stream')).toBe(`${ORIGIN}/media/ep-3.mp3`);
    const link = /<link rel="alternate" type="application\/json\+oembed" href="([^"]+)"/.exec(r.text)![1]!;
    expect(decode(link)).toBe(`${ORIGIN}/oembed?url=${encodeURIComponent(share)}&format=json`);
    expect(r.text).not.toContain('evil.example');
    expect(r.text).not.toContain(s.url);
    // The 1400 px cover is really 1400 px.
    const cover = await fetch(`${s.url}/media/art/ep-3-1400.png`);
    expect(pngSize(new Uint8Array(await cover.arrayBuffer()))).toEqual({ width: 1400, height: 1400 });
  });

  it("the station's page: the channel's name, description, artwork, its stream as the audio", async () => {
    const r = await get(`/s/${PUBLIC}/stream?theme=light&accent=00aa00`);
    expect(r.status).toBe(200);
    expect(one(r.text, 'og:title')).toBe('Castlet FM');
    expect(one(r.text, 'og:image')).toBe(`${ORIGIN}/media/art/channel-1400.png`);
    expect(one(r.text, 'og:audio')).toBe(`${ORIGIN}/listen/live`);
    expect(one(r.text, 'og:url')).toBe(`${ORIGIN}/s/${PUBLIC}/stream`);
    // The look asked for reaches the player and the card's frame; the canonical URL stays bare.
    expect(r.text).toContain(`<stream-player public-token="${PUBLIC}" theme="light"></stream-player>`);
    expect(one(r.text, 'twitter:player')).toBe(`${ORIGIN}/embed/stream?token=${PUBLIC}&theme=light&accent=00aa00`);
    expect(one(r.text, 'twitter:player:height')).toBe('218');
    expect(inlineStyles(r.text)[0]).toContain('--castlet-accent:#00aa00}');
    expect(r.headers.get('content-security-policy')).not.toContain('unsafe');
    expect(r.headers.get('content-security-policy')).toContain(sha256(inlineStyles(r.text)[0]!));
    expect((await get(`/s/${PUBLIC}/stream?channel=main`)).status).toBe(200);
  });

  it('text from the data is escaped on the page and in its tags', async () => {
    const title = 'Fish & "Chips" <script>alert(1)</script>';
    await call(`${s.url}/private/updatePodcast`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${PRIVATE}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ id: 'ep-2', title, description: "<img src=x onerror=alert(1)> it's" }),
    });
    const r = await get(`/s/${PUBLIC}/episodes/ep-2`);
    expect(r.text).not.toContain('<script>alert');
    expect(r.text).not.toContain('<img src=x');
    expect(one(r.text, 'og:title')).toBe(title);
    expect(r.text).toContain('<h1>Fish &amp; &quot;Chips&quot; &lt;script&gt;alert(1)&lt;/script&gt;</h1>');
  });

  it('an unknown token, channel or episode is one 404 page that tells nothing of the account', async () => {
    const paths = [
      `/s/${PUBLIC}/episodes/ep-999`,
      `/s/${PUBLIC}/stream?channel=nope`,
      `/s/00000000-0000-4000-8000-000000000000/stream`,
      `/s/00000000-0000-4000-8000-000000000000/episodes/ep-1`,
      `/s/nope/episodes/ep-1`,
      `/s/${PUBLIC}`,
      `/s/${PUBLIC}/episodes`,
      `/s/${PUBLIC}/elsewhere`,
    ];
    const pages = await Promise.all(paths.map(get));
    for (const [i, r] of pages.entries()) {
      expect(r.status, paths[i]).toBe(404);
      expect(r.text, paths[i]).toBe(pages[0]!.text);
    }
    const text = pages[0]!.text;
    for (const leak of ['og:', 'twitter:', 'oembed', 'Castlet', 'ep-1', PUBLIC, '-player']) expect(text).not.toContain(leak);
  });

  it('the private token in the path is never authorized: the words a player shows when one is pasted', async () => {
    for (const path of [`/s/${PRIVATE}/stream`, `/s/${PRIVATE}/episodes/ep-1`]) {
      const r = await get(path);
      expect(r.status).toBe(403);
      expect(r.headers.get('cache-control')).toBe('no-store');
      expect(r.text).toContain(enSetup.private_token_exposed);
      for (const leak of ['og:', 'twitter:', 'oembed', 'Castlet', PRIVATE, PUBLIC, '-player']) expect(r.text, path).not.toContain(leak);
    }
  });

  it('share pages are not framed (only embed pages are)', async () => {
    const csp = (await get(`/s/${PUBLIC}/stream`)).headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('oEmbed: the frame of the embed page, sized within maxwidth and maxheight, with data from the store', async () => {
    const share = `${ORIGIN}/s/${PUBLIC}/episodes/ep-3`;
    const ask = async (q: Record<string, string>) => call(`${s.url}/oembed?${new URLSearchParams({ url: share, ...q })}`);
    const r = await ask({});
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('access-control-allow-origin')).toBe('*');
    expectOEmbed(r.body);
    expect(r.body).toMatchObject({
      provider_name: 'castlet',
      provider_url: `${ORIGIN}/`,
      title: 'Night Birds of the City · Castlet Sessions',
      author_name: 'Castlet Demo Radio',
      thumbnail_url: `${ORIGIN}/media/art/ep-3-1400.png`,
      thumbnail_width: 1400,
      thumbnail_height: 1400,
      width: 480,
      height: 816,
    });
    expect(r.body.html).toContain(`src="${ORIGIN}/embed/podcast?token=${PUBLIC}&amp;episode=ep-3"`);
    for (const [maxwidth, maxheight] of [
      [300, 2000],
      [1000, 500],
      [360, 761],
      [200, 100],
      [1, 1],
    ] as const) {
      const sized = await ask({ maxwidth: String(maxwidth), maxheight: String(maxheight) });
      expect(sized.status).toBe(200);
      expectOEmbed(sized.body, { maxwidth, maxheight });
    }
    // Narrow: the compact player's height; a small thumbnail where the cover does not fit.
    const narrow = (await ask({ maxwidth: '320' })).body;
    expect(narrow).toMatchObject({ width: 320, height: 761, thumbnail_width: 320, thumbnail_url: `${ORIGIN}/media/art/ep-3-320.png` });
    expect('thumbnail_url' in (await ask({ maxwidth: '200' })).body).toBe(false);
    // The share URL's options reach the frame.
    const styled = await call(`${s.url}/oembed?url=${encodeURIComponent(`${ORIGIN}/s/${PUBLIC}/stream?theme=dark&lang=ar`)}`);
    expect(styled.body).toMatchObject({ title: 'Castlet FM · Castlet FM', author_name: 'Castlet Demo Radio', height: 218 });
    expect(styled.body.html).toContain(`src="${ORIGIN}/embed/stream?token=${PUBLIC}&amp;theme=dark&amp;lang=ar"`);
  });

  it('oEmbed errors: 404 for what is no share page of this service, 501 for XML, 400 for a malformed request', async () => {
    const status = async (q: string) => (await call(`${s.url}/oembed?${q}`)).status;
    const url = (u: string) => `url=${encodeURIComponent(u)}`;
    for (const u of [
      `${ORIGIN}/`,
      `${ORIGIN}/embed/stream?token=${PUBLIC}`,
      `${ORIGIN}/s/${PUBLIC}/episodes/ep-999`,
      `${ORIGIN}/s/${PUBLIC}/stream?channel=nope`,
      `${ORIGIN}/s/${PRIVATE}/stream`,
      `${ORIGIN}/s/nope/stream`,
      `https://elsewhere.example/s/${PUBLIC}/stream`,
      `http://radio.example/s/${PUBLIC}/stream`,
      `${s.url}/s/${PUBLIC}/stream`,
      'not a url',
    ]) {
      expect(await status(url(u)), u).toBe(404);
    }
    expect(await status(`${url(`${ORIGIN}/s/${PUBLIC}/stream`)}&format=xml`)).toBe(501);
    expect(await status(`${url(`${ORIGIN}/s/${PUBLIC}/stream`)}&format=json`)).toBe(200);
    expect(await status('')).toBe(400);
    expect(await status(`${url(`${ORIGIN}/s/${PUBLIC}/stream`)}&maxwidth=wide`)).toBe(400);
    expect(await status(`${url(`${ORIGIN}/s/${PUBLIC}/stream`)}&maxheight=0`)).toBe(400);
  });
});

describe('a real unfurler (unfurl.js) reads the share pages', () => {
  // PUBLIC_URL is the listen address here, so the unfurler can follow the page's own links.
  const s = withServer();

  it("an episode's page: title, description, image, audio, the player card and the oEmbed found by discovery", async () => {
    const url = `${s.url}/s/${PUBLIC}/episodes/ep-3`;
    const data = await unfurl(url, { oembed: true, timeout: 5000 });
    expect(data.title).toBe('Night Birds of the City · Castlet Sessions');
    expect(data.canonical_url).toBe(url);
    expect(data.open_graph.title).toBe('Night Birds of the City');
    expect(data.open_graph.url).toBe(url);
    expect(data.open_graph.images?.[0]).toMatchObject({ url: `${s.url}/media/art/ep-3-1400.png`, width: 1400, height: 1400 });
    expect(data.open_graph.audio?.[0]).toMatchObject({ url: `${s.url}/media/ep-3.mp3`, type: 'audio/mpeg' });
    expect(data.twitter_card.card).toBe('player');
    expect(data.twitter_card.players?.[0]).toMatchObject({
      url: `${s.url}/embed/podcast?token=${PUBLIC}&episode=ep-3`,
      width: 480,
      height: 816,
      stream: `${s.url}/media/ep-3.mp3`,
    });
    // The oEmbed answer, fetched through the page's <link rel="alternate" type="application/json+oembed">.
    expect(data.oEmbed).toMatchObject({
      type: 'rich',
      version: '1.0',
      title: 'Night Birds of the City · Castlet Sessions',
      author_name: 'Castlet Demo Radio',
    });
    const rich = data.oEmbed as { html: string; width: number; height: number };
    // (unfurl.js hands the html over with its character references decoded.)
    expect(rich.html).toContain(`src="${s.url}/embed/podcast?token=${PUBLIC}&episode=ep-3"`);
    // What the unfurler found points at things that are there.
    for (const u of [data.open_graph.images![0]!.url, data.open_graph.audio![0]!.url, data.twitter_card.players![0]!.url]) {
      const res = await fetch(u, { headers: { Range: 'bytes=0-0' } });
      expect(res.ok, u).toBe(true);
      await res.body?.cancel();
    }
  });

  it("the station's page", async () => {
    const data = await unfurl(`${s.url}/s/${PUBLIC}/stream`, { oembed: true, timeout: 5000 });
    expect(data.open_graph.title).toBe('Castlet FM');
    expect(data.open_graph.audio?.[0]?.url).toBe(`${s.url}/listen/live`);
    expect(data.twitter_card.players?.[0]).toMatchObject({ url: `${s.url}/embed/stream?token=${PUBLIC}`, height: 218 });
    expect(data.oEmbed).toMatchObject({ type: 'rich', height: 218 });
  });

  it('a 404 share page unfurls as nothing', async () => {
    await expect(unfurl(`${s.url}/s/${PUBLIC}/episodes/ep-999`, { timeout: 5000 })).rejects.toThrow();
  });
});
