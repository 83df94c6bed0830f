/**
 * demo/console-live.ts, the owner console's live items, against the real mock on a loopback
 * port, in a child process (requests made with node:http, which the DOM environment leaves alone): schedule one,
 * start it, end it, delete it; the service's 400 shown as its words.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wireLiveItems } from '../../demo/console-live.ts';
import { DEMO_TOKENS } from '../../demo/server/seed.ts';
import { withMockClient } from '../support/mock-client.ts';

const { nodeJson, call } = withMockClient();
/** The public API, as the console's page reads it: the public token in the query only. */
const fetchJson = async (url: string) => (await nodeJson('GET', url, undefined, '')).body;

const FORM = `
  <form id="live-item">
    <input name="title" /><input name="description" /><select name="channel"></select>
    <input name="start" type="datetime-local" /><input name="minutes" type="number" value="60" />
    <button type="submit">Schedule</button>
    <ul id="live-items"></ul><p id="live-status"></p>
  </form>`;

describe('the owner console: live items', () => {
  beforeEach(() => {
    document.body.innerHTML = FORM;
  });

  it('schedules one, starts it, ends it and deletes it; the list follows', async () => {
    const live = wireLiveItems(document, call, () => DEMO_TOKENS.public_token, fetchJson);
    await live.load();
    expect([...document.querySelectorAll('[name=channel] option')].map((o) => o.textContent)).toEqual(['Castlet FM', 'Castlet Signal']);
    const form = document.querySelector<HTMLFormElement>('#live-item')!;
    form.querySelector<HTMLInputElement>('[name=title]')!.value = 'Harbour <b>session</b>';
    form.querySelector<HTMLInputElement>('[name=start]')!.value = '2099-06-01T18:30';
    form.querySelector<HTMLInputElement>('[name=minutes]')!.value = '90';
    form.requestSubmit();
    const row = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('#live-items li[data-id]');
      if (!found) throw new Error('still waiting for the scheduled row');
      return found;
    }, 3000);
    expect(row.dataset.status).toBe('pending');
    // Text, never markup.
    expect(row.querySelector('b')).toBeNull();
    expect(row.textContent).toContain('Harbour <b>session</b> · Scheduled');
    const [item] = (await fetchJson(`/public/podcasts?token=${DEMO_TOKENS.public_token}`)).live_items;
    expect(item).toMatchObject({ title: 'Harbour <b>session</b>', channel: 'main', start: new Date('2099-06-01T18:30').toISOString() });
    expect(Date.parse(item.end) - Date.parse(item.start)).toBe(90 * 60_000);

    row.querySelector<HTMLButtonElement>('[data-action=start]')!.click();
    await vi.waitFor(() => expect(document.querySelector<HTMLElement>('#live-items li[data-status=live]'), 'the live row').not.toBeNull(), 3000);
    expect(document.querySelector('#live-status')!.textContent).toBe('"Harbour <b>session</b>" is live now.');
    document.querySelector<HTMLButtonElement>('#live-items [data-action=end]')!.click();
    const ended = await vi.waitFor(() => {
      const found = document.querySelector<HTMLElement>('#live-items li[data-status=ended]');
      if (!found) throw new Error('still waiting for the ended row');
      return found;
    }, 3000);
    expect(ended.querySelector('[data-action=start], [data-action=end]')).toBeNull();
    ended.querySelector<HTMLButtonElement>('[data-action=delete]')!.click();
    await vi.waitFor(() => expect(document.querySelector('#live-items')!.textContent, 'the empty list').toBe('No live items yet.'), 3000);
  });

  it("shows the service's 400 in its own words", async () => {
    const live = wireLiveItems(document, call, () => DEMO_TOKENS.public_token, fetchJson);
    await live.load();
    document.querySelector<HTMLFormElement>('#live-item')!.requestSubmit();
    const status = await vi.waitFor(() => {
      const found = document.querySelector('#live-status.error');
      if (!found) throw new Error('still waiting for the error');
      return found;
    }, 3000);
    expect(status.textContent).toBe('The field title must not be empty.');
    expect(document.querySelector('#live-items')!.textContent).toBe('No live items yet.');
  });
});
