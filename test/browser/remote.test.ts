/**
 * Cast and AirPlay in real Chromium with no device (docs/remote-playback.md): it has the
 * Remote Playback API, so the remote chunk loads and watches; no device is ever seen, so
 * neither player shows the button, before or while playing, and nothing goes wrong.
 * (The button itself, with a device, is the component tests' test double: test/components/remote.test.ts.)
 */
import { describe, expect, test } from 'vitest';
import { openBoth, waitForState, withBrowser } from '../support/browser.ts';

const env = withBrowser();
const TAGS = ['stream-player', 'podcast-player'];

describe('Cast and AirPlay in Chromium, no device', () => {
  test('the API is there, the chunk watches it, no button shows, playing too, and no error', async () => {
    const t = await openBoth(env);
    for (const tag of TAGS) await waitForState(t.page, tag, 'ready');
    expect(await t.page.evaluate(() => 'remote' in HTMLMediaElement.prototype)).toBe(true);
    await t.page.waitForFunction(() => performance.getEntriesByType('resource').some((r) => r.name.endsWith('/chunks/remote.js')));
    await t.page.click('stream-player >> button[part=play]');
    await waitForState(t.page, 'stream-player', 'playing');
    for (const tag of TAGS) {
      const seen = await t.page.$eval(tag, (el) => ({
        button: !!el.shadowRoot!.querySelector('[part~=remote]'),
        message: el.shadowRoot!.querySelector('[part~=message]')?.textContent ?? null,
      }));
      expect(seen, tag).toEqual({ button: false, message: null });
    }
    expect(t.problems).toEqual([]);
  });
});
