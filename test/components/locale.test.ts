/**
 * LocaleController (src/internal/locale.ts) in a small host of its own: the host's `lang`,
 * else the page's, looked at before each update (the players make `lang` reactive); other
 * languages arrive as chunks.
 */
import { LitElement, html } from 'lit';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Messages } from '../../src/i18n/en.ts';
import { format } from '../../src/internal/locale.ts';
import de from '../../src/i18n/de.ts';
import fr from '../../src/i18n/fr.ts';
import es from '../../src/i18n/es.ts';
import {} from '../support/harness.ts';

// A fresh locale module for each test: the chunks it loaded are cached for the page.
let Controller: typeof import('../../src/internal/locale.ts').LocaleController;
beforeEach(async () => {
  vi.resetModules();
  Controller = (await import('../../src/internal/locale.ts')).LocaleController;
});

class LocaleHost extends LitElement {
  static override properties = { lang: { reflect: true } };
  locale = new Controller(this);
  renders = 0;
  override render() {
    this.renders++;
    return html`<p>${this.locale.t('Play')}</p>`;
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
function expectSpeaks(el: LocaleHost, lang: string, play: string) {
  return vi.waitFor(() => {
    expect(el.locale.lang).toBe(lang);
    expect(shown(el)).toBe(play);
  }, 3000);
}

describe('LocaleController', () => {
  it('speaks English without a lang anywhere', async () => {
    const el = await mount();
    expect([el.locale.lang, el.locale.t('Play'), shown(el)]).toEqual(['en', 'Play', 'Play']);
  });

  it("speaks English until the language's chunk arrives, then re-renders in it", async () => {
    const el = await mount('de-AT');
    expect([el.locale.lang, shown(el)]).toEqual(['en', 'Play']);
    await expectSpeaks(el, 'de', de.Play);
    expect(el.locale.t('{n} listeners', { n: 1234 })).toBe((de['{n} listeners'] as { other: string }).other.replace('{n}', '1.234'));
  });

  it("follows the page's <html lang> unless the host has its own", async () => {
    document.documentElement.setAttribute('lang', 'fr');
    const page = await mount();
    const own = await mount('es');
    await expectSpeaks(page, 'fr', fr.Play);
    await expectSpeaks(own, 'es', es.Play);
  });

  it("follows changes of the host's lang, and the page's at the next update", async () => {
    const el = await mount();
    el.setAttribute('lang', 'fr');
    await expectSpeaks(el, 'fr', fr.Play);
    el.removeAttribute('lang');
    await expectSpeaks(el, 'en', 'Play');
    document.documentElement.setAttribute('lang', 'de');
    el.requestUpdate();
    await expectSpeaks(el, 'de', de.Play);
    document.documentElement.setAttribute('lang', 'xx');
    el.requestUpdate();
    await expectSpeaks(el, 'en', 'Play');
    el.setAttribute('lang', 'pt-BR');
    await expectSpeaks(el, 'pt', (await import('../../src/i18n/pt.ts')).default.Play as string);
  });

  it('ends in the language asked last, whichever chunk arrives first', async () => {
    // A slow Portuguese chunk: asked first, it arrives after French was asked (and shown).
    let arrive!: () => void;
    const slow = new Promise<void>((r) => (arrive = r));
    vi.doMock('../../src/i18n/pt.ts', async () => (await slow, vi.importActual('../../src/i18n/pt.ts')));
    try {
      const el = await mount('fr');
      await expectSpeaks(el, 'fr', fr.Play);
      el.setAttribute('lang', 'pt');
      await el.updateComplete;
      el.setAttribute('lang', 'fr');
      await el.updateComplete;
      arrive();
      // (The chunk the widget asked for has arrived once the same import here has.)
      await import('../../src/i18n/pt.ts');
      await el.updateComplete;
      expect([el.locale.lang, shown(el)]).toEqual(['fr', fr.Play]);
    } finally {
      vi.doUnmock('../../src/i18n/pt.ts');
    }
  });

  it('re-renders only when the language changes', async () => {
    const el = await mount('de');
    await expectSpeaks(el, 'de', de.Play);
    const renders = el.renders;
    document.documentElement.setAttribute('lang', 'fr'); // the host's own lang still wins
    el.setAttribute('lang', 'de-CH');
    await el.updateComplete;
    // (A chunk asked again would have arrived once the same import here has.)
    await import('../../src/i18n/de.ts');
    await el.updateComplete;
    // One render for the attribute (a reactive property), none more: no chunk asked again.
    expect([el.locale.lang, el.renders]).toEqual(['de', renders + 1]);
  });

  it('keeps English when a chunk cannot load, and asks again at the next change', async () => {
    vi.doMock('../../src/i18n/es.ts', () => {
      throw new Error('offline');
    });
    const el = await mount('es');
    // (The widget's import has failed once the same import here has.)
    await import('../../src/i18n/es.ts').catch(() => {});
    await el.updateComplete;
    expect([el.locale.lang, shown(el)]).toEqual(['en', 'Play']);
    vi.doUnmock('../../src/i18n/es.ts');
    el.setAttribute('lang', 'es-MX');
    await expectSpeaks(el, 'es', es.Play);
  });
});

describe('format: what a catalogue lacks', () => {
  const partial = { '{n} listeners': { other: '{n} listening' } } as unknown as Messages;
  it('takes a missing message from English and a missing plural form from `other`', () => {
    expect(format(partial, 'en', 'Play')).toBe('Play');
    expect(format(partial, 'en', '{n} listeners', { n: 1 })).toBe('1 listening');
  });

  it('leaves a missing parameter empty and text parameters as they are', () => {
    expect(format(partial, 'en', 'Now playing: {title}')).toBe('Now playing: ');
    expect(format(partial, 'de', 'Now playing: {title}', { title: '1234' })).toBe('Now playing: 1234');
    expect(format(null, 'en', '{i} of {n} matches', { i: 1, n: '1' })).toBe('1 of 1 match');
  });
});
