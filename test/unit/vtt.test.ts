import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cueAt, parseVtt } from '../../src/internal/vtt.ts';

describe('parseVtt', () => {
  it('reads timings, the speaker and the text; skips NOTE/STYLE blocks and cues without timing', () => {
    const cues = parseVtt(
      '\uFEFFWEBVTT - a title\r\n\r\nNOTE made by hand\r\n\r\nSTYLE\n::cue { color: red }\n\n1\n00:00:01.500 --> 00:00:03.000 align:start\n<v.loud Ann Lee>Hello <b>there</b> &amp; you\n\n00:04.000 --> 00:05.250\n<v Bob>Two\nlines\n\nbroken --> cue\nno\n\n01:00:00.000 --> 01:00:01.000\n&lt;script&gt;x',
    );
    expect(cues).toEqual([
      { start: 1.5, end: 3, speaker: 'Ann Lee', text: 'Hello there & you' },
      { start: 4, end: 5.25, speaker: 'Bob', text: 'Two lines' },
      { start: 3600, end: 3601, speaker: '', text: '<script>x' },
    ]);
  });

  it('is empty for text that is not WebVTT', () => {
    expect(parseVtt('<html>')).toEqual([]);
    expect(parseVtt('WEBVTTX\n\n00:01.000 --> 00:02.000\nx')).toEqual([]);
  });

  it('reads the mock\'s transcripts: every cue has a speaker and a sentence', () => {
    const cues = parseVtt(readFileSync(fileURLToPath(import.meta.resolve('../../demo/media/ep-1.vtt')), 'utf8'));
    expect(cues.length).toBeGreaterThan(10);
    for (const c of cues) {
      expect(c.speaker).toMatch(/^(Sam|Ruth)$/);
      expect(c.text).toMatch(/[.!?]$/);
    }
  });
});

describe('cueAt', () => {
  // Parsed inside each test, not while collecting: Stryker's per-test coverage would count
  // parseVtt's mutants as static ones and run every test against each.
  const cues = () => parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:03.000 --> 00:04.000\nb');
  it.each([
    [0, -1],
    [1, 0],
    [2.5, 0],
    [3, 1],
    [99, 1],
  ])('t=%d → %d', (t, i) => expect(cueAt(cues(), t)).toBe(i));
});
