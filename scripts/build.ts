// Builds dist/castlet.js (both elements) and one file per element, each self-contained,
// then the demo page's console (dist/console.js, dist/demo.css).
import { build } from 'vite';

// What site owners get, whatever the caller's NODE_ENV (vitest sets `test`, which would pull
// in Lit's development build).
process.env.NODE_ENV = 'production';

for (const entry of ['castlet', 'stream-player', 'podcast-player', 'console']) {
  process.env.ENTRY = entry;
  await build({ logLevel: 'warn' });
}
