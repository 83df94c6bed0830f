/**
 * The owner's episode endpoints (on the private API, routes/private.ts): podcasts, addPodcast,
 * updatePodcast and deletePodcast. Every field is checked (fields.ts) before anything changes.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env.ts';
import { chapters, fields, persons, requiredText, seconds, soundbites, text, transcript } from '../fields.ts';
import type { AudioFile } from '../media/catalog.ts';
import { toneMaker } from '../media/tone.ts';
import { checkBody, validBody } from '../middleware/validate.ts';
import { ApiFailure, jsonResponse } from '../respond.ts';
import type { EpisodeChanges, EpisodeRecord, Store } from '../store.ts';
import { episodeView, type Urls } from '../views.ts';

export const EPISODE_LIMIT = 1000;
export const GENERATED_DURATION = { default: 120, min: 10, max: 3600 };

export interface PodcastOptions {
  /** Episode audio is this tone repeated (and its Opus file, if there is one). */
  tone: AudioFile & { opus?: Uint8Array };
  urls: Urls;
}

/** The fields an owner may give for an episode (addPodcast, updatePodcast). */
const EPISODE_FIELDS = ['title', 'description', 'chapters', 'transcript', 'persons', 'soundbites'] as const;

/** The episode fields (chapters and soundbites must fit in `duration` seconds). */
const episodeInput = (duration: number) =>
  fields({
    title: text(200),
    description: text(5000),
    chapters: chapters(duration),
    persons: persons(),
    soundbites: soundbites(duration),
    transcript: transcript(),
  });

/** The episode fields that are present. */
function changesOf(input: Record<(typeof EPISODE_FIELDS)[number], unknown>): EpisodeChanges {
  const changes = { ...input } as EpisodeChanges;
  for (const key of EPISODE_FIELDS) if (changes[key] === undefined) delete changes[key];
  return changes;
}

const byId = fields({ id: requiredText(200) });

export function podcastRoutes(store: Store, { tone, urls }: PodcastOptions): Hono<AppEnv> {
  let nextEpisode = store.episodes.length + 1;
  const toneOf = toneMaker(tone);
  const api = new Hono<AppEnv>();

  api.get('/podcasts', () => jsonResponse({ episodes: store.episodes.map((e) => episodeView(e, urls.origin)) }));
  api.post(
    '/addPodcast',
    // A number in a form body is text; in JSON it must be a number.
    validBody((c) => fields({ title: requiredText(200), duration: seconds(c.var.body.kind, GENERATED_DURATION) })),
    async (c) => {
      const title = c.var.input.title;
      const length = Math.round(c.var.input.duration ?? GENERATED_DURATION.default);
      const input = await checkBody(c.var.body, episodeInput(length));
      const { description = '', chapters = [], persons = [], soundbites = [], transcript } = changesOf(input);
      const made = store.episodes.length < EPISODE_LIMIT ? toneOf(length) : null;
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
    },
  );
  api.post('/updatePodcast', validBody(byId), async (c) => {
    const { id } = c.var.input;
    const episode = store.episode(id);
    if (!episode) throw new ApiFailure('not_found', `There is no episode "${id}".`);
    // Everything is checked before anything changes: a bad field loses nothing.
    const changes = changesOf(await checkBody(c.var.body, episodeInput(episode.duration)));
    if (changes.title === '') throw new ApiFailure('invalid_request', 'The field title must not be empty.');
    if (!Object.keys(changes).length) {
      throw new ApiFailure('invalid_request', `Give what to change: ${EPISODE_FIELDS.join(', ')}.`);
    }
    return jsonResponse(episodeView(store.updateEpisode(id, changes)!, urls.origin));
  });
  api.post('/deletePodcast', validBody(byId), (c) => {
    const { id } = c.var.input;
    if (!store.deleteEpisode(id)) throw new ApiFailure('not_found', `There is no episode "${id}".`);
    return jsonResponse({ deleted: id });
  });
  return api;
}
