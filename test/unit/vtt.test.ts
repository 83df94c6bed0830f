import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cueAt, parseVtt, vttError } from '../../src/internal/vtt.ts';

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

describe('parseVtt: what the file format allows', () => {
  it('reads hours (any number of digits), two-digit minutes and seconds, three-digit milliseconds', () => {
    expect(parseVtt('WEBVTT\n\n01:02:03.500 --> 01:02:04.250\na\n\n10:05.000 --> 59:59.999\nb\n\n1:00:07.000 --> 100:00:09.000\nc').map((c) => [c.start, c.end])).toEqual([
      [605, 3599.999],
      [3607, 360009],
      [3723.5, 3724.25],
    ]);
  });

  it('gives the cues by start time whatever their order in the file', () => {
    const cues = parseVtt('WEBVTT\n\n00:05.000 --> 00:06.000\nthird\n\n00:01.000 --> 00:02.000\nfirst\n\n00:09.000 --> 00:10.000\nlast\n\n00:03.000 --> 00:04.000\nsecond');
    expect(cues.map((c) => c.text)).toEqual(['first', 'second', 'third', 'last']);
  });

  it('accepts a tab after WEBVTT, lone CR line ends and more than one blank line between blocks', () => {
    expect(parseVtt('WEBVTT\tExported\r\r00:01.000 --> 00:02.000\ra\r\r\r\r00:03.000 --> 00:04.000\rb').map((c) => c.text)).toEqual(['a', 'b']);
    expect(parseVtt('WEBVTT\n\n\n\n00:01.000 --> 00:02.000\na')).toHaveLength(1);
  });

  it('needs WEBVTT at the very start of the file', () => {
    expect(parseVtt('\nWEBVTT\n\n00:01.000 --> 00:02.000\na')).toEqual([]);
    expect(parseVtt('A WEBVTT\n\n00:01.000 --> 00:02.000\na')).toEqual([]);
  });

  it('reads a timing line in the header, or on a block\'s third line, as the start of a new block (as the spec and Chromium do)', () => {
    expect(parseVtt('WEBVTT\n00:01.000 --> 00:02.000\nafter the header\n\nid\nmore\n00:03.000 --> 00:04.000\nthird line\n\n00:05.000 --> 00:06.000\nyes').map((c) => c.text)).toEqual([
      'after the header',
      'third line',
      'yes',
    ]);
  });

  it('ends a cue at a line with "-->" even without a blank line; a broken one drops the rest of its block', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n00:03.000 --> 00:04.000\nworld\nI think A --> B\nlost\n\n00:05.000 --> 00:06.000\nkept').map((c) => c.text)).toEqual([
      'hello',
      'world',
      'kept',
    ]);
  });

  it('skips a cue whose start or end is not a time', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> soon\na\n\nnow --> 00:02.000\nb\n\n00:03.000 --> 00:04.000\nc').map((c) => c.text)).toEqual(['c']);
  });

  it('skips cues with no words (only tags or blanks)', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann><i> </i>\n\n00:03.000 --> 00:04.000\n\u0020\n\n00:05.000 --> 00:06.000\nc')).toEqual([
      { start: 5, end: 6, speaker: '', text: 'c' },
    ]);
  });

  it('decodes the entities WebVTT names, leaves others as they are, and collapses white space', () => {
    const [cue] = parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n  a&nbsp;b &lrm;c&rlm; &amp;&lt;&gt; &copy;   d\t\te  ');
    // &nbsp; separates words like any white space (the collapse makes it a plain space).
    expect(cue!.text).toBe('a b \u200ec\u200f &<> &copy; d e');
  });

  it('trims the speaker\'s name; a <v> tag without a name is no speaker', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v   Ann Lee  >hi\n\n00:03.000 --> 00:04.000\n<v>hey</v>').map((c) => c.speaker)).toEqual(['Ann Lee', '']);
  });
});

describe('vttError', () => {
  it('is null for a file a browser reads whole', () => {
    expect(vttError('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Sam>Hi\n\n01:00:00.000 --> 01:00:01.000 align:start\nthere')).toBeNull();
  });

  it.each([
    ['', 'line 1: a WebVTT file starts with "WEBVTT"'],
    ['WEBVTTX\n\n00:01.000 --> 00:02.000\na', 'line 1: a WebVTT file starts with "WEBVTT"'],
    ['1\n00:00:01,000 --> 00:00:02,000\nan SRT file', 'line 1: a WebVTT file starts with "WEBVTT"'],
    [
      'WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:03.000 --> 00:04.000\nb\n\n00:01.5 --> 00:03.000\nc',
      'line 9: "00:01.5 --> 00:03.000" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)',
    ],
    ['WEBVTT\r\n\r\n00:0a.000 --> 00:02.000\r\nx', 'line 3: "00:0a.000 --> 00:02.000" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)'],
    ['WEBVTT\n\n00:01.000 --> 00:02.000\nI think A --> B', 'line 4: "I think A --> B" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)'],
    ['WEBVTT\n\nNOTE nothing yet', 'the file has no cue with words to show'],
    ['WEBVTT\n\n00:01.000 --> 00:02.000\n<v Sam></v>', 'the file has no cue with words to show'],
  ])('%j → %s', (source, error) => expect(vttError(source)).toBe(error));

  it('shortens a long line it quotes', () => {
    expect(vttError(`WEBVTT\n\n00:01 --> 00:02 ${'x'.repeat(100)}\na`)).toBe(
      `line 3: "00:01 --> 00:02 ${'x'.repeat(44)}…" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)`,
    );
  });
});
