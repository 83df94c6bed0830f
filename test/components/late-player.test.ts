/**
 * A player added to a page where another player of the same token already has its data (an
 * embed configurator's preview, a single-page app's next view): it shares the page's feed and
 * shows that data at once, though no new answer comes (issue 28: the radio's preview stayed
 * empty, "ready" with nothing shown, until the next push).
 */
import { describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import { flush, mount, text, resetAfterEach } from '../support/harness.ts';
import { serve, streamInfo } from '../support/stub-service.ts';

resetAfterEach();

describe('a player added later, beside one with the same token', () => {
  it('<stream-player> shows the shared data: now playing and the badge', async () => {
    const service = await serve({ '/public/stream': streamInfo() });
    const first = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(text(first, '[part~=title]')).not.toBe(''), 3000);
    const second = await mount<StreamPlayer>('stream-player', service.url);
    // At once: no new answer comes to show it later.
    await flush();
    await second.updateComplete;
    expect(text(second, '[part~=title]')).toBe(text(first, '[part~=title]'));
    expect(text(second, '[part=badge]')).toBe('Live');
    expect(second.state).toBe('ready');
  });
});
