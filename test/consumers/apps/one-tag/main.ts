// An app that needs the live player only. The bare import of a class module is dropped:
// the package's sideEffects list says it has none (only the defining entries do).
import 'castlet/stream-player.js';
import 'castlet/podcast-player/podcast-player.js';
