import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { en, type MessageKey, type Messages } from '../i18n/en.js';

/** The languages castlet speaks besides English: each is an on-demand chunk. */
const LANGUAGES: Record<string, () => Promise<{ default: Messages }>> = {
  de: () => import('../i18n/de.js'),
  fr: () => import('../i18n/fr.js'),
  es: () => import('../i18n/es.js'),
  pt: () => import('../i18n/pt.js'),
  ar: () => import('../i18n/ar.js'),
};
const RTL = new Set(['ar']);

/** Each language's catalogue, once loaded (one request per page, whatever the widget count). */
const loaded = new Map<string, Promise<Messages>>([['en', Promise.resolve(en)]]);

/** The catalogue language for a BCP 47 tag: its primary subtag if castlet has it, else English. */
export function languageOf(tag: string | null | undefined): string {
  const base = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0]!;
  return base in LANGUAGES ? base : 'en';
}

/** Fills `{name}` parameters (numbers written the language's way) and picks the plural form. */
export function format(messages: Messages, lang: string, key: MessageKey, vars: Record<string, string | number> = {}): string {
  let m = messages[key] ?? en[key];
  if (typeof m !== 'string') m = m[new Intl.PluralRules(lang).select(Number(vars.n))] ?? m.other;
  return m.replace(/\{(\w+)\}/g, (_, k: string) => {
    const v = vars[k] ?? '';
    return typeof v === 'number' ? v.toLocaleString(lang) : v;
  });
}

/**
 * The host's language: its `lang` attribute, else the page's `<html lang>`, else English;
 * followed when either changes. Other languages load as chunks; until one arrives the host
 * speaks English.
 */
export class LocaleController implements ReactiveController {
  /** The catalogue language in use (`en`, `de`, …). */
  lang = 'en';
  private messages: Messages = en;
  private readonly observer?: MutationObserver;

  constructor(private readonly host: ReactiveControllerHost & HTMLElement) {
    host.addController(this);
    if (typeof MutationObserver === 'function') this.observer = new MutationObserver(() => this.resolve());
  }

  /** Right to left (Arabic), for layout; the page may also set `dir` itself. */
  get rtl(): boolean {
    return RTL.has(this.lang);
  }

  hostConnected(): void {
    for (const el of [this.host, document.documentElement]) this.observer?.observe(el, { attributeFilter: ['lang'] });
    this.resolve();
  }

  hostDisconnected(): void {
    this.observer?.disconnect();
  }

  /** The message `key` in the host's language. */
  t(key: MessageKey, vars?: Record<string, string | number>): string {
    return format(this.messages, this.lang, key, vars);
  }

  private resolve() {
    const lang = languageOf(this.host.lang || document.documentElement.lang);
    if (lang === this.lang) return;
    let messages = loaded.get(lang);
    if (!messages) {
      // A chunk that cannot load (offline, blocked) leaves English in place; a later change retries.
      messages = LANGUAGES[lang]!().then((m) => m.default);
      messages.catch(() => loaded.delete(lang));
      loaded.set(lang, messages);
    }
    messages.then(
      (m) => {
        if (languageOf(this.host.lang || document.documentElement.lang) !== lang) return;
        this.lang = lang;
        this.messages = m;
        this.host.requestUpdate();
      },
      () => {},
    );
  }
}
