/**
 * Embed anywhere in real browsers, in every engine (Chromium, Firefox ESR, WebKitGTK): each embed
 * page in an iframe on another origin (the page server's, like a site that takes no script):
 * its height posted to the host page, Play by pointer inside the frame, the keyboard from the
 * host page into the frame; a wrong token or episode shows the player's own words; and the
 * owner console's configurator, whose three outputs, pasted into pages, give the player of the
 * preview (same element, attributes, accent and state).
 *
 * `ENGINES=webkit npx vitest run --project browser test/browser/embed.test.ts` runs one engine.
 */
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { enSetup } from '../../src/i18n/en-setup.ts';
import { PRIVATE, PUBLIC, selectedEngines, signInConsole, withEngine, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { sleep, until } from '../support/players.ts';

const FRAME_TOP = 40;
/** Screenshots to look at (not compared): reports/embed-*-{engine}.png. */
const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));

/** A host page: a button, then the frame at (0, FRAME_TOP), and a script that keeps every `castlet:resize` it is sent. */
const hostPage = (frame: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A host page</title>
<style>body{margin:0}#before{display:block;height:${FRAME_TOP}px;margin:0}iframe{display:block}</style></head>
<body><button id="before">Before the frame</button>${frame}<button id="after">After the frame</button>
<script>
window.got = [];
addEventListener('message', (e) => {
  if (e.data && e.data.type === 'castlet:resize') got.push({ origin: e.origin, height: e.data.height, keys: Object.keys(e.data).sort().join() });
});
</script></body></html>`;

/** In a page: what a player is and shows, to compare one with another. */
function playerInfo(sel: string) {
  const el = document.querySelector(sel) as (HTMLElement & { state?: string }) | null;
  if (!el) return null;
  const root = el.shadowRoot;
  return {
    tag: el.localName,
    attributes: el
      .getAttributeNames()
      .filter((n) => n !== 'style' && n !== 'state')
      .sort()
      .map((n) => `${n}=${el.getAttribute(n)}`),
    accent: getComputedStyle(el).getPropertyValue('--castlet-accent').trim(),
    state: el.state ?? '(not defined yet)',
    title: root?.querySelector('[part~=title]')?.textContent?.trim() ?? null,
    play: root?.querySelector('[part=play]')?.getAttribute('aria-label') ?? null,
    message: root?.querySelector('[part=message]')?.textContent?.trim() ?? null,
    background: root?.querySelector('[part=base]') ? getComputedStyle(root.querySelector('[part=base]')!).backgroundColor : null,
  };
}
type Info = NonNullable<ReturnType<typeof playerInfo>>;

/** Polls `playerInfo` from Node until `ok` holds. */
const waitInfo = (p: EnginePage, sel: string, what: string, ok: (i: Info) => boolean, timeout = 10_000): Promise<Info> =>
  until(
    `${p.engine}: ${sel}: ${what}`,
    () => p.evaluate(playerInfo, sel),
    (info) => !!info && ok(info),
    {
      timeout,
      show: (info) => JSON.stringify(info) + (p.problems?.length ? `; the page reported:\n  ${p.problems.join('\n  ')}` : ''),
    },
  ) as Promise<Info>;

const resizes = (p: EnginePage) => p.evaluate(() => (window as unknown as { got: { origin: string; height: number; keys: string }[] }).got, null);

async function waitResize(p: EnginePage, what: string, ok: (h: number) => boolean) {
  await p.waitFor((n: number) => (window as unknown as { got: unknown[] }).got.length > n, 0, { what: 'a castlet:resize message' });
  const got = await until(
    `${p.engine}: ${what}`,
    () => resizes(p),
    (got) => ok(got.at(-1)!.height),
    { show: (got) => `the frame said ${JSON.stringify(got)}` },
  );
  return { got, last: got.at(-1)! };
}

/**
 * Where the Play button is in the embed page laid out `width` px wide: the page opened on its own
 * (the frame's document, same origin as itself), its body made that wide.
 */
async function playPoint(env: EngineEnv, src: string, sel: string, width: number) {
  const p = await env.visit(src);
  await waitInfo(p, sel, 'ready', (i) => i.state === 'ready');
  return p.evaluate(
    ([s, w]) =>
      new Promise<{ x: number; y: number }>((resolve) => {
        document.body.style.width = `${w}px`;
        requestAnimationFrame(() =>
          requestAnimationFrame(() => {
            const r = document
              .querySelector(s as string)!
              .shadowRoot!.querySelector('[part=play]')!
              .getBoundingClientRect();
            resolve({ x: r.left + r.width / 2, y: r.top + r.height / 2 });
          }),
        );
      }),
    [sel, width] as const,
  );
}

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'embed anywhere', () => {
    const env: EngineEnv = withEngine(name);
    const listeners = async () => (await env.publicGet('stream')).listeners as number;
    const waitListeners = (n: number, timeout = 15_000) =>
      until(`${name}: the listeners (expected ${n})`, listeners, (now) => now === n, { timeout, interval: 100 });

    test('the radio in a cross-origin frame: its height posted, Play by pointer, Pause and Play by keyboard from the host page', async () => {
      const src = `${env.mock}/embed/stream?token=${PUBLIC}`;
      const at = await playPoint(env, src, 'stream-player', 480);
      const p = await env.open(
        hostPage(`<iframe id="f" src="${src.replace(/&/g, '&amp;')}" width="480" height="218" title="Live radio player"></iframe>`),
      );
      expect(new URL(env.pages.origin).origin).not.toBe(env.mock);
      // The frame's height, from the frame's origin, nothing but the height: it fits the snippet's 218 px.
      const { last } = await waitResize(p, 'the player loaded', (h) => h > 150);
      expect(last).toEqual({ origin: env.mock, height: last.height, keys: 'height,type' });
      expect(last.height).toBeLessThanOrEqual(218);
      expect(await listeners()).toBe(0);

      await p.clickAt(at.x, FRAME_TOP + at.y);
      await waitListeners(1);
      // Focus is in the frame now (on Play): `k` pauses, closing the stream. (The keys are a chunk
      // loaded when focus first enters the player: give it the moment a listener's hand takes.)
      await sleep(1000);
      await p.press('k');
      await waitListeners(0);
      // From the host page's button, Tab goes into the frame, to Play; Enter plays.
      await p.evaluate(() => document.getElementById('before')!.focus(), null);
      await p.press('Tab');
      await p.waitFor(() => document.activeElement?.id === 'f', null, { what: 'focus in the frame' });
      await p.press('Enter');
      await waitListeners(1);
      await p.press('k');
      await waitListeners(0);

      // Narrower, the player turns compact and says so; a host that listens late asks again.
      await p.evaluate(() => document.getElementById('f')!.setAttribute('width', '320'), null);
      // (The compact card keeps a line for the schedule: 192.6 px, 193.x in Firefox. WebKitGTK may post one height
      // on the way, laid out at the new width before its container queries apply: 218, 217, then 191.)
      const narrow = await waitResize(p, 'the compact player', (h) => h <= 194);
      expect(narrow.last.height).toBeLessThan(last.height);
      const before = narrow.got.length;
      await p.evaluate(() => (document.getElementById('f') as HTMLIFrameElement).contentWindow!.postMessage({ type: 'castlet:measure' }, '*'), null);
      await p.waitFor((n: number) => (window as unknown as { got: unknown[] }).got.length > n, before, { what: 'the height again, asked for' });
      expect(p.problems ?? []).toEqual([]);
    });

    test('the podcast in a cross-origin frame: its height fits the snippet’s, Play by pointer plays the episode', async () => {
      const src = `${env.mock}/embed/podcast?token=${PUBLIC}&episode=ep-2`;
      const at = await playPoint(env, src, 'podcast-player', 480);
      const p = await env.open(
        hostPage(`<iframe id="f" src="${src.replace(/&/g, '&amp;')}" width="480" height="816" title="Podcast player"></iframe>`),
      );
      // (A pinned episode lists no other episodes: shorter than the 816 px frame, which it fits.)
      const { last } = await waitResize(p, 'the player loaded', (h) => h > 300);
      expect(last.height).toBeLessThanOrEqual(816);
      // (Its Opus file where the engine plays Opus, else its MP3.)
      const audio = () => env.logs.filter((l) => /^GET \/media\/ep-2\.(opus|mp3) /.test(l));
      expect(audio()).toEqual([]);
      await p.clickAt(at.x, FRAME_TOP + at.y);
      await until(
        `${name}: the episode's audio fetched after Play`,
        async () => env.logs.slice(-10),
        () => audio().some((l) => / 20[06] /.test(l)),
        {
          timeout: 15_000,
          interval: 100,
          show: (log) => `log: ${log.join(' | ')}`,
        },
      );
      expect(p.problems ?? []).toEqual([]);
    });

    test("a wrong token, the private token or an unknown episode: the frame shows the player's own words, not a blank page", async () => {
      const cases = [
        ['00000000-0000-4000-8000-000000000000', '', enSetup.invalid_token],
        [PRIVATE, '', enSetup.private_token_exposed],
        [PUBLIC, '&episode=ep-999', enSetup.not_found],
      ] as const;
      for (const [token, more, words] of cases) {
        const src = `${env.mock}/embed/podcast?token=${token}${more}`;
        const p = await env.visit(src);
        const info = await waitInfo(p, 'podcast-player', `says "${words}"`, (i) => i.message === words);
        expect(info.state).toBe('error');
        // In a frame, it says how tall it is: not nothing.
        const host = await env.open(
          hostPage(`<iframe id="f" src="${src.replace(/&/g, '&amp;')}" width="480" height="816" title="Podcast player"></iframe>`),
        );
        await waitResize(host, 'the error shown', (h) => h > 40);
      }
    });

    test('the configurator: the preview changes as the owner chooses; the snippet, the iframe and the share link each give the same player', async () => {
      const p = await env.visit(`${env.mock}/`);
      await signInConsole(p);
      const preview = '#configurator-preview > *';
      await waitInfo(p, preview, 'the preview', (i) => i.tag === 'stream-player' && i.state === 'ready');
      // The owner's choices, as picking them in the form does.
      await p.evaluate(() => {
        const set = (id: string, value: string | boolean) => {
          const el = document.getElementById(id) as HTMLInputElement;
          if (typeof value === 'boolean') el.checked = value;
          else el.value = value;
          el.dispatchEvent(new Event('input', { bubbles: true }));
          el.dispatchEvent(new Event('change', { bubbles: true }));
        };
        set('cfg-kind', 'podcast');
        set('cfg-episode', 'ep-2');
        set('cfg-theme', 'dark');
        set('cfg-lang', 'de');
        set('cfg-custom-accent', true);
        set('cfg-accent', '#d92d3a');
        set('cfg-no-hotkeys', true);
      }, null);
      const shown = await waitInfo(
        p,
        preview,
        'the preview in German, dark, episode 2',
        (i) => i.tag === 'podcast-player' && i.state === 'ready' && i.play === 'Abspielen' && i.title === 'The Patient Loaf',
      );
      expect(shown.attributes).toEqual(['episode=ep-2', 'lang=de', 'no-hotkeys=', `public-token=${PUBLIC}`, 'theme=dark']);
      expect(shown.accent).toBe('#d92d3a');
      const out = await p.evaluate(
        () =>
          Object.fromEntries(['snippet', 'iframe', 'share'].map((n) => [n, (document.getElementById(`cfg-out-${n}`) as HTMLTextAreaElement).value])),
        null,
      );

      // 1. The script snippet pasted into a page on another origin.
      const snippetPage = await env.open(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Pasted</title></head><body>${out.snippet}</body></html>`,
      );
      const fromSnippet = await waitInfo(snippetPage, 'podcast-player', 'the pasted snippet', (i) => i.state === 'ready' && i.play === 'Abspielen');
      expect(fromSnippet).toEqual(shown);

      // 2. The iframe pasted into a page: it loads and fits (its height) and its document holds the same player.
      const iframeSrc = /src="([^"]+)"/.exec(out.iframe!)![1]!.replace(/&amp;/g, '&');
      const iframeHeight = Number(/height="(\d+)"/.exec(out.iframe!)![1]);
      const framed = await env.open(hostPage(out.iframe!));
      const fit = await waitResize(framed, 'the pasted iframe loaded', (h) => h > 300);
      expect(fit.last.height).toBeLessThanOrEqual(iframeHeight);
      const framePage = await env.visit(iframeSrc);
      const fromFrame = await waitInfo(framePage, 'podcast-player', 'the iframe’s page', (i) => i.state === 'ready' && i.play === 'Abspielen');
      expect(fromFrame).toEqual(shown);

      // 3. The share link: the public page's player.
      const sharePage = await env.visit(out.share!);
      const fromShare = await waitInfo(sharePage, 'podcast-player', 'the share page', (i) => i.state === 'ready' && i.play === 'Abspielen');
      expect(fromShare).toEqual(shown);
    });

    test('the configurator in Arabic: right to left, its own words', async () => {
      const p = await env.visit(`${env.mock}/?lang=ar`);
      await signInConsole(p);
      const seen = await p.waitFor(
        () => {
          const c = document.getElementById('configurator');
          return c && !c.hidden
            ? { dir: c.dir, lang: c.lang, heading: c.querySelector('h3')!.textContent, copy: c.querySelector('button')!.textContent }
            : null;
        },
        null,
        { what: 'the configurator' },
      );
      expect(seen).toEqual({ dir: 'rtl', lang: 'ar', heading: 'أداة إعداد التضمين', copy: 'نسخ' });
      // The preview in Arabic too, and the embed page of it, to look at.
      await p.evaluate(() => {
        const lang = document.getElementById('cfg-lang') as HTMLSelectElement;
        lang.value = 'ar';
        lang.dispatchEvent(new Event('change', { bubbles: true }));
        document.getElementById('configurator')!.scrollIntoView();
      }, null);
      await waitInfo(p, '#configurator-preview > *', 'the preview in Arabic', (i) => i.state === 'ready' && i.play === 'تشغيل');
      mkdirSync(REPORTS, { recursive: true });
      await p.screenshot(`${REPORTS}embed-configurator-ar-${name}.png`);
      const frame = await env.open(
        hostPage(
          `<iframe id="f" src="${env.mock}/embed/podcast?token=${PUBLIC}&amp;lang=ar" width="480" height="816" title="Podcast player"></iframe>`,
        ),
      );
      await waitResize(frame, 'the Arabic player', (h) => h > 600);
      await sleep(500);
      await frame.screenshot(`${REPORTS}embed-frame-ar-${name}.png`);
    });
  });
});
