/**
 * The ways to hear a channel's live stream, as a live item lists them (`sources`): the
 * channel's own sources while it is live (the same list as /public/stream: relays and codecs in
 * Icecast mode), else where it will be heard (its stream as one `audio/mpeg` source: a
 * pending live item says where to tune in).
 */
import type { Source } from '../../src/api/index.ts';
import type { ChannelRecord, Store } from './store.ts';
import { sourcesOf, type Urls } from './views.ts';

export function channelSources(store: Store, channel: ChannelRecord, urls: Urls): Source[] {
  const live = sourcesOf(store, channel, urls);
  return live.length
    ? live
    : [{ url: urls.stream(channel), type: 'audio/mpeg', bitrate: urls.bitrate ?? null, delay: store.streamDelay(channel.id) }];
}
