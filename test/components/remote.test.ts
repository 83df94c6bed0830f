/**
 * Cast and AirPlay (src/internal/remote.ts), both players against the real mock, with the
 * browser's remote playback played by a test double: the Remote Playback API's `remote` object
 * (Chromium, Safari), or WebKit's AirPlay events. docs/remote-playback.md.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { PlayerElement } from '../../src/internal/player-element.ts';
import { adoptedRules, all, mount, playing, q, ready, resetAfterEach, shadow, text, useMock } from '../support/harness.ts';

const mock = useMock();
resetAfterEach();

/** The browser's RemotePlayback, as a test double: the test says what it sees and where it plays. */
class FakeRemote extends EventTarget {
  state: RemotePlaybackState = 'disconnected';
  #watch?: (available: boolean) => void;
  prompt = vi.fn(async () => {});
  watchAvailability(callback: (available: boolean) => void): Promise<number> {
    this.#watch = callback;
    return Promise.resolve(1);
  }
  /** A device is there, or no longer. */
  sees(available: boolean): void {
    this.#watch?.(available);
  }
  /** The element plays on a device, connects to one, or left it. */
  goes(state: RemotePlaybackState): void {
    this.state = state;
    this.dispatchEvent(new Event(state === 'connected' ? 'connect' : state === 'connecting' ? 'connecting' : 'disconnect'));
  }
}

/** (happy-dom's own stub of `remote` is gone: test/support/dom-setup.ts.) */
const proto = HTMLMediaElement.prototype as unknown as Record<string, unknown>;
const remotes = new WeakMap<HTMLMediaElement, FakeRemote>();
const remoteOf = (el: PlayerElement<object>) => remotes.get(el.media)!;

/** The browser has the Remote Playback API, played by FakeRemote. */
function withRemotePlayback() {
  Object.defineProperty(HTMLMediaElement.prototype, 'remote', {
    configurable: true,
    get(this: HTMLMediaElement) {
      if (!remotes.has(this)) remotes.set(this, new FakeRemote());
      return remotes.get(this);
    },
  });
}

/** The browser has WebKit's AirPlay only (Safari before the Remote Playback API). */
const picker = vi.fn();
const wireless = new WeakSet<HTMLMediaElement>();
function withAirPlay() {
  Object.assign(proto, { webkitShowPlaybackTargetPicker: picker });
  Object.defineProperty(HTMLMediaElement.prototype, 'webkitCurrentPlaybackTargetIsWireless', {
    configurable: true,
    get(this: HTMLMediaElement) {
      return wireless.has(this);
    },
  });
}
const airplay = (el: PlayerElement<object>, availability: 'available' | 'not-available') =>
  el.media.dispatchEvent(Object.assign(new Event('webkitplaybacktargetavailabilitychanged'), { availability }));
const airplayOn = (el: PlayerElement<object>, on: boolean) => {
  if (on) wireless.add(el.media);
  else wireless.delete(el.media);
  el.media.dispatchEvent(new Event('webkitcurrentplaybacktargetiswirelesschanged'));
};

beforeEach(() => picker.mockClear());
afterEach(() => {
  delete proto.remote;
  delete proto.webkitShowPlaybackTargetPicker;
  delete proto.webkitCurrentPlaybackTargetIsWireless;
});

const TAGS = ['stream-player', 'podcast-player'] as const;
/** What the listener sees: the parts shown and the card's text. */
const seen = (el: HTMLElement) => [all(el, '[part]').map((p) => p.getAttribute('part')), shadow(el).textContent];
const button = (el: HTMLElement) => q<HTMLButtonElement>(el, 'button[part=remote]');
/** The remote chunk is here and watches (its styles were added). */
const watching = (el: HTMLElement) => vi.waitFor(() => expect(adoptedRules(el).join('\n')).toContain('remote'), 3000);

describe.each(TAGS)('<%s> with the Remote Playback API (Chromium, Safari)', (tag) => {
  beforeEach(withRemotePlayback);

  it('shows the button only while the browser sees a device; it opens the picker; where it plays is said; a device gone leaves the player as it was', async () => {
    const el = await mount<PlayerElement<object>>(tag, mock.url);
    await ready(el);
    await watching(el);
    const before = seen(el);
    expect(button(el)).toBeNull();

    remoteOf(el).sees(true);
    await el.updateComplete;
    const b = button(el);
    expect(b).not.toBeNull();
    // Labelled, and a button of its own (keyboard: focusable; screen readers: its name).
    expect(b.getAttribute('aria-label')).toBe('Play on a Cast or AirPlay device');
    expect(b.tabIndex).toBe(0);
    b.click();
    expect(remoteOf(el).prompt).toHaveBeenCalledTimes(1);

    remoteOf(el).goes('connecting');
    await el.updateComplete;
    expect(text(el, '[part=message]')).toBe('Connecting to a Cast or AirPlay device…');
    expect(q(el, '[part=message]').getAttribute('role')).toBe('status');
    remoteOf(el).goes('connected');
    await el.updateComplete;
    expect(text(el, '[part=message]')).toBe('Playing on a Cast or AirPlay device');
    // The device went away: the browser no longer sees it, and the element plays here again.
    remoteOf(el).sees(false);
    await el.updateComplete;
    expect(button(el), 'still connected: the picker stays at hand').not.toBeNull();
    remoteOf(el).goes('disconnected');
    await el.updateComplete;
    expect(seen(el)).toEqual(before);
  });

  it('speaks the listener’s language', async () => {
    const el = await mount<PlayerElement<object>>(tag, mock.url, { lang: 'de' });
    await ready(el);
    await watching(el);
    remoteOf(el).sees(true);
    remoteOf(el).goes('connected');
    await vi.waitFor(() => expect(text(el, '[part=message]')).toBe('Wiedergabe auf einem Cast- oder AirPlay-Gerät'), 3000);
    expect(button(el).getAttribute('aria-label')).toBe('Auf einem Cast- oder AirPlay-Gerät abspielen');
  });
});

describe.each(TAGS)('<%s> with WebKit’s AirPlay', (tag) => {
  beforeEach(withAirPlay);

  it('shows the button while a target is available, opens the picker, says it plays on one', async () => {
    const el = await mount<PlayerElement<object>>(tag, mock.url);
    await ready(el);
    await watching(el);
    const before = seen(el);
    airplay(el, 'available');
    await el.updateComplete;
    button(el).click();
    expect(picker).toHaveBeenCalledTimes(1);
    airplayOn(el, true);
    await el.updateComplete;
    expect(text(el, '[part=message]')).toBe('Playing on a Cast or AirPlay device');
    airplayOn(el, false);
    airplay(el, 'not-available');
    await el.updateComplete;
    expect(seen(el)).toEqual(before);
  });
});

describe.each(TAGS)('<%s> in a browser without either', (tag) => {
  it('loads no remote chunk and shows no button', async () => {
    const el = await mount<PlayerElement<object>>(tag, mock.url);
    await ready(el);
    expect(button(el)).toBeNull();
    expect(adoptedRules(el).join('\n')).not.toContain('remote');
  });
});

describe('<stream-player> on a device', () => {
  beforeEach(withRemotePlayback);

  it('stays at the live edge: a stream playing when a device connects is loaded again, by a new URL', async () => {
    const el = await mount<PlayerElement<object>>('stream-player', mock.url);
    await ready(el);
    await watching(el);
    q(el, '[part=play]').click();
    await playing(el);
    const was = el.media.src;
    remoteOf(el).sees(true);
    remoteOf(el).goes('connecting');
    expect(el.media.src, 'not while it connects').toBe(was);
    await new Promise((r) => setTimeout(r, 5));
    remoteOf(el).goes('connected');
    expect(el.media.src).not.toBe(was);
    expect(el.media.src.split('?')[0]).toBe(was.split('?')[0]);
  });
});
