/**
 * The WebKit engine of the flow tests: WebKitGTK's MiniBrowser through WebKitWebDriver
 * (Debian `webkit2gtk-driver`) and webdriverio over W3C WebDriver classic (the driver
 * refuses BiDi). MiniBrowser has no headless mode: it runs in a private Xvfb, with a private
 * PulseAudio null sink as its audio output. Console messages are not observable here.
 */
import { remote } from 'webdriverio';
import { enginePage, WEBDRIVER_KEYS, WEBDRIVER_SHIFT, type Engine, type LaunchOptions, type LowPage } from './browser-engine.ts';
import { startProcess, startPulseAudio, startXvfb, tempDir, type Owned } from './browser-processes.ts';
import { freePort, waitFor } from './players.ts';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? 'WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function waitForDriver(port: number, driver: ReturnType<typeof startProcess>) {
  await waitFor(
    async () => {
      if (driver.child.exitCode !== null) return;
      if (!(await fetch(`http://127.0.0.1:${port}/status`)).ok) throw new Error('not ready');
    },
    { timeout: 10_000, interval: 50 },
  ).catch(() => undefined);
  if (
    driver.child.exitCode !== null ||
    !(await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    throw new Error(`WebKitWebDriver did not start:\n${driver.output()}`);
}

export async function launchWebKitEngine({ dark = false, viewport = { width: 900, height: 800 } }: LaunchOptions = {}): Promise<Engine> {
  const dir = tempDir('webkit');
  const started: Owned[] = [];
  const stopAll = async () => {
    for (const p of started.reverse()) await p.stop();
    dir.remove();
  };
  let browser: WebdriverIO.Browser;
  let audioOutput: string;
  try {
    const xvfb = await startXvfb();
    started.push(xvfb);
    const pulse = await startPulseAudio(dir.path);
    started.push(pulse);
    audioOutput = pulse.server;
    // (WebKitWebDriver takes no port 0.)
    const port = await freePort();
    // WEBKIT_DISABLE_DMABUF_RENDERER: with no GPU, WebKitGTK hands each composited frame to
    // Xvfb through Mesa's software GL. One CSS animation (the live badge's pulse, the buffering
    // Play icon) then costs 1.15 cores (WebKitWebProcess 0.88, Xvfb 0.15, MiniBrowser 0.10);
    // with shared-memory frames, 0.12. Compositing stays on, as on a desktop; the flows file
    // in WebKit alone went from 120 to 53 CPU-seconds (docs/development.md, "WebKitGTK's frames").
    const driver = startProcess(WEBKIT_DRIVER, [`--port=${port}`], {
      env: {
        ...process.env,
        HOME: dir.path,
        XDG_RUNTIME_DIR: dir.path,
        DISPLAY: xvfb.display,
        PULSE_SERVER: pulse.server,
        WEBKIT_DISABLE_DMABUF_RENDERER: '1',
      },
    });
    started.push(driver);
    await waitForDriver(port, driver);
    browser = await remote({
      hostname: '127.0.0.1',
      port,
      logLevel: 'error',
      connectionRetryCount: 0,
      capabilities: {
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation', ...(dark ? ['--dark-mode'] : [])] },
        // WebKitWebDriver 2.50 refuses BiDi: without this the session fails to match capabilities.
        'wdio:enforceWebDriverClassic': true,
      } as WebdriverIO.Capabilities,
    });
    await browser.setWindowSize(viewport.width, viewport.height);
  } catch (e) {
    await stopAll();
    throw e;
  }
  const b = browser;
  const caps = b.capabilities as { browserName?: string; browserVersion?: string };
  return {
    name: 'webkit',
    version: `WebKitGTK ${caps.browserVersion ?? '?'}`,
    audioOutput,
    async newPage() {
      // One window per session: a new page is the same window, navigated.
      await b.url('about:blank');
      const low: LowPage = {
        requests: null,
        problems: null,
        goto: (url) => b.url(url).then(() => {}),
        evaluate: (fn, arg) => b.execute(fn as never, arg) as never,
        mouseClick: (x, y) =>
          b
            .action('pointer', { parameters: { pointerType: 'mouse' } })
            .move({ x, y, origin: 'viewport' })
            .down()
            .up()
            .perform(),
        press: (key) => {
          const shift = key.startsWith('Shift+');
          const keys = b.action('key');
          if (shift) keys.down(WEBDRIVER_SHIFT);
          keys.down(WEBDRIVER_KEYS[key]).up(WEBDRIVER_KEYS[key]);
          if (shift) keys.up(WEBDRIVER_SHIFT);
          return keys.perform();
        },
        screenshot: (path) => b.saveScreenshot(path).then(() => {}),
        reload: () => b.refresh().then(() => {}),
        close: () => b.url('about:blank').then(() => {}),
      };
      return enginePage('webkit', low);
    },
    async close() {
      await b.deleteSession().catch(() => {});
      await stopAll();
    },
  };
}
