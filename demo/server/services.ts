/**
 * The mock service's parts, made once from its options: the store and its seed, the URLs it
 * answers with, Icecast (mode), the built-in broadcasts, the live items, the schedule's clock
 * and the connection caps. app.ts mounts the routes on them.
 */
import { URL as NodeURL, fileURLToPath } from 'node:url';
import type { AppOptions } from './app-options.ts';
import { capsFor, Connections, descriptorLimit } from './connections.ts';
import { Icecast } from './icecast/poller.ts';
import { LiveItems } from './live-items.ts';
import { followLiveLoop } from './live-loop.ts';
import { channelBroadcasts } from './media/broadcast.ts';
import { loadCatalog } from './media/catalog.ts';
import { batchedStdout } from './middleware/log.ts';
import { ScheduleClock } from './schedule-clock.ts';
import { DEMO_TOKENS, loopOf, seedStore } from './seed.ts';
import { listenUrl, type Urls } from './views.ts';

// node:url's URL, so this also works where a test environment (happy-dom) replaces URL.
export const REPO = fileURLToPath(new NodeURL('../../', import.meta.url));

export function createServices(options: AppOptions) {
  const catalog = options.catalog ?? loadCatalog(options.mediaDir);
  // In Icecast mode the demo loop's tracks never played there: the history starts with Icecast's.
  const store = seedStore(catalog, { ...DEMO_TOKENS, ...options.tokens }, new Date(), !options.icecast);
  const publicUrl = options.publicUrl ?? 'http://127.0.0.1:8080';
  const urls: Urls = {
    get origin() {
      return typeof publicUrl === 'function' ? publicUrl() : publicUrl;
    },
    stream: (channel) => (icecast ? icecast.mountUrl(channel) : listenUrl(urls.origin, channel)),
    // Every loop is encoded alike (scripts/make-audio.sh): the first one's bitrate is the stream's.
    bitrate: Math.round(catalog.live.info.bitrate / 1000),
  };
  const log = options.log ?? batchedStdout();
  const icecast = options.icecast ? new Icecast(store, options.icecast, log, () => urls.origin) : undefined;
  // The demo loop plays on the built-in stream only; in Icecast mode titles come from the source.
  const followers = new Map(
    (options.followLiveLoop && !icecast ? store.channels : []).map((ch) => [ch.id, followLiveLoop(store, loopOf(catalog, ch), Date.now(), ch.id)]),
  );

  const broadcasts = channelBroadcasts(store, icecast ? [] : store.channels, catalog, {
    burstBytes: options.burstBytes ?? 64 * 1024,
    tickMs: options.listenTickMs ?? 250,
  });
  const liveItems = new LiveItems(store, urls, options.liveItems);
  if (options.scheduleNow) store.now = options.scheduleNow;
  const scheduleClock = new ScheduleClock(store);
  const caps = capsFor(options.descriptorLimit ?? descriptorLimit(), options);
  const connections = new Connections(caps.streams, caps.perClient);
  const closeListeners = () => broadcasts.forEach(({ broadcast }) => broadcast.closeAll());
  store.subscribe((event) => {
    if (event.type === 'ready' && !event.ready) closeListeners();
    liveItems.storeChanged(event);
    scheduleClock.storeChanged(event);
  });

  // Icecast mode: the pages' policies let their players fetch the Icecast mounts and, with the HLS
  // tier, its playlists from where they are served (HLS_PUBLIC_URL) and hls.js's media from `blob:`.
  const hlsUrl = options.icecast?.hls?.publicUrl;
  const hlsFrom = hlsUrl ? ` ${new URL(hlsUrl).origin}` : '';
  const mediaSrc = icecast ? { mediaSrc: `${new URL(icecast.url).origin}${icecast.hls ? `${hlsFrom} blob:` : ''}` } : {};

  return {
    ...{ catalog, store, urls, log, icecast, followers, broadcasts, liveItems, caps, connections, mediaSrc },
    close() {
      followers.forEach((stop) => stop());
      liveItems.stop();
      scheduleClock.stop();
      icecast?.stop();
      connections.closeAll();
      closeListeners();
    },
  };
}
