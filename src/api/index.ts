/**
 * The contract between the widgets and the service: the shapes that cross the wire
 * (./types.ts), their validators (./validate.ts for the public answers the widgets read,
 * ./private.ts for the owner's), and what both sides check the same way: the tokens' shape
 * (./ids.ts), WebVTT as a browser reads it (./vtt.ts), shared words (./words.ts).
 *
 * The service (demo/server) imports from here only. The widgets import the module they need
 * (./types.js, ./validate.js, ./vtt.js …), never this index: it would bring ./private.ts.
 */
export type * from './types.js';
export { isPodcastFeed, isStreamInfo } from './validate.js';
export { isStreamSchedule } from './validate-schedule.js';
export {
  isAccountInfo,
  isApiError,
  isDeleted,
  isEpisode,
  isEpisodeList,
  isLiveItem,
  isNowPlayingSet,
  isOwnerLiveItem,
  isScheduleSet,
  isStreamInfoWithSchedule,
  isServerState,
  isTokenPair,
} from './private.js';
export { isUuid } from './ids.js';
export { cueAt, parseVtt, vttError, type Cue } from './vtt.js';
export { PRIVATE_TOKEN_EXPOSED } from './words.js';
