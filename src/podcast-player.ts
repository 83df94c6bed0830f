import { PodcastPlayer } from './podcast-player/podcast-player.js';
import { define } from './internal/define.js';

define('podcast-player', PodcastPlayer);

export { PodcastPlayer };
export type * from './events.js';
export type * from './api/types.js';
