import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: true,
    lib: {
      entry: {
        castlet: here('src/castlet.ts'),
        'stream-player': here('src/stream-player.ts'),
        'podcast-player': here('src/podcast-player.ts'),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      output: {
        minify: true,
        legalComments: 'none',
        chunkFileNames: 'chunks/[name]-[hash].js',
      },
    },
  },
  test: {
    // @esm-bundle/chai points `main` at a file it does not ship (TOOLCHAIN.md).
    alias: { '@esm-bundle/chai': here('node_modules/@esm-bundle/chai/esm/chai.js') },
    projects: [
      {
        extends: true,
        test: {
          name: 'components',
          environment: 'happy-dom',
          include: ['test/components/**/*.test.ts', 'test/unit/**/*.test.ts'],
          server: { deps: { inline: [/@open-wc\//] } },
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['test/server/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          environment: 'node',
          include: ['test/browser/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
