/**
 * Screenshots for humans (not committed): both widgets side by side, light and dark, at 2x,
 * written to reports/widgets-light.png and reports/widgets-dark.png.
 */
import { mkdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { PUBLIC, embedPage, waitForState, withBrowser } from '../support/browser.ts';

const REPORTS = fileURLToPath(new URL('../../reports/', import.meta.url));
const env = withBrowser({ context: { deviceScaleFactor: 2, viewport: { width: 900, height: 640 } } });

const page = `<style>
  :root { color-scheme: light dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: light-dark(#f4f3f8, #0d0c11); }
  .stage { display: grid; grid-template-columns: 1fr 1fr; gap: 24px; align-items: start; padding: 24px; }
</style>
<div class="stage">
  <stream-player public-token="${PUBLIC}"></stream-player>
  <podcast-player public-token="${PUBLIC}"></podcast-player>
</div>`;

describe('screenshots', () => {
  test('both widgets, light and dark, 2x', async () => {
    mkdirSync(REPORTS, { recursive: true });
    const t = await env.open(embedPage(env.mock, page, { title: 'castlet widgets' }));
    await waitForState(t.page, 'stream-player', 'ready');
    await waitForState(t.page, 'podcast-player', 'ready');
    for (const colorScheme of ['light', 'dark'] as const) {
      await t.page.emulateMedia({ colorScheme });
      const path = `${REPORTS}widgets-${colorScheme}.png`;
      await t.page.locator('.stage').screenshot({ path, animations: 'disabled' });
      expect(statSync(path).size).toBeGreaterThan(10_000);
    }
    expect(t.problems).toEqual([]);
  });
});
