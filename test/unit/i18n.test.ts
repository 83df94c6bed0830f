/**
 * The message catalogue: every language has every key, the same parameters and a plural form
 * for each category its rules use; language resolution; formatting.
 */
import { describe, expect, it } from 'vitest';
import { en, type Messages } from '../../src/i18n/en.ts';
import { format, languageOf } from '../../src/internal/locale.ts';
import de from '../../src/i18n/de.ts';
import fr from '../../src/i18n/fr.ts';
import es from '../../src/i18n/es.ts';
import pt from '../../src/i18n/pt.ts';
import ar from '../../src/i18n/ar.ts';

const catalogues: Record<string, Messages> = { de, fr, es, pt, ar };
const params = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const forms = (m: Messages[keyof Messages]) => (typeof m === 'string' ? [m] : Object.values(m));

describe.each(Object.entries(catalogues))('%s', (lang, messages) => {
  it('has exactly the English keys', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  });

  it('uses only parameters the English message has, and never drops a title or name', () => {
    for (const key of Object.keys(en) as (keyof Messages)[]) {
      const allowed = new Set(forms(en[key]).flatMap(params));
      for (const form of forms(messages[key])) {
        for (const p of params(form)) expect(allowed, `${lang}.${key}: {${p}}`).toContain(p);
        for (const keep of ['title', 'artist'].filter((p) => allowed.has(p))) expect(params(form), `${lang}.${key}`).toContain(keep);
      }
    }
  });

  it('has a form for every plural category of the language', () => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
    for (const [key, m] of Object.entries(messages)) {
      if (typeof m === 'string') continue;
      for (const c of categories) expect(m, `${lang}.${key}.${c}`).toHaveProperty(c === 'other' ? 'other' : c);
    }
  });

  it('translates (no message left identical to English but names and codes)', () => {
    const same = (Object.keys(en) as (keyof Messages)[]).filter((k) => JSON.stringify(messages[k]) === JSON.stringify(en[k]));
    // Words that are the same in that language ("Pause", "Live", "Volume", "Offline").
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
    [null, 'en'],
  ])('%j → %s', (tag, lang) => expect(languageOf(tag)).toBe(lang));
});

describe('format', () => {
  it('fills parameters and writes numbers the language\'s way', () => {
    expect(format(en, 'en', 'showAll', { n: 1234 })).toBe('Show all 1,234 episodes');
    expect(format(de, 'de', 'showAll', { n: 1234 })).toBe('Alle 1.234 Folgen zeigen');
    expect(format(en, 'en', 'nowPlayingBy', { title: 'A {n}', artist: 'B' })).toBe('Now playing: A {n} by B');
  });

  it('picks the plural form by the language\'s rules', () => {
    expect(format(en, 'en', 'listeners', { n: 1 })).toBe('1 listener');
    expect(format(en, 'en', 'listeners', { n: 0 })).toBe('0 listeners');
    expect(format(ar, 'ar', 'listeners', { n: 2 })).toBe('مستمعان');
    // Digits as Intl writes them for Arabic here (Arabic-Indic or Latin, by the engine's CLDR).
    expect(format(ar, 'ar', 'listeners', { n: 3 })).toBe(`${(3).toLocaleString('ar')} مستمعين`);
    expect(format(ar, 'ar', 'listeners', { n: 11 })).toBe(`${(11).toLocaleString('ar')} مستمعًا`);
    expect(format(fr, 'fr', 'listeners', { n: 1e6 })).toBe(`${(1e6).toLocaleString('fr')} d’auditeurs`);
  });
});
