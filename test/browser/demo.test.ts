/**
 * The demo page (index.html at `/`) in real Chromium against the real mock: the owner
 * console with both carriers, the snippet it gives working on another origin, and
 * resetTokens seen by the widgets without a storm. (Both widgets under the page's strict CSP
 * are a flow of flows.test.ts, in every engine.)
 */
import { describe, expect, test } from 'vitest';
import { PRIVATE, PUBLIC, axeViolations, describeViolations, waitForState, withBrowser, type TestPage } from '../support/browser.ts';

const env = withBrowser({ context: { viewport: { width: 1100, height: 900 } } });
const STREAM = '#widgets stream-player';
const PODCAST = '#widgets podcast-player';

const text = (t: TestPage, sel: string) => t.page.$eval(sel, (el) => el.textContent ?? '');
const shadowText = (t: TestPage, sel: string, inner: string) =>
  t.page.$eval(sel, (el, i) => el.shadowRoot!.querySelector(i)?.textContent?.trim() ?? '', inner);

async function openDemo() {
  const t = await env.visit(`${env.mock}/`);
  await waitForState(t.page, STREAM, 'ready');
  await waitForState(t.page, PODCAST, 'ready');
  return t;
}

/** Pastes the private token, picks the carrier and presses Check token. */
async function checkToken(t: TestPage, carrier: 'header' | 'query', token = PRIVATE) {
  await t.page.fill('#check [name=token]', token);
  await t.page.check(`#check [name=carrier][value=${carrier}]`);
  await t.page.click('#check button[type=submit]');
  await t.page.waitForFunction(() => document.querySelector('#response')!.textContent !== '—');
}

describe('the demo page', () => {
  test('on a phone (360 px) the widgets keep inside their cards and the page does not scroll sideways', async () => {
    // Tall enough that every row is on screen (content-visibility skips the others' layout).
    const context = await env.browser.newContext({ viewport: { width: 360, height: 1400 } });
    try {
      const page = await context.newPage();
      await page.goto(`${env.mock}/`);
      await waitForState(page, STREAM, 'ready');
      await waitForState(page, PODCAST, 'ready');
      const overflow = await page.evaluate(() =>
        [...document.querySelectorAll('#widgets stream-player, #widgets podcast-player')].flatMap((el) => {
          const base = el.shadowRoot!.querySelector('[part~=base]')!;
          const card = base.getBoundingClientRect();
          return [...base.querySelectorAll('*')]
            .filter((c) => {
              // What the credits' line scrolls sideways, and the end of a long Support text, are clipped
              // by their boxes (checked themselves).
              if (c.parentElement?.closest('[part~=credits] ul, [part~=support]')) return false;
              const r = c.getBoundingClientRect();
              return r.width > 0 && (r.right > card.right + 0.5 || r.left < card.left - 0.5);
            })
            .map((c) => `${el.localName} ${c.localName}.${c.getAttribute('part') ?? c.className}`);
        }),
      );
      expect(overflow).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      await context.close();
    }
  });

  test('axe-core finds no violations on the page, widgets included', async () => {
    // axe is injected as an inline script: only this test's context may bypass the page's CSP.
    const context = await env.browser.newContext({ bypassCSP: true, viewport: { width: 1100, height: 900 } });
    try {
      const page = await context.newPage();
      await page.goto(`${env.mock}/`);
      await waitForState(page, STREAM, 'ready');
      await waitForState(page, PODCAST, 'ready');
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const violations = await axeViolations(page);
        expect(violations, `${scheme}: ${describeViolations(violations)}`).toEqual([]);
      }
    } finally {
      await context.close();
    }
  });
});

describe('the owner console', () => {
  test.each(['header', 'query'] as const)('checks the token sent as %s, showing the raw exchange with the token masked', async (carrier) => {
    const t = await openDemo();
    await checkToken(t, carrier);
    const request = await text(t, '#request');
    if (carrier === 'header') expect(request).toMatch(/^GET \/private\/checkToken\nAccept: application\/json\nAuthorization: Bearer 6b1f3c2e…$/);
    else expect(request).toMatch(/^GET \/private\/checkToken\?token=6b1f3c2e…\n/);
    expect(await text(t, '#response')).toMatch(/^HTTP 200 OK\ncontent-type: application\/json; charset=utf-8\ncache-control: no-store/);
    expect(await text(t, '#public-token')).toBe(PUBLIC);
    const snippet = await text(t, '#snippet');
    // The versioned, immutable URL with the bundle's SRI hash (dist/sri.json).
    expect(snippet).toMatch(
      new RegExp(
        `^<script type="module" src="${env.mock}/castlet@[\\w.-]+/castlet\\.js" integrity="sha384-[\\w+/=]{64}" crossorigin="anonymous"></script>\n`,
      ),
    );
    expect(snippet).toContain(`<stream-player public-token="${PUBLIC}"></stream-player>`);
    // The private token is never written into the page, only kept for the tab's session.
    expect(await t.page.evaluate(() => document.body.innerText)).not.toContain(PRIVATE);
    expect(await t.page.evaluate(() => sessionStorage.getItem('castlet-demo-private-token'))).toBe(PRIVATE);
    expect(await t.page.evaluate(() => localStorage.length)).toBe(0);
  });

  test('says 401 for a wrong token and shows no account', async () => {
    const t = await openDemo();
    await checkToken(t, 'header', PUBLIC);
    expect(await text(t, '#response')).toMatch(/^HTTP 401 Unauthorized\n[^]*www-authenticate: Bearer realm="castlet", error="invalid_token"/);
    expect(await t.page.isHidden('#account')).toBe(true);
  });

  test('drives the service and the widgets react live', async () => {
    const t = await openDemo();
    await checkToken(t, 'header');
    await t.page.click('[data-call=stopServer]');
    await waitForState(t.page, STREAM, 'offline', 2000);
    await t.page.click('[data-call=startServer]');
    await waitForState(t.page, STREAM, 'ready', 2000);

    await t.page.fill('#now-playing [name=title]', 'Console Song');
    await t.page.fill('#now-playing [name=artist]', 'The Owners');
    await t.page.click('#now-playing button');
    await t.page.waitForFunction(
      (sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=title]')?.textContent === 'Console Song',
      STREAM,
      { timeout: 1000 },
    );

    await t.page.fill('#add-episode [name=title]', 'Added from the console');
    await t.page.click('#add-episode button');
    const newest = () => shadowText(t, PODCAST, '[part=title]');
    await expect.poll(newest, { timeout: 3000 }).toBe('Added from the console');
    await t.page.selectOption('#delete-episode select', { label: 'Added from the console' });
    await t.page.click('#delete-episode button');
    await expect.poll(newest, { timeout: 3000 }).not.toBe('Added from the console');
    expect(t.problems).toEqual([]);
  });

  test("edits an episode's transcript and chapters: a broken file gets the service's words, a good one reaches the player", async () => {
    const { id } = await env.owner('addPodcast', { title: 'Edited in the console', duration: 30 });
    try {
      const t = await openDemo();
      await checkToken(t, 'header');
      const status = () => text(t, '#edit-status');
      const save = (what: 'transcript' | 'chapters') => t.page.click(`#edit-episode button[value=${what}]`);
      await t.page.selectOption('#edit-episode select', id);
      await expect.poll(() => t.page.inputValue('#edit-episode [name=chapters]')).toBe('[]');
      expect(await t.page.inputValue('#edit-episode [name=transcript]')).toBe('');

      const broken = 'WEBVTT\n\n00:00.000 --> 00:02.000\nFine.\n\n00:02.5 --> 00:04.000\nBroken.\n';
      await t.page.setInputFiles('#edit-episode [name=transcript-file]', { name: 'broken.vtt', mimeType: 'text/vtt', buffer: Buffer.from(broken) });
      await expect.poll(() => t.page.inputValue('#edit-episode [name=transcript]')).toBe(broken);
      await save('transcript');
      await expect.poll(status).toMatch(/line 6: "00:02\.5 --> 00:04\.000" is not a valid cue timing/);
      expect(await t.page.$eval('#edit-status', (el) => el.classList.contains('error'))).toBe(true);

      await t.page.fill('#edit-episode [name=transcript]', 'WEBVTT\n\n00:00.000 --> 00:03.000\n<v Sam>Edited in the console.\n');
      await save('transcript');
      await expect.poll(status).toBe('Saved: "Edited in the console" has 0 chapters and a transcript.');
      await t.page.fill('#edit-episode [name=chapters]', '[{"start": 0, "title": "Opening"');
      await save('chapters');
      await expect.poll(status).toMatch(/chapters must be a JSON array/);
      await t.page.fill('#edit-episode [name=chapters]', '[{"start": 0, "title": "Opening"}, {"start": 12, "title": "Second thoughts"}]');
      await save('chapters');
      await expect.poll(status).toBe('Saved: "Edited in the console" has 2 chapters and a transcript.');
      // The player (this episode is the newest) gets it from the event stream.
      const chapterTitles = () =>
        t.page.$eval(PODCAST, (el) => [...el.shadowRoot!.querySelectorAll('[part=chapter] .clip')].map((c) => c.textContent));
      await expect.poll(chapterTitles, { timeout: 3000 }).toEqual(['Opening', 'Second thoughts']);
      expect((await env.publicGet('podcasts')).episodes[0].transcript_url).toMatch(/\.vtt$/);

      await t.page.click('#remove-transcript');
      await expect.poll(status).toBe('Saved: "Edited in the console" has 2 chapters and no transcript.');
      expect((await env.publicGet('podcasts')).episodes[0].transcript_url).toBeNull();
      // The two refusals are 400s, which the browser logs; nothing else went wrong.
      expect(t.problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
    } finally {
      await env.owner('deletePodcast', { id });
    }
  });

  test('gives a snippet that works pasted into a page of another origin', async () => {
    const t = await openDemo();
    await checkToken(t, 'query');
    const snippet = await text(t, '#snippet');
    const other = await env.open(`<!doctype html><html lang="en"><head><title>Owner site</title></head><body>${snippet}</body></html>`);
    expect(new URL(other.page.url()).origin).not.toBe(env.mock);
    await waitForState(other.page, 'stream-player', 'ready');
    await waitForState(other.page, 'podcast-player', 'ready');
    expect(other.problems).toEqual([]);
  });

  // Last: it changes the account's tokens for good.
  test('resetTokens: the old token’s widgets say "invalid token" without a request storm, then adopt the new one', async () => {
    const t = await openDemo();
    await checkToken(t, 'header');
    t.page.on('dialog', (d) => void d.accept());
    await t.page.click('[data-call=resetTokens]');
    await waitForState(t.page, STREAM, 'error', 3000);
    // Its words come from an on-demand chunk: they follow the state at once.
    await expect.poll(() => shadowText(t, STREAM, '[part~=message]'), { timeout: 3000 }).toMatch(/not valid/);
    // The podcast player learns it at once too: the reset ends its event stream.
    await waitForState(t.page, PODCAST, 'error', 3000);
    await expect.poll(() => shadowText(t, PODCAST, '[part~=message]'), { timeout: 3000 }).toMatch(/not valid/);
    // Each widget's feed tried its event stream again and one GET told it why (≤ 2 requests
    // each, already counted or still in flight); then silence: no retry of a dead token.
    const publicRequests = () => env.logs.filter((l) => / \/public\//.test(l)).length;
    const before = publicRequests();
    await t.page.waitForTimeout(3000);
    expect(publicRequests() - before).toBeLessThanOrEqual(4);
    const settled = publicRequests();
    await t.page.waitForTimeout(2000);
    expect(publicRequests()).toBe(settled);

    const fresh = await text(t, '#public-token');
    expect(fresh).not.toBe(PUBLIC);
    await t.page.click('#adopt');
    await waitForState(t.page, STREAM, 'ready', 3000);
    await waitForState(t.page, PODCAST, 'ready', 3000);
    expect(await t.page.$eval(STREAM, (el) => el.getAttribute('public-token'))).toBe(fresh);
  });
});
