/**
 * The Status alone (src/internal/status.ts): the error a player shows, told once per code in a
 * row; which part clears which error; a fatal error given to playback (`fatal()`) once told; the
 * state from error, data and the playback snapshot, to each rule. The players' tests show the
 * same through the UI.
 */
import { describe, expect, it, vi } from 'vitest';
import { CastletError, withMessage } from '../../src/internal/errors.ts';
import type { Snapshot } from '../../src/internal/playback/types.ts';
import { Status } from '../../src/internal/status.ts';
import { flush } from '../support/flush.ts';

function setup() {
  const el = document.createElement('div');
  const told: unknown[] = [];
  el.addEventListener('castlet-error', (e) => told.push((e as CustomEvent).detail));
  const host = Object.assign(el, {
    addController: vi.fn(),
    removeController: vi.fn(),
    requestUpdate: vi.fn(),
    updateComplete: Promise.resolve(true),
  });
  // What the status reads of playback (a snapshot), and the fatal errors it gives up playback with.
  const audio = { buffering: false, playing: false };
  const fatal = vi.fn<(error: CastletError) => void>();
  const world = { loaded: false, offline: false, setup: vi.fn() };
  const status = new Status(host, {
    playback: () => audio as Snapshot,
    fatal,
    loaded: () => world.loaded,
    offline: () => world.offline,
    setup: world.setup,
  });
  return { status, host, audio, fatal, world, told };
}

describe('Status', () => {
  it('shows a listener error at once, tells it once per code in a row, and renders again', () => {
    const { status, host, fatal, told } = setup();
    status.fail(new CastletError('network'));
    status.fail(new CastletError('network'));
    expect(status.error?.code).toBe('network');
    expect(told).toEqual([{ code: 'network', message: 'Cannot reach the service. Retrying…', fatal: false }]);
    expect(host.requestUpdate).toHaveBeenCalledTimes(1);
    // Not fatal: playback is not given up (a play waiting for the data still waits).
    expect(fatal).not.toHaveBeenCalled();
    status.fail(new CastletError('server'));
    expect(told).toHaveLength(2);
  });

  // (The old controller stopped waiting for the data at once, `early = false`, and was settled once told; the engine is
  // given the fatal error once, when it is told, with its words: until then a play waiting for the data still waits.)
  it('a setup error: its look loads, it is told with its words once they arrive, and playback is given up with it then', async () => {
    const { status, fatal, world, told } = setup();
    const error = new CastletError('invalid_token');
    status.fail(error);
    expect(world.setup).toHaveBeenCalledTimes(1);
    expect(told).toEqual([]);
    expect(fatal).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(told).toHaveLength(1));
    expect(told[0]).toMatchObject({ code: 'invalid_token', fatal: true });
    expect((told[0] as { message: string }).message).toMatch(/token/i);
    expect(status.error).not.toBe(error);
    expect(status.error?.message).toBe((told[0] as { message: string }).message);
    expect(fatal).toHaveBeenCalledTimes(1);
    expect(fatal).toHaveBeenCalledWith(status.error);
    expect(fatal.mock.calls[0]![0].message).toMatch(/token/i);
    // The same code again: neither told nor given again.
    status.fail(new CastletError('invalid_token'));
    // Its words are here already: anything told again would be by now.
    await withMessage(new CastletError('invalid_token'));
    await flush();
    expect(told).toHaveLength(1);
    expect(fatal).toHaveBeenCalledTimes(1);
  });

  it('a fatal error with its words already is told and given to playback at once', async () => {
    const { status, fatal, told, world } = setup();
    const error = await withMessage(new CastletError('invalid_token'));
    status.fail(error);
    expect(world.setup).not.toHaveBeenCalled();
    expect(told).toEqual([{ code: 'invalid_token', message: error.message, fatal: true }]);
    expect(fatal.mock.calls).toEqual([[error]]);
  });

  it('a setup error replaced before its words came is not told (nor given to playback)', async () => {
    const { status, fatal, told } = setup();
    status.fail(new CastletError('missing_token'));
    status.fail(new CastletError('network'));
    // The words of the first came: it would have been told by now.
    await withMessage(new CastletError('missing_token'));
    await flush();
    expect(told.map((t) => (t as { code: string }).code)).toEqual(['network']);
    expect(fatal).not.toHaveBeenCalled();
    expect(status.error?.code).toBe('network');
  });

  it('the audio clears only its own error, the data only the others', () => {
    const { status, host } = setup();
    status.fail(new CastletError('media'));
    status.clear(false);
    expect(status.error?.code).toBe('media');
    status.clear(true);
    expect(status.error).toBeNull();
    status.fail(new CastletError('network'));
    status.clear(true);
    expect(status.error?.code).toBe('network');
    status.clear(false);
    expect(status.error).toBeNull();
    // Nothing changed: no render asked for.
    const renders = host.requestUpdate.mock.calls.length;
    status.clear(false);
    expect(host.requestUpdate).toHaveBeenCalledTimes(renders);
  });

  it('the state: error, loading, offline, buffering, playing, ready', () => {
    const { status, audio, world } = setup();
    expect(status.state).toBe('loading');
    status.fail(new CastletError('network'));
    // An error before any data: nothing else to show.
    expect(status.state).toBe('error');
    world.loaded = true;
    // The data stays shown under a passing error.
    expect(status.state).toBe('ready');
    status.fail(new CastletError('invalid_token'));
    expect(status.state).toBe('error');
    status.error = null;
    world.offline = true;
    audio.playing = true;
    expect(status.state).toBe('offline');
    world.offline = false;
    audio.buffering = true;
    expect(status.state).toBe('buffering');
    audio.buffering = false;
    expect(status.state).toBe('playing');
    audio.playing = false;
    expect(status.state).toBe('ready');
  });
});
