/**
 * The Status alone (src/internal/status.ts): the error a player shows, told once per code in a
 * row; which part clears which error; a fatal error giving up a play that waits; the state from
 * error, data and audio, to each rule. The players' tests show the same through the UI.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AudioController } from '../../src/internal/audio-controller.ts';
import { CastletError } from '../../src/internal/errors.ts';
import { Status } from '../../src/internal/status.ts';

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
  const audio = { early: true, buffering: false, playing: false, settle: vi.fn() };
  const world = { loaded: false, offline: false, setup: vi.fn() };
  const status = new Status(host, {
    audio: () => audio as unknown as AudioController,
    loaded: () => world.loaded,
    offline: () => world.offline,
    setup: world.setup,
  });
  return { status, host, audio, world, told };
}

describe('Status', () => {
  it('shows a listener error at once, tells it once per code in a row, and renders again', () => {
    const { status, host, audio, told } = setup();
    status.fail(new CastletError('network'));
    status.fail(new CastletError('network'));
    expect(status.error?.code).toBe('network');
    expect(told).toEqual([{ code: 'network', message: 'Cannot reach the service. Retrying…', fatal: false }]);
    expect(host.requestUpdate).toHaveBeenCalledTimes(1);
    // Not fatal: a play waiting for the data still waits.
    expect(audio.early).toBe(true);
    expect(audio.settle).not.toHaveBeenCalled();
    status.fail(new CastletError('server'));
    expect(told).toHaveLength(2);
  });

  it('a setup error: its look loads, it is told with its words once they arrive, and a waiting play is given up', async () => {
    const { status, audio, world, told } = setup();
    const error = new CastletError('invalid_token');
    status.fail(error);
    expect(world.setup).toHaveBeenCalledTimes(1);
    expect(audio.early).toBe(false);
    expect(told).toEqual([]);
    await vi.waitFor(() => expect(told).toHaveLength(1));
    expect(told[0]).toMatchObject({ code: 'invalid_token', fatal: true });
    expect((told[0] as { message: string }).message).toMatch(/token/i);
    expect(status.error).not.toBe(error);
    expect(status.error?.message).toBe((told[0] as { message: string }).message);
    expect(audio.settle).toHaveBeenCalledWith(status.error);
  });

  it('a setup error replaced before its words came is not told', async () => {
    const { status, told } = setup();
    status.fail(new CastletError('missing_token'));
    status.fail(new CastletError('network'));
    await new Promise((r) => setTimeout(r, 50));
    expect(told.map((t) => (t as { code: string }).code)).toEqual(['network']);
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
