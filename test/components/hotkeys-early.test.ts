/**
 * Keys pressed right after focus entered a player, before its hotkeys' chunk arrived (a Tab,
 * then `k` at once, on a phone network): they wait for the chunk and are acted on then, as the
 * same keys later would be. The real key presses, in three engines: test/browser/keep-listening.test.ts.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PodcastPlayer, StreamPlayer } from '../../src/castlet.ts';
import { flush, mount, playing, q, ready, record, resetAfterEach } from '../support/harness.ts';
import { podcastFeed, serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;

beforeEach(async () => {
  service = await serve({ '/public/podcasts': podcastFeed(2), '/public/stream': streamInfo() });
});
resetAfterEach();

/** Focus enters `el` at `sel` and a key goes down there at once, in the same task (no chunk can have arrived). */
function focusAndPress(el: HTMLElement, sel: string, ...keys: string[]): void {
  const target = q(el, sel);
  target.focus();
  target.dispatchEvent(new FocusEvent('focusin', { bubbles: true, composed: true }));
  for (const key of keys)
    target.dispatchEvent(new KeyboardEvent('keydown', { key, shiftKey: /^[A-Z]$/.test(key), bubbles: true, composed: true, cancelable: true }));
}

describe('keys pressed while the hotkeys load', () => {
  it('k on the radio plays once the chunk is here', async () => {
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await ready(el);
    const plays = record(el, 'castlet-play');
    focusAndPress(el, '[part=volume]', 'k');
    expect(plays).toEqual([]);
    await playing(el);
    expect(plays).toHaveLength(1);
  });

  it('several keys act in order: l, l, j on the podcast slider move 30 + 30 − 15 s', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    focusAndPress(el, '[part=seek]', 'l', 'l', 'j');
    await vi.waitFor(() => expect(el.position).toBe(45), 3000);
  });

  it('what the hotkeys leave alone stays alone: a key in a field, with a modifier, or with no-hotkeys', async () => {
    const el = await mount<StreamPlayer>('stream-player', service.url, { 'no-hotkeys': '' });
    await ready(el);
    focusAndPress(el, '[part=volume]', 'k');
    // The chunk is here once the keys are acted on: wait for the module the player imports.
    await import('../../src/internal/hotkeys.ts');
    await flush();
    expect(el.media.src).toBe('');
    expect(el.state).toBe('ready');
  });
});

describe('keys pressed while the hotkeys load, where they were pressed', () => {
  it('Space on a button is the button’s own and k in the speed menu is the menu’s; an l on the slider after them still skips', async () => {
    const el = await mount<PodcastPlayer>('podcast-player', service.url);
    await ready(el);
    const plays = record(el, 'castlet-play');
    focusAndPress(el, '[part=play]', ' ');
    const speed = q(el, '[part=speed]');
    speed.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', bubbles: true, composed: true, cancelable: true }));
    q(el, '[part=seek]').dispatchEvent(new KeyboardEvent('keydown', { key: 'l', bubbles: true, composed: true, cancelable: true }));
    await vi.waitFor(() => expect(el.position).toBe(30), 3000);
    expect(plays).toEqual([]);
    expect(el.media.src).toBe('');
    expect(el.state).toBe('ready');
  });
});
