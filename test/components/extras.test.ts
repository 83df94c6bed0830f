/**
 * <podcast-player>'s transcript, share and subscribe, and both players in the listener's
 * language, against the real mock (its transcripts are made with its audio: demo/media/*.vtt).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastFeed } from '../../src/internal/api-types.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { parseVtt, type Cue } from '../../src/internal/vtt.ts';
import { en } from '../../src/i18n/en.ts';
import de from '../../src/i18n/de.ts';
import ar from '../../src/i18n/ar.ts';
import type { LitElement } from 'lit';
import { PUBLIC, mount, openDetails, ready, shadow, sleep, until, useMock } from './harness.ts';

const mock = useMock();
const q = <E extends HTMLElement = HTMLElement>(el: HTMLElement, sel: string) => shadow(el).querySelector<E>(sel)!;
const all = (el: HTMLElement, sel: string) => [...shadow(el).querySelectorAll<HTMLElement>(sel)];
/** An episode's transcript as the mock serves it (read from disk: a fetch here would fill happy-dom's HTTP cache). */
const vttOf = (id: string) => parseVtt(readFileSync(join(process.cwd(), 'demo/media', `${id}.vtt`), 'utf8'));
/** Requests the mock saw for transcripts. */
const vttRequests = () => mock.logs.filter((l) => /^GET \S+\.vtt/.test(l)).length;

let feed: PodcastFeed;
let cues: Cue[];
beforeAll(async () => {
  feed = (await mock.get(`/public/podcasts?token=${PUBLIC}`)).body;
  cues = vttOf(feed.episodes[0]!.id);
});
afterEach(() => {
  document.body.replaceChildren();
  document.documentElement.removeAttribute('lang');
  localStorage.clear();
  history.replaceState(null, '', '/');
});

/** The transcript panel opened, its cues shown. */
async function openTranscript(el: PodcastPlayer) {
  openDetails(el, 'transcript');
  await until(() => expect(all(el, '[part=cue]').length).toBe(cues.length));
}

describe('<podcast-player> transcript', () => {
  it('asks for nothing before the listener opens it; then every cue is a button with its words and speaker', async () => {
    const before = vttRequests();
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(q<HTMLDetailsElement>(el, 'details[part=transcript]').open).toBe(false);
    expect(vttRequests()).toBe(before);
    await openTranscript(el);
    expect(vttRequests()).toBe(before + 1);
    const buttons = all(el, 'button[part=cue]');
    expect(buttons[3]!.textContent).toContain(cues[3]!.text);
    // The speaker is named where the speaker changes, not on every cue.
    expect(buttons[0]!.querySelector('b')?.textContent).toBe(cues[0]!.speaker);
    expect(buttons[1]!.querySelector('b')).toBeNull();
  });

  it("its styles join the element's own once, however often it is opened", async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    const own = (el.constructor as typeof LitElement).elementStyles.map((s) => ('styleSheet' in s ? s.styleSheet : s));
    const sheets = () => shadow(el).adoptedStyleSheets;
    const before = sheets().length;
    expect(sheets().slice(0, own.length)).toEqual(own);
    await openTranscript(el);
    const details = q<HTMLDetailsElement>(el, 'details[part=transcript]');
    details.open = false;
    details.dispatchEvent(new Event('toggle'));
    openDetails(el, 'transcript');
    await sleep(50);
    expect(sheets()).toHaveLength(before + 1);
    expect(sheets().slice(0, own.length)).toEqual(own);
  });

  it('the current cue follows playback (aria-current), and a click on a cue seeks to its start', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await openTranscript(el);
    const current = () => all(el, '[part=cue]').findIndex((b) => b.getAttribute('aria-current') === 'true');
    // Before the first words (0.35 s), no cue is current.
    expect(current()).toBe(-1);
    el.seek(cues[6]!.start + 0.5);
    await until(() => expect(current()).toBe(6));
    expect(all(el, '[part=cue][aria-current=true]')).toHaveLength(1);
    all(el, '[part=cue]')[10]!.click();
    expect(el.position).toBe(cues[10]!.start);
    await until(() => expect(current()).toBe(10));
  });

  it('search marks the matches and steps through them, wrapping around', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await openTranscript(el);
    const word = 'light';
    const hits = cues.filter((c) => c.text.toLowerCase().includes(word)).length;
    expect(hits).toBeGreaterThan(1);
    const input = q<HTMLInputElement>(el, '[part=transcript] input[type=search]');
    input.value = 'LIGHT ';
    input.dispatchEvent(new Event('input'));
    const status = () => q(el, '[part=transcript] [role=status]').textContent!.trim();
    await until(() => expect(status()).toBe(`1 of ${hits} matches`));
    expect(all(el, '[part=cue] mark').length).toBeGreaterThanOrEqual(hits);
    const focus = () => all(el, '[part=cue]').findIndex((b) => b.querySelector('mark.now'));
    const first = focus();
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    await until(() => expect(status()).toBe(`2 of ${hits} matches`));
    expect(focus()).toBeGreaterThan(first);
    q(el, '[part=transcript] button[aria-label="Previous match"]').click();
    q(el, '[part=transcript] button[aria-label="Previous match"]').click();
    await until(() => expect(status()).toBe(`${hits} of ${hits} matches`));
    input.value = 'zebra';
    input.dispatchEvent(new Event('input'));
    await until(() => expect(status()).toBe('No matches'));
    expect(all(el, '[part=cue] mark')).toHaveLength(0);
  });

  it('follows the episode on show: another episode shows its own transcript', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await openTranscript(el);
    const other = feed.episodes[1]!;
    const otherCues = vttOf(other.id);
    all(el, '[part=episode]')[1]!.click();
    await until(() => expect(all(el, '[part=cue]')[0]?.textContent).toContain(otherCues[0]!.text));
    el.media.pause();
  });

  it('an episode without a transcript says so when the panel is opened', async () => {
    const { id } = await mock.owner('addPodcast', { title: 'Notes without words', duration: 60, chapters: [] });
    onTestFinished(() => mock.owner('deletePodcast', { id }));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    expect(el.current?.title).toBe('Notes without words');
    openDetails(el, 'transcript');
    await until(() => expect(q(el, '[part=transcript]').textContent).toContain('This episode has no transcript.'));
    // The one with words shows its own.
    all(el, '[part=episode]')[1]!.click();
    await until(() => expect(all(el, '[part=cue]').length).toBe(cues.length));
    el.media.pause();
  });
});

describe('<podcast-player> share', () => {
  let copied: string[];
  const clipboard = (writeText: (t: string) => Promise<void>) =>
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
  afterEach(() => {
    delete (navigator as { share?: unknown }).share;
  });

  it('copies a link to this moment of this episode where there is no share sheet', async () => {
    copied = [];
    clipboard(async (t) => void copied.push(t));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    el.seek(42.7);
    q(el, '[part=share]').click();
    await until(() => expect(copied).toHaveLength(1));
    const link = new URL(copied[0]!);
    expect(link.origin + link.pathname).toBe(location.origin + location.pathname);
    expect(link.hash).toBe(`#castlet-episode=${feed.episodes[0]!.id}&castlet-t=42`);
    await until(() => expect(shadow(el).textContent).toContain('Link copied'));
    expect(q(el, '[aria-live=polite]').textContent).toBe('Link copied');
  });

  it('gives the link to the Web Share sheet where the browser has one', async () => {
    const shared: ShareData[] = [];
    Object.assign(navigator, { share: async (d: ShareData) => void shared.push(d) });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    q(el, '[part=share]').click();
    await until(() => expect(shared).toHaveLength(1));
    expect(shared[0]).toEqual({ title: feed.episodes[0]!.title, url: `${location.origin}/#castlet-episode=${feed.episodes[0]!.id}&castlet-t=0` });
    // The sheet says what happened; the player adds nothing. A sheet the listener closed is no failure either.
    await sleep(50);
    expect(q(el, '[aria-live=polite]').textContent).toBe('');
    Object.assign(navigator, { share: () => Promise.reject(new DOMException('closed', 'AbortError')) });
    q(el, '[part=share]').click();
    await sleep(50);
    expect(q(el, '[aria-live=polite]').textContent).toBe('');
  });

  it('a blocked clipboard shows the link to copy by hand', async () => {
    clipboard(() => Promise.reject(new DOMException('Denied', 'NotAllowedError')));
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    q(el, '[part=share]').click();
    await until(() =>
      expect(shadow(el).textContent).toContain(`Copying was blocked: select the address and copy it. ${location.origin}/#castlet-episode=`),
    );
  });

  it('a page opened with a share link shows that episode at that time, ready to play (no autoplay)', async () => {
    const ep = feed.episodes[2]!;
    history.replaceState(null, '', `/page#castlet-episode=${ep.id}&castlet-t=61`);
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await until(() => expect(el.current?.id).toBe(ep.id));
    await until(() => expect(el.position).toBe(61));
    expect(el.state).toBe('ready');
    expect(el.media.getAttribute('src')).toBeNull();
    expect(q<HTMLInputElement>(el, '[part=seek]').value).toBe('61');
    expect(q(el, '[part=title]').textContent).toBe(ep.title);
  });

  it('a share link for another episode than the pinned one, or for none that exists, changes nothing', async () => {
    history.replaceState(null, '', `/page#castlet-episode=${feed.episodes[2]!.id}&castlet-t=61`);
    const pinned = await mount<PodcastPlayer>('podcast-player', mock.url, { episode: feed.episodes[1]!.id });
    await ready(pinned);
    history.replaceState(null, '', '/page#castlet-episode=gone&castlet-t=61');
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    await new Promise((r) => setTimeout(r, 100));
    expect([pinned.current?.id, pinned.position]).toEqual([feed.episodes[1]!.id, 0]);
    expect([el.current?.id, el.position]).toEqual([feed.episodes[0]!.id, 0]);
  });
});

describe('<podcast-player> subscribe', () => {
  it('offers the RSS feed address to copy and links that podcast apps open', async () => {
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (t: string) => void copied.push(t) } });
    const el = await mount<PodcastPlayer>('podcast-player', mock.url);
    await ready(el);
    openDetails(el, 'subscribe');
    const feedUrl = `${mock.url}/public/podcasts.rss?token=${PUBLIC}`;
    await until(() => expect(q<HTMLInputElement>(el, '[part=subscribe] input').value).toBe(feedUrl));
    const links = Object.fromEntries(all(el, '[part=subscribe] a').map((a) => [a.textContent, a.getAttribute('href')]));
    const bare = feedUrl.replace(/^http:\/\//, '');
    expect(links).toEqual({
      'Apple Podcasts': `podcast://${bare}`,
      'Pocket Casts': `pktc://subscribe/${bare}`,
      Overcast: `overcast://x-callback-url/add?url=${encodeURIComponent(feedUrl)}`,
      AntennaPod: `antennapod-subscribe://${bare}`,
      'Podcast Addict': `podcastaddict://${bare}`,
      RSS: feedUrl,
    });
    q(el, '[part=subscribe] button').click();
    await until(() => expect(copied).toEqual([feedUrl]));
    await until(() => expect(shadow(el).textContent).toContain('Feed address copied'));
    // The feed itself is the show as RSS.
    const rss = await fetch(feedUrl);
    expect(rss.headers.get('content-type')).toContain('xml');
  });
});

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
    await until(() => expect(q(pod, '[part=play]').getAttribute('aria-label')).toBe('Abspielen'));
    openDetails(pod, 'transcript');
    openDetails(pod, 'subscribe');
    openDetails(live, 'history');
    await until(() => expect(all(pod, '[part=cue]').length).toBeGreaterThan(0));
    await until(() => expect(all(pod, '[part=subscribe] a').length).toBeGreaterThan(0));
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
    await until(() => expect(q(pod, '[part=play]').getAttribute('aria-label')).toBe(ar['Play']));
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
    await until(() => expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Lecture'));
    el.lang = 'xx';
    await until(() => expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Play'));
    expect(el.getAttribute('lang')).toBe('xx');
    el.setAttribute('lang', 'es');
    await until(() => expect(q(el, '[part=play]').getAttribute('aria-label')).toBe('Reproducir'));
  });

  it('a setup error reads in the listener’s language in the widget; the event keeps English', async () => {
    const errors: string[] = [];
    const el = await mount<PodcastPlayer>('podcast-player', mock.url, { lang: 'de', 'public-token': 'nope' }, (e) =>
      e.addEventListener('castlet-error', (ev) => errors.push((ev as CustomEvent).detail.message)),
    );
    await until(() =>
      expect(q(el, '[part~=message]').textContent!.trim()).toBe(
        de['This public token is malformed: it should look like 97824ed0-ee56-4d2c-ba29-efbcb76794c5. Copy it from your account console.'],
      ),
    );
    await until(() => expect(errors).toEqual([expect.stringMatching(/^This public token is malformed/)]));
  });
});
