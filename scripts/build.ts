// Builds dist/castlet.js (both elements) and one file per element, each self-contained.
import { build } from 'vite';

for (const entry of ['castlet', 'stream-player', 'podcast-player']) {
  process.env.ENTRY = entry;
  await build({ logLevel: 'warn' });
}
