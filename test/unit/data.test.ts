/**
 * The DataController's checks (src/internal/data.ts): at each host update it follows the
 * token, base-url and channel; a change stops what played and clears the error; a token or
 * address that cannot work is reported without asking the server. (What it does with answers
 * is shown through the players, against the real mock: test/components/data-path.test.ts.)
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Snapshot } from '../../src/internal/playback/types.ts';
import { DataController } from '../../src/internal/data.ts';
import { CastletError } from '../../src/internal/errors.ts';
import { Status } from '../../src/internal/status.ts';

const TOKEN = '9b2f3c4d-0000-4000-8000-000000000001';
const fetches = vi.spyOn(globalThis, 'fetch');
afterEach(() => fetches.mockClear());

function setup(attrs: { publicToken?: string; baseUrl?: string; channel?: string }) {
  // Not on a page: the feed is never opened, whatever is followed.
  const el = document.createElement('div');
  const host = Object.assign(el, {
    publicToken: '',
    baseUrl: 'http://127.0.0.1:9/',
    channel: '',
    ...attrs,
    addController: vi.fn(),
    removeController: vi.fn(),
    requestUpdate: vi.fn(),
    updateComplete: Promise.resolve(true),
  });
  const playback = { buffering: false, playing: false } as Snapshot;
  const status = new Status(host, { playback: () => playback, fatal: vi.fn(), loaded: () => false, offline: () => false, setup: vi.fn() });
  const stop = vi.fn();
  const data = new DataController(host, { endpoint: 'stream', valid: () => true, status, stop, changed: vi.fn(), failed: vi.fn() });
  return { host, data, status, stop };
}

describe('DataController', () => {
  it('registers itself: it runs at each host update', () => {
    const { host, data } = setup({ publicToken: TOKEN });
    expect(host.addController).toHaveBeenCalledWith(data);
  });

  it('a good token and address: no error; the same again does nothing; a change stops what played and clears the error', () => {
    const { host, data, status, stop } = setup({ publicToken: TOKEN });
    data.hostUpdate();
    expect(status.error).toBeNull();
    expect(stop).toHaveBeenCalledTimes(1);
    data.hostUpdate();
    expect(stop).toHaveBeenCalledTimes(1);
    status.fail(new CastletError('network'));
    host.channel = 'two';
    data.hostUpdate();
    expect(stop).toHaveBeenCalledTimes(2);
    expect(status.error).toBeNull();
    expect(data.data).toBeNull();
  });

  it.each([
    [{ publicToken: '' }, 'missing_token'],
    [{ publicToken: '   ' }, 'missing_token'],
    [{ publicToken: 'not-a-token' }, 'malformed_token'],
    [{ publicToken: TOKEN, baseUrl: 'javascript:alert(1)' }, 'invalid_base_url'],
    [{ publicToken: TOKEN, baseUrl: '' }, 'missing_base_url'],
  ])('%o: %s, without asking the server', async (attrs, code) => {
    vi.useFakeTimers();
    try {
      const { data, status } = setup(attrs);
      data.hostUpdate();
      expect(status.error?.code).toBe(code);
      expect(status.error?.fatal).toBe(true);
      // Nor later: every timer it may have started has run.
      await vi.runAllTimersAsync();
      expect(fetches).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });

  it('a token fixed afterwards: the error goes', () => {
    const { host, data, status } = setup({ publicToken: 'nope' });
    data.hostUpdate();
    expect(status.error?.code).toBe('malformed_token');
    host.publicToken = TOKEN;
    data.hostUpdate();
    expect(status.error).toBeNull();
  });
});
