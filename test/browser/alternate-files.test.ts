/**
 * The episode files of docs/design.md §1 in every engine (Chromium, Firefox ESR, WebKitGTK):
 * a plain <audio> plays the first file of an episode's `audio` the engine says it can play
 * (as the playback engine chooses: docs/playback.md), to the end's length and after a seek (a Range request), for a demo
 * episode (opusenc's file) and a generated one (the tone's packets repeated by the service).
 * `ENGINES=webkit npx vitest run --project browser test/browser/alternate-files.test.ts` runs one engine.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Episode } from '../../src/api/types.ts';
import { selectedEngines, withEngine, type EngineEnv } from '../support/browser.ts';

const PAGE = `<!doctype html><html lang="en"><title>files</title>
<button id="play" type="button">Play</button>
<audio id="a" preload="none"></audio>
<script>
  window.report = { errors: [] };
  const a = document.getElementById('a');
  a.addEventListener('error', () => window.report.errors.push(a.error && a.error.code));
  window.choose = (files) => {
    const answers = files.map((f) => a.canPlayType(f.type));
    const file = files.find((f, i) => answers[i] !== '') || files.find((f) => f.type === 'audio/mpeg');
    a.src = file.url;
    window.report.answers = answers;
    window.report.chosen = file.url;
  };
  document.getElementById('play').addEventListener('click', () => a.play().catch((e) => window.report.errors.push(String(e))));
</script></html>`;

describe.each(selectedEngines().map((e) => [e.name, e.skip] as const))('%s', (name, skip) => {
  describe.skipIf(!!skip)(skip ? `skipped: ${skip}` : 'episode files', () => {
    const env: EngineEnv = withEngine(name);
    let seeded: Episode;
    let generated: Episode;
    beforeAll(async () => {
      seeded = (await env.publicGet('podcasts')).episodes.find((e: Episode) => e.id === 'ep-1');
      generated = await env.owner('addPodcast', { title: 'Generated', duration: 30 });
    });

    test.each([
      ['a demo episode', () => seeded, 100],
      ['a generated episode', () => generated, 20],
    ] as const)('%s: the first file the engine can play plays, to its length, and after a seek', async (_what, episode, seekTo) => {
      const ep = episode();
      const p = await env.open(PAGE);
      await p.evaluate((files) => (window as any).choose(files), ep.audio!);
      await p.click('#play');
      await p.waitFor(() => ((document.getElementById('a') as HTMLAudioElement).currentTime > 0.5 ? true : null), null, {
        what: 'playing past 0.5 s',
        timeout: 15_000,
      });
      const shown = await p.evaluate(
        () => ({ duration: (document.getElementById('a') as HTMLAudioElement).duration, ...(window as any).report }),
        null,
      );
      console.log(`[files] ${name}: canPlayType ${JSON.stringify(shown.answers)} → ${shown.chosen.split('/').pop()}, duration ${shown.duration}`);
      expect(shown.errors).toEqual([]);
      // The Opus file where the engine says it can play it, else the MP3.
      expect(shown.chosen).toBe(shown.answers[0] !== '' ? ep.audio![0]!.url : ep.audio_url);
      expect(Math.abs(shown.duration - ep.duration)).toBeLessThan(0.2);
      await p.evaluate((t) => ((document.getElementById('a') as HTMLAudioElement).currentTime = t), seekTo);
      await p.waitFor((t) => ((document.getElementById('a') as HTMLAudioElement).currentTime > t + 0.3 ? true : null), seekTo, {
        what: `playing past ${seekTo + 0.3} s after the seek`,
        timeout: 15_000,
      });
    });
  });
});
