/**
 * The owner resets the tokens while a listener plays: the widget with the old token stops
 * the sound (the audio URL needs no token) and says the token is no longer valid.
 * A file of its own: it changes the mock's tokens for good.
 */
import { expect, it, vi } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import { mount, record, shadow, useMock } from '../support/harness.ts';

const mock = useMock();

it('stops playing and says "not valid" when the tokens are reset', async () => {
  const stream = await mount<StreamPlayer>('stream-player', mock.url);
  await vi.waitFor(() => expect(stream.state).toBe('ready'), 3000);
  const pauses = record(stream, 'castlet-pause');
  shadow(stream).querySelector<HTMLElement>('[part=play]')!.click();
  await vi.waitFor(() => expect(stream.state).toBe('playing'), 3000);

  await mock.owner('resetTokens');
  await vi.waitFor(() => expect(stream.state).toBe('error'), 3000);
  expect(stream.media.getAttribute('src')).toBeNull();
  expect(pauses).toHaveLength(1);
  // Its words come from an on-demand chunk, right after the state.
  await vi.waitFor(() => expect(shadow(stream).querySelector('[part~=message]')!.textContent).toMatch(/not valid/), 3000);
});

it('says so when base-url is not an http(s) address', async () => {
  let errors: ReturnType<typeof record<'castlet-error'>> = [];
  const el = await mount<StreamPlayer>('stream-player', 'javascript:alert(1)', {}, (e) => (errors = record(e, 'castlet-error')));
  await vi.waitFor(() => expect(el.state).toBe('error'), 3000);
  // Told once its words (an on-demand chunk) arrived.
  await vi.waitFor(() => expect(errors.map((e) => e.code)).toEqual(['invalid_base_url']), 3000);
});
