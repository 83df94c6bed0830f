import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { cueAt, parseVtt, vttError } from '../../src/api/vtt.ts';

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

  it("reads the mock's transcripts: every cue has a speaker and a sentence", () => {
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
    expect(
      parseVtt('WEBVTT\n\n01:02:03.500 --> 01:02:04.250\na\n\n10:05.000 --> 59:59.999\nb\n\n1:00:07.000 --> 100:00:09.000\nc').map((c) => [
        c.start,
        c.end,
      ]),
    ).toEqual([
      [605, 3599.999],
      [3607, 360009],
      [3723.5, 3724.25],
    ]);
  });

  it('gives the cues by start time whatever their order in the file', () => {
    const cues = parseVtt(
      'WEBVTT\n\n00:05.000 --> 00:06.000\nthird\n\n00:01.000 --> 00:02.000\nfirst\n\n00:09.000 --> 00:10.000\nlast\n\n00:03.000 --> 00:04.000\nsecond',
    );
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

  it("reads a timing line in the header, or on a block's third line, as the start of a new block (as the spec and Chromium do)", () => {
    expect(
      parseVtt(
        'WEBVTT\n00:01.000 --> 00:02.000\nafter the header\n\nid\nmore\n00:03.000 --> 00:04.000\nthird line\n\n00:05.000 --> 00:06.000\nyes',
      ).map((c) => c.text),
    ).toEqual(['after the header', 'third line', 'yes']);
  });

  it('ends a cue at a line with "-->" even without a blank line; a broken one drops the rest of its block', () => {
    expect(
      parseVtt(
        'WEBVTT\n\n00:01.000 --> 00:02.000\nhello\n00:03.000 --> 00:04.000\nworld\nI think A --> B\nlost\n\n00:05.000 --> 00:06.000\nkept',
      ).map((c) => c.text),
    ).toEqual(['hello', 'world', 'kept']);
  });

  it('skips a cue whose start or end is not a time', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> soon\na\n\nnow --> 00:02.000\nb\n\n00:03.000 --> 00:04.000\nc').map((c) => c.text)).toEqual(['c']);
  });

  it('skips cues with no words (only tags or blanks)', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ann><i> </i>\n\n00:03.000 --> 00:04.000\n\u0020\n\n00:05.000 --> 00:06.000\nc')).toEqual([
      { start: 5, end: 6, speaker: '', text: 'c' },
    ]);
  });

  it('decodes the names WebVTT writes and collapses white space; without a browser (no VTTCue) other names stay as written', () => {
    const [cue] = parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n  a&nbsp;b &lrm;c&rlm; &amp;&lt;&gt; &copy;   d\t\te  ');
    // &nbsp; separates words like any white space (the collapse makes it a plain space).
    expect(cue!.text).toBe('a b \u200ec\u200f &<> &copy; d e');
  });

  it("trims the speaker's name; a <v> tag without a name is no speaker", () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v   Ann Lee  >hi\n\n00:03.000 --> 00:04.000\n<v>hey</v>').map((c) => c.speaker)).toEqual([
      'Ann Lee',
      '',
    ]);
  });
});

describe('vttError', () => {
  it('is null for a file a browser reads whole', () => {
    expect(vttError('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Sam>Hi\n\n01:00:00.000 --> 01:00:01.000 align:start\nthere')).toBeNull();
    // The header line is never a timing line, whatever it holds.
    expect(vttError('WEBVTT --> by hand\n\n00:01.000 --> 00:02.000\na')).toBeNull();
  });

  it.each([
    ['', 'line 1: a WebVTT file starts with "WEBVTT"'],
    ['WEBVTTX\n\n00:01.000 --> 00:02.000\na', 'line 1: a WebVTT file starts with "WEBVTT"'],
    ['1\n00:00:01,000 --> 00:00:02,000\nan SRT file', 'line 1: a WebVTT file starts with "WEBVTT"'],
    [
      'WEBVTT\n\n00:01.000 --> 00:02.000\na\n\n00:03.000 --> 00:04.000\nb\n\n00:01.5 --> 00:03.000\nc',
      'line 9: "00:01.5 --> 00:03.000" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)',
    ],
    [
      'WEBVTT\r\n\r\n00:0a.000 --> 00:02.000\r\nx',
      'line 3: "00:0a.000 --> 00:02.000" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)',
    ],
    [
      'WEBVTT\n\n00:01.000 --> 00:02.000\nI think A --> B',
      'line 4: "I think A --> B" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)',
    ],
    ['WEBVTT\n\nNOTE nothing yet', 'the file has no cue with words to show'],
    ['WEBVTT\n\n00:01.000 --> 00:02.000\n<v Sam></v>', 'the file has no cue with words to show'],
  ])('%j → %s', (source, error) => expect(vttError(source)).toBe(error));

  it('shortens a long line it quotes', () => {
    expect(vttError(`WEBVTT\n\n00:01 --> 00:02 ${'x'.repeat(100)}\na`)).toBe(
      `line 3: "00:01 --> 00:02 ${'x'.repeat(44)}…" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)`,
    );
  });
});

/** [start, end, speaker, text] of each cue (each voice of a cue) parseVtt reads from a fixture. */
const fixture = (name: string) => readFileSync(fileURLToPath(import.meta.resolve(`../fixtures/vtt/${name}`)), 'utf8');
const read = (name: string) => parseVtt(fixture(name)).map((c) => [c.start, c.end, c.speaker, c.text]);

describe('parseVtt: files as real tools write them (test/fixtures/vtt)', () => {
  it('Whisper: mm:ss.ttt timings, hours only from the first hour on', () => {
    expect(read('whisper.vtt').map(([s, e]) => [s, e])).toEqual([
      [0, 4.32],
      [4.32, 9.88],
      [9.88, 13.04],
      [13.04, 16.2],
      [3598.12, 3602.48],
      [3602.48, 3605],
    ]);
    expect(vttError(fixture('whisper.vtt'))).toBeNull();
  });

  it('Descript: numbered cue ids, a voice per cue, text over two lines', () => {
    expect(read('descript.vtt').map(([, , who, text]) => [who, text])).toEqual([
      ['Sam Okafor', "Hi, I'm Sam, and this is Castlet Weekly."],
      ['Sam Okafor', 'With me as always is Ruth.'],
      ['Ruth Penrose', 'Hello! Big week — we shipped transcripts.'],
      ['Ruth Penrose', "They're searchable now, so you can jump straight to a word."],
      ['Sam Okafor', "Let's dig in."],
    ]);
  });

  it('YouTube auto-captions: header lines, cue settings, inline <00:00:01.500><c> timestamps, references', () => {
    expect(read('youtube.vtt')).toEqual([
      [0.48, 3.03, '', 'welcome back to the show'],
      [3.03, 3.04, '', 'welcome back to the show'],
      [3.04, 5.51, '', "welcome back to the show today we're talking about tides"],
      [5.51, 5.52, '', "today we're talking about tides"],
      [5.52, 8.07, '', "today we're talking about tides >> and rock & roll"],
      [8.07, 10, '', '>> and rock & roll [Music]'],
    ]);
  });

  it('CRLF with a BOM: REGION, STYLE and NOTE blocks are no cues', () => {
    expect(read('crlf-bom.vtt')).toEqual([
      [1, 4, '', 'First line on Windows, with CRLF line ends.'],
      [4, 7.5, '', 'Loud and clear.'],
      [7.5, 10, '', 'The last cue.'],
    ]);
  });

  it('Arabic: speakers and words as written, &lrm;/&rlm; as the marks', () => {
    const cues = read('arabic.vtt');
    expect(cues.map(([, , who]) => who)).toEqual(['سارة', 'سارة', 'كريم', 'كريم']);
    expect(cues[2]![3]).toBe('شكرًا على الاستضافة! سنتحدث عن \u200eHTML5\u200e و\u200fWebVTT.');
  });

  it('character references: numeric by HTML\'s rules (no ";" needed, 0x80–0x9F as windows-1252, 0, surrogates and past U+10FFFF as U+FFFD)', () => {
    expect(read('entities.vtt').map(([, , , text]) => text)).toEqual([
      // Names other than the common few wait for the browser (see the VTTCue tests below).
      '"Welcome," she said – it\'s the caf&eacute;’s 10th year.',
      '&copy; 2024 Harbour Lights & Co. &mdash; all rights reserved&hellip;',
      '<b>tags</b> stay words; 5 > 3 && 2 < 4; 20€ or €20; &frac12; price.',
      "Legacy &copy 2024, AT&T, &amp, fish &notit; chips, &bogus; and ' ' unterminated.",
      'Wide: \u{1F30A} &NotNestedGreaterGreater; &fjlig; \uFFFD \uFFFD \uFFFD \uFFFD &# &#x; & end.',
    ]);
  });

  it('bad timings: each cue whose timing line is not valid WebVTT is dropped, the others kept', () => {
    expect(read('bad-timings.vtt')).toEqual([
      [1, 3, '', 'This cue is fine.'],
      [5, 7, '', 'Fine again.'],
      [15, 17, '', 'No spaces around the arrow is fine.'],
      [17, 19, '', 'A second arrow after the end is a setting, ignored.'],
      [23, 25, '', 'Fine so far,'],
      [25, 27, '', 'The last cue is fine.'],
    ]);
    expect(vttError(fixture('bad-timings.vtt'))).toBe(
      'line 6: "00:00:03.5 --> 00:00:05.000" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)',
    );
  });

  it('several voices in a cue: one piece per voice, the innermost voice speaks, in order', () => {
    expect(read('voices.vtt')).toEqual([
      [1, 4, 'Sam', 'Are you there?'],
      [1, 4, 'Robin', "I'm here."],
      [4, 8, 'Sam', 'Hello?'],
      [4, 8, 'Robin', 'Still here.'],
      [8, 11, '', '- Good.'],
      [8, 11, 'Robin', 'Good!'],
      [8, 11, 'Sam', 'Very good.'],
      [11, 14, 'Sam Lee', 'Names are trimmed.'],
      [11, 14, 'Robin', 'And nested tags stay in the voice.'],
      [14, 17, 'Sam', 'Outer'],
      [14, 17, 'Robin', 'inner'],
      [14, 17, 'Sam', 'outer again'],
      [14, 17, '', 'and no one.'],
      // Hand-edited: an end tag closes only the innermost element, and <rt> is one only inside <ruby>.
      [17, 20, 'Sam', 'Edited by hand, the end tags do not match.'],
      [17, 20, 'Robin', 'rt'],
      [17, 20, 'Sam', 'outside ruby.'],
    ]);
  });

  it.each(['srt.srt', 'error-page.html'])('%s: no cues, and vttError says what is wrong', (name) => {
    expect(parseVtt(fixture(name))).toEqual([]);
    expect(vttError(fixture(name))).toBe('line 1: a WebVTT file starts with "WEBVTT"');
  });

  it('a 3-hour show of 3,600 cues: all read, the last one with its words', () => {
    const at = (s: number) =>
      `${String(Math.floor(s / 3600)).padStart(2, '0')}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}.000`;
    const cues = parseVtt(
      'WEBVTT\n\n' + Array.from({ length: 3600 }, (_, i) => `${at(i * 3)} --> ${at(i * 3 + 3)}\n<v Sam>Part ${i + 1}.`).join('\n\n'),
    );
    expect(cues).toHaveLength(3600);
    expect(cues.at(-1)).toEqual({ start: 10797, end: 10800, speaker: 'Sam', text: 'Part 3600.' });
  });
});

describe('parseVtt: what the WebVTT spec says', () => {
  it.each([
    ['00:01.000', 1],
    ['59:59.999', 3599.999],
    ['00:00:01.000', 1],
    ['1:00:00.000', 3600],
    ['100:00:00.000', 360000],
    ['60:00:00.000', 216000],
  ])('reads the timestamp %s as %d s', (stamp, t) => {
    expect(parseVtt(`WEBVTT\n\n${stamp} --> ${stamp}\nx`)[0]?.start).toBe(t);
  });

  it.each([
    '00:01.5',
    '00:01.50',
    '00:01.0000',
    '00:01',
    '0:01.000',
    '000:01.000',
    '60:00.000',
    '00:60.000',
    '00:60:00.000',
    '00:00:60.000',
    '00:0a.000',
    '00:01,000',
    '1:2:03.000',
    '-00:01.000',
  ])('drops a cue starting at %s, keeps the next one', (stamp) => {
    expect(parseVtt(`WEBVTT\n\n${stamp} --> 00:02.000\nbad\n\n00:03.000 --> 00:04.000\ngood`).map((c) => c.text)).toEqual(['good']);
    expect(parseVtt(`WEBVTT\n\n00:00.000 --> ${stamp.replace('00:01', '00:05')}\nbad\n\n00:03.000 --> 00:04.000\ngood`).map((c) => c.text)).toEqual([
      'good',
    ]);
  });

  it('takes white space (or none) around "-->", ignores what follows the end time, and keeps an end before the start', () => {
    expect(
      parseVtt(
        'WEBVTT\n\n \t00:01.000\t-->  00:02.000 align:start\na\n\n00:03.000-->00:04.000\nb\n\n00:05.000 --> 00:06.000X\nc\n\n00:08.000 --> 00:07.000\nd',
      ).map((c) => [c.start, c.end]),
    ).toEqual([
      [1, 2],
      [3, 4],
      [5, 6],
      [8, 7],
    ]);
    expect(parseVtt('WEBVTT\n\n00:01.000 -- > 00:02.000\na\n\n00:01.000 00:02.000\nb')).toEqual([]);
  });

  it('gives cues of the same start the longer first, as a browser lists them', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\nshort\n\n00:01.000 --> 00:05.000\nlong').map((c) => c.text)).toEqual(['long', 'short']);
  });

  it('reads the header line as WebVTT only when "WEBVTT" is followed by a space, a tab or the line end', () => {
    for (const header of ['WEBVTT', 'WEBVTT ', 'WEBVTT\tx', 'WEBVTT - Title', '\uFEFFWEBVTT'])
      expect(parseVtt(`${header}\n\n00:01.000 --> 00:02.000\na`)).toHaveLength(1);
    for (const header of ['WEBVTTX', 'WEBVTT\f', 'webvtt', ' WEBVTT', 'WEB VTT'])
      expect(parseVtt(`${header}\n\n00:01.000 --> 00:02.000\na`)).toEqual([]);
  });

  it('reads NUL as U+FFFD, a tag without its ">" to the end of the text, and an end tag only for the element it closes', () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\na\0b < c').map((c) => c.text)).toEqual(['a\uFFFDb']);
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v A><i>x</v>y</i>z</v> w').map((c) => [c.speaker, c.text])).toEqual([
      ['A', 'xyz'],
      ['', 'w'],
    ]);
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v A><ruby>x<rt>y</ruby>z</v> w').map((c) => [c.speaker, c.text])).toEqual([
      ['A', 'xyz'],
      ['', 'w'],
    ]);
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v A><i>x</v></v>y').map((c) => [c.speaker, c.text])).toEqual([['A', 'xy']]);
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v A><rt>x</v>y').map((c) => [c.speaker, c.text])).toEqual([
      ['A', 'x'],
      ['', 'y'],
    ]);
  });

  it("decodes references in a voice's name", () => {
    expect(parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Sam &amp; Co &#x41;>x').map((c) => c.speaker)).toEqual(['Sam & Co A']);
  });
});

describe("parseVtt: named references through the browser's VTTCue", () => {
  let loads = 0;
  /** A fresh vtt module (its cache of names empty) with a stand-in VTTCue that knows a few names. */
  async function withVttCue() {
    const asked: string[] = [];
    const known: Record<string, string> = { '&eacute;': 'é', '&copy': '©', '&notit;': '¬it;', '&bogus;': '&bogus;' };
    vi.stubGlobal(
      'VTTCue',
      class {
        constructor(
          _start: number,
          _end: number,
          private readonly text: string,
        ) {
          asked.push(text);
        }
        getCueAsHTML() {
          return { textContent: known[this.text] ?? this.text };
        }
      },
    );
    // A module of its own by a query, not vi.resetModules(): that gave every later file of a shared run (the mutation
    // runs' `isolate: false`) new modules beside players defined with the old ones (data-path.test.ts's `limits`).
    const fresh = `../../src/api/vtt.ts?fresh=${++loads}`;
    const { parseVtt } = (await import(/* @vite-ignore */ fresh)) as typeof import('../../src/api/vtt.ts');
    return { parseVtt, asked };
  }

  it('asks it for each name not among the common few, once each, with nothing but the reference', async () => {
    const { parseVtt, asked } = await withVttCue();
    const cues = parseVtt('WEBVTT\n\n00:01.000 --> 00:02.000\n<v Ren&eacute;>caf&eacute; &copy 2024 &notit; &bogus; &amp; <b>&eacute;</b>&lt;i&gt;');
    vi.unstubAllGlobals();
    expect(cues.map((c) => [c.speaker, c.text])).toEqual([['René', 'café © 2024 ¬it; &bogus; & é<i>']]);
    expect(asked).toEqual(['&eacute;', '&copy', '&notit;', '&bogus;']);
  });
});

describe('parseVtt and vttError: the edges of their rules', () => {
  const speak = (text: string) => parseVtt(`WEBVTT\n\n00:01.000 --> 00:02.000\n${text}`).map((c) => [c.speaker, c.text]);

  it('quotes a broken timing line of 60 characters whole, one of 61 cut at 60', () => {
    const line = `00:01 --> 00:02 ${'x'.repeat(44)}`;
    expect(line).toHaveLength(60);
    const says = (quoted: string) => `line 3: "${quoted}" is not a valid cue timing (expected hh:mm:ss.ttt --> hh:mm:ss.ttt, hours optional)`;
    expect(vttError(`WEBVTT\n\n${line}\na`)).toBe(says(line));
    expect(vttError(`WEBVTT\n\n${line}y\na`)).toBe(says(`${line}…`));
  });

  it('</ruby> closes its <rt> with it, and nothing when another element is innermost; other end tags close nothing but their own', () => {
    expect(speak('<v A><ruby>x<rt>y</i></v>z')).toEqual([['A', 'xyz']]);
    expect(speak('<v A><ruby>x<i>y</ruby></v>z')).toEqual([['A', 'xyz']]);
    expect(speak('<v A><ruby>x<rt>y</ruby></v>z')).toEqual([
      ['A', 'xy'],
      ['', 'z'],
    ]);
  });

  it('opens no element for a tag WebVTT does not have (<big>, <sub>, <foo>, <>), in a <ruby> too', () => {
    for (const tag of ['big', 'sub', 'foo', ''])
      for (const [open, close] of [
        ['', ''],
        ['<ruby>', '</ruby>'],
      ])
        expect(speak(`<v A>${open}x<${tag}>y${close}</v>z`), tag).toEqual([
          ['A', 'xy'],
          ['', 'z'],
        ]);
  });

  it('decodes &#x10FFFF; as itself, and past it U+FFFD', () => {
    expect(speak('a&#x10FFFF;b &#1114111; &#x110000;')).toEqual([['', 'a\u{10FFFF}b \u{10FFFF} \uFFFD']]);
  });

  it('drops a byte order mark only at the start of the file: in a cue it is text (white space)', () => {
    expect(speak('a\uFEFFb')).toEqual([['', 'a b']]);
    expect(parseVtt('\uFEFFWEBVTT\n\n00:01.000 --> 00:02.000\na\uFEFFb').map((c) => c.text)).toEqual(['a b']);
  });

  it('decodes &quot; and &apos;', () => {
    expect(speak('&quot;Hi,&quot; it&apos;s me')).toEqual([['', '"Hi," it\'s me']]);
  });

  it('without VTTCue (Node, where the service checks an uploaded transcript) a name other than the common few stays as written', () => {
    vi.stubGlobal('VTTCue', undefined);
    try {
      expect(speak('&copy; caf&eacute; &amp; &nbsp;')).toEqual([['', '&copy; caf&eacute; &']]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
