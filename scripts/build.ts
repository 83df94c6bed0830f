// Builds dist/castlet.js (both elements) and one file per element, each self-contained,
// then the demo page's console (dist/console.js, dist/demo.css).
import { build } from 'vite';

for (const entry of ['castlet', 'stream-player', 'podcast-player', 'console']) {
  process.env.ENTRY = entry;
  await build({ logLevel: 'warn' });
}
