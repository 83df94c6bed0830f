/**
 * <podcast-player> in real Chromium against the real mock, on a page of another origin with
 * only the script tag and the element. Every check reads the real media element.
 * The flows every engine runs (seek, chapters, speed, resume, Tab order) are in flows.test.ts.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC, axeViolations, describeViolations, embedPage, waitForState, waitForTime, withBrowser, type TestPage } from '../support/browser.ts';
import type { Episode } from '../../src/api/types.ts';
import { readPlayer } from '../support/players.ts';

const env = withBrowser();
const EL = 'podcast-player';
const PLAY = `${EL} button[part=play]`;
const SEEK = `${EL} input[part=seek]`;

const player = `<podcast-player public-token="${PUBLIC}"></podcast-player>`;
const openPlayer = (body = player) => env.open(embedPage(env.mock, body));

let episode: Episode;
beforeAll(async () => {
  episode = (await env.publicGet('podcasts')).episodes[0];
  expect(episode.chapters.length).toBeGreaterThanOrEqual(3);
});

/** The media element and the slider, once Lit has rendered. */
const read = (t: TestPage) => t.page.evaluate(readPlayer, [EL] as [string]);

/** The episode audio the page fetched (artwork is under /media/art/ and is no audio). */
/** The episode files' responses (MP3 or Opus). */
const mediaResponses = (t: TestPage) => t.responses.filter((r) => /^\/media\/[^/]+\.(mp3|opus)$/.test(new URL(r.url).pathname));

async function openReady() {
  const t = await openPlayer();
  await waitForState(t.page, EL, 'ready');
  return t;
}

/** Plays to past half a second, then pauses: the media is loaded and holds still. */
async function playThenPause(t: TestPage) {
  await t.page.click(PLAY);
  await waitForTime(t.page, EL, 0.5);
  await waitForState(t.page, EL, 'playing');
  await t.page.click(PLAY);
  await waitForState(t.page, EL, 'ready');
}

describe('<podcast-player> in Chromium', () => {
  test('plays the newest episode; no audio before Play; the audio comes by Range requests (206)', async () => {
    const t = await openReady();
    expect(await t.page.$eval(EL, (el) => el.shadowRoot!.querySelector('[part=title]')!.textContent)).toBe(episode.title);
    expect(await t.page.getAttribute(PLAY, 'aria-label')).toBe('Play');
    await t.page.waitForTimeout(300);
    expect(mediaResponses(t)).toEqual([]);
    expect(env.logs.filter((l) => / \/media\/[^/ ]+\.(mp3|opus)/.test(l))).toEqual([]);

    await t.page.click(PLAY);
    await waitForTime(t.page, EL, 0.5);
    await waitForState(t.page, EL, 'playing');
    expect(await t.page.getAttribute(PLAY, 'aria-label')).toBe('Pause');
    const media = mediaResponses(t);
    expect(media.length).toBeGreaterThan(0);
    for (const r of media) {
      // The first of the episode's files Chromium can play: its Opus file (docs/live-and-clips.md).
      expect(r.url).toBe(episode.audio![0]!.url);
      expect(r.range, 'Chromium asks for a byte range').toMatch(/^bytes=\d+-\d*$/);
      expect(r.status, `${r.range} → ${r.status}`).toBe(206);
    }
    expect(t.problems).toEqual([]);
  });

  test('the Seek slider works by keyboard: arrows ±5 s, Page keys ±30 s, Home/End; aria-valuetext follows', async () => {
    const t = await openReady();
    await playThenPause(t);
    await t.page.focus(SEEK);
    const total = (await read(t)).valuetext!.split(' of ')[1];
    expect(total).toMatch(/^2 minutes \d+ seconds?$/);

    const press = async (key: string) => {
      await t.page.keyboard.press(key);
      return read(t);
    };
    let r = await press('Home');
    expect(r.t).toBe(0);
    expect(r.valuetext).toBe(`0 seconds of ${total}`);
    r = await press('ArrowRight');
    expect(r.t).toBeCloseTo(5, 1);
    expect(r.seekValue).toBe(5);
    expect(r.valuetext).toBe(`5 seconds of ${total}`);
    r = await press('ArrowUp');
    expect(r.t).toBeCloseTo(10, 1);
    r = await press('PageUp');
    expect(r.t).toBeCloseTo(40, 1);
    r = await press('PageUp');
    expect(r.t).toBeCloseTo(70, 1);
    expect(r.valuetext).toBe(`1 minute 10 seconds of ${total}`);
    r = await press('ArrowLeft');
    expect(r.t).toBeCloseTo(65, 1);
    r = await press('PageDown');
    expect(r.t).toBeCloseTo(35, 1);
    expect(r.valuetext).toBe(`35 seconds of ${total}`);
    r = await press('End');
    expect(r.t).toBeGreaterThan(episode.duration - 1.5);
    r = await press('Home');
    expect(r.t).toBe(0);
    // The slider keeps focus and nothing started playing.
    expect(await t.page.$eval(EL, (el) => el.shadowRoot!.activeElement?.getAttribute('part'))).toBe('seek');
    expect(r.paused).toBe(true);
  });

  test('Back 15 seconds and Forward 30 seconds move the real playback position', async () => {
    const t = await openReady();
    await playThenPause(t);
    const start = (await read(t)).t;
    await t.page.click(`${EL} button[aria-label="Forward 30 seconds"]`);
    expect((await read(t)).t).toBeCloseTo(start + 30, 0);
    await t.page.click(`${EL} button[aria-label="Forward 30 seconds"]`);
    expect((await read(t)).t).toBeCloseTo(start + 60, 0);
    await t.page.click(`${EL} button[aria-label="Back 15 seconds"]`);
    expect((await read(t)).t).toBeCloseTo(start + 45, 0);
    // Never before the start.
    for (let i = 0; i < 4; i++) await t.page.click(`${EL} button[aria-label="Back 15 seconds"]`);
    expect((await read(t)).t).toBe(0);
    // And while playing it keeps playing from there.
    await t.page.click(PLAY);
    await t.page.click(`${EL} button[aria-label="Forward 30 seconds"]`);
    await waitForTime(t.page, EL, 30.3);
    await waitForState(t.page, EL, 'playing');
  });

  test('only one castlet player plays at a time on a page', async () => {
    const t = await openPlayer(`<stream-player public-token="${PUBLIC}"></stream-player>${player}`);
    await waitForState(t.page, 'stream-player', 'ready');
    await waitForState(t.page, EL, 'ready');
    await t.page.click('stream-player button[part=play]');
    await waitForTime(t.page, 'stream-player', 0.3);
    await t.page.click(PLAY);
    await waitForTime(t.page, EL, 0.3);
    await waitForState(t.page, 'stream-player', 'ready');
    expect(await t.page.$eval('stream-player', (el) => (el as any).media.paused)).toBe(true);
    await waitForState(t.page, EL, 'playing');
  });

  test('axe-core finds no accessibility violations (light and dark)', async () => {
    const t = await openPlayer(`<main><h1>Our podcast</h1>${player}</main>`);
    await waitForState(t.page, EL, 'ready');
    for (const colorScheme of ['light', 'dark'] as const) {
      await t.page.emulateMedia({ colorScheme });
      const violations = await axeViolations(t.page);
      if (violations.length) console.log(`axe (${colorScheme}):\n${describeViolations(violations)}`);
      expect(violations, `${colorScheme}: ${describeViolations(violations)}`).toEqual([]);
    }
  });

  test('in a 320 px container every control is visible and nothing overflows sideways', async () => {
    // As on a phone: a 320 px grid cell (a grid item's min-content can widen its track).
    const t =
      await openPlayer(`<style>.narrow { width: 320px; margin: 8px; display: grid; grid-template-columns: minmax(300px, 1fr); } figure { margin: 0; }</style>
<div class="narrow"><figure><podcast-player public-token="${PUBLIC}"></podcast-player></figure></div>
<div class="narrow"><figure><stream-player public-token="${PUBLIC}"></stream-player></figure></div>`);
    await waitForState(t.page, EL, 'ready');
    await waitForState(t.page, 'stream-player', 'ready');
    for (const tag of [EL, 'stream-player']) {
      const layout = await t.page.$eval(tag, (el) => {
        const base = el.shadowRoot!.querySelector<HTMLElement>('[part~=base]')!;
        const box = base.getBoundingClientRect();
        const controls = [...el.shadowRoot!.querySelectorAll<HTMLElement>('button, input, select, a')].map((c) => {
          const r = c.getBoundingClientRect();
          const name = c.getAttribute('aria-label') ?? c.getAttribute('part') ?? c.textContent!.trim().slice(0, 20);
          const inside = r.width > 0 && r.height > 0 && r.left >= box.left - 0.5 && r.right <= box.right + 0.5;
          return inside ? null : `${name}: ${Math.round(r.left)}–${Math.round(r.right)} (card ${Math.round(box.left)}–${Math.round(box.right)})`;
        });
        return {
          hostWidth: el.getBoundingClientRect().width,
          scrollWidth: base.scrollWidth,
          clientWidth: base.clientWidth,
          outside: controls.filter(Boolean),
        };
      });
      expect(layout.hostWidth, tag).toBe(320);
      expect(layout.scrollWidth, `${tag} overflows`).toBeLessThanOrEqual(layout.clientWidth);
      expect(layout.outside, `${tag} controls outside the card`).toEqual([]);
    }
  });
});
