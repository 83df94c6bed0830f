/**
 * Validators of the private (owner) API's answers and of every error body, as ./validate.ts
 * checks the public ones. The widgets never import this module (it stays out of their bundle):
 * the service's tests run it over the mock's real answers, and an owner's tools may.
 */
import { list, num, oneOf, opt, shape, str } from './checks.js';
import { channel, episode, isStreamInfo, liveItem, track } from './validate.js';
import { isStreamSchedule } from './validate-schedule.js';

/** Every error body under /private/ and /public/ (`ApiError`). */
export const isApiError = shape({
  error: oneOf(
    'missing_token',
    'invalid_token',
    'private_token_exposed',
    'invalid_request',
    'not_found',
    'method_not_allowed',
    'payload_too_large',
    'unsupported_media_type',
    'server_offline',
    'range_not_satisfiable',
    'server_busy',
    'too_many_connections',
    'server_error',
  ),
  error_description: str,
});

/** GET /private/checkToken, POST /private/resetTokens (`TokenPair`). */
export const isTokenPair = shape({ public_token: str, private_token: str });

const status = oneOf('live', 'offline');
const ready = oneOf(0, 1);
const ownerFields = shape({ mountpoint: str, stream_url: str, status, listeners: num });

/** GET /private/accountInfo (`AccountInfo`). */
export const isAccountInfo = shape({
  name: str,
  email: str,
  public_token: str,
  streaming_server_ready: ready,
  channels: list((v) => channel(v) && ownerFields(v)),
});

/** POST /private/startServer and /private/stopServer (`ServerState`). */
export const isServerState = shape({ streaming_server_ready: ready, icecast_sources_dropped: opt((v) => v === !!v) });

/** POST /private/setNowPlaying (`NowPlayingSet`). */
export const isNowPlayingSet = shape({
  channel: str,
  now_playing: track,
  replaced_at: (v) => v === null || str(v),
  icecast_updated: opt((v) => v === !!v),
});

/** GET /private/podcasts (`EpisodeList`). */
export const isEpisodeList = shape({ episodes: list(episode) });

/** POST /private/addPodcast and /private/updatePodcast: the episode (`Episode`). */
export const isEpisode = episode;

/** POST /private/deletePodcast and /private/deleteLiveItem (`Deleted`). */
export const isDeleted = shape({ deleted: str });

/** POST /private/addLiveItem and /private/updateLiveItem: the live item without its sources (`OwnerLiveItem`). */
export const isOwnerLiveItem = (v: unknown) => !!v && typeof v === 'object' && liveItem({ ...v, sources: [] });

const day = oneOf('mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun');
/** A weekly show (`ScheduleShow`). */
const scheduleShow = shape({
  id: str,
  title: str,
  host: str,
  description: str,
  artwork_url: opt(str),
  days: list(day),
  start: (v) => typeof v === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(v),
  duration_min: (v) => Number.isInteger(v) && (v as number) >= 1 && (v as number) <= 1440,
});

/** POST /private/setSchedule and GET /private/getSchedule (`ScheduleSet`). */
export const isScheduleSet = shape({ schedule: shape({ channel: str, timezone: str, shows: list(scheduleShow) }) });

/** GET /public/stream and its `stream` event with its `schedule` (the widget checks that part in its schedule chunk). */
export const isStreamInfoWithSchedule = (v: unknown) => isStreamInfo(v) && isStreamSchedule((v as { schedule?: unknown }).schedule);

/** A live show with its channel's sources, as /public/podcasts lists it (`LiveItem`). */
export const isLiveItem = liveItem;
