import { StreamPlayer } from './stream-player/stream-player.js';
import { define } from './internal/define.js';

define('stream-player', StreamPlayer);

export { StreamPlayer };
export type * from './events.js';
export type * from './api/types.js';
