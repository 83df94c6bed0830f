/**
 * The ways to hear a channel's live stream, as a live item lists them (`sources`). Today the
 * one stream the service knows of a channel; /public/stream's own `sources` (relays, other
 * codecs) are meant to replace this, behind the same signature.
 */
import type { LiveItemSource } from '../../src/internal/api-types.ts';
import type { ChannelRecord, Store } from './store.ts';
import type { Urls } from './views.ts';

/**
 * The channel's stream as one `audio/mpeg` source, listed whether or not the channel is live
 * now (a pending live item says where it will be heard).
 */
export function channelSources(store: Store, channel: ChannelRecord, urls: Urls): LiveItemSource[] {
  return [{ url: urls.stream(channel), type: 'audio/mpeg', bitrate: store.streamBitrate(channel.id), delay: store.streamDelay(channel.id) }];
}
