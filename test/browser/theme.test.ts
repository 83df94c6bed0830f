/**
 * The `theme` attribute in real Chromium: the computed colours of both players follow it,
 * whatever the page's colour scheme, and follow the page's scheme without it.
 */
import { describe, expect, test } from 'vitest';
import { PUBLIC, embedPage, waitForState, withBrowser } from '../support/browser.ts';

const env = withBrowser();
const LIGHT = { bg: 'rgb(255, 255, 255)', fg: 'rgb(23, 21, 31)' };
const DARK = { bg: 'rgb(23, 22, 28)', fg: 'rgb(241, 239, 248)' };

describe('theme', () => {
  test.each([
    ['light', 'dark', LIGHT],
    ['dark', 'light', DARK],
    ['', 'dark', DARK],
    ['', 'light', LIGHT],
  ] as const)('theme="%s" on a page in %s mode', async (theme, scheme, colours) => {
    const attr = theme ? ` theme="${theme}"` : '';
    const t = await env.open(
      embedPage(
        env.mock,
        `<stream-player public-token="${PUBLIC}"${attr}></stream-player><podcast-player public-token="${PUBLIC}"${attr}></podcast-player>`,
      ),
      { before: (page) => page.emulateMedia({ colorScheme: scheme }) },
    );
    for (const tag of ['stream-player', 'podcast-player']) {
      await waitForState(t.page, tag, 'ready');
      const seen = await t.page.$eval(tag, (el) => {
        const s = getComputedStyle(el.shadowRoot!.querySelector('[part~=base]')!);
        return { bg: s.backgroundColor, fg: s.color };
      });
      expect(seen, tag).toEqual(colours);
    }
  });
});
