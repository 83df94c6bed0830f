/**
 * 4. Bandwidth, counted with CDP Network events (requestWillBeSent, dataReceived): audio
 * bytes (/listen, /media) with both widgets on the page before Play (goal 0), beside 2 s of
 * live playing; and in the 2 s after Pause on the live stream (goal about 0).
 */
import type { CDPSession } from 'playwright-core';
import { embedPage } from '../test/support/browser-pages.ts';
import { endpointOf, pair, type BenchEnv } from './env.ts';
import { instrumentedPage, waitPopulated } from './instrument.ts';
import type { Part } from './table.ts';
import { sleep, until } from './util.ts';

interface Meter {
  /** Audio bytes so far (max of decoded and encoded lengths per chunk). */
  bytes(): number;
  requests(): number;
  /** Audio requests that ended: canceled (by the page) or finished, with Date.now(). */
  ended: { url: string; canceled: boolean; at: number }[];
}

async function meter(cdp: CDPSession): Promise<Meter> {
  const audio = new Map<string, string>();
  let bytes = 0;
  const ended: Meter['ended'] = [];
  cdp.on('Network.requestWillBeSent', (e) => {
    const ep = endpointOf(e.request.url);
    if (ep === '/listen' || ep === '/media') audio.set(e.requestId, e.request.url);
  });
  cdp.on('Network.dataReceived', (e) => {
    if (audio.has(e.requestId)) bytes += Math.max(e.dataLength, e.encodedDataLength);
  });
  cdp.on('Network.loadingFailed', (e) => {
    const url = audio.get(e.requestId);
    if (url) ended.push({ url, canceled: !!e.canceled, at: Date.now() });
  });
  cdp.on('Network.loadingFinished', (e) => {
    const url = audio.get(e.requestId);
    if (url) ended.push({ url, canceled: false, at: Date.now() });
  });
  await cdp.send('Network.enable');
  return { bytes: () => bytes, requests: () => audio.size, ended };
}

export interface BandwidthData {
  beforePlay: { bytes: number; requests: number; idleMs: number };
  playing2s: number;
  afterPause2s: number;
  /** ms from the Pause click to the /listen request ending (canceled). */
  closedAfterMs: number | null;
  closedCanceled: boolean | null;
}

export async function benchBandwidth(env: BenchEnv): Promise<Part<BandwidthData>> {
  const { context, page } = await instrumentedPage(env.browser, 2);
  try {
    const cdp = await context.newCDPSession(page);
    const m = await meter(cdp);
    await page.goto(env.pages.add(embedPage(env.mock.url, pair())));
    await waitPopulated(page);
    const idleMs = 2000;
    await sleep(idleMs);
    const beforePlay = { bytes: m.bytes(), requests: m.requests(), idleMs };

    await page.locator('stream-player button[part~=play]').click();
    await page.waitForFunction(() => window.__bench.media.some((e) => e.type === 'playing'), undefined, { timeout: 15_000 });
    const a = m.bytes();
    await sleep(2000);
    const playing2s = m.bytes() - a;

    const endedBefore = m.ended.length;
    await page.locator('stream-player button[part~=play]').click(); // pause
    const pausedAt = Date.now();
    const b = m.bytes();
    await sleep(2000);
    const afterPause2s = m.bytes() - b;
    const closed = await until(() => m.ended.slice(endedBefore).find((e) => endpointOf(e.url) === '/listen'), 500);
    const data: BandwidthData = {
      beforePlay,
      playing2s,
      afterPause2s,
      closedAfterMs: closed ? closed.at - pausedAt : null,
      closedCanceled: closed ? closed.canceled : null,
    };
    return {
      rows: [
        {
          section: 'Bandwidth',
          measure: `audio bytes before Play (both widgets, ${idleMs / 1000} s idle)`,
          value: `${beforePlay.bytes} B, ${beforePlay.requests} requests`,
          reference: `${(playing2s / 1024).toFixed(1)} KiB in 2 s of live playing`,
          goal: '0',
          met: beforePlay.bytes === 0 && beforePlay.requests === 0,
        },
        {
          section: 'Bandwidth',
          measure: 'live: audio bytes in the 2 s after Pause',
          value: `${afterPause2s} B`,
          reference: `${(playing2s / 1024).toFixed(1)} KiB in 2 s before; /listen ${closed ? `${closed.canceled ? 'canceled' : 'ended'} ${data.closedAfterMs} ms after Pause` : 'still open'}`,
          goal: '≈ 0',
          met: afterPause2s < 4096,
        },
      ],
      data,
    };
  } finally {
    await context.close();
  }
}
