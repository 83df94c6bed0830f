/**
 * <podcast-player>'s Podcasting 2.0 flows in every engine (Chromium, Firefox ESR, WebKitGTK),
 * against the real mock and the real media element: the episode file the engine can play
 * (Opus where `canPlayType` says so, else the MP3), a soundbite that plays its range and pauses
 * at its end (from the Highlights list and from a clip link), and a live item that goes from
 * pending to live to ended while the page stays open (the owner's API), played as the channel's
 * stream without seek or speed.
 * `ENGINES=webkit npx vitest run --project browser test/browser/podcasting2.test.ts` runs one engine.
 */
import { afterEach, beforeAll, describe, expect, test } from 'vitest';
import type { Episode, LiveItem, PodcastFeed } from '../../src/api/types.ts';
import { PUBLIC, embedPage, selectedEngines, withEngine, type EngineEnv, type EnginePage } from '../support/browser.ts';
import { waitPlayer, type PlayerReading } from '../support/players.ts';

const PODCAST = 'podcast-player';
const TAG = `<podcast-player public-token="${PUBLIC}"></podcast-player>`;

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'Podcasting 2.0', () => {
    const env: EngineEnv = withEngine(name);
    let feed: PodcastFeed;
    const ep = (id: string) => feed.episodes.find((e) => e.id === id) as Episode;
    beforeAll(async () => void (feed = await env.publicGet('podcasts')));

    const wait = (p: EnginePage, what: string, ok: (w: PlayerReading) => boolean, timeout = 15_000) => waitPlayer(p, PODCAST, what, ok, timeout);
    const open = async (hash = '', head = '') => {
      const page = embedPage(env.mock, TAG, { head });
      const p = hash ? await env.visit(`${env.pages.add(page)}${hash}`) : await env.open(page);
      await wait(p, 'ready', (w) => w.state === 'ready');
      return p;
    };

    test('the episode plays its Opus file where the engine can play it, else its MP3', async () => {
      const p = await open();
      await p.click('podcast-player >>> button[part=play]');
      const w = await wait(p, 'playing past 0.5 s', (w) => w.state === 'playing' && w.t > 0.5);
      const newest = feed.episodes[0]!;
      const opus = newest.audio!.find((f) => f.type.startsWith('audio/ogg'))!.url;
      console.log(`[p20] ${name}: canPlayType(opus) = ${JSON.stringify(w.opus)} → played ${w.playing.split('/').pop()}`);
      expect(w.playing.replace(/#t=[\d.]+$/, '')).toBe(w.opus ? opus : newest.audio_url);
    });

    test('where the engine cannot play Opus (canPlayType says so), the MP3 plays', async () => {
      // As an engine without Opus answers: '' for Opus, its own answer for the rest.
      const head = `<script>{const own = HTMLMediaElement.prototype.canPlayType; HTMLMediaElement.prototype.canPlayType = function (t) { return /opus/i.test(t) ? '' : own.call(this, t); };}</script>`;
      const p = await open('', head);
      await p.click('podcast-player >>> button[part=play]');
      const w = await wait(p, 'playing past 0.5 s', (w) => w.state === 'playing' && w.t > 0.5);
      expect(w.opus).toBe('');
      expect(w.playing).toBe(feed.episodes[0]!.audio_url);
    });

    test('a highlight plays its range and pauses at its end (from the list)', async () => {
      const p = await open();
      await wait(p, 'the highlights', (w) => w.highlights.length === 2);
      // "Sleeping on the wing": 86.5 s, 9.5 s long; below the chapters in their box. Focused and
      // pressed with Enter (WebKitGTK's pointer, measured before its inner scroll settled, hit a chapter).
      await p.evaluate(
        () => (document.querySelector('podcast-player')!.shadowRoot!.querySelectorAll('[part=highlight]')[1] as HTMLButtonElement).focus(),
        null,
      );
      await p.press('Enter');
      const started = await wait(p, 'playing inside the clip', (w) => w.state === 'playing' && w.t > 86.6);
      expect(started.t).toBeLessThan(95);
      expect(started.highlights[1]).toMatch(/^true:Sleeping on the wing/);
      const end = await wait(p, 'paused at the clip’s end', (w) => w.paused && w.state === 'ready', 25_000);
      console.log(`[p20] ${name}: clip 86.5–96 paused at ${end.t.toFixed(2)} s`);
      expect(end.t).toBeGreaterThanOrEqual(95.9);
      expect(end.t).toBeLessThan(96.9);
    });

    test('a clip link opens ready to play that clip, and Play plays only it', async () => {
      const p = await open('#castlet-episode=ep-1&castlet-clip=69.1,8.3');
      const ready = await wait(p, 'the clip shown ready', (w) => w.title === ep('ep-1').title && w.highlights[0]?.startsWith('true:') === true);
      expect(ready.paused).toBe(true);
      await p.click('podcast-player >>> button[part=play]');
      const started = await wait(p, 'playing inside the clip', (w) => w.state === 'playing' && w.t > 69.2);
      expect(started.t).toBeLessThan(77);
      const end = await wait(p, 'paused at the clip’s end', (w) => w.paused && w.state === 'ready', 25_000);
      console.log(`[p20] ${name}: linked clip 69.1–77.4 paused at ${end.t.toFixed(2)} s`);
      expect(end.t).toBeGreaterThanOrEqual(77.3);
      expect(end.t).toBeLessThan(78.3);
    });

    describe('a live item', () => {
      let item: LiveItem | undefined;
      afterEach(async () => {
        if (item) await env.owner('deleteLiveItem', { id: item.id });
        item = undefined;
      });

      test('goes pending → live → ended while the page stays open; live, it plays the stream without seek or speed', async () => {
        item = (await env.owner('addLiveItem', { title: 'Evening show', start: new Date(Date.now() + 3600_000).toISOString() })) as LiveItem;
        const p = await open();
        const pending = await wait(p, 'the pending row', (w) => w.live?.status === 'pending');
        // An hour from now: its time, and its day before it once that is tomorrow (a run after 23:00).
        expect(pending.live!.text).toMatch(/^Evening show\s*Live at (\w{3}, \w{3} \d\d?, )?\d\d?:\d\d/);

        await env.owner('updateLiveItem', { id: item.id, status: 'live' });
        await wait(p, 'the live row', (w) => w.live?.status === 'live' && w.live.text.includes('Live now'));
        await p.click('podcast-player >>> button[part~=live-item]');
        const live = await wait(p, 'the stream playing', (w) => w.state === 'playing' && w.t > 0.5);
        expect(live.playing).toMatch(/\/listen\/[\w-]+\?t=\d+$/);
        expect(live.title).toBe('Evening show');
        expect([live.seekDisabled, live.speedDisabled]).toEqual([true, true]);
        await wait(p, 'the song heard', (w) => !!w.song);

        await env.owner('updateLiveItem', { id: item.id, status: 'ended' });
        const ended = await wait(p, 'the row gone and the stream stopped', (w) => w.live === null && w.paused && w.state === 'ready');
        expect(ended.title).toBe(feed.episodes[0]!.title);
        expect(ended.seekDisabled).toBe(false);
      });
    });
  });
});
