/**
 * A tiny static server for real-browser tests: HTML strings registered per test, served from
 * a loopback port of its own — a different origin from the mock, exactly like a site owner's
 * page that embeds the widgets — optionally with a Content-Security-Policy header.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PageOptions {
  /** Sent as the `Content-Security-Policy` header. */
  csp?: string;
}

export interface PagesServer {
  /** e.g. http://127.0.0.1:40124 */
  readonly origin: string;
  /** Serves `html` at `path` (default: a fresh path) and returns its full URL. */
  add(html: string, opts?: PageOptions & { path?: string }): string;
  /** Every path requested so far (to prove what a page did or did not load). */
  readonly requests: string[];
  close(): Promise<void>;
}

export async function startPages(): Promise<PagesServer> {
  const pages = new Map<string, { html: string; csp?: string }>();
  const requests: string[] = [];
  let next = 0;
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requests.push(path);
    if (path === '/favicon.ico') {
      res.writeHead(204).end();
      return;
    }
    const page = pages.get(path);
    if (!page) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found.\n');
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      ...(page.csp ? { 'Content-Security-Policy': page.csp } : {}),
    });
    res.end(page.html);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    add(html, { path = `/page-${++next}.html`, csp } = {}) {
      pages.set(path, { html, csp });
      return origin + path;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** A page with only the script tag and `body`: what the embed snippet gives a site owner. */
export function embedPage(mock: string, body: string, { head = '', title = 'Embed test' } = {}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<script type="module" src="${mock}/castlet.js"></script>
${head}
</head>
<body>
${body}
</body>
</html>`;
}

const PARAGRAPH = `<p>${'A paragraph of the owner’s article around the players: the reader is in the middle of it when they load, and it must not move. '.repeat(3)}</p>`;

/**
 * An owner's article with two players in it, text before, between and after them: `first`
 * (the snippet up to the first player, or a peer's first player), then `second`. `head` goes
 * into <head>, `end` before </body>.
 */
export function articlePage({ head = '', first, second, end = '' }: { head?: string; first: string; second: string; end?: string }): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>An owner’s article</title>${head}</head>
<body><main><h1>Tonight on the radio</h1>${PARAGRAPH}
${first}
${PARAGRAPH}
${second}
${PARAGRAPH}${PARAGRAPH}</main>${end}</body></html>`;
}

const LONG_PARAGRAPH = `<p>${'A paragraph of the owner’s article around the players, long enough to scroll a phone’s screen. '.repeat(4)}</p>`;

/**
 * A long owner's article with both players `sticky` in it, loaded from `mock` with `token`:
 * text, the live player, more text, the podcast player, more text (the mini-player's page: its
 * tests and its README screenshots).
 */
export function stickyArticle(mock: string, token: string, { lang = 'en' } = {}): string {
  const text = LONG_PARAGRAPH.repeat(4);
  return `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>An owner’s article</title><script type="module" src="${mock}/castlet.js"></script>
<style>:root { color-scheme: light dark; font: 16px/1.5 system-ui, sans-serif; } body { margin: 0 16px; }</style></head>
<body><main><h1>Tonight on the radio</h1>${text}
<stream-player public-token="${token}" sticky></stream-player>
${text}
<podcast-player public-token="${token}" sticky></podcast-player>
${text}${text}</main></body></html>`;
}
