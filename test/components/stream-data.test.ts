/**
 * What <stream-player> shows at the edges of its data, on a loopback service of our own:
 * offline without a stream address, an unreachable service while it plays, artwork, volume,
 * a track without an artist, recent tracks opened before the data, nothing on air any more.
 */
import { describe, expect, it } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import { adoptedRules, all, answered, live, mount, openDetails, q, record, until, resetAfterEach } from './harness.ts';
import { serve, streamInfo, type Service } from './service.ts';

let service: Service;
resetAfterEach();

describe('<stream-player>', () => {
  it('offline when the service says so, or when it has no stream address for a live channel', async () => {
    service = await serve({ '/public/stream': { ...streamInfo(), status: 'offline' } });
    const a = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(a.state).toBe('offline'));
    service.routes['/public/stream'] = { ...streamInfo(), stream_url: null, sources: [] };
    a.refresh();
    await answered();
    await a.updateComplete;
    expect(a.state).toBe('offline');
    service.routes['/public/stream'] = streamInfo();
    a.refresh();
    await until(() => expect(a.state).toBe('ready'));
  });

  it('while it plays, an unreachable service holds the stream; a server error of the API alone leaves the sound alone', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    q(el, '[part=play]')!.click();
    await until(() => expect(el.state).toBe('playing'));
    service.routes['/public/stream'] = [503, { error: 'server', error_description: 'busy' }];
    el.refresh();
    await until(() => expect(q(el, '[part~=message]')?.textContent?.trim()).toBe('The service had a problem. Retrying…'));
    expect(el.media.hasAttribute('src')).toBe(true);
    await service.close();
    el.refresh();
    await until(() => expect(el.media.hasAttribute('src')).toBe(false), 5000);
    expect(el.state).toBe('buffering');
    service = await serve({ '/public/stream': streamInfo() });
  });

  it('the artwork of the track on air, else of the channel', async () => {
    const info = streamInfo();
    info.channel.artwork_url = 'http://127.0.0.1:9/channel.png';
    service = await serve({ '/public/stream': info });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(q(el, 'img[part=artwork]')?.getAttribute('src')).toBe('http://127.0.0.1:9/channel.png'));
    service.routes['/public/stream'] = { ...info, now_playing: { ...info.now_playing!, title: 'Next', artwork_url: 'http://127.0.0.1:9/track.png' } };
    el.refresh();
    await until(() => expect(q(el, 'img[part=artwork]')?.getAttribute('src')).toBe('http://127.0.0.1:9/track.png'));
  });

  it('the volume slider shows the volume in percent and sets it', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
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
    await until(() => expect(el.state).toBe('ready'));
    openDetails(el, 'history');
    await until(() => expect(all(el, '[part=history] li')).toHaveLength(1));
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
    await until(() => expect(adoptedRules(el).some((r) => r.includes('history'))).toBe(true));
    await el.updateComplete;
    expect(el.state).toBe('loading');
    expect(all(el, '[part=history] li')).toHaveLength(0);
    service.routes['/public/stream'] = streamInfo();
    el.refresh();
    await until(() => expect(all(el, '[part=history] li')).toHaveLength(1));
  });

  it('when nothing is on air any more, the live region is cleared and castlet-nowplaying says null', async () => {
    service = await serve({ '/public/stream': streamInfo() });
    const el = await mount<StreamPlayer>('stream-player', service.url);
    await until(() => expect(el.state).toBe('ready'));
    const told = record(el, 'castlet-nowplaying');
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: { ...streamInfo().now_playing!, title: 'Next', artist: '' } };
    el.refresh();
    await until(() => expect(live(el)).toBe('Now playing: Next'));
    service.routes['/public/stream'] = { ...streamInfo(), now_playing: null };
    el.refresh();
    await until(() => expect(told).toHaveLength(2));
    expect(told[1]).toEqual({ nowPlaying: null });
    await el.updateComplete;
    expect(live(el)).toBe('');
  });
});
