/**
 * <stream-player> in real Chromium against the real mock: the page lives on another origin
 * and has only the script tag and the element (no base-url: the bundle's origin is the default).
 * The flows every engine runs (render, Play/Pause, pushes) are in flows.test.ts.
 */
import { describe, expect, test } from 'vitest';
import { PUBLIC, axeViolations, describeViolations, embedPage, waitForState, waitForTime, withBrowser, type TestPage } from '../support/browser.ts';
import { until } from '../support/players.ts';

const env = withBrowser();
const EL = 'stream-player';
const PLAY = `${EL} button[part=play]`;

const player = `<stream-player public-token="${PUBLIC}"></stream-player>`;
const openPlayer = (body = player) => env.open(embedPage(env.mock, body));

/** Text of a part inside the widget's shadow root. */
const partText = (t: TestPage, part: string) =>
  t.page.$eval(EL, (el, p) => el.shadowRoot!.querySelector(`[part~="${p}"]`)?.textContent?.trim() ?? null, part);

/** The mock's listener count as the public API reports it. */
const listeners = async () => (await env.publicGet('stream')).listeners as number;
const waitForListeners = (n: number, timeout = 5000) => until(`the listener count (expected ${n})`, listeners, (now) => now === n, { timeout });

async function play(t: TestPage) {
  await t.page.click(PLAY);
  await waitForTime(t.page, EL, 0.5);
  await waitForState(t.page, EL, 'playing');
}

describe('<stream-player> in Chromium', () => {
  test('stopServer turns it Offline (stopping playback), startServer brings the sound back by itself', async () => {
    const t = await openPlayer();
    await waitForState(t.page, EL, 'ready');
    await play(t);
    try {
      await env.owner('stopServer');
      await waitForState(t.page, EL, 'offline', 3000);
      expect(await partText(t, 'badge')).toBe('Offline');
      expect(await t.page.$eval(EL, (el) => (el as any).media.paused)).toBe(true);
      await waitForListeners(0);
      // The listener's wish is kept: Pause stays available to give it up.
      expect(await t.page.getAttribute(PLAY, 'aria-label')).toBe('Pause');
    } finally {
      await env.owner('startServer');
    }
    // Live again: the listener who had pressed Play hears it without pressing again.
    await waitForState(t.page, EL, 'playing', 10_000);
    expect(await partText(t, 'badge')).toBe('Live');
    await t.page.click(PLAY);
    await waitForListeners(0);
    // Offline with nobody listening: Play is disabled.
    try {
      await env.owner('stopServer');
      await waitForState(t.page, EL, 'offline', 3000);
      expect(await t.page.isDisabled(PLAY)).toBe(true);
    } finally {
      await env.owner('startServer');
    }
    await waitForState(t.page, EL, 'ready', 3000);
    expect(await t.page.isEnabled(PLAY)).toBe(true);
  });

  test('hostile metadata is shown as text: no element is created, no script runs', async () => {
    const t = await openPlayer();
    await waitForState(t.page, EL, 'ready');
    const title = '<img src=x onerror="window.__pwned=1">';
    const artist = '<script>window.__pwned2=1</script><b>bold</b>';
    await env.owner('setNowPlaying', { title, artist });
    await t.page.waitForFunction(
      ([sel, want]) => document.querySelector(sel!)?.shadowRoot?.querySelector('[part=title]')?.textContent?.trim() === want,
      [EL, title] as const,
      { timeout: 2000, polling: 20 },
    );
    expect(await partText(t, 'artist')).toBe(artist);
    // A second change pushes the hostile track into the history list as well (open: its rows are a chunk).
    await t.page.click(`${EL} [part=history] summary`);
    await env.owner('setNowPlaying', { title: 'Safe Song', artist: 'Nobody' });
    await t.page.waitForFunction(
      (sel) => document.querySelector(sel)?.shadowRoot?.querySelector('[part=history]')?.textContent?.includes('<img src=x'),
      EL,
      { timeout: 2000, polling: 20 },
    );
    const found = await t.page.$eval(EL, (el) => ({
      // The one picture is the channel's artwork (the track has none); the title made none.
      imgs: [...el.shadowRoot!.querySelectorAll('img'), ...document.querySelectorAll('img')].map(
        (i) => `${i.getAttribute('part')} ${new URL(i.src).pathname}`,
      ),
      scripts: el.shadowRoot!.querySelectorAll('script, b').length,
      pwned: (window as any).__pwned ?? (window as any).__pwned2 ?? null,
    }));
    expect(found).toEqual({ imgs: ['artwork /media/art/channel-320.png'], scripts: 0, pwned: null });
    // `src=x` would resolve against the page: it was never requested.
    expect(env.pages.requests).not.toContain('/x');
    expect(t.requests.filter((u) => new URL(u).pathname === '/x')).toEqual([]);
  });

  test('works under a strict Content-Security-Policy: no violation, and it plays', async () => {
    const m = env.mock;
    const csp = `default-src 'none'; script-src ${m}; connect-src ${m}; media-src ${m}; img-src ${m} data:; style-src 'self'`;
    const t = await env.open(embedPage(m, player), {
      csp,
      before: (page) =>
        page.addInitScript(() => {
          const w = window as unknown as { violations: string[] };
          w.violations = [];
          document.addEventListener(
            'securitypolicyviolation',
            (e) => w.violations.push(`${e.violatedDirective} blocked ${e.blockedURI || '(inline)'} ${e.sample}`),
            true,
          );
        }),
    });
    const res = t.responses.find((r) => r.url === t.page.url());
    expect(res?.status).toBe(200);
    await waitForState(t.page, EL, 'ready');
    await play(t);
    // The styles arrived (constructable stylesheets are not style-src): the play button is a round accent button.
    const radius = await t.page.$eval(PLAY, (b) => getComputedStyle(b).borderRadius);
    expect(radius).not.toBe('0px');
    await t.page.click(PLAY);
    await waitForState(t.page, EL, 'ready');
    expect(await t.page.evaluate(() => (window as unknown as { violations: string[] }).violations)).toEqual([]);
    expect(t.problems).toEqual([]);
  });

  test('the script included twice (and a per-widget entry) is harmless: one definition, no error', async () => {
    const m = env.mock;
    const t = await env.open(
      embedPage(m, `${player}<stream-player public-token="${PUBLIC}"></stream-player>`, {
        head: `<script type="module" src="${m}/castlet.js"></script>
<script type="module" src="${m}/castlet.js?copy=2"></script>
<script type="module" src="${m}/stream-player.js"></script>`,
      }),
    );
    await waitForState(t.page, `${EL}:nth-of-type(1)`, 'ready');
    await waitForState(t.page, `${EL}:nth-of-type(2)`, 'ready');
    // The second copies really ran (so the define guard was exercised) …
    for (const path of ['/castlet.js?copy=2', '/stream-player.js']) {
      expect(t.responses.find((r) => r.url === m + path)?.status, path).toBe(200);
    }
    // … and left the first definition alone.
    const check = await t.page.evaluate(() => {
      const ctor = customElements.get('stream-player');
      const els = [...document.querySelectorAll('stream-player')];
      return {
        defined: !!ctor && !!customElements.get('podcast-player'),
        sameCtor: els.every((e) => e.constructor === ctor),
        bases: els.map((e) => e.shadowRoot?.querySelectorAll('[part=base]').length),
      };
    });
    expect(check).toEqual({ defined: true, sameCtor: true, bases: [1, 1] });
    // Two widgets with one token share one event stream.
    expect(t.requests.filter((u) => u.startsWith(`${m}/public/stream/events`))).toHaveLength(1);
    expect(t.problems).toEqual([]);
  });

  test('axe-core finds no accessibility violations (light and dark)', async () => {
    // A well-formed host page (main landmark, h1), so what axe reports is the widget's.
    const t = await openPlayer(`<main><h1>Our radio</h1>${player}</main>`);
    await waitForState(t.page, EL, 'ready');
    // Open the recent tracks so axe sees them too.
    await t.page.click(`${EL} [part=history] summary`);
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part~=history] li'), EL);
    for (const colorScheme of ['light', 'dark'] as const) {
      await t.page.emulateMedia({ colorScheme });
      const violations = await axeViolations(t.page);
      if (violations.length) console.log(`axe (${colorScheme}):\n${describeViolations(violations)}`);
      expect(violations, `${colorScheme}: ${describeViolations(violations)}`).toEqual([]);
    }
  });
});
