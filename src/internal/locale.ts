import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { EN_ONE, type Messages, type Text } from '../i18n/en.js';

/** The languages castlet speaks besides English: each is an on-demand chunk. */
const LANGUAGES: Record<string, () => Promise<{ default: Messages }>> = {
  de: () => import('../i18n/de.js'),
  fr: () => import('../i18n/fr.js'),
  es: () => import('../i18n/es.js'),
  pt: () => import('../i18n/pt.js'),
  ar: () => import('../i18n/ar.js'),
};

/** The catalogue language for a BCP 47 tag: its primary subtag if castlet has it, else English. */
export function languageOf(tag: string): string {
  const base = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return base in LANGUAGES ? base : 'en';
}

/**
 * `text` (an English message) in a language, `messages` (none: English), its `{name}`
 * parameters filled (numbers written the locale's way) and its plural form picked.
 */
export function format(messages: Partial<Messages> | null, locale: string, text: Text, vars: Record<string, string | number> = {}): string {
  const one = EN_ONE[text];
  let m = messages?.[text] ?? (one ? { one, other: text } : text);
  if (typeof m !== 'string') m = m[new Intl.PluralRules(locale).select(Number(vars.n))] ?? m.other;
  return m.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = vars[k] ?? '';
    return typeof v === 'number' ? v.toLocaleString(locale) : v;
  });
}

/**
 * The host's language: its `lang` attribute, else the page's `<html lang>`, else English;
 * looked at before each update (the players make `lang` reactive). Other languages load as
 * chunks; until one arrives the host speaks English.
 */
export class LocaleController implements ReactiveController {
  /** The language in use (`en`, `de`, …): the words', and `Intl`'s for dates, numbers and plurals, so that they agree. */
  lang = 'en';
  #messages: Messages | null = null;
  /** The tag last looked at. */
  #tag?: string;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
  }

  /** The English message `text` in the host's language. */
  t(text: Text, vars?: Record<string, string | number>): string {
    return format(this.#messages, this.lang, text, vars);
  }

  hostUpdate(): void {
    const tag = this.host.lang || document.documentElement.lang;
    if (tag === this.#tag) return;
    this.#tag = tag;
    const lang = languageOf(tag);
    // Another tag of the same language (de → de-CH): nothing to load, nothing to redo.
    if (lang === this.lang) return;
    // English is at hand (before this render). Another language is a chunk (one request per
    // page, the module loader keeps it); one that cannot load leaves English in place.
    if (lang === 'en') this.#use('en', null);
    else
      void LANGUAGES[lang]?.().then(
        (m) => {
          if (this.#tag === tag) {
            this.#use(lang, m.default);
            this.host.requestUpdate();
          }
        },
        () => {},
      );
  }

  #use(lang: string, messages: Messages | null) {
    this.lang = lang;
    this.#messages = messages;
  }
}
