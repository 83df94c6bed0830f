/**
 * LocaleController (src/internal/locale.ts) in a small host of its own: the host's `lang`,
 * else the page's, followed when either changes; other languages arrive as chunks.
 */
import { LitElement, html } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '../../src/i18n/en.ts';
import { format } from '../../src/internal/locale.ts';
import de from '../../src/i18n/de.ts';
import fr from '../../src/i18n/fr.ts';
import es from '../../src/i18n/es.ts';
import { sleep, until } from './harness.ts';

// A fresh locale module for each test: the chunks it loaded are cached for the page.
let Controller: typeof import('../../src/internal/locale.ts').LocaleController;
beforeEach(async () => {
  vi.resetModules();
  Controller = (await import('../../src/internal/locale.ts')).LocaleController;
});

class LocaleHost extends LitElement {
  locale = new Controller(this);
  renders = 0;
  override render() {
    this.renders++;
    return html`<p>${this.locale.t('play')}</p>`;
  }
}
customElements.define('locale-host', LocaleHost);

afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
});

async function mount(lang?: string) {
  const el = document.createElement('locale-host') as LocaleHost;
  if (lang !== undefined) el.setAttribute('lang', lang);
  document.body.append(el);
  await el.updateComplete;
  return el;
}
const shown = (el: LocaleHost) => el.shadowRoot!.querySelector('p')!.textContent;
const speaks = (el: LocaleHost, lang: string, play: string) =>
  until(() => {
    expect(el.locale.lang).toBe(lang);
    expect(shown(el)).toBe(play);
  });

describe('LocaleController', () => {
  it('speaks English without a lang anywhere', async () => {
    const el = await mount();
    expect([el.locale.lang, el.locale.rtl, el.locale.t('play'), shown(el)]).toEqual(['en', false, 'Play', 'Play']);
  });

  it('speaks English until the language\'s chunk arrives, then re-renders in it', async () => {
    const el = await mount('de-AT');
    expect([el.locale.lang, shown(el)]).toEqual(['en', 'Play']);
    await speaks(el, 'de', de.play);
    expect(el.locale.t('listeners', { n: 1234 })).toBe(de.listeners.other.replace('{n}', '1.234'));
  });

  it('follows the page\'s <html lang> unless the host has its own', async () => {
    document.documentElement.setAttribute('lang', 'fr');
    const page = await mount();
    const own = await mount('es');
    await speaks(page, 'fr', fr.play);
    await speaks(own, 'es', es.play);
  });

  it('follows changes of the host\'s lang and of the page\'s', async () => {
    const el = await mount();
    el.setAttribute('lang', 'fr');
    await speaks(el, 'fr', fr.play);
    el.removeAttribute('lang');
    await speaks(el, 'en', 'Play');
    document.documentElement.setAttribute('lang', 'de');
    await speaks(el, 'de', de.play);
    document.documentElement.setAttribute('lang', 'xx');
    await speaks(el, 'en', 'Play');
  });

  it('is right to left in Arabic only', async () => {
    const el = await mount('ar');
    await until(() => expect(el.locale.lang).toBe('ar'));
    expect(el.locale.rtl).toBe(true);
    el.setAttribute('lang', 'pt-BR');
    await until(() => expect(el.locale.lang).toBe('pt'));
    expect(el.locale.rtl).toBe(false);
  });

  it('ends in the language asked last, whichever chunk arrives first', async () => {
    // A slow Portuguese chunk: asked first, it arrives after French was asked (and shown).
    vi.doMock('../../src/i18n/pt.ts', async () => (await sleep(300), vi.importActual('../../src/i18n/pt.ts')));
    try {
      const el = await mount('fr');
      await speaks(el, 'fr', fr.play);
      el.setAttribute('lang', 'pt');
      await sleep(50);
      el.setAttribute('lang', 'fr');
      await sleep(500);
      expect([el.locale.lang, shown(el)]).toEqual(['fr', fr.play]);
    } finally {
      vi.doUnmock('../../src/i18n/pt.ts');
    }
  });

  it('re-renders only when the language changes', async () => {
    const el = await mount('de');
    await speaks(el, 'de', de.play);
    const renders = el.renders;
    document.documentElement.setAttribute('lang', 'fr'); // the host's own lang still wins
    el.setAttribute('lang', 'de-CH');
    await sleep(50);
    expect([el.locale.lang, el.renders]).toEqual(['de', renders]);
  });

  it('stops following off the page and catches up when back', async () => {
    const el = await mount('de');
    await speaks(el, 'de', de.play);
    el.remove();
    el.setAttribute('lang', 'en');
    await sleep(50);
    expect(el.locale.lang).toBe('de');
    document.body.append(el);
    await speaks(el, 'en', 'Play');
  });

  it('keeps English when a chunk cannot load, and asks again at the next change', async () => {
    vi.doMock('../../src/i18n/es.ts', () => {
      throw new Error('offline');
    });
    const el = await mount('es');
    await sleep(100);
    expect([el.locale.lang, shown(el)]).toEqual(['en', 'Play']);
    vi.doUnmock('../../src/i18n/es.ts');
    el.setAttribute('lang', 'es-MX');
    await speaks(el, 'es', es.play);
  });
});

describe('format: what a catalogue lacks', () => {
  const partial = { listeners: { other: '{n} listening' } } as unknown as Messages;
  it('takes a missing message from English and a missing plural form from `other`', () => {
    expect(format(partial, 'en', 'play')).toBe('Play');
    expect(format(partial, 'en', 'listeners', { n: 1 })).toBe('1 listening');
  });

  it('leaves a missing parameter empty and text parameters as they are', () => {
    expect(format(partial, 'en', 'nowPlaying')).toBe('Now playing: ');
    expect(format(partial, 'de', 'nowPlaying', { title: '1234' })).toBe('Now playing: 1234');
    expect(format(partial, 'en', 'matches', { i: 1, n: '1' })).toBe('1 of 1 match');
  });
});
