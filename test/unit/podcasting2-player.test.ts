/**
 * The player's Podcasting 2.0 pieces that do not touch the media element: the clip share fragment (clipLink / sharedClip), the highlights and live
 * rows of the on-demand chunk podcast-player/highlights.ts, and the credits (podcast:person, podcast:funding), rendered with the player's Lit.
 */
import { html, nothing, render } from 'lit';
import { describe, expect, it, vi } from 'vitest';
import de from '../../src/i18n/de.ts';
import type { LiveItem, Soundbite } from '../../src/api/types.ts';
import { isHttp } from '../../src/internal/api.ts';
import { clock, day } from '../../src/internal/format.ts';
import { format } from '../../src/internal/locale.ts';
import { clipLink, MAX_CLIP, sharedClip, sharedMoment } from '../../src/internal/share.ts';
import { credits } from '../../src/podcast-player/credits.ts';
import { highlights, liveRows, liveTime } from '../../src/podcast-player/highlights.ts';
import type { Kit, Say } from '../../src/podcast-player/lists.ts';

const KIT: Kit = { html, nothing, clock, day, isHttp };
const sayEn: Say = (text, vars) => format(null, 'en', text, vars);
const sayDe: Say = (text, vars) => format(de, 'de', text, vars);

describe('clip links', () => {
  it('put the episode and the clip (start,duration in seconds, the comma as a comma) in the fragment', () => {
    expect(clipLink('https://radio.example/show?x=1#top', 'ep-3', 22.6, 16)).toBe(
      'https://radio.example/show?x=1#castlet-episode=ep-3&castlet-clip=22.6,16',
    );
    expect(clipLink('https://radio.example/', 'a b&c', 1 / 3, 9.5)).toBe('https://radio.example/#castlet-episode=a+b%26c&castlet-clip=0.333,9.5');
  });

  it('read back what they wrote; the episode part still reads as a moment at 0', () => {
    const { hash } = new URL(clipLink('https://radio.example/', 'a b&c', 86.5, 9.5));
    expect(sharedClip(hash)).toEqual({ episode: 'a b&c', start: 86.5, duration: 9.5 });
    expect(sharedMoment(hash)).toEqual({ episode: 'a b&c', t: 0 });
  });

  it.each([
    ['', null],
    ['#castlet-clip=1,2', null],
    ['#castlet-episode=ep-1', null],
    ['#castlet-episode=ep-1&castlet-clip=5', null],
    ['#castlet-episode=ep-1&castlet-clip=-1,5', null],
    ['#castlet-episode=ep-1&castlet-clip=5,0', null],
    [`#castlet-episode=ep-1&castlet-clip=5,${MAX_CLIP + 1}`, null],
    ['#castlet-episode=ep-1&castlet-clip=a,b', null],
    ['#castlet-episode=ep-1&castlet-clip=1e3,5', null],
    ['#castlet-episode=ep-1&castlet-clip=5%2C10', { episode: 'ep-1', start: 5, duration: 10 }],
    [`#castlet-episode=ep-1&castlet-clip=0,${MAX_CLIP}`, { episode: 'ep-1', start: 0, duration: MAX_CLIP }],
  ])('%j → %j', (hash, clip) => expect(sharedClip(hash)).toEqual(clip));
});

/** Renders `what` into a fresh element. */
function shown(what: unknown): HTMLElement {
  const el = document.createElement('div');
  render(what, el);
  return el;
}

describe('highlights', () => {
  const bites: Soundbite[] = [
    { start: 22.6, duration: 16, title: 'Two owls <b>talking</b>' },
    { start: 86.5, duration: 75 },
  ];

  it('a list headed Highlights: each a button with its title (or its place) and its length; the playing one current', () => {
    const pick = vi.fn();
    const share = vi.fn();
    const el = shown(highlights({ lit: KIT, say: sayEn, soundbites: bites, current: bites[1], pick, share }));
    expect(el.querySelector('[part=highlights]')!.getAttribute('aria-label')).toBe('Highlights');
    const rows = [...el.querySelectorAll<HTMLButtonElement>('button[part=highlight]')];
    expect(rows.map((b) => b.textContent!.replace(/\s+/g, ' ').trim())).toEqual(['Two owls <b>talking</b>0:16', 'Highlight 21:15']);
    expect(el.querySelector('b')).toBeNull();
    expect(rows.map((b) => b.getAttribute('aria-current'))).toEqual(['false', 'true']);
    rows[0]!.click();
    expect(pick).toHaveBeenCalledWith(bites[0]);
    // Each has its Share button, named for it.
    const shares = [...el.querySelectorAll<HTMLButtonElement>('button[part=highlight-share]')];
    expect(shares.map((b) => b.getAttribute('aria-label'))).toEqual(['Share: Two owls <b>talking</b>', 'Share: Highlight 2']);
    shares[1]!.click();
    expect(share).toHaveBeenCalledWith(bites[1]);
    expect(pick).toHaveBeenCalledTimes(1);
  });

  it('in the listener’s language; nothing at all without soundbites', () => {
    const el = shown(highlights({ lit: KIT, say: sayDe, soundbites: bites, current: undefined, pick: () => {}, share: () => {} }));
    expect(el.querySelector('h3')!.textContent).toBe('Höhepunkte');
    expect(el.querySelectorAll('button[part=highlight]')[1]!.textContent).toContain('Höhepunkt 2');
    expect(shown(highlights({ lit: KIT, say: sayEn, soundbites: [], current: undefined, pick: () => {}, share: () => {} })).textContent).toBe('');
    expect(shown(highlights({ lit: KIT, say: sayEn, soundbites: undefined, current: undefined, pick: () => {}, share: () => {} })).textContent).toBe(
      '',
    );
  });
});

describe('live rows', () => {
  const now = Date.parse('2026-11-27T12:00:00Z');
  const item = (id: string, status: LiveItem['status'], start: string): LiveItem => ({
    id,
    title: `Show ${id}`,
    description: '',
    status,
    start,
    end: '2026-11-30T00:00:00Z',
    channel: 'main',
    sources: [{ url: 'https://r.example/listen/live', type: 'audio/mpeg', bitrate: 32000, delay: 2 }],
  });
  const items = [
    item('later', 'pending', '2026-11-28T17:00:00Z'),
    item('over', 'ended', '2026-11-27T08:00:00Z'),
    item('soon', 'pending', '2026-11-27T17:00:00Z'),
    item('now', 'live', '2026-11-27T11:00:00Z'),
  ];

  it('live first ("Live now", the Live badge, a button), then pending by start ("Live at", no button); ended ones go', () => {
    const pick = vi.fn();
    const el = shown(
      html`<ol>${liveRows({ lit: KIT, say: sayEn, items, current: items[3], locale: 'en-GB', now, timeZone: 'Europe/London', pick })}</ol>`,
    );
    const rows = [...el.querySelectorAll<HTMLElement>('[part=live-item]')];
    expect(rows.map((r) => r.dataset.status)).toEqual(['live', 'pending', 'pending']);
    expect(rows.map((r) => r.textContent!.replace(/\s+/g, ' ').trim())).toEqual([
      'Live Show nowLive now',
      'Show soonLive at 17:00',
      'Show laterLive at Sat 28 Nov, 17:00',
    ]);
    expect(el.querySelector('[part=live-badge]')!.textContent).toBe('Live');
    expect(el.querySelectorAll('button')).toHaveLength(1);
    const live = el.querySelector<HTMLButtonElement>('button[part=live-item]')!;
    expect(live.getAttribute('aria-current')).toBe('true');
    live.click();
    expect(pick).toHaveBeenCalledWith(items[3]);
    expect(shown(html`${liveRows({ lit: KIT, say: sayEn, items: undefined, current: undefined, locale: 'en', now, pick })}`).textContent).toBe('');
  });

  it('the start in the listener’s time zone and language', () => {
    expect(liveTime('2026-11-27T17:00:00Z', 'de', now, 'Europe/Berlin')).toBe('18:00');
    expect(liveTime('2026-11-27T23:30:00Z', 'de', now, 'Europe/Berlin')).toMatch(/^Sa\.?, 28\. Nov\.?,? 00:30$/);
    expect(liveTime('2026-11-27T17:00:00Z', 'en-US', now, 'America/New_York')).toBe('12:00 PM');
    const el = shown(
      html`${liveRows({ lit: KIT, say: sayDe, items: [items[2]!], current: undefined, locale: 'de', now, timeZone: 'Europe/Berlin', pick: () => {} })}`,
    );
    expect(el.textContent!.replace(/\s+/g, ' ')).toContain('Live: 18:00');
  });
});

describe('credits', () => {
  it('while loading (no show yet) an empty line keeps their place', () => {
    const el = shown(credits({ lit: KIT, say: sayEn, episode: undefined, show: undefined }));
    expect(el.querySelectorAll('[part=credits]')).toHaveLength(1);
    expect(el.querySelector('[part=credits]')!.textContent!.trim()).toBe('');
  });
});
