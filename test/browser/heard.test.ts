/**
 * Now playing as heard (issue 21) on the built-in stream, in Chromium, Firefox ESR and
 * WebKitGTK. The built-in stream sends a new listener a 64 KiB burst of past audio (16.4 s at
 * 32 kbit/s, as Icecast does by default), so a song reaches the listener's ears that long after
 * the service announces it. The live loop here is four "songs" of one tone each, alternating
 * 500 Hz and 2000 Hz (test/support/heard.ts): the title, the live region, the lock-screen
 * title and the recent tracks must change within 1 s of the song's audio; paused, they show
 * the newest at once. (The same against a real Icecast: test/icecast/heard.test.ts.)
 *
 * `ENGINES=firefox npx vitest run --project heard test/browser/heard.test.ts` runs one engine.
 */
import { afterAll, describe, expect, test } from 'vitest';
import { selectedEngines, withEngine } from '../support/browser.ts';
import { describeHeard, expectHeard, listenAcrossSongs } from '../support/heard.ts';
import { toneCatalog, type ToneSong } from '../support/tones.ts';

const SONGS: ToneSong[] = ['One', 'Two', 'Three', 'Four'].map((title, i) => ({ title, artist: 'Tones', tone: i % 2 ? 'high' : 'low', seconds: 10 }));

const results: string[] = [];
afterAll(() => results.forEach((r) => console.log(`[heard] built-in stream, ${r}`)));

// The three engines at once, each with its own mock and live loop (and, for Firefox and WebKit, its
// own PulseAudio): the test waits on audio played in real time, so one after the other took 115 s.
describe.concurrent.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'now playing as heard', () => {
    const env = withEngine(name, { catalog: toneCatalog(SONGS), followLiveLoop: true });

    test('title, live region, lock screen and recent tracks change when the song is heard; paused, at once', { timeout: 90_000 }, async () => {
      const heard = await listenAcrossSongs(env, SONGS);
      results.push(describeHeard(heard));
      // 64 KiB of whole frames (16.38 s) and half a 250 ms tick.
      expect(heard.delay).toBeCloseTo(16.5, 1);
      expectHeard(heard);
    });
  });
});
