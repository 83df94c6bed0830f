/**
 * Chapters with pictures and links, silent chapters (`toc: false`), hosts and guests, and the
 * Support link, as a service sends them: real HTTP from a small loopback service of our own
 * (service.ts) with the data each case needs, the real podcast player in happy-dom.
 */
import { describe, expect, it, vi } from 'vitest';
import '../../src/podcast-player.ts';
import type { Chapter, Episode, PodcastFeed } from '../../src/api/types.ts';
import type { PodcastPlayer } from '../../src/podcast-player.ts';
import { isPodcastFeed } from '../../src/api/validate.ts';
import { all, mount, playing, q, ready, record, shadow, resetAfterEach } from '../support/harness.ts';
import { feedWithLiveItem, podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service | undefined;
resetAfterEach();

const ART = 'http://127.0.0.1:9/art';
/** What the artwork shows: the picture's address, or `none` for the gradient tile. */
const artwork = (el: HTMLElement) => q<HTMLImageElement>(el, '[part=artwork]')!.getAttribute('src') ?? 'none';
const listed = (el: HTMLElement) => all(el, '[part=chapter] .clip').map((s) => s.textContent);
const current = (el: HTMLElement) => all(el, '[part=chapter][aria-current=true] .clip').map((s) => s.textContent);
/** Playback has reached `t` seconds, as the media element tells it, and the player has rendered that. */
async function playedTo(el: PodcastPlayer, t: number) {
  el.media.currentTime = t;
  el.media.dispatchEvent(new Event('timeupdate'));
  await el.updateComplete;
}

/** The feed of podcastFeed(), its newest episode changed by `ep` and its show by `show`. */
function feedWith(ep: Partial<Episode> & Record<string, unknown>, show: Record<string, unknown> = {}): PodcastFeed {
  const feed = podcastFeed(2);
  feed.episodes[0] = { ...feed.episodes[0], ...ep } as Episode;
  feed.podcast = { ...feed.podcast, ...show };
  return feed;
}

async function player(feed: unknown, attrs: Record<string, string> = {}) {
  service = await serve({ '/public/podcasts': feed });
  const el = await mount<PodcastPlayer>('podcast-player', service.url, attrs);
  await ready(el);
  return el;
}

/** Intro (no picture), Pictures (a picture and a link), a silent chapter with its own picture, Plain (none). */
const CHAPTERS: Chapter[] = [
  { start: 0, title: 'Intro' },
  { start: 30, title: 'Pictures', img: `${ART}/pictures.png`, url: 'https://example.com/pictures' },
  { start: 60, title: 'Slide', img: `${ART}/slide.png`, toc: false },
  { start: 90, title: 'Plain' },
];

describe('validation of chapters, persons and funding', () => {
  const good = feedWith(
    {
      chapters: [...CHAPTERS, { start: 100, title: 'Extra', toc: true, img: null, future: { x: 1 } } as unknown as Chapter],
      persons: [
        { name: 'Ana', role: 'host', img: `${ART}/ana.png`, href: 'https://example.com/ana' },
        { name: 'Bo', role: 'guest', group: 'cast' } as never,
      ],
    },
    { funding: { url: 'https://example.com/support', text: 'Support us' } },
  );

  it('accepts the documented shapes, unknown fields, and persons or funding absent or null', () => {
    expect(isPodcastFeed(good)).toBe(true);
    expect(isPodcastFeed(feedWith({}, { funding: null }))).toBe(true);
    expect(isPodcastFeed(feedWith({ persons: [] }))).toBe(true);
    expect(isPodcastFeed(podcastFeed())).toBe(true);
  });

  it('accepts a URL that is not http(s) (text is the shape; it is dropped where it would be used)', () => {
    expect(
      isPodcastFeed(
        feedWith(
          {
            chapters: [{ start: 0, title: 'x', img: 'javascript:alert(1)', url: '/relative' }],
            persons: [{ name: 'A', role: 'host', href: 'data:text/html,x' }],
          },
          { funding: { url: 'ftp://x', text: 'x' } },
        ),
      ),
    ).toBe(true);
  });

  const BAD: [string, unknown][] = [
    ['persons not a list', feedWith({ persons: { name: 'Ana' } as never })],
    ['a person without a name', feedWith({ persons: [{ role: 'host' }] as never })],
    ['a person whose name is markup in an object', feedWith({ persons: [{ name: { html: '<b>' }, role: 'host' }] as never })],
    ['a person whose role is a number', feedWith({ persons: [{ name: 'Ana', role: 1 }] as never })],
    ['a person whose picture is an object', feedWith({ persons: [{ name: 'Ana', role: 'host', img: {} }] as never })],
    ['a person whose link is a list', feedWith({ persons: [{ name: 'Ana', role: 'host', href: ['https://x'] }] as never })],
    ['a chapter title that is not text', feedWith({ chapters: [{ start: 0, title: 5 }] as never })],
    ['a chapter picture that is a number', feedWith({ chapters: [{ start: 0, title: 'x', img: 5 }] as never })],
    ['a chapter link that is an object', feedWith({ chapters: [{ start: 0, title: 'x', url: { href: 'https://x' } }] as never })],
    ['toc as text', feedWith({ chapters: [{ start: 0, title: 'x', toc: 'false' }] as never })],
    ['funding as text', feedWith({}, { funding: 'https://example.com' })],
    ['funding without a url', feedWith({}, { funding: { text: 'Support' } })],
    ['funding without its words', feedWith({}, { funding: { url: 'https://example.com' } })],
  ];

  it.each(BAD)('rejects %s', (_, body) => {
    expect(isPodcastFeed(body)).toBe(false);
  });

  it.each(BAD.filter((_, i) => i % 4 === 0))('a service that sends %s: bad_response shown and fired', async (_, body) => {
    service = await serve({ '/public/podcasts': body });
    let errors: ReturnType<typeof record<'castlet-error'>> = [];
    const el = await mount<PodcastPlayer>('podcast-player', service.url, {}, (e) => (errors = record(e, 'castlet-error')));
    await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
    expect(errors.map((e) => e.code)).toEqual(['bad_response']);
    expect(q(el, '[part~=message]')!.textContent).toMatch(/does not understand/);
  });
});

describe('chapter pictures', () => {
  it("take the artwork's place while their chapter plays, the silent one's too, and give it back after", async () => {
    const el = await player(feedWith({ artwork_url: `${ART}/episode.png`, chapters: CHAPTERS }));
    expect(artwork(el)).toBe(`${ART}/episode.png`);
    q(el, '[part=play]')!.click();
    await playing(el);
    const at = async (t: number) => (await playedTo(el, t), artwork(el));
    expect(await at(29.9)).toBe(`${ART}/episode.png`);
    expect(await at(30)).toBe(`${ART}/pictures.png`);
    expect(await at(61)).toBe(`${ART}/slide.png`);
    expect(await at(90)).toBe(`${ART}/episode.png`);
    // And back again by a seek (before the boundary: the episode's artwork).
    el.seek(45);
    await el.updateComplete;
    expect(artwork(el)).toBe(`${ART}/pictures.png`);
    el.seek(5);
    await el.updateComplete;
    expect(artwork(el)).toBe(`${ART}/episode.png`);
  });

  it("without episode artwork, the show's comes back after the chapter; a picture that is not http(s) is dropped", async () => {
    const chapters = [
      { start: 0, title: 'Intro' },
      { start: 30, title: 'Script', img: 'javascript:alert(1)' },
      { start: 60, title: 'Relative', img: '/art/x.png' },
      { start: 90, title: 'Picture', img: `${ART}/p.png` },
    ];
    const el = await player(feedWith({ artwork_url: null, chapters }, { artwork_url: `${ART}/show.png` }));
    expect(artwork(el)).toBe(`${ART}/show.png`);
    for (const [t, want] of [
      [35, `${ART}/show.png`],
      [65, `${ART}/show.png`],
      [95, `${ART}/p.png`],
      [10, `${ART}/show.png`],
    ] as const) {
      el.seek(t);
      await el.updateComplete;
      expect(artwork(el), `at ${t} s`).toBe(want);
    }
    expect(shadow(el).innerHTML).not.toContain('javascript:');
  });

  it('no picture anywhere: the gradient tile, and a chapter picture replaces it', async () => {
    const el = await player(
      feedWith({
        chapters: [
          { start: 0, title: 'A' },
          { start: 30, title: 'B', img: `${ART}/b.png` },
        ],
      }),
    );
    expect(artwork(el)).toBe('none');
    el.seek(31);
    await el.updateComplete;
    expect(artwork(el)).toBe(`${ART}/b.png`);
  });
});

describe('chapter links', () => {
  const chapters = [
    { start: 0, title: 'Secure', url: 'https://example.com/s' },
    { start: 10, title: 'Plain http', url: 'http://example.com/p' },
    { start: 20, title: 'Script', url: 'javascript:alert(1)' },
    { start: 30, title: 'Data', url: 'data:text/html,<script>alert(1)</script>' },
    { start: 40, title: 'Relative', url: '/here' },
    { start: 50, title: 'None' },
  ];

  it('open in a new tab without an opener, http(s) only, named for their chapter', async () => {
    const el = await player(feedWith({ chapters }));
    const links = all<HTMLAnchorElement>(el, 'a[part=chapter-link]');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://example.com/s', 'http://example.com/p']);
    for (const a of links) {
      expect(a.getAttribute('target')).toBe('_blank');
      expect(a.getAttribute('rel')).toBe('noopener');
    }
    expect(links.map((a) => a.getAttribute('aria-label'))).toEqual(['Chapter link: Secure', 'Chapter link: Plain http']);
    // Beside its chapter's button, in the same row; every chapter is still listed.
    expect(links[0].closest('li')!.querySelector('[part=chapter] .clip')!.textContent).toBe('Secure');
    expect(listed(el)).toEqual(chapters.map((c) => c.title));
    expect(shadow(el).innerHTML).not.toMatch(/javascript:|data:text/);
  });

  it('a link opens its page and does not move playback; the chapter button still does', async () => {
    const el = await player(feedWith({ chapters }));
    const link = all<HTMLAnchorElement>(el, 'a[part=chapter-link]')[1];
    // Not inside the button (a link in a button is neither valid nor reachable on its own).
    expect(link.closest('button')).toBeNull();
    link.addEventListener('click', (e) => e.preventDefault()); // (happy-dom would navigate)
    link.click();
    expect(el.position).toBe(0);
    all(el, '[part=chapter]')[1].click();
    expect(el.position).toBe(10);
  });

  it("is said in the listener's language", async () => {
    const el = await player(feedWith({ chapters }), { lang: 'de' });
    await vi.waitFor(() => expect(q(el, 'a[part=chapter-link]')!.getAttribute('aria-label')).toBe('Link zum Kapitel: Secure'), 3000);
  });
});

describe('silent chapters (toc: false)', () => {
  it('are not listed; while one plays, the listed chapter it falls in stays current, with no announcement or event', async () => {
    const el = await player(feedWith({ artwork_url: `${ART}/episode.png`, chapters: CHAPTERS }));
    expect(listed(el)).toEqual(['Intro', 'Pictures', 'Plain']);
    const changes = record(el, 'castlet-chapterchange');
    q(el, '[part=play]')!.click();
    await playing(el);
    const at = (t: number) => playedTo(el, t);
    await at(35);
    expect(current(el)).toEqual(['Pictures']);
    expect(q(el, '[aria-live]')!.textContent).toBe('Chapter: Pictures');
    await at(65);
    expect(current(el)).toEqual(['Pictures']);
    expect(artwork(el)).toBe(`${ART}/slide.png`);
    expect(q(el, '[aria-live]')!.textContent).toBe('Chapter: Pictures');
    await at(95);
    expect(current(el)).toEqual(['Plain']);
    expect(changes.map((c) => [c.index, c.chapter.title])).toEqual([
      [1, 'Pictures'],
      [3, 'Plain'],
    ]);
  });

  it('an episode whose chapters are all silent says it has none', async () => {
    const el = await player(feedWith({ chapters: [{ start: 0, title: 'Hidden', toc: false, img: `${ART}/h.png` }] }));
    expect(listed(el)).toEqual([]);
    expect(q(el, '[part=chapters]')!.textContent).toContain('No chapters in this episode.');
    expect(artwork(el)).toBe(`${ART}/h.png`);
  });
});

describe('hosts, guests and the Support link', () => {
  const persons = [
    { name: '<b>Ana</b> & "Co"', role: 'host', img: `${ART}/ana.png`, href: 'https://example.com/ana' },
    { name: 'Bo', role: 'Guest' },
    { name: 'Cy', role: 'producer', img: 'javascript:alert(1)', href: 'javascript:alert(2)' },
    { name: 'Di', role: 'constructor', img: '/relative.png', href: '//example.com/protocol-relative' },
  ];
  const funding = { url: 'https://example.com/support', text: 'Support <i>us</i>' };
  const people = (el: HTMLElement) => all(el, '[part=person]');

  it('shows each person as text only, bidi-isolated, with role, picture and link when valid', async () => {
    const el = await player(feedWith({ persons }, { funding }));
    const [ana, bo, cy, di] = people(el);
    expect(people(el)).toHaveLength(4);
    // Server text stays text: no <b> element, the markup is in the name as written.
    expect(ana.querySelector('b')).toBeNull();
    expect(ana.querySelector('bdi')!.textContent).toBe('<b>Ana</b> & "Co"');
    expect(ana.querySelector('a')!.getAttribute('href')).toBe('https://example.com/ana');
    expect(ana.querySelector('a')!.getAttribute('target')).toBe('_blank');
    expect(ana.querySelector('a')!.getAttribute('rel')).toBe('noopener');
    expect(ana.querySelector('img')!.getAttribute('src')).toBe(`${ART}/ana.png`);
    expect(ana.querySelector('img')!.getAttribute('alt')).toBe('');
    // Known roles in the listener's words (any case), others as the service wrote them.
    expect([ana, bo, cy, di].map((p) => p.querySelector('.muted')!.textContent)).toEqual(['Host', 'Guest', 'producer', 'constructor']);
    // Bad URLs are dropped; the person stays.
    for (const p of [bo, cy, di]) {
      expect(p.querySelector('a')).toBeNull();
      expect(p.querySelector('img')).toBeNull();
    }
    expect(cy.querySelector('bdi')!.textContent).toBe('Cy');
    expect(q(el, '[part=credits] ul')!.getAttribute('aria-label')).toBe('Hosts and guests');
    const support = q<HTMLAnchorElement>(el, 'a[part=support]')!;
    expect([support.getAttribute('href'), support.getAttribute('target'), support.getAttribute('rel')]).toEqual([
      'https://example.com/support',
      '_blank',
      'noopener',
    ]);
    expect(support.querySelector('bdi')!.textContent).toBe('Support <i>us</i>');
    expect(support.querySelector('i')).toBeNull();
    expect(shadow(el).innerHTML).not.toContain('javascript:');
  });

  it("roles and an empty Support text in the listener's language", async () => {
    const el = await player(feedWith({ persons }, { funding: { url: 'https://example.com/s', text: '  ' } }), { lang: 'de' });
    await vi.waitFor(
      () => expect(people(el).map((p) => p.querySelector('.muted')!.textContent)).toEqual(['Moderation', 'Gast', 'producer', 'constructor']),
      3000,
    );
    expect(q(el, '[part=credits] ul')!.getAttribute('aria-label')).toBe('Moderation und Gäste');
    expect(q(el, 'a[part=support]')!.textContent).toBe('Unterstützen');
  });

  it('follow the episode on show; a Support link that is not http(s) is none', async () => {
    const feed = feedWith({ persons }, { funding: { url: 'javascript:alert(1)', text: 'Give' } });
    const el = await player(feed);
    expect(people(el)).toHaveLength(4);
    expect(q(el, '[part=support]')).toBeNull();
    all(el, '[part=episode]')[1].click();
    await vi.waitFor(() => expect(q(el, '[part=title]')!.textContent).toBe(feed.episodes[1].title), 3000);
    // The older episode has no persons, and the show no usable Support link: nothing at all.
    expect(q(el, '[part=credits]')).toBeNull();
  });

  it('a show with a Support link and an episode without persons: the link alone', async () => {
    const el = await player(feedWith({}, { funding }));
    expect(people(el)).toEqual([]);
    expect(q(el, '[part=credits] ul')).toBeNull();
    expect(q(el, 'a[part=support]')!.textContent).toBe('Support <i>us</i>');
  });

  it("co-hosts are named as such, whatever the case the service wrote, in the listener's language too", async () => {
    const feed = feedWith({
      persons: [
        { name: 'Ana', role: 'Co-Host' },
        { name: 'Bo', role: 'HOST' },
      ],
    });
    const el = await player(feed);
    expect(people(el).map((p) => p.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['Ana Co-host', 'Bo Host']);
    el.remove();
    const de = await player(feed, { lang: 'de' });
    await vi.waitFor(() => expect(people(de).map((p) => p.querySelector('.muted')!.textContent)).toEqual(['Co-Moderation', 'Moderation']), 3000);
  });

  it('while a live item plays no episode is on show: its hosts and guests go, the Support link stays', async () => {
    const feed = feedWith({ persons }, { funding });
    service = await serve({ '/public/podcasts': { ...feed, live_items: feedWithLiveItem().live_items }, '/public/stream': streamInfo() });
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    expect(people(el)).toHaveLength(4);
    await vi.waitFor(() => expect(q(el, 'button[part=live-item]')).not.toBeNull(), 3000);
    q(el, 'button[part=live-item]')!.click();
    await playing(el);
    await vi.waitFor(() => expect(q(el, '[part=title]')!.textContent).toBe('Evening show'), 3000);
    expect(people(el)).toEqual([]);
    expect(q(el, '[part=credits] ul')).toBeNull();
    expect(q(el, 'a[part=support]')!.getAttribute('href')).toBe(funding.url);
  });

  it('missing fields change nothing: no persons, no funding, no credits', async () => {
    // As an older service answers: no `persons`, no `funding` at all.
    const older = podcastFeed(2);
    delete older.podcast.funding;
    for (const e of older.episodes) delete e.persons;
    const el = await player(older);
    expect(q(el, '[part=credits]')).toBeNull();
    el.remove();
    await service!.close();
    const nulls = await player(feedWith({ persons: [] }, { funding: null }));
    expect(q(nulls, '[part=credits]')).toBeNull();
  });
});
