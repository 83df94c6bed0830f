/**
 * The embed API's rules that need no browser (docs/embed-api.md): the frame script's check of a command (embed-frame.js,
 * the same module the embed pages load), and the start a page's URL asks for (`t=`, `clip=`), checked by the service and
 * written on the page for that script; the share page, its player card and oEmbed carry it on. What a real frame does with
 * them, in three engines: test/browser/embed-api.test.ts.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkCommand, momentHash, MAX_CLIP } from '../../demo/server/embed-frame.js';
import { MAX_CLIP as SERVICE_MAX_CLIP, optionsQuery, readOptions, startClip, startTime } from '../../demo/server/embed-options.ts';
import { MAX_CLIP as PLAYER_MAX_CLIP, sharedClip, sharedMoment } from '../../src/internal/share.ts';
import { EXAMPLE_CSP, PAGE_CSP } from '../../demo/server/routes/static.ts';
import { call, PUBLIC, withServer } from '../support/server.ts';

const cmd = (command: unknown, more: Record<string, unknown> = {}) => ({ type: 'castlet:command', command, ...more });

describe('a command, as the frame checks it', () => {
  it('is ignored when it is no castlet command at all (another type, another library’s message)', () => {
    for (const data of [null, undefined, 'play', 42, [], {}, { type: 'castlet:measure' }, { type: 'castlet:resize', height: 3 }, { command: 'play' }])
      expect(checkCommand(data, 'podcast'), JSON.stringify(data)).toBeNull();
  });

  it.each([
    [cmd('play'), { command: 'play', id: undefined }],
    [cmd('pause', { id: 'a1' }), { command: 'pause', id: 'a1' }],
    [cmd('toggle', { id: 7 }), { command: 'toggle', id: 7 }],
    [cmd('seek', { position: 0 }), { command: 'seek', position: 0, id: undefined }],
    [cmd('seek', { position: 12.5, id: 'x' }), { command: 'seek', position: 12.5, id: 'x' }],
    [cmd('load', { episode: 'ep-2' }), { command: 'load', episode: 'ep-2', id: undefined }],
    [cmd('load', { episode: 'ep-2', position: 30 }), { command: 'load', episode: 'ep-2', position: 30, id: undefined }],
    [cmd('load', { episode: 'ep-2', clip: [10, 5], id: 'L' }), { command: 'load', episode: 'ep-2', clip: [10, 5], id: 'L' }],
    // Fields it does not know are left behind.
    [cmd('play', { token: 'x', extra: 1 }), { command: 'play', id: undefined }],
  ])('%j is taken as %j', (data, want) => {
    expect(checkCommand(data, 'podcast')).toEqual(want);
  });

  it.each([
    [cmd('stop'), /command: one of play, pause, toggle, seek, load/],
    [cmd(undefined), /command/],
    [cmd('PLAY'), /command/],
    [cmd('seek'), /seek: position/],
    [cmd('seek', { position: -1 }), /seek: position/],
    [cmd('seek', { position: '10' }), /seek: position/],
    [cmd('seek', { position: NaN }), /seek: position/],
    [cmd('seek', { position: Infinity }), /seek: position/],
    [cmd('load'), /load: episode/],
    [cmd('load', { episode: '' }), /load: episode/],
    [cmd('load', { episode: 3 }), /load: episode/],
    [cmd('load', { episode: 'x'.repeat(201) }), /load: episode/],
    [cmd('load', { episode: 'ep-1', position: -5 }), /load: position/],
    [cmd('load', { episode: 'ep-1', position: 5, clip: [1, 2] }), /not both/],
    [cmd('load', { episode: 'ep-1', clip: [1] }), /load: clip/],
    [cmd('load', { episode: 'ep-1', clip: [1, 0] }), /load: clip/],
    [cmd('load', { episode: 'ep-1', clip: [1, MAX_CLIP + 1] }), /load: clip/],
    [cmd('load', { episode: 'ep-1', clip: [-1, 5] }), /load: clip/],
    [cmd('load', { episode: 'ep-1', clip: '1,5' }), /load: clip/],
    [cmd('play', { id: { x: 1 } }), /id:/],
    [cmd('play', { id: 'x'.repeat(101) }), /id:/],
  ])('%j is malformed: %s', (data, why) => {
    const got = checkCommand(data, 'podcast');
    expect(got).toHaveProperty('error');
    expect((got as { error: string }).error).toMatch(why);
  });

  it("a malformed command's id is echoed when it is one (a string or a number)", () => {
    expect(checkCommand(cmd('seek', { id: 'q' }), 'podcast')).toEqual({ error: expect.any(String), id: 'q' });
    expect(checkCommand(cmd('nope', { id: 3 }), 'podcast')).toEqual({ error: expect.any(String), id: 3 });
    expect(checkCommand(cmd('play', { id: [] }), 'podcast')).toEqual({ error: expect.any(String), id: undefined });
  });

  it('the live radio takes play, pause and toggle; no seek or load', () => {
    for (const c of ['play', 'pause', 'toggle']) expect(checkCommand(cmd(c), 'stream')).toEqual({ command: c, id: undefined });
    expect(checkCommand(cmd('seek', { position: 3 }), 'stream')).toEqual({ error: expect.stringMatching(/live/), id: undefined });
    expect(checkCommand(cmd('load', { episode: 'ep-1' }), 'stream')).toEqual({ error: expect.stringMatching(/live/), id: undefined });
  });

  it('load opens the episode by the share link the player reads itself, at the position or the clip', () => {
    expect(sharedMoment(momentHash('ep-2', { position: 42.5 }))).toEqual({ episode: 'ep-2', t: 42.5 });
    expect(sharedMoment(momentHash('ep 2&x', {}))).toEqual({ episode: 'ep 2&x', t: 0 });
    expect(sharedClip(momentHash('ep-2', { clip: [10, 5.5] }))).toEqual({ episode: 'ep-2', start: 10, duration: 5.5 });
    expect([MAX_CLIP, SERVICE_MAX_CLIP]).toEqual([PLAYER_MAX_CLIP, PLAYER_MAX_CLIP]);
  });
});

describe('a start in the URL (t=, clip=)', () => {
  it.each([
    ['90', 90],
    ['12.5', 12.5],
    [' 7 ', 7],
    ['0', 0],
    ['-5', 0],
    ['1e3', 0],
    ['1:30', 0],
    ['abc', 0],
    ['', 0],
    [null, 0],
    ['12.3456', 0],
    ['99999999', 0],
  ])('t=%j starts at %d s', (value, want) => {
    expect(startTime(value)).toBe(want);
  });

  it.each([
    ['10,5', [10, 5]],
    ['10.5,20.25', [10.5, 20.25]],
    ['0,300', [0, 300]],
    ['0,301', null],
    ['10,0', null],
    ['10', null],
    ['10,5,6', null],
    ['-1,5', null],
    ['a,b', null],
    ['', null],
    [null, null],
  ])('clip=%j is %j', (value, want) => {
    expect(startClip(value)).toEqual(want);
  });

  it('a valid clip wins over t; the query written again carries what was taken, for the podcast only', () => {
    const both = readOptions(new URLSearchParams('t=30&clip=10,5'));
    expect([both.t, both.clip]).toEqual([0, [10, 5]]);
    const badClip = readOptions(new URLSearchParams('t=30&clip=10'));
    expect([badClip.t, badClip.clip]).toEqual([30, null]);
    expect(optionsQuery('podcast', readOptions(new URLSearchParams('t=30')))).toBe('t=30');
    expect(new URLSearchParams(optionsQuery('podcast', both)).get('clip')).toBe('10,5');
    expect(optionsQuery('stream', both)).toBe('');
    expect(optionsQuery('podcast', readOptions(new URLSearchParams('t=oops')))).toBe('');
  });
});

describe('the pages take the start', () => {
  const s = withServer();
  const main = (html: string) => /<main([^>]*)>/.exec(html)![1]!;

  it('the podcast embed page: on its <main> for the frame script, which loads before the bundle; bad values are dropped as other options are', async () => {
    const r = await call(`${s.url}/embed/podcast?token=${PUBLIC}&t=90`);
    expect(r.status).toBe(200);
    expect(main(r.text)).toBe(' data-t="90"');
    const scripts = [...r.text.matchAll(/<script type="module" src="([^"]+)"/g)].map((m) => m[1]);
    expect(scripts).toEqual(['/embed/frame.js', expect.stringMatching(/^\/castlet@[^/]+\/castlet\.js$/)]);
    expect(main((await call(`${s.url}/embed/podcast?token=${PUBLIC}&episode=ep-2&clip=10,5`)).text)).toBe(' data-clip="10,5"');
    for (const bad of ['t=-3', 't=soon', 'clip=1,999', 'clip=x', 't=1e9']) {
      const page = await call(`${s.url}/embed/podcast?token=${PUBLIC}&${bad}`);
      expect(page.status, bad).toBe(200);
      expect(main(page.text), bad).toBe('');
    }
    // The live radio has no start.
    expect(main((await call(`${s.url}/embed/stream?token=${PUBLIC}&t=90&clip=1,2`)).text)).toBe('');
  });

  it("an episode's share page: the start on its page (with the frame script), in its player card's frame and in oEmbed's", async () => {
    const r = await call(`${s.url}/s/${PUBLIC}/episodes/ep-2?t=42`);
    expect(main(r.text)).toBe(' data-t="42"');
    expect(r.text).toContain('<script type="module" src="/embed/frame.js"></script>');
    expect(r.text).toMatch(/<meta name="twitter:player" content="[^"]*\/embed\/podcast\?[^"]*t=42"/);
    const oembed = /application\/json\+oembed" href="([^"]+)"/.exec(r.text)![1]!.replace(/&amp;/g, '&');
    const answer = (await (await fetch(new URL(oembed, s.url).href.replace(/^https?:\/\/[^/]+/, s.url))).json()) as { html: string };
    expect(answer.html).toMatch(/t=42/);
    // Without a start the page is as it was: no frame script.
    const plain = await call(`${s.url}/s/${PUBLIC}/episodes/ep-2`);
    expect(main(plain.text)).toBe('');
    expect(plain.text).not.toContain('/embed/frame.js');
  });
});

describe('the example page (embed-api.html, copied into dist/ by the build)', () => {
  const root = mkdtempSync(join(tmpdir(), 'castlet-embed-api-'));
  mkdirSync(join(root, 'dist'));
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>demo</title>');
  writeFileSync(join(root, 'dist', 'embed-api.html'), '<!doctype html><title>example</title>');
  writeFileSync(join(root, 'dist', 'castlet-embed.js'), 'export function attach() {}');
  const s = withServer({ indexFile: join(root, 'index.html'), staticDir: join(root, 'dist') });

  it("is served under the demo page's policy, and may frame this origin's embed pages only", async () => {
    const r = await call(`${s.url}/embed-api.html`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-security-policy')).toBe(EXAMPLE_CSP);
    expect(EXAMPLE_CSP).toBe(`${PAGE_CSP}; frame-src 'self'`);
    expect(EXAMPLE_CSP).not.toContain('unsafe');
    // castlet-embed.js is served beside the bundle, to any site (a module is fetched in CORS mode).
    const js = await call(`${s.url}/castlet-embed.js`);
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('access-control-allow-origin')).toBe('*');
    expect(js.headers.get('content-security-policy')).toBeNull();
  });
});
