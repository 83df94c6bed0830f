/**
 * The owner's account endpoints (on the private API, routes/private.ts): checkToken,
 * accountInfo, startServer, stopServer, setNowPlaying and resetTokens.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { fields, requiredText, text, url } from '../fields.ts';
import type { Icecast } from '../icecast/poller.ts';
import { validBody } from '../middleware/validate.ts';
import { ApiFailure, jsonResponse } from '../respond.ts';
import type { Store } from '../store.ts';
import { accountInfo, type Urls } from '../views.ts';

export interface AccountOptions {
  urls: Urls;
  /** Icecast mode: titles and stopping also go to Icecast. */
  icecast?: Icecast;
  /** When something else next replaces now playing (the demo loop), if anything does. */
  nowPlayingUntil?: (channel: string) => Date | null;
}

const nowPlayingInput = fields({ title: requiredText(200), artist: text(200), artwork_url: url(), channel: text(100) });

export function accountRoutes(store: Store, { urls, icecast, nowPlayingUntil = () => null }: AccountOptions): Hono<AppEnv> {
  const api = new Hono<AppEnv>();
  api.get('/checkToken', () => jsonResponse(store.tokens));
  api.get('/accountInfo', () => jsonResponse(accountInfo(store, urls)));
  api.post('/startServer', () => {
    // Icecast mode: the channels are advertised again; each is live once its mount has a source.
    store.setReady(true);
    return jsonResponse({ streaming_server_ready: 1 });
  });
  api.post('/stopServer', async () => {
    store.setReady(false);
    if (!icecast) return jsonResponse({ streaming_server_ready: 0 });
    // Icecast mode: the stream is no longer advertised; with admin access the sources are dropped.
    const dropped = icecast.admin && (await Promise.all(store.channels.map((ch) => icecast.killSource(ch)))).every(Boolean);
    return jsonResponse({ streaming_server_ready: 0, icecast_sources_dropped: dropped });
  });
  api.post('/setNowPlaying', validBody(nowPlayingInput), async (c) => {
    const { title, artist = '', artwork_url, channel: channelId } = c.var.input;
    const channel = store.channel(channelId);
    if (!channel) throw new ApiFailure('not_found', `There is no channel "${channelId}" on this account.`);
    const now_playing = store.setNowPlaying(channel.id, { title, artist, artwork_url });
    const replaced_at = nowPlayingUntil(channel.id)?.toISOString() ?? null;
    if (!icecast) return jsonResponse({ channel: channel.id, now_playing, replaced_at });
    // Icecast mode: every listener of the mount (castlet, VLC …) sees the title.
    const icecast_updated = await icecast.setTitle(channel, now_playing);
    return jsonResponse({ channel: channel.id, now_playing, replaced_at, icecast_updated });
  });
  api.post('/resetTokens', () => jsonResponse(store.resetTokens()));
  return api;
}
