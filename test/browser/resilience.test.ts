/**
 * Bad networks in real Chromium: the service goes away while the stream plays and comes
 * back on the same address; the widget says "Reconnecting…", retries with backoff (no
 * storm) and plays again without a reload. Plus the lock-screen (Media Session) metadata.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServer, type RunningServer } from '../../demo/server/serve.ts';
import { PUBLIC, embedPage, waitForState, waitForTime, withBrowser } from '../support/browser.ts';

const env = withBrowser();
const EL = 'stream-player';

/** A second mock whose address survives a restart (the shared one must stay up for other files). */
let own: RunningServer;
let port = 0;
const start = async () => (own = await startServer({ port, host: '127.0.0.1', coalesceMs: 20, log: () => {} }));
beforeAll(async () => {
  await start();
  port = own.port;
});
afterAll(() => own?.close());

describe('<stream-player> on a bad network', () => {
  test('the service restarts while the stream plays: Retrying…, then playing again, without a storm', { timeout: 60_000 }, async () => {
    const t = await env.open(embedPage(own.url, `<stream-player public-token="${PUBLIC}"></stream-player>`));
    await waitForState(t.page, EL, 'ready');
    await t.page.click(`${EL} button[part=play]`);
    await waitForTime(t.page, EL, 0.5);

    await own.close();
    const sent = t.requests.length;
    const down = Date.now();
    // The event stream drops at once: the widget stops the media element's own rapid retries
    // and waits for the service with capped backoff.
    await t.page.waitForFunction(
      (sel) =>
        (document.querySelector(sel) as HTMLElement & { state: string }).state === 'buffering' &&
        /^Cannot reach the service\. Retrying…$/.test(
          document.querySelector(sel)!.shadowRoot!.querySelector('[part~=message]')?.textContent?.trim() ?? '',
        ),
      EL,
      { timeout: 5_000 },
    );
    await t.page.waitForTimeout(Math.max(0, 3000 - (Date.now() - down)));
    await start();
    const up = Date.now();
    // Retries are spaced by capped backoff: a handful while down, not a loop.
    const tries = t.requests.slice(sent).filter((u) => /\/(listen|public)\//.test(u)).length;
    expect(tries, `${tries} requests in ${Math.round((up - down) / 1000)} s down`).toBeLessThanOrEqual(8);
    await waitForState(t.page, EL, 'playing', 20_000);
    const before = await t.page.$eval(EL, (el) => (el as any).media.currentTime as number);
    await waitForTime(t.page, EL, before + 0.5);
    console.log(
      `[resilience] down ${((up - down) / 1000).toFixed(1)} s, ${tries} requests meanwhile, playing again ${((Date.now() - up) / 1000).toFixed(1)} s after the restart`,
    );
    expect(await t.page.$eval(EL, (el) => el.shadowRoot!.querySelector('[part~=message]'))).toBeNull();
  });

  test('Media Session shows what is on air while it plays', async () => {
    const t = await env.open(embedPage(env.mock, `<stream-player public-token="${PUBLIC}"></stream-player>`));
    await waitForState(t.page, EL, 'ready');
    await t.page.click(`${EL} button[part=play]`);
    await waitForState(t.page, EL, 'playing');
    // (The lock-screen code is a chunk, loaded at the first Play: the metadata follows the state.)
    await t.page.waitForFunction(() => navigator.mediaSession.metadata !== null, undefined, { timeout: 5000 });
    const info = await env.publicGet('stream');
    // The lock screen names the track being heard, as the card does (now playing as heard: the
    // stream starts `stream_delay` seconds behind the live edge, so that may be an earlier one).
    // (Read together, once they agree: the card and the lock screen follow the same heard track, the
    // lock screen a moment later when that track changes just now.)
    const { shown, meta } = await t.page
      .waitForFunction(
        (sel) => {
          const root = document.querySelector(sel)!.shadowRoot!;
          const shown = {
            title: root.querySelector('[part~=title]')!.textContent!.trim(),
            artist: root.querySelector('[part~=artist]')!.textContent!.trim(),
          };
          const m = navigator.mediaSession.metadata;
          const meta = m && { title: m.title, artist: m.artist, album: m.album };
          return meta?.title === shown.title && { shown, meta };
        },
        EL,
        { timeout: 3000 },
      )
      .then((h) => h.jsonValue() as Promise<{ shown: { title: string; artist: string }; meta: Record<string, string> }>);
    expect(meta).toEqual({ ...shown, album: info.channel.name });
    expect([info.now_playing.title, ...info.history.map((h: { title: string }) => h.title)]).toContain(shown.title);
    // A new track reaches the lock screen when it reaches the ears: after the stream's delay.
    await env.owner('setNowPlaying', { title: 'Lock Screen Song', artist: 'Media Session' });
    await t.page.waitForFunction(() => navigator.mediaSession.metadata?.title === 'Lock Screen Song', undefined, {
      timeout: (info.stream_delay + 5) * 1000,
    });
    // A player that leaves the page gives the system controls back.
    await t.page.$eval(EL, (el) => el.remove());
    await t.page.waitForFunction(() => navigator.mediaSession.metadata === null, undefined, { timeout: 2000 });
  });
});
