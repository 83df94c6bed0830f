/**
 * Debian's Chromium through playwright-core, for the browser tests, the benchmark and the
 * README screenshot. Never a downloaded browser: `npx playwright install` cannot work here.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/lib/chromium/chromium'];

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  // Without these Chromium keeps dialling out, and this machine refuses it.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

/** Debian's Chromium, or a clear error saying how to get it. */
export function chromiumPath(): string {
  const found = CANDIDATES.find((p): p is string => !!p && existsSync(p));
  if (!found) {
    throw new Error(
      "This needs Debian's Chromium, which was not found at /usr/bin/chromium or /usr/lib/chromium/chromium. " +
        'Install it with `apt-get install -y --no-install-recommends chromium` (or set CHROMIUM_PATH). ' +
        'Do not run `npx playwright install`.',
    );
  }
  return found;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS, headless: true });
}
