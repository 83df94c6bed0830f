/**
 * The public contract both players keep: every event bubbles, crosses shadow roots and
 * carries its documented detail; `state` moves through a known sequence and is read-only;
 * no server field is ever rendered as HTML.
 */
import { fixture, html } from '@open-wc/testing';
import { describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import type { CastletEventMap } from '../../src/events.ts';
import { PUBLIC, adoptedRules, openDetails, q, record, shadow, resetAfterEach } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();

/** The player inside another component's shadow root; events are heard on document. */
async function nested<E extends HTMLElement>(tag: string, url: string) {
  const host = await fixture<HTMLDivElement>(html`<div></div>`);
  const root = host.attachShadow({ mode: 'open' });
  const seen: { type: string; bubbles: boolean; composed: boolean; detail: unknown }[] = [];
  for (const type of ['statechange', 'error', 'play', 'pause', 'nowplaying', 'episodechange', 'chapterchange'])
    document.addEventListener(`castlet-${type}`, (e) => {
      const { bubbles, composed, detail } = e as CustomEvent;
      seen.push({ type, bubbles, composed, detail });
    });
  const el = document.createElement(tag) as E;
  el.setAttribute('public-token', PUBLIC);
  el.setAttribute('base-url', url);
  root.append(el);
  return { el, seen, of: (type: string) => seen.filter((s) => s.type === type) };
}

describe('events', () => {
  it('<stream-player>: every event bubbles and is composed, with its documented detail; state runs loading → ready → playing → buffering → playing → ready → error', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const { el, seen, of } = await nested<StreamPlayer>('stream-player', service.url);
    expect(el.state).toBe('loading');
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    const src = el.media.src;
    el.media.dispatchEvent(new Event('error'));
    await vi.waitFor(() => expect(el.state).toBe('buffering'), 3000);
    el.media.dispatchEvent(new Event('playing'));
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: { ...streamInfo().now_playing!, title: 'Next' } };
    el.refresh();
    await vi.waitFor(() => expect(of('nowplaying')).toHaveLength(1), 3000);
    q(el, '[part=play]').click();
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    service.routes['/public/stream'] = [401, { error: 'invalid_token', error_description: 'reset' }];
    el.refresh();
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    // A setup error is told once its words arrived (they are a chunk).
    await vi.waitFor(() => expect(of('error')).toHaveLength(2), 3000);

    expect(seen.every((s) => s.bubbles && s.composed)).toBe(true);
    expect(of('statechange').map((s) => s.detail)).toEqual(
      ['ready', 'playing', 'buffering', 'playing', 'ready', 'error'].map((state) => ({ state })),
    );
    expect(of('play').map((s) => s.detail)).toEqual([{ src: streamInfo().stream_url }]);
    expect(of('pause').map((s) => s.detail)).toEqual([{ src: streamInfo().stream_url }]);
    expect(src.startsWith(`${streamInfo().stream_url}?t=`)).toBe(true);
    expect(of('error').map((s) => s.detail)).toEqual([
      { code: 'media', message: 'The audio could not be played. Retrying…', fatal: false },
      { code: 'invalid_token', message: expect.stringMatching(/not valid/), fatal: true },
    ]);
    expect(of('nowplaying').map((s) => s.detail)).toEqual([{ nowPlaying: expect.objectContaining({ title: 'Next' }) }]);
    expect(el.getAttribute('state')).toBe('error');
  });

  it('<podcast-player>: episodechange and chapterchange bubble, are composed and carry the episode and chapter', async () => {
    service = await serve({ '/public/podcasts': podcastFeed(2) });
    const { el, of } = await nested<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    await vi.waitFor(() => expect(shadow(el).querySelectorAll('[part=episode]')).toHaveLength(2), 3000);
    shadow(el).querySelectorAll<HTMLElement>('[part=episode]')[1].click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    shadow(el).querySelectorAll<HTMLElement>('[part=chapter]')[1].click();
    const [ep] = podcastFeed(2).episodes.slice(1);
    expect(of('episodechange')).toEqual([{ type: 'episodechange', bubbles: true, composed: true, detail: { episode: ep } }]);
    // (Playback started in chapter 0, which was current already: only the jump is a change.)
    expect(of('chapterchange').map((s) => [s.bubbles, s.composed, s.detail])).toEqual([[true, true, { index: 1, chapter: ep.chapters[1] }]]);
    expect(of('play').map((s) => s.detail)).toEqual([{ src: ep.audio_url }]);
  });

  it('state is read-only: setting it changes nothing', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const { el } = await nested<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    expect(() => ((el as unknown as { state: string }).state = 'playing')).toThrow(TypeError);
    expect(el.state).toBe('ready');
  });

  it('the entry exports ErrorCode and the event map types', () => {
    const code: import('../../src/castlet.ts').ErrorCode = 'bad_response';
    const map: keyof CastletEventMap = 'castlet-error';
    expect([code, map]).toEqual(['bad_response', 'castlet-error']);
  });
});

describe('hostile text in every server field is rendered as text', () => {
  const evil = (field: string) => `<img src=x onerror="globalThis.pwned='${field}'"><b>${field}</b>`;
  const noHtml = (el: HTMLElement) => {
    expect(shadow(el).querySelector('img[src=x], b, script')).toBeNull();
    expect((globalThis as { pwned?: string }).pwned).toBeUndefined();
  };

  it('<stream-player>: channel, now playing and history', async () => {
    const info = streamInfo();
    info.channel = { ...info.channel, name: evil('name'), genre: evil('genre'), description: evil('description') };
    const track = { title: evil('title'), artist: evil('artist'), artwork_url: 'javascript:alert(1)', started_at: evil('started_at') };
    info.now_playing = track;
    info.history = [track, { ...track, title: evil('history') }];
    service = await serve({ '/public/stream': info });
    const { el } = await nested<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    openDetails(el, 'history');
    await vi.waitFor(() => expect(shadow(el).textContent).toContain(evil('history')), 3000);
    const text = shadow(el).textContent!;
    for (const field of ['name', 'title', 'artist', 'history']) expect(text).toContain(evil(field));
    expect(shadow(el).querySelector('img[part=artwork]')).toBeNull(); // not an http(s) URL: no image at all
    noHtml(el);
    info.now_playing = null;
    service.routes['/public/stream'] = info;
    el.refresh();
    await vi.waitFor(() => expect(q(el, '[part=artist]').textContent).toBe(evil('genre')), 3000);
    noHtml(el);
  });

  it('<podcast-player>: show, episode, description, chapters and list', async () => {
    const feed = podcastFeed(2);
    feed.podcast = { title: evil('show'), author: evil('author'), description: evil('about'), artwork_url: evil('art') };
    feed.episodes = feed.episodes.map((e) => ({
      ...e,
      title: evil(`title ${e.id}`),
      description: evil('description'),
      published_at: evil('published'),
      audio_url: 'javascript:alert(1)',
      chapters: [{ start: 0, title: evil('chapter') }],
    }));
    service = await serve({ '/public/podcasts': feed });
    const { el } = await nested<PodcastPlayer>('podcast-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    const text = shadow(el).textContent!;
    for (const field of ['show', 'title ep2', 'title ep1', 'description', 'chapter']) expect(text).toContain(evil(field));
    expect(shadow(el).querySelector('a[part=download]')).toBeNull(); // never a javascript: link
    noHtml(el);
  });
});

describe('an element as pasted, attributes missing', () => {
  it('no token: missing_token; a token without base-url (the npm copy): missing_base_url; nothing announced', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div></div>`);
    const bare = document.createElement('stream-player') as StreamPlayer;
    const tokenOnly = document.createElement('podcast-player') as PodcastPlayer;
    tokenOnly.setAttribute('public-token', PUBLIC);
    const errors = [record(bare, 'castlet-error'), record(tokenOnly, 'castlet-error')];
    wrapper.append(bare, tokenOnly);
    await vi.waitFor(() => expect(errors.map((seen) => seen.map((e) => e.code))).toEqual([['missing_token'], ['missing_base_url']]), 3000);
    for (const el of [bare, tokenOnly]) {
      expect(el.state).toBe('error');
      expect(q(el, '[aria-live]').textContent).toBe('');
      // The setup error's look came with its words (a chunk): its rules are in the shadow root.
      const rules = adoptedRules(el);
      expect(rules.some((r) => r.includes('.fatal'))).toBe(true);
    }
  });
});
