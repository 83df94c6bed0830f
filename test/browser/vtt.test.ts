/**
 * WebVTT as Chromium reads it: each file of test/fixtures/vtt (written the way real tools
 * write them) goes into a `<track>` — Chromium's own WebVTT parser — and through our parseVtt
 * in the same page; both must give the same cues: the same start and end, and per voice span
 * the same speaker and words. Then the real <podcast-player> panel (the built transcript
 * chunk) shows what the `<track>` reads, also under a CSP that requires Trusted Types.
 */
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { beforeAll, describe, expect, test } from 'vitest';
import { PUBLIC, embedPage, waitForState, withBrowser } from '../support/browser.ts';
import type { Page } from 'playwright-core';

const env = withBrowser();
const POD = 'podcast-player';
const FIXTURES = new URL('../fixtures/vtt/', import.meta.url);
const fixture = (name: string) => readFileSync(new URL(name, FIXTURES), 'utf8');
const NAMES = readdirSync(FIXTURES)
  .filter((name) => !name.startsWith('.'))
  .sort();

/** A 3-hour show: 3,600 cues of 3 s, a word only the last one says. */
const LONG =
  'WEBVTT\n\n' +
  Array.from({ length: 3600 }, (_, i) => {
    const at = (s: number) =>
      `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
    return `${i + 1}\n${at(i * 3)} --> ${at(i * 3 + 3)}\n<v ${i % 2 ? 'Ruth' : 'Sam'}>Part ${i + 1} of the long show${i === 3599 ? ', goodbye albatross' : ''}.`;
  }).join('\n\n');

/** src/api/vtt.ts as a classic script: the source under test, in the page. */
const PARSER = `window.vtt = {}; (function (exports) {${
  ts.transpileModule(readFileSync(new URL('../../src/api/vtt.ts', import.meta.url), 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  }).outputText
}})(window.vtt);`;

/** [start ms, end ms, speaker, words] for each voice piece, or null when the file failed (`error`). */
type Pieces = [number, number, string, string][] | null;

/**
 * What Chromium's `<track>` reads from `source`, as pieces: each text node of a cue's
 * getCueAsHTML() under its innermost voice (`<v>` becomes `<span title>`), adjacent ones of
 * one speaker joined, white space collapsed, blank ones left out.
 */
function chromium(page: Page, source: string): Promise<Pieces> {
  return page.evaluate(async (source) => {
    const track = document.createElement('track');
    track.kind = 'subtitles';
    track.src = URL.createObjectURL(new Blob([source], { type: 'text/vtt' }));
    document.querySelector('video')!.append(track);
    track.track.mode = 'hidden';
    const loaded = await new Promise<boolean>((resolve) => {
      track.onload = () => resolve(true);
      track.onerror = () => resolve(false);
    });
    const cues = [...(track.track.cues ?? [])] as VTTCue[];
    track.remove();
    if (!loaded) return cues.length ? [[0, 0, 'error with cues', '']] : null;
    return cues.flatMap((cue) => {
      const pieces: [number, number, string, string][] = [];
      const walk = document.createTreeWalker(cue.getCueAsHTML(), NodeFilter.SHOW_TEXT);
      for (let node = walk.nextNode(); node; node = walk.nextNode()) {
        const who = node.parentElement?.closest<HTMLElement>('span[title]')?.title ?? '';
        const last = pieces.at(-1);
        if (last?.[2] === who) last[3] += node.textContent;
        else pieces.push([Math.round(cue.startTime * 1000), Math.round(cue.endTime * 1000), who, node.textContent!]);
      }
      // (The spec collapses white space in a voice's name; Chromium keeps it as written in `title`.)
      const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();
      return pieces.map(([s, e, who, words]): [number, number, string, string] => [s, e, tidy(who), tidy(words)]).filter((p) => p[3]);
    });
  }, source);
}

/** What our parseVtt reads from `source` in the same page, as pieces (null when it finds no cue). */
function ours(page: Page, source: string): Promise<Pieces> {
  return page.evaluate((source) => {
    const cues = (window as unknown as { vtt: typeof import('../../src/api/vtt.ts') }).vtt.parseVtt(source);
    return cues.length
      ? cues.map((c): [number, number, string, string] => [Math.round(c.start * 1000), Math.round(c.end * 1000), c.speaker, c.text])
      : null;
  }, source);
}

describe("parseVtt reads each file as Chromium's <track> does", () => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await env.open('<!doctype html><title>WebVTT</title><video></video>'));
    await page.addScriptTag({ content: PARSER });
  });

  test('the fixtures are the eleven files of the report, less the long one made here', () => {
    expect(NAMES).toEqual([
      'arabic.vtt',
      'bad-timings.vtt',
      'crlf-bom.vtt',
      'descript.vtt',
      'entities.vtt',
      'error-page.html',
      'srt.srt',
      'voices.vtt',
      'whisper.vtt',
      'youtube.vtt',
    ]);
  });

  test.each(NAMES)('%s', async (name) => {
    const source = fixture(name);
    const theirs = await chromium(page, source);
    expect(await ours(page, source)).toEqual(theirs);
    // Not an empty comparison: WebVTT files give cues, the others fail in both.
    expect(theirs === null).toBe(!name.endsWith('.vtt'));
  });

  test('a 3-hour show of 3,600 cues', async () => {
    const theirs = await chromium(page, LONG);
    expect(theirs).toHaveLength(3600);
    expect(await ours(page, LONG)).toEqual(theirs);
  });
});

describe('the panel shows what the <track> reads', () => {
  let transcriptUrl: string;
  beforeAll(async () => {
    transcriptUrl = (await env.publicGet('podcasts')).episodes[0].transcript_url;
  });

  /** The first episode's transcript served as `source`; the panel open, its cues shown. */
  async function panel(source: string, csp?: string) {
    const t = await env.open(embedPage(env.mock, `<video hidden></video><${POD} public-token="${PUBLIC}"></${POD}>`), {
      csp,
      before: (page) => page.route(transcriptUrl, (route) => route.fulfill({ body: source, contentType: 'text/vtt; charset=utf-8' })),
    });
    await waitForState(t.page, POD, 'ready');
    await t.page.click(`${POD} >> details[part=transcript] summary`);
    // Its cues, or its word that it could not load them (then the rows compared are none); not the skeleton shown while loading.
    await t.page.waitForFunction(
      (sel) => document.querySelector(sel)!.shadowRoot!.querySelector('[part=cue], [part=transcript] p.muted:not(.skeleton)'),
      POD,
    );
    return t;
  }

  /** The panel's rows: the speaker's name where one is shown, and the words. */
  const rows = (page: Page) =>
    page.$eval(POD, (el) =>
      [...el.shadowRoot!.querySelectorAll('[part=cue]')].map((b) => [
        b.querySelector('b')?.textContent ?? null,
        b.querySelector(':scope > bdi')!.textContent,
      ]),
    );

  /** The rows the panel should show for `pieces`: a name where the speaker changes. */
  const expected = (pieces: Pieces) => pieces!.map(([, , who, words], i) => [who && who !== pieces![i - 1]?.[2] ? who : null, words]);

  test.each(['entities.vtt', 'voices.vtt', 'arabic.vtt'])('%s', async (name) => {
    const t = await panel(fixture(name));
    expect(await rows(t.page)).toEqual(expected(await chromium(t.page, fixture(name))));
    expect(t.problems).toEqual([]);
  });

  test('under a CSP that requires Trusted Types: named references decoded, no violation', async () => {
    const m = env.mock;
    const csp = `default-src 'none'; script-src ${m}; connect-src ${m}; media-src ${m}; img-src ${m} data:; style-src 'self'; require-trusted-types-for 'script'`;
    const t = await panel(fixture('entities.vtt'), csp);
    const shown = await rows(t.page);
    expect(shown[0]).toEqual(['Zoë Martin', '"Welcome," she said – it\'s the café’s 10th year.']);
    expect(shown[1]![1]).toBe('© 2024 Harbour Lights & Co. — all rights reserved…');
    expect(t.problems).toEqual([]);
  });

  test('the 3-hour show: search finds a word of the last cue', async () => {
    const t = await panel(LONG);
    await t.page.fill(`${POD} >> input[type=search]`, 'albatross');
    await t.page.waitForFunction((sel) => document.querySelector(sel)!.shadowRoot!.querySelector('mark.now'), POD);
    const found = await t.page.$eval(POD, (el) => {
      const mark = el.shadowRoot!.querySelector('mark.now')!;
      return [mark.closest('li')!.dataset.i, mark.closest('bdi')!.textContent, el.shadowRoot!.querySelector('[role=status]')!.textContent];
    });
    expect(found).toEqual(['3599', 'Part 3600 of the long show, goodbye albatross.', '1 of 1 match']);
  });
});
