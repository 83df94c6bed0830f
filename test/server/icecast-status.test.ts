/** Reading Icecast's /status-json.xsl with its quirks (demo/server/icecast/status.ts). */
import { describe, expect, it } from 'vitest';
import { parseIcecastStatus, splitTitle } from '../../demo/server/icecast/status.ts';

const source = (mount: string, extra: Record<string, unknown> = {}) => ({
  listenurl: `http://radio.local:8000/${mount}`,
  listeners: 3,
  server_type: 'audio/mpeg',
  ...extra,
});
const status = (src?: unknown) => JSON.stringify({ icestats: { admin: 'a@b', host: 'radio.local', ...(src === undefined ? {} : { source: src }) } });

describe('parseIcecastStatus', () => {
  it('no source key (no source connected) → no mount', () => {
    expect(parseIcecastStatus(status())).toEqual(new Map());
  });

  it('source as an object (one source)', () => {
    expect(parseIcecastStatus(status(source('live', { title: 'Band - Song' })))).toEqual(new Map([['live', { listeners: 3, title: 'Band - Song' }]]));
  });

  it('source as an array (several sources), mount names from listenurl', () => {
    const mounts = parseIcecastStatus(status([source('live', { listeners: 0 }), source('jazz%20room', { title: 'x' })]));
    expect([...mounts!.keys()]).toEqual(['live', 'jazz room']);
    expect(mounts!.get('live')).toEqual({ listeners: 0 });
  });

  it('missing or blank title → no title (the last known one stays)', () => {
    expect(parseIcecastStatus(status(source('live')))!.get('live')).toEqual({ listeners: 3 });
    expect(parseIcecastStatus(status(source('live', { title: '  ' })))!.get('live')).toEqual({ listeners: 3 });
  });

  it.each([
    ['half-written JSON right after start', '{"icestats":{"admin":"a","source":{"listenurl":"http://x/live",'],
    ['an HTML page', '<html>hi</html>'],
    ['JSON without icestats', '{"x":1}'],
    ['null', 'null'],
    ['empty', ''],
  ])('%s → null (not an answer)', (_n, text) => {
    expect(parseIcecastStatus(text)).toBeNull();
  });

  it('the bitrate the source declares (kbit/s): `bitrate`, else `audio_info`; nonsense is no bitrate', () => {
    const bitrate = (extra: Record<string, unknown>) => parseIcecastStatus(status(source('live', extra)))!.get('live')!.bitrate;
    // As Icecast 2.4.4 reports ezstream's <stream_bitrate>32</stream_bitrate>.
    expect(bitrate({ audio_info: 'bitrate=32', bitrate: 32 })).toBe(32);
    expect(bitrate({ bitrate: '128' })).toBe(128);
    expect(bitrate({ audio_info: 'ice-samplerate=44100;ice-bitrate=96;ice-channels=2' })).toBe(96);
    expect(bitrate({ audio_info: 'samplerate=44100;bitrate=64' })).toBe(64);
    for (const odd of [
      {},
      { bitrate: 0 },
      { bitrate: -32 },
      { bitrate: 'fast' },
      { bitrate: null },
      { bitrate: [32] },
      { audio_info: 'quality=0.5' },
      { audio_info: 7 },
    ]) {
      expect(bitrate(odd), JSON.stringify(odd)).toBeUndefined();
    }
  });

  it('odd entries are skipped, odd counts read as 0', () => {
    const mounts = parseIcecastStatus(status([null, 'x', { listeners: 4 }, source('live', { listeners: 'many' }), source('b', { listeners: -1 })]));
    expect(mounts).toEqual(
      new Map([
        ['live', { listeners: 0 }],
        ['b', { listeners: 0 }],
      ]),
    );
  });
});

describe('splitTitle', () => {
  it.each([
    ['Artist - Title', { artist: 'Artist', title: 'Title' }],
    ['A - B - C', { artist: 'A', title: 'B - C' }],
    ['Just a title', { artist: '', title: 'Just a title' }],
    ['Hyphen-ated - Song', { artist: 'Hyphen-ated', title: 'Song' }],
    [' - Title', { artist: '', title: 'Title' }],
  ])('%j', (text, expected) => {
    expect(splitTitle(text)).toEqual(expected);
  });
});
