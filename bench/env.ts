/** What the browser parts of the bench share: Chromium, the mock (a child) and the page server. */
import type { Browser } from 'playwright-core';
import type { PagesServer } from '../test/support/browser-pages.ts';
import { DEMO_TOKENS } from '../demo/server/seed.ts';
import type { Child } from './children.ts';

export const PUBLIC = DEMO_TOKENS.public_token;
export const PRIVATE = DEMO_TOKENS.private_token;

export interface BenchEnv {
  browser: Browser;
  /** The seeded mock (3 episodes), serving a private copy of dist/ (a concurrent build cannot swap it mid-run). */
  mock: Child;
  /** Another loopback origin: the site owner's page. */
  pages: PagesServer;
  /** The dist copy, for other mocks the bench starts. */
  staticDir: string;
}

export const pair = (token = PUBLIC) =>
  `<stream-player public-token="${token}"></stream-player>\n<podcast-player public-token="${token}"></podcast-player>`;

/** Endpoint of a mock URL, for counting: /public/stream/events, /public/podcasts, /listen, /media, /castlet.js… */
export function endpointOf(url: string): string {
  const path = new URL(url).pathname;
  if (path.startsWith('/listen/')) return '/listen';
  if (path.startsWith('/media/')) return '/media';
  return path;
}

export function countBy(urls: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const u of urls) {
    const k = endpointOf(u);
    out[k] = (out[k] ?? 0) + 1;
  }
  return out;
}
