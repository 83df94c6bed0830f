/**
 * The owner resets the tokens while a listener plays: the widget with the old token stops
 * the sound (the audio URL needs no token) and says the token is no longer valid.
 * A file of its own: it changes the mock's tokens for good.
 */
import { expect, it } from 'vitest';
import '../../src/castlet.ts';
import type { StreamPlayer } from '../../src/castlet.ts';
import { mount, record, shadow, until, useMock } from './harness.ts';

const mock = useMock();

it('stops playing and says "not valid" when the tokens are reset', async () => {
  const stream = await mount<StreamPlayer>('stream-player', mock.url);
  await until(() => expect(stream.state).toBe('ready'));
  const pauses = record(stream, 'castlet-pause');
  shadow(stream).querySelector<HTMLElement>('[part=play]')!.click();
  await until(() => expect(stream.state).toBe('playing'));

  await mock.owner('resetTokens');
  await until(() => expect(stream.state).toBe('error'));
  expect(stream.media.getAttribute('src')).toBeNull();
  expect(pauses).toHaveLength(1);
  // Its words come from an on-demand chunk, right after the state.
  await until(() => expect(shadow(stream).querySelector('[part~=message]')!.textContent).toMatch(/not valid/));
});

it('says so when base-url is not an http(s) address', async () => {
  let errors: ReturnType<typeof record<'castlet-error'>> = [];
  const el = await mount<StreamPlayer>('stream-player', 'javascript:alert(1)', {}, (e) => (errors = record(e, 'castlet-error')));
  await until(() => expect(el.state).toBe('error'));
  // Told once its words (an on-demand chunk) arrived.
  await until(() => expect(errors.map((e) => e.code)).toEqual(['invalid_base_url']));
});
