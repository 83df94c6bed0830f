/**
 * The message catalogue: English is the source text and the key (as in gettext); every other
 * language has a translation of every English message (the setup messages included), the same
 * parameters and a plural form for each category its rules use; every English message is used
 * by the widgets and every message they use is in the catalogue; language resolution; formatting.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { en as listener, EN_ONE, enSetup, type Messages } from '../../src/i18n/en.ts';
import { format, languageOf } from '../../src/internal/locale.ts';

/**
 * The other languages, each loaded by the first test that checks it (below), not at the top:
 * Stryker's per-test coverage gives a module's own code to the test that loads it, and its
 * mutants run only against that test (loaded while collecting, they would be `static`, and a
 * component test that loads the chunk later would get them).
 */
const CHUNKS = {
  de: () => import('../../src/i18n/de.ts'),
  fr: () => import('../../src/i18n/fr.ts'),
  es: () => import('../../src/i18n/es.ts'),
  pt: () => import('../../src/i18n/pt.ts'),
  ar: () => import('../../src/i18n/ar.ts'),
};
type Lang = keyof typeof CHUNKS;
const load = async (lang: Lang): Promise<Messages> => (await CHUNKS[lang]()).default;
/** All of English: the widgets' messages and the setup errors' (a chunk of their own). */
const en: string[] = [...listener, ...Object.values(enSetup)];
const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const forms = (m: Messages[keyof Messages]) => (typeof m === 'string' ? [m] : Object.values(m));

/** Every source file of the widgets, as text (the catalogue itself aside). */
const src = join(process.cwd(), 'src');
const sources = (readdirSync(src, { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => f.endsWith('.ts') && !f.startsWith('i18n'))
  .map((f) => readFileSync(join(src, f), 'utf8'))
  .join('\n');

/** Stryker's sandbox holds instrumented sources (no literal `t('…')` left): the scans are for the real ones. */
const instrumented = sources.includes('stryMutAct');

describe('English, the source', () => {
  it('has no message twice', () => {
    expect(new Set(en).size).toBe(en.length);
  });

  it.skipIf(instrumented)('every message is used by the widgets (none left over)', () => {
    const quoted = (m: string) => [`'${m.replace(/'/g, "\\'")}'`, `\`${m}\``];
    const unused = listener.filter((m) => !quoted(m).some((q) => sources.includes(q)));
    expect(unused).toEqual([]);
  });

  it.skipIf(instrumented)(
    'every message the widgets ask for is in it (t(), say() and copied() take only catalogue keys: tsc checks the literals)',
    () => {
      const asked = [...sources.matchAll(/\b(?:t|say|copied)\(\s*'((?:[^'\\]|\\.)+)'/g)].map((m) => m[1]!.replace(/\\'/g, "'"));
      expect(asked.length).toBeGreaterThan(20);
      for (const m of asked) expect(listener as readonly string[], m).toContain(m);
    },
  );
});

describe('en: words', () => {
  it('has words for every message and every plural form (an empty one would leave a control without a name)', () => {
    for (const m of en) expect(m.replace(/\{\w+\}/g, '').trim(), m).not.toBe('');
  });
});

describe.each(Object.keys(CHUNKS) as Lang[])('%s', (lang) => {
  it('a whole translation: exactly the English messages, words in every form, the same parameters, every plural category, translated', async () => {
    const messages = await load(lang);
    // Exactly the English messages.
    expect(Object.keys(messages).sort()).toEqual([...en].sort());
    // Words for every message and every plural form (an empty one would leave a control without a name).
    for (const [key, m] of Object.entries(messages)) {
      for (const form of forms(m)) expect(form.replace(/\{\w+\}/g, '').trim(), `${lang}.${key}`).not.toBe('');
    }
    // Only parameters the English message has, and never a title or name dropped.
    for (const key of en as (keyof Messages)[]) {
      const allowed = new Set(params(key));
      for (const form of forms(messages[key])) {
        for (const p of params(form)) expect(allowed, `${lang}.${key}: {${p}}`).toContain(p);
        for (const keep of ['title', 'artist'].filter((p) => allowed.has(p))) expect(params(form), `${lang}.${key}`).toContain(keep);
      }
    }
    // A form for every plural category of the language.
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, m] of Object.entries(messages)) {
      if (typeof m === 'string') continue;
      for (const c of categories) expect(m, `${lang}.${key}.${c}`).toHaveProperty(c === 'other' ? 'other' : c);
    }
    // Translated: no message left identical to English but names and codes ("Pause", "Live", "Volume", "Offline").
    const same = (en as (keyof Messages)[]).filter((k) => messages[k] === k);
    expect(same.length, `${lang}: ${same.join(', ')}`).toBeLessThanOrEqual(4);
  });
});

describe('languageOf', () => {
  it.each([
    ['de', 'de'],
    ['de-AT', 'de'],
    ['pt_BR', 'pt'],
    [' AR ', 'ar'],
    ['en-GB', 'en'],
    ['xx', 'en'],
    ['', 'en'],
  ])('%j → %s', (tag, lang) => expect(languageOf(tag)).toBe(lang));
});

describe('format', () => {
  it("fills parameters and writes numbers the language's way", async () => {
    const de = await load('de');
    expect(format(null, 'en', 'Show all {n} episodes', { n: 1234 })).toBe('Show all 1,234 episodes');
    expect(format(de, 'de', 'Show all {n} episodes', { n: 1234 })).toBe('Alle 1.234 Folgen zeigen');
    // A parameter's own braces are text, never parameters.
    expect(format(null, 'en', 'Now playing: {title} by {artist}', { title: 'A {n}', artist: 'B' })).toBe('Now playing: A {n} by B');
    expect(format(de, 'de', 'Now playing: {title} by {artist}', { title: 'A', artist: 'B {title}' })).toBe('Jetzt läuft: A von B {title}');
  });

  it("picks the plural form by the language's rules; English's singular forms are EN_ONE's", async () => {
    const [ar, fr] = [await load('ar'), await load('fr')];
    expect(format(null, 'en', '{n} listeners', { n: 1 })).toBe('1 listener');
    expect(format(null, 'en', '{n} listeners', { n: 0 })).toBe('0 listeners');
    expect(format(null, 'en', '{i} of {n} matches', { i: 1, n: 1 })).toBe('1 of 1 match');
    expect(format(null, 'en', '{i} of {n} matches', { i: 2, n: 3 })).toBe('2 of 3 matches');
    expect(format(ar, 'ar', '{n} listeners', { n: 2 })).toBe('مستمعان');
    // Digits as Intl writes them for Arabic here (Arabic-Indic or Latin, by the engine's CLDR).
    expect(format(ar, 'ar', '{n} listeners', { n: 3 })).toBe(`${(3).toLocaleString('ar')} مستمعين`);
    expect(format(ar, 'ar', '{n} listeners', { n: 11 })).toBe(`${(11).toLocaleString('ar')} مستمعًا`);
    expect(format(fr, 'fr', '{n} listeners', { n: 1e6 })).toBe(`${(1e6).toLocaleString('fr')} d’auditeurs`);
  });

  it('every English plural has its singular, and only plurals do', async () => {
    const de = await load('de');
    for (const [key, one] of Object.entries(EN_ONE) as [keyof Messages, string][]) {
      expect(listener as readonly string[]).toContain(key);
      expect(typeof de[key], key).toBe('object');
      expect(params(one)).toEqual(params(key));
    }
    const plurals = Object.entries(de)
      .filter(([, m]) => typeof m !== 'string')
      .map(([k]) => k);
    expect(plurals.sort()).toEqual(Object.keys(EN_ONE).sort());
  });

  it('an English setup message reads as itself; a language has its own words for it', async () => {
    const de = await load('de');
    expect(format(null, 'en', enSetup.not_found)).toBe(enSetup.not_found);
    expect(format(de, 'de', enSetup.not_found)).not.toBe(enSetup.not_found);
  });
});
