/**
 * The Firefox engine of the flow tests: Debian's Firefox ESR through puppeteer-core over
 * WebDriver BiDi (Playwright cannot drive stock Firefox), with its own temporary HOME and
 * profile, loopback only, and a private PulseAudio null sink as its audio output.
 */
import { join } from 'node:path';
import puppeteer, { type Browser, type KeyInput, type Page } from 'puppeteer-core';
import { enginePage, type Engine, type LaunchOptions, type LowPage } from './browser-engine.ts';
import { ownPid, startPulseAudio, tempDir } from './browser-processes.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function launchFirefoxEngine({ dark = false, viewport = { width: 900, height: 800 } }: LaunchOptions = {}): Promise<Engine> {
  const dir = tempDir('firefox');
  let pulse: Awaited<ReturnType<typeof startPulseAudio>> | undefined;
  let browser: Browser | undefined;
  try {
    pulse = await startPulseAudio(dir.path);
    browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX_PATH,
      headless: true,
      userDataDir: join(dir.path, 'profile'),
      defaultViewport: viewport,
      env: { ...process.env, HOME: dir.path, XDG_RUNTIME_DIR: dir.path, PULSE_SERVER: pulse.server },
      extraPrefsFirefox: {
        // Loopback only: every host name is localhost, and nothing dials out.
        'network.dns.native-is-localhost': true,
        'services.settings.server': 'http://127.0.0.1:9/',
        'network.connectivity-service.enabled': false,
        'network.captive-portal-service.enabled': false,
        'browser.region.network.url': '',
        'browser.topsites.contile.enabled': false,
        'extensions.systemAddon.update.enabled': false,
        'toolkit.telemetry.enabled': false,
        // The system colour scheme (BiDi has no media emulation): 0 dark, 1 light.
        'layout.css.prefers-color-scheme.content-override': dark ? 0 : 1,
      },
    });
  } catch (e) {
    await pulse?.stop();
    dir.remove();
    throw e;
  }
  const b = browser;
  const firefox = b.process();
  if (firefox) ownPid(firefox.pid, new Promise((resolve) => (firefox.exitCode === null ? firefox.once('exit', resolve) : resolve(null))));
  return {
    name: 'firefox',
    version: await b.version(),
    audioOutput: pulse!.server,
    async newPage() {
      // A new tab for each page: under BiDi the first tab never gets focus.
      const page: Page = await b.newPage();
      const low: LowPage = {
        requests: [],
        problems: [],
        goto: async (url) => void (await page.goto(url, { waitUntil: 'load' })),
        evaluate: (fn, arg) => page.evaluate(fn as never, arg) as never,
        mouseClick: (x, y) => page.mouse.click(x, y),
        press: async (key) => {
          // (Puppeteer has no `Shift+N`: Shift is held around N.)
          if (!key.startsWith('Shift+')) return page.keyboard.press(key === 'Space' ? ' ' : (key as KeyInput));
          await page.keyboard.down('Shift');
          await page.keyboard.press(key.slice(6) as 'N');
          await page.keyboard.up('Shift');
        },
        screenshot: async (path) => void (await page.screenshot({ path })),
        reload: async () => void (await page.reload({ waitUntil: 'load' })),
        close: () => page.close(),
      };
      page.on('request', (r) => void low.requests!.push(r.url()));
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warn') low.problems!.push(`console.${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => void low.problems!.push(`pageerror: ${(e as Error).message ?? e}`));
      return enginePage('firefox', low);
    },
    async close() {
      await b.close().catch(() => {});
      // puppeteer waits for Firefox to exit; make sure by PID.
      if (firefox?.pid && firefox.exitCode === null) process.kill(firefox.pid, 'SIGKILL');
      await pulse!.stop();
      dir.remove();
    },
  };
}
