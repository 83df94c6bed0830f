/**
 * Both players in the listener's language against the real mock: every string translated,
 * right to left, the page's language followed, setup errors in the widget. (LocaleController
 * alone: locale.test.ts; every catalogue complete: test/unit/i18n.test.ts.)
 */
import { describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { en } from '../../src/i18n/en.ts';
import de from '../../src/i18n/de.ts';
import ar from '../../src/i18n/ar.ts';
import { all, mount, openDetails, q, ready, shadow, useMock, useFeed, resetAfterEach } from '../support/harness.ts';

const mock = useMock();
const feed = useFeed(mock);
resetAfterEach();

/** Every visible string and label in `el`'s shadow tree. */
function strings(el: HTMLElement): string[] {
  const root = shadow(el);
  const out = new Set<string>();
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE && node.textContent!.trim()) out.add(node.textContent!.trim());
    if (node instanceof Element) for (const a of ['aria-label', 'aria-valuetext']) if (node.hasAttribute(a)) out.add(node.getAttribute(a)!);
    node.childNodes.forEach(walk);
  };
  walk(root);
  return [...out];
}

describe('the listener’s language', () => {
  it('lang="de": every string German where German has its own words (no English left)', async () => {
    const pod = await mount<PodcastPlayer>('podcast-player', mock.url, { lang: 'de' });
    const live = await mount<StreamPlayer>('stream-player', mock.url, { lang: 'de' });
    await ready(pod);
    await ready(live);
    await vi.waitFor(() => expect(q(pod, '[part=play]').getAttribute('aria-label')).toBe('Abspielen'), 3000);
    openDetails(pod, 'transcript');
    openDetails(pod, 'subscribe');
    openDetails(live, 'history');
    await vi.waitFor(() => expect(all(pod, '[part=cue]').length).toBeGreaterThan(0), 3000);
    await vi.waitFor(() => expect(all(pod, '[part=subscribe] a').length).toBeGreaterThan(0), 3000);
    const english = new Set<string>(en.filter((m) => de[m] !== m && !/\{/.test(m)));
    for (const el of [pod, live]) {
      const left = strings(el).filter((s) => english.has(s));
      expect(left, el.tagName).toEqual([]);
    }
    expect(q(pod, '[part=seek]').getAttribute('aria-valuetext')).toMatch(/Sekunden von .*Minuten/);
    expect(q(pod, '[part=back]').getAttribute('aria-label')).toBe('15 Sekunden zurück');
    expect(q(live, '[part=listeners]').textContent).toMatch(/Hörer/);
    expect(q(pod, '[part=base]').hasAttribute('dir')).toBe(false);
  });

  it('lang="ar": Arabic words, right to left, numbers and dates by Intl', async () => {
    const pod = await mount<PodcastPlayer>('podcast-player', mock.url, { lang: 'ar' });
    await ready(pod);
    await vi.waitFor(() => expect(q(pod, '[part=play]').getAttribute('aria-label')).toBe(ar['Play']), 3000);
    expect(q(pod, '[part=base]').getAttribute('dir')).toBe('rtl');
    const ep = feed.episodes[0]!;
    const date = new Date(ep.published_at).toLocaleDateString('ar', { dateStyle: 'medium' });
    expect(shadow(pod).textContent).toContain(date);
    expect(q(pod, '[part=speed] option:nth-child(3)').textContent).toBe(`${(1.25).toLocaleString('ar')}×`);
  });

  it('no lang on the element: the page’s <html lang>; an unknown language: English; changes are followed', async () => {
    document.documentElement.lang = 'fr-CA';
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await vi.waitFor(() => expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Lecture'), 3000);
    el.lang = 'xx';
    await vi.waitFor(() => expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Play'), 3000);
    expect(el.getAttribute('lang')).toBe('xx');
    el.setAttribute('lang', 'es');
    await vi.waitFor(() => expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Reproducir'), 3000);
  });

  it('a setup error reads in the listener’s language in the widget; the event keeps English', async () => {
    const errors: string[] = [];
    const el = await mount<PodcastPlayer>('podcast-player', mock.url, { lang: 'de', 'public-token': 'nope' }, (e) =>
      e.addEventListener('castlet-error', (ev) => errors.push((ev as CustomEvent).detail.message)),
    );
    await vi.waitFor(
      () =>
        expect(q(el, '[part~=message]').textContent!.trim()).toBe(
          de['This public token is malformed: it should look like 97824ed0-ee56-4d2c-ba29-efbcb76794c5. Copy it from your account console.'],
        ),
      3000,
    );
    await vi.waitFor(() => expect(errors).toEqual([expect.stringMatching(/^This public token is malformed/)]), 3000);
  });
});
