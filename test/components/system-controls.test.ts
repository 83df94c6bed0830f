/**
 * The lock screen / system controls (Media Session) as a player drives them: claimed only
 * while it plays, its Play and Pause acting on the player, cleared when the player leaves.
 * (What each player puts there is in test/unit/media-session.test.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import { flush, mount, shadow } from '../support/harness.ts';
import { serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
/** The system controls as the browser keeps them. */
let session: { metadata: { title: string } | null; handlers: Record<string, (() => void) | null> };

beforeEach(() => {
  session = { metadata: null, handlers: {} };
  Object.assign(globalThis, {
    MediaMetadata: class {
      title: string;
      constructor(init: { title: string }) {
        this.title = init.title;
      }
    },
  });
  Object.defineProperty(navigator, 'mediaSession', {
    configurable: true,
    value: {
      set metadata(m: { title: string } | null) {
        session.metadata = m;
      },
      get metadata() {
        return session.metadata;
      },
      setActionHandler: (action: string, h: (() => void) | null) => (session.handlers[action] = h),
    },
  });
});
afterEach(async () => {
  document.body.replaceChildren();
  delete (globalThis as { MediaMetadata?: unknown }).MediaMetadata;
  delete (navigator as { mediaSession?: unknown }).mediaSession;
  await service.close();
});

describe('the system controls', () => {
  it('a player that is not playing leaves them alone, even when the track changes', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: { ...streamInfo().now_playing!, title: 'Next' } };
    el.refresh();
    await vi.waitFor(() => expect(shadow(el).querySelector('[part=title]')!.textContent).toBe('Next'), 3000);
    // (Its chunk, had the player asked for it, has arrived once the same import here has.)
    await import('../../src/internal/media-session.ts');
    await flush();
    expect(session.metadata).toBeNull();
  });

  it('claimed on Play; their Pause and Play act on the player; cleared when it leaves the page', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    shadow(el).querySelector<HTMLElement>('[part=play]')!.click();
    await vi.waitFor(() => expect(session.metadata?.title).toBe('Now'), 3000);
    session.handlers.pause!();
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    session.handlers.play!();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    el.remove();
    await vi.waitFor(() => expect(session.metadata).toBeNull(), 3000);
    expect(session.handlers.play).toBeNull();
  });
});
