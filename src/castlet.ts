/**
 * castlet: <stream-player> and <podcast-player>. Loading this module registers both tags
 * (a second copy of the script leaves the first registration alone). The classes alone,
 * with no tag defined, are in `stream-player/stream-player.js` and
 * `podcast-player/podcast-player.js`.
 */
export { StreamPlayer } from './stream-player.js';
export { PodcastPlayer } from './podcast-player.js';
export type * from './events.js';
export type * from './api/types.js';
