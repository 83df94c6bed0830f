import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadResume, saveResume } from '../../src/internal/resume.ts';
import { backoff } from '../../src/internal/backoff.ts';
import { clock, day, spoken, warm } from '../../src/internal/format.ts';
import { checkToken } from '../../src/internal/tokens.ts';
import { currentChapter } from '../../src/podcast-player/chapters.ts';
import { CastletError, fromResponse, withMessage } from '../../src/internal/errors.ts';
import { isHttp, publicUrl } from '../../src/internal/api.ts';

describe('backoff', () => {
  it('doubles from base, is capped, and keeps half of each delay fixed (jitter on the rest)', () => {
    expect([0, 1, 2, 3].map((a) => backoff(a, 1000, 30_000, () => 0))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((a) => backoff(a, 1000, 30_000, () => 1))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoff(50, 1000, 30_000, () => 1)).toBe(30_000);
    expect(backoff(50, 1000, 30_000, () => 0)).toBe(15_000);
  });
});

describe('checkToken', () => {
  it.each([
    ['', 'missing_token'],
    ['   ', 'missing_token'],
    [null, 'missing_token'],
    ['abc', 'malformed_token'],
    ['97824ed0-ee56-4d2c-ba29-efbcb76794c5x', 'malformed_token'],
    ['x97824ed0-ee56-4d2c-ba29-efbcb76794c5', 'malformed_token'],
    ['97824ed0-ee56-4d2c-ba29-efbcb76794c5', null],
    [' 97824ED0-EE56-4D2C-BA29-EFBCB76794C5 ', null],
  ])('%j → %s', (token, code) => {
    expect(checkToken(token)?.code ?? null).toBe(code);
  });
});

describe('errors from the API', () => {
  it.each([
    [401, { error: 'private_token_exposed' }, 'private_token_exposed', true],
    [401, { error: 'invalid_token' }, 'invalid_token', true],
    [401, null, 'invalid_token', true],
    [404, { error: 'not_found' }, 'not_found', true],
    [503, null, 'server', false],
    // The body's code wins over the status: a proxy may answer 400 or 403 with the service's body.
    [400, { error: 'missing_token' }, 'missing_token', true],
    [403, { error: 'invalid_token' }, 'invalid_token', true],
    [400, { error: 'private_token_exposed' }, 'private_token_exposed', true],
    [400, { error: 'server_offline' }, 'server', false],
  ] as const)('%i %j → %s', (status, body, code, fatal) => {
    const e = fromResponse(status, body);
    expect([e.code, e.fatal]).toEqual([code, fatal]);
  });
});

describe('error messages', () => {
  it.each(['missing_token', 'malformed_token', 'invalid_token', 'not_found', 'invalid_base_url', 'missing_base_url', 'bad_response'] as const)(
    '%s has words for the owner',
    async (code) => {
      expect((await withMessage(new CastletError(code))).message).toMatch(/\w{3,}.*\./);
    },
  );
  it('says where to find the right token', async () => {
    for (const code of ['missing_token', 'malformed_token', 'invalid_token'] as const) {
      expect((await withMessage(new CastletError(code))).message).toMatch(/Copy it from your account console\.$/);
    }
  });
  it('setup messages load on demand; what listeners may see is in the bundle', () => {
    expect(new CastletError('invalid_token').message).toBe('');
    expect(new CastletError('network').message).toBe('Cannot reach the service. Retrying…');
  });
});

describe('resume', () => {
  afterEach(() => localStorage.clear());
  const saved = (value: unknown, duration = 100) => {
    localStorage.setItem('castlet:t:e', JSON.stringify(value));
    return loadResume('t', 'e', duration);
  };
  it.each([
    [
      { t: 40, rate: 0.5 },
      { t: 40, rate: 0.5 },
    ],
    [
      { t: 40, rate: 3 },
      { t: 40, rate: 3 },
    ],
    [
      { t: 40, rate: 3.5 },
      { t: 40, rate: 1 },
    ],
    [
      { t: 40, rate: 0.25 },
      { t: 40, rate: 1 },
    ],
    [
      { t: 94.9, rate: 1 },
      { t: 94.9, rate: 1 },
    ],
    [
      { t: 95, rate: 1 },
      { t: 0, rate: 1 },
    ],
    [
      { t: -3, rate: 'x' },
      { t: 0, rate: 1 },
    ],
    [null, { t: 0, rate: 1 }],
  ])('%j → %j', (value, resume) => expect(saved(value)).toEqual(resume));
  it('keeps any position when the duration is unknown, and writes whole seconds', () => {
    expect(saved({ t: 500, rate: 1 }, 0)).toEqual({ t: 500, rate: 1 });
    saveResume('t', 'e', { t: 41.6, rate: 1.25 });
    expect(JSON.parse(localStorage.getItem('castlet:t:e')!)).toEqual({ t: 42, rate: 1.25 });
  });
});

describe('publicUrl', () => {
  it('puts the token and channel in the query of the base URL, path prefix kept', () => {
    expect(publicUrl('https://radio.example/api', 'stream/events', ' t ', 'main')).toBe(
      'https://radio.example/api/public/stream/events?token=t&channel=main',
    );
    expect(publicUrl('https://radio.example/', 'podcasts', 'a&b', '')).toBe('https://radio.example/public/podcasts?token=a%26b');
  });

  it('without base-url outside the CDN bundle: missing_base_url (fatal), not the page origin', () => {
    let error: unknown;
    try {
      publicUrl('', 'stream', 't', '');
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'missing_base_url', fatal: true });
  });

  it.each(['ftp://radio.example/', 'javascript:alert(1)', '//radio.example', 'radio.example'])('base-url %s: invalid_base_url (fatal)', (base) => {
    expect(() => publicUrl(base, 'stream', 't', '')).toThrow(expect.objectContaining({ code: 'invalid_base_url', fatal: true }));
  });
});

describe('isHttp', () => {
  it.each([
    ['https://cdn.example/a.jpg', true],
    ['HTTP://cdn.example/a.jpg', true],
    ['javascript:alert("http://x")', false],
    ['data:text/html,http://x', false],
    ['//cdn.example/a.jpg', false],
    ['', false],
    [null, false],
  ])('%j → %s', (url, ok) => expect(isHttp(url)).toBe(ok));
});

describe('format', () => {
  it.each([
    [0, '0:00', '0 seconds'],
    [65, '1:05', '1 minute 5 seconds'],
    [185, '3:05', '3 minutes 5 seconds'],
    [3600, '1:00:00', '1 hour'],
    [3725.9, '1:02:05', '1 hour 2 minutes 5 seconds'],
  ])('%s s → %s, "%s"', (s, c, words) => {
    expect(clock(s)).toBe(c);
    expect(spoken(s)).toBe(words);
  });
});

describe('day', () => {
  it('a date as the language writes it, in its medium style; nothing for one that is no date', () => {
    expect(day('2026-11-15T12:00:00Z', 'en')).toBe('Nov 15, 2026');
    expect(day('2026-11-15T12:00:00Z', 'de')).toBe('15.11.2026');
    expect(day('<b>soon</b>', 'en')).toBe('');
  });
});

describe('warm', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it("uses Intl in four tasks of their own, none now: a comparison, a segmenter, a number and a date in the player's language", () => {
    vi.useFakeTimers();
    const calls: string[] = [];
    vi.spyOn(String.prototype, 'localeCompare').mockImplementation(() => (calls.push('compare'), 0));
    const Segmenter = vi.spyOn(Intl, 'Segmenter');
    const NumberFormat = vi.spyOn(Intl, 'NumberFormat');
    vi.spyOn(Date.prototype, 'toLocaleDateString').mockImplementation((locale) => (calls.push(`date ${String(locale)}`), ''));
    Segmenter.mockImplementation(function (locale: unknown) {
      calls.push(`segmenter ${String(locale)}`);
    } as never);
    NumberFormat.mockImplementation(function (locale: unknown) {
      calls.push(`number ${String(locale)}`);
      return { format: () => '' };
    } as never);
    warm('de');
    const seen = [[...calls]];
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersToNextTimer();
      seen.push([...calls]);
    }
    expect(seen.map((c) => c.at(-1) ?? null)).toEqual([null, 'compare', 'segmenter de', 'number de', 'date de']);
    expect(calls).toHaveLength(4);
    expect(vi.getTimerCount()).toBe(0);
    // Once per language and page: another player of the same language warms nothing again.
    warm('de');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('timeOfDay (recent tracks)', () => {
  it('the local time of day as the language writes it; nothing for what is no time', async () => {
    const { timeOfDay } = await import('../../src/stream-player/history.ts');
    const at = new Date(2026, 0, 1, 14, 5).toISOString();
    expect(timeOfDay(at, 'de')).toBe('14:05');
    expect(timeOfDay(at, 'en').replace(/\s/g, ' ')).toBe('2:05 PM'); // (ICU may put a narrow space before PM)
    expect(timeOfDay('<b>now</b>', 'en')).toBe('');
  });
});

describe('currentChapter', () => {
  const chapters = [
    { start: 0, title: 'a' },
    { start: 40, title: 'b' },
    { start: 90, title: 'c' },
  ];
  it.each([
    [0, 0],
    [39.9, 0],
    [40, 1],
    [500, 2],
  ])('at %s s → %i', (t, i) => expect(currentChapter(chapters, t)).toBe(i));
  it('is -1 before the first chapter or without chapters', () => {
    expect(currentChapter([{ start: 5, title: 'x' }], 1)).toBe(-1);
    expect(currentChapter([], 1)).toBe(-1);
  });
});
