/**
 * castlet: <stream-player> and <podcast-player>. Loading this module registers both tags
 * (a second copy of the script leaves the first registration alone).
 */
export { StreamPlayer } from './stream-player.js';
export { PodcastPlayer } from './podcast-player.js';
export type * from './events.js';
export type * from './internal/api-types.js';
