/**
 * The private endpoints of docs/design.md §1: the POST body is read first (the token may be in
 * it), then the private token is verified, then the request is routed (404, or 405 + Allow).
 */
import { Hono, type Context } from 'hono';
import { methodNotAllowed } from 'hono/method-not-allowed';
import { requireToken } from '../auth.ts';
import { readBody } from '../middleware/body.ts';
import type { AudioFile } from '../media/catalog.ts';
import type { AppEnv } from '../env.ts';
import { liveItemRoutes, type LiveItems } from '../live-items.ts';
import { chaptersField, numberField, personsField, soundbitesField, textField, transcriptField, urlField } from '../fields.ts';
import { opusFile } from '../media/audio-files.ts';
import { parseMp3, repeatFrames } from '../media/mp3.ts';
import { repeatOpus } from '../media/ogg-opus.ts';
import { ApiFailure, etagOf, jsonResponse, notAllowed } from '../respond.ts';
import type { Icecast } from '../icecast/poller.ts';
import type { EpisodeChanges, EpisodeRecord, Store } from '../store.ts';
import { accountInfo, episodeView, type Urls } from '../views.ts';

export const EPISODE_LIMIT = 1000;
/** Generated audio kept in memory: one buffer per length, shared by the episodes of that length. */
export const AUDIO_BUDGET = 96 * 1024 * 1024;
export const GENERATED_DURATION = { default: 120, min: 10, max: 3600 };

export interface PrivateApiOptions {
  /** Episode audio is this tone repeated (and its Opus file, if there is one). */
  tone: AudioFile & { opus?: Uint8Array };
  urls: Urls;
  /** Icecast mode: titles and stopping also go to Icecast. */
  icecast?: Icecast;
  /** When something else next replaces now playing (the demo loop), if anything does. */
  nowPlayingUntil?: (channel: string) => Date | null;
  /** The live items (addLiveItem, updateLiveItem, deleteLiveItem). */
  liveItems: LiveItems;
}

/** The fields an owner may give for an episode (addPodcast, updatePodcast). */
const EPISODE_FIELDS = ['title', 'description', 'chapters', 'transcript', 'persons', 'soundbites'] as const;

/** The episode fields of the request that are present, checked (chapters must start before `duration`). */
async function episodeFields(c: Context<AppEnv>, duration: number): Promise<EpisodeChanges> {
  const body = c.get('body');
  const changes: EpisodeChanges = {
    title: textField(body, 'title', { max: 200 }),
    description: textField(body, 'description', { max: 5000 }),
    chapters: chaptersField(body, 'chapters', duration),
    persons: personsField(body, 'persons'),
    soundbites: soundbitesField(body, 'soundbites', duration),
    transcript: await transcriptField(body, 'transcript'),
  };
  for (const key of EPISODE_FIELDS) if (changes[key] === undefined) delete changes[key];
  return changes;
}

/** The /private/* endpoints (mount at /private). */
export function privateApi(store: Store, { tone, urls, icecast, nowPlayingUntil = () => null, liveItems }: PrivateApiOptions): Hono<AppEnv> {
  let nextEpisode = store.episodes.length + 1;
  const generated = new Map<number, { audio: Uint8Array; etag: string; duration: number; opus?: EpisodeRecord['opus'] }>();
  /**
   * The tone repeated to `seconds`, made once per length (a 500-episode feed stays small): the
   * MP3's frames, and the Opus file's packets to the same length (cheap: copied, not encoded).
   */
  const toneOf = (seconds: number) => {
    let made = generated.get(seconds);
    if (!made) {
      const bytes = [...generated.values()].reduce((sum, g) => sum + g.audio.byteLength + (g.opus?.bytes.byteLength ?? 0), 0);
      // The Opus file is smaller than the MP3: twice the MP3 bounds both.
      if (bytes + seconds * tone.info.byteRate * (tone.opus ? 2 : 1) > AUDIO_BUDGET) return null;
      const audio = repeatFrames(tone.bytes, seconds);
      const exact = parseMp3(audio).duration;
      const duration = Math.round(exact * 10) / 10;
      made = { audio, etag: etagOf(audio), duration, ...(tone.opus ? { opus: opusFile(repeatOpus(tone.opus, exact), duration) } : {}) };
      generated.set(seconds, made);
    }
    return made;
  };

  const api = new Hono<AppEnv>();
  api.use(
    '*',
    readBody,
    requireToken('private', () => store.tokens),
    methodNotAllowed({ app: api, onMethodNotAllowed: notAllowed() }),
  );

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
  api.post('/setNowPlaying', async (c) => {
    const body = c.get('body');
    const title = textField(body, 'title', { required: true, max: 200 })!;
    const artist = textField(body, 'artist', { max: 200 }) ?? '';
    const artwork_url = urlField(body, 'artwork_url');
    const channelId = textField(body, 'channel', { max: 100 });
    const channel = store.channel(channelId);
    if (!channel) throw new ApiFailure('not_found', `There is no channel "${channelId}" on this account.`);
    const now_playing = store.setNowPlaying(channel.id, { title, artist, artwork_url });
    const replaced_at = nowPlayingUntil(channel.id)?.toISOString() ?? null;
    if (!icecast) return jsonResponse({ channel: channel.id, now_playing, replaced_at });
    // Icecast mode: every listener of the mount (castlet, VLC …) sees the title.
    const icecast_updated = await icecast.setTitle(channel, now_playing);
    return jsonResponse({ channel: channel.id, now_playing, replaced_at, icecast_updated });
  });
  api.get('/podcasts', () => jsonResponse({ episodes: store.episodes.map((e) => episodeView(e, urls.origin)) }));
  api.post('/addPodcast', async (c) => {
    const body = c.get('body');
    const title = textField(body, 'title', { required: true, max: 200 })!;
    const seconds = Math.round(numberField(body, 'duration', GENERATED_DURATION) ?? GENERATED_DURATION.default);
    const { description = '', chapters = [], persons = [], soundbites = [], transcript } = await episodeFields(c, seconds);
    const made = store.episodes.length < EPISODE_LIMIT ? toneOf(seconds) : null;
    if (!made) {
      throw new ApiFailure('invalid_request', 'The demo podcast is full; delete an episode (deletePodcast) first.');
    }
    const episode: EpisodeRecord = {
      id: `ep-${nextEpisode++}`,
      title,
      description,
      published_at: new Date().toISOString(),
      duration: made.duration,
      art: null,
      chapters,
      persons,
      soundbites,
      audio: made.audio,
      etag: made.etag,
      ...(made.opus ? { opus: made.opus } : {}),
      ...(transcript ? { transcript } : {}),
    };
    while (store.episode(episode.id)) episode.id = `ep-${nextEpisode++}`;
    store.addEpisode(episode);
    return jsonResponse(episodeView(episode, urls.origin), 201);
  });
  api.post('/updatePodcast', async (c) => {
    const body = c.get('body');
    const id = textField(body, 'id', { required: true, max: 200 })!;
    const episode = store.episode(id);
    if (!episode) throw new ApiFailure('not_found', `There is no episode "${id}".`);
    // Everything is checked before anything changes: a bad field loses nothing.
    const changes = await episodeFields(c, episode.duration);
    if (changes.title === '') throw new ApiFailure('invalid_request', 'The field title must not be empty.');
    if (!Object.keys(changes).length) {
      throw new ApiFailure('invalid_request', `Give what to change: ${EPISODE_FIELDS.join(', ')}.`);
    }
    return jsonResponse(episodeView(store.updateEpisode(id, changes)!, urls.origin));
  });
  api.post('/deletePodcast', (c) => {
    const id = textField(c.get('body'), 'id', { required: true, max: 200 })!;
    if (!store.deleteEpisode(id)) throw new ApiFailure('not_found', `There is no episode "${id}".`);
    return jsonResponse({ deleted: id });
  });
  api.post('/resetTokens', () => jsonResponse(store.resetTokens()));
  liveItemRoutes(api, liveItems);
  return api;
}
