/**
 * <podcast-player>'s on-demand parts in real Chromium against the real mock: what is loaded
 * when (the request log), the transcript following real playback inside its panel, a share
 * link through the real clipboard.
 */
import { beforeAll, describe, expect, test, vi } from 'vitest';
import type { Episode } from '../../src/api/types.ts';
import { bothPlayers, openBoth, openPanel, waitForState, withBrowser, type TestPage } from '../support/browser.ts';

const env = withBrowser({ context: { permissions: ['clipboard-read', 'clipboard-write'] } });
const POD = 'podcast-player';
const LIVE = 'stream-player';

let episodes: Episode[];
beforeAll(async () => {
  episodes = (await env.publicGet('podcasts')).episodes;
});

/** The chunk files the page asked for, in order. */
const chunks = (t: TestPage) => t.requests.map((u) => new URL(u).pathname).filter((p) => p.startsWith('/chunks/'));
const vtts = (t: TestPage) => t.requests.filter((u) => u.endsWith('.vtt'));

describe('what loads when', () => {
  test('on opening: castlet.js, the playback engine and the list rows only; each other part when first used', async () => {
    const t = await openBoth(env);
    // The engine, its machine and its media adapter: asked for as soon as a player is on the page, once for all of them.
    // The live items and highlights' chunk: with the data, as the demo show's newest episode has highlights.
    // The answers' validators: beside the data. Cast and AirPlay: Chromium has the Remote Playback API (no device here: no button).
    // A live stream shown: what its press needs (now playing as heard, the lock screen), so that the press fetches nothing.
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=highlights]'), POD);
    await expect
      .poll(() => chunks(t).sort())
      .toEqual([
        '/chunks/engine.js',
        '/chunks/heard.js',
        '/chunks/lists.js',
        '/chunks/machine.js',
        '/chunks/media-adapter.js',
        '/chunks/media-session.js',
        '/chunks/podcasting2.js',
        '/chunks/remote.js',
        '/chunks/validate.js',
      ]);
    expect(vtts(t)).toEqual([]);

    await openPanel(t, POD, 'transcript');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue]'), POD);
    // (Opening it put focus in the player: the keyboard shortcuts' chunk came too, with the podcast player's keys.)
    expect(chunks(t).sort()).toEqual([
      '/chunks/engine.js',
      '/chunks/heard.js',
      '/chunks/hotkeys.js',
      '/chunks/lists.js',
      '/chunks/machine.js',
      '/chunks/media-adapter.js',
      '/chunks/media-session.js',
      '/chunks/podcast-kind.js',
      '/chunks/podcasting2.js',
      '/chunks/remote.js',
      '/chunks/transcript.js',
      '/chunks/validate.js',
    ]);
    expect(vtts(t)).toEqual([episodes[0]!.transcript_url]);

    await openPanel(t, LIVE, 'history');
    await openPanel(t, POD, 'subscribe');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=subscribe] a'), POD);
    await t.page.$eval(POD, (el) => el.setAttribute('lang', 'ar'));
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=base][dir=rtl]'), POD);
    expect(chunks(t).sort()).toEqual([
      '/chunks/ar.js',
      '/chunks/engine.js',
      '/chunks/heard.js',
      '/chunks/history.js',
      '/chunks/hotkeys.js',
      '/chunks/lists.js',
      '/chunks/machine.js',
      '/chunks/media-adapter.js',
      '/chunks/media-session.js',
      '/chunks/podcast-kind.js',
      '/chunks/podcasting2.js',
      '/chunks/remote.js',
      '/chunks/sharing.js',
      '/chunks/stream-kind.js',
      '/chunks/transcript.js',
      '/chunks/validate.js',
    ]);
    // Each part once, whatever the number of players or renders.
    expect(new Set(chunks(t)).size).toBe(chunks(t).length);
    expect(t.problems).toEqual([]);
  });
});

describe('transcript', () => {
  test('the current cue follows real playback inside the panel: the page does not scroll and focus stays on Play', async () => {
    // A page taller than the window, scrolled so that the player is in view.
    const t = await openBoth(env, `<div style="height:1200px"></div>${bothPlayers()}<div style="height:1200px"></div>`);
    await openPanel(t, POD, 'transcript');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue]'), POD);
    // Start a few cues in, so that the panel has to scroll to show the current one.
    await t.page.$eval(POD, (el) => (el as HTMLElement & { seek(t: number): void }).seek(40));
    await t.page.$eval(POD, (el) => el.scrollIntoView({ block: 'start' }));
    const scrolled: number = await t.page.evaluate(() => window.scrollY);
    await t.page.click(`${POD} >> button[part=play]`);
    const state = () =>
      t.page.$eval(POD, (el) => {
        const root = el.shadowRoot!;
        const list = root.querySelector<HTMLElement>('[part=transcript] ol')!;
        const cues = [...root.querySelectorAll<HTMLElement>('[part=cue]')];
        const now = cues.findIndex((c) => c.getAttribute('aria-current') === 'true');
        const box = list.getBoundingClientRect();
        const cue = cues[now]?.getBoundingClientRect();
        return {
          now,
          visible: !!cue && cue.top >= box.top - 1 && cue.bottom <= box.bottom + 1,
          panelScrolled: list.scrollTop > 0,
          focus: root.activeElement?.getAttribute('part') ?? null,
          t: (el as HTMLElement & { media: HTMLMediaElement }).media.currentTime,
        };
      });
    const first = await state();
    expect(first.now).toBeGreaterThan(3);
    const later = await vi.waitFor(
      async () => {
        const now = await state();
        expect(now.now, `the current cue moved on (t = ${now.t.toFixed(1)} s)`).toBeGreaterThan(first.now);
        return now;
      },
      { timeout: 20_000, interval: 250 },
    );
    expect(later).toMatchObject({ visible: true, panelScrolled: true, focus: 'play' });
    expect(await t.page.evaluate(() => window.scrollY)).toBe(scrolled);
    // A click on a cue plays from its start.
    const cue = await t.page.$eval(POD, (el) => {
      const b = el.shadowRoot!.querySelectorAll<HTMLElement>('[part=cue]')[2]!;
      b.click();
      return (el as HTMLElement & { media: HTMLMediaElement }).media.currentTime;
    });
    const start = await t.page.$eval(POD, async (el) => {
      const src = (el as HTMLElement & { current: { transcript_url: string } }).current.transcript_url;
      const text = await (await fetch(src)).text();
      const m = [...text.matchAll(/(\d\d):(\d\d)\.(\d\d\d) -->/g)][2]!;
      return Number(m[1]) * 60 + Number(m[2]) + Number(m[3]) / 1000;
    });
    expect(cue).toBeCloseTo(start, 1);
    await t.page.waitForFunction(
      ([sel, from]) => {
        const m = (document.querySelector(sel!) as HTMLElement & { media: HTMLMediaElement }).media;
        return !m.paused && m.currentTime > Number(from) + 0.3;
      },
      [POD, String(start)],
    );
    await t.page.click(`${POD} >> button[part=play]`);
  });
});

describe('share a moment', () => {
  test('Share copies a link to this moment; opened in a fresh page it shows that episode there, ready to play', async () => {
    const t = await openBoth(env, bothPlayers(), '/show.html');
    const ep = episodes[1]!;
    await t.page.click(`${POD} >> [part=episode] >> nth=1`);
    await t.page.waitForFunction((sel) => !(document.querySelector(sel) as HTMLMediaElement & { media: HTMLMediaElement }).media.paused, POD);
    await t.page.click(`${POD} >> button[part=play]`);
    await t.page.$eval(POD, (el) => (el as HTMLElement & { seek(t: number): void }).seek(33.6));
    await t.page.click(`${POD} >> button[part=share]`);
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.textContent!.includes('Link copied'), POD);
    const link = await t.page.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(`${env.pages.origin}/show.html#castlet-episode=${encodeURIComponent(ep.id)}&castlet-t=33`);

    const fresh = await env.visit(link);
    await waitForState(fresh.page, POD, 'ready');
    const shown = await fresh.page.$eval(POD, (el) => {
      const p = el as HTMLElement & { current?: { id: string }; position: number; media: HTMLMediaElement };
      return {
        id: p.current?.id,
        position: p.position,
        src: p.media.getAttribute('src'),
        seek: p.shadowRoot!.querySelector<HTMLInputElement>('[part=seek]')!.value,
      };
    });
    expect(shown).toEqual({ id: ep.id, position: 33, src: null, seek: '33' });
  });
});
