/**
 * What <stream-player> shows at the edges of its data, on a loopback service of our own:
 * offline without a stream address, an unreachable service while it plays, artwork, volume,
 * a track without an artist, recent tracks opened before the data, nothing on air any more.
 */
import { describe, expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import { adoptedRules, all, answered, live, mount, openDetails, q, record, resetAfterEach } from '../support/harness.ts';
import { serve, streamInfo, type Service } from '../support/stub-service.ts';

let service: Service;
resetAfterEach();

describe('<stream-player>', () => {
  it('offline when the service says so, or when it has no stream address for a live channel', async () => {
    service = await serve({ '/public/stream': { ...streamInfo(), status: 'offline' } });
    const a = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(a.state).toBe('offline'), 3000);
    service.routes['/public/stream'] = { ...streamInfo(), stream_url: null, sources: [] };
    a.refresh();
    await answered();
    await a.updateComplete;
    expect(a.state).toBe('offline');
    service.routes['/public/stream'] = streamInfo();
    a.refresh();
    await vi.waitFor(() => expect(a.state).toBe('ready'), 3000);
  });

  it('while it plays, an unreachable service holds the stream; a server error of the API alone leaves the sound alone', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    q(el, '[part=play]')!.click();
    await vi.waitFor(() => expect(el.state).toBe('playing'), 3000);
    service.routes['/public/stream'] = [503, { error: 'server', error_description: 'busy' }];
    el.refresh();
    await vi.waitFor(() => expect(q(el, '[part~=message]')?.textContent?.trim()).toBe('The service had a problem. Retrying…'), 3000);
    expect(el.media.hasAttribute('src')).toBe(true);
    await service.close();
    el.refresh();
    await vi.waitFor(() => expect(el.media.hasAttribute('src')).toBe(false), 5000);
    expect(el.state).toBe('buffering');
    service = await serve({ '/public/stream': streamInfo() });
  });

  it('the artwork of the track on air, else of the channel', async () => {
    const info = streamInfo();
    info.channel.artwork_url = 'http://127.0.0.1:9/channel.png';
    service = await serve({ '/public/stream': info });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(q(el, 'img[part=artwork]')?.getAttribute('src')).toBe('http://127.0.0.1:9/channel.png'), 3000);
    service.routes['/public/stream'] = { ...info, now_playing: { ...info.now_playing!, title: 'Next', artwork_url: 'http://127.0.0.1:9/track.png' } };
    el.refresh();
    await vi.waitFor(() => expect(q(el, 'img[part=artwork]')?.getAttribute('src')).toBe('http://127.0.0.1:9/track.png'), 3000);
  });

  it('the volume slider shows the volume in percent and sets it', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    const volume = q(el, '[part=volume]') as HTMLInputElement;
    expect(volume.value).toBe('100');
    volume.value = '40';
    volume.dispatchEvent(new Event('input'));
    expect(el.media.volume).toBe(0.4);
    el.media.volume = 0.25;
    el.requestUpdate();
    await el.updateComplete;
    expect(volume.value).toBe('25');
  });

  it('a recent track without an artist is its title alone', async () => {
    const info = streamInfo();
    info.history = [{ ...info.history[0]!, title: 'Solo', artist: '' }];
    service = await serve({ '/public/stream': info });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    openDetails(el, 'history');
    await vi.waitFor(() => expect(all(el, '[part=history] li')).toHaveLength(1), 3000);
    expect(q(el, '[part=history] li .clip')!.textContent).toBe('Solo');
    // The panel's look came with it (a chunk): its rules are in the shadow root.
    const rules = adoptedRules(el);
    expect(rules.some((r) => r.includes('history') && r.includes('tabular-nums'))).toBe(true);
  });

  it('recent tracks opened before the data show nothing until it arrives', async () => {
    // The data is held back until the panel is there.
    service = await serve({ '/public/stream': 'silent' });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    openDetails(el, 'history');
    await vi.waitFor(() => expect(adoptedRules(el).some((r) => r.includes('history'))).toBe(true), 3000);
    await el.updateComplete;
    expect(el.state).toBe('loading');
    expect(all(el, '[part=history] li')).toHaveLength(0);
    service.routes['/public/stream'] = streamInfo();
    el.refresh();
    await vi.waitFor(() => expect(all(el, '[part=history] li')).toHaveLength(1), 3000);
  });

  it('when nothing is on air any more, the live region is cleared and castlet-nowplaying says null', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await vi.waitFor(() => expect(el.state).toBe('ready'), 3000);
    const told = record(el, 'castlet-nowplaying');
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: { ...streamInfo().now_playing!, title: 'Next', artist: '' } };
    el.refresh();
    await vi.waitFor(() => expect(live(el)).toBe('Now playing: Next'), 3000);
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: null };
    el.refresh();
    await vi.waitFor(() => expect(told).toHaveLength(2), 3000);
    expect(told[1]).toEqual({ nowPlaying: null });
    await el.updateComplete;
    expect(live(el)).toBe('');
  });
});
