/**
 * demo/console-schedule.ts, the owner console's schedule, against the real mock on a loopback
 * port, in a child process (requests made with node:http, which the DOM environment leaves
 * alone): an example to start from, saved, read back per channel; the service's 400 shown as its
 * words, nothing changed.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { wireSchedule } from '../../demo/console-schedule.ts';
import { withMockClient } from '../support/mock-client.ts';

const { call } = withMockClient();

const FORM = `
  <form id="schedule">
    <select name="channel"></select><input name="timezone" /><textarea name="shows"></textarea>
    <button type="submit">Save</button>
    <p id="schedule-status"></p>
  </form>`;
const $ = <E extends HTMLElement>(sel: string) => document.querySelector<E>(sel)!;
const statusIs = (text: string, error = false) =>
  vi.waitFor(() => {
    expect($('#schedule-status').textContent).toBe(text);
    expect($('#schedule-status').classList.contains('error')).toBe(error);
  }, 3000);

describe('the owner console: the schedule', () => {
  beforeEach(async () => {
    document.body.innerHTML = FORM;
    for (const channel of ['main', 'signal']) await call('setSchedule', 'POST', { channel, timezone: 'UTC', shows: [] });
  });

  it('no shows: an example in the owner’s zone; saved, then read back; each channel its own', async () => {
    const schedule = wireSchedule(document, call);
    await schedule.load();
    expect([...document.querySelectorAll('[name=channel] option')].map((o) => o.textContent)).toEqual(['Castlet FM', 'Castlet Signal']);
    await statusIs('No shows yet: an example to start from.');
    expect($<HTMLInputElement>('[name=timezone]').value).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(JSON.parse($<HTMLTextAreaElement>('[name=shows]').value)[0]).toMatchObject({ id: 'breakfast', start: '07:00' });
    $<HTMLInputElement>('[name=timezone]').value = 'Europe/Berlin';
    $<HTMLTextAreaElement>('[name=shows]').value = JSON.stringify([
      { id: 'late', title: 'Late <b>night</b>', days: ['sun'], start: '23:00', duration_min: 120 },
    ]);
    $<HTMLFormElement>('#schedule').requestSubmit();
    await statusIs('Saved: the players show it at once.');
    expect((await call('getSchedule?channel=main')).body!.schedule).toMatchObject({
      timezone: 'Europe/Berlin',
      shows: [{ id: 'late', title: 'Late <b>night</b>', host: '' }],
    });
    // Read back as saved (with the defaults the service fills); the other channel has none.
    await schedule.load();
    await statusIs('1 weekly show.');
    expect(JSON.parse($<HTMLTextAreaElement>('[name=shows]').value)).toEqual([
      { id: 'late', title: 'Late <b>night</b>', host: '', description: '', artwork_url: null, days: ['sun'], start: '23:00', duration_min: 120 },
    ]);
    const channel = $<HTMLSelectElement>('[name=channel]');
    channel.value = 'signal';
    channel.dispatchEvent(new Event('change'));
    await statusIs('No shows yet: an example to start from.');
  });

  it("shows the service's 400 in its own words (nothing changed), and JSON that does not parse", async () => {
    const schedule = wireSchedule(document, call);
    await schedule.load();
    $<HTMLInputElement>('[name=timezone]').value = 'UTC';
    $<HTMLTextAreaElement>('[name=shows]').value = JSON.stringify([
      { id: 'sunday', title: 'Sunday', days: ['sun'], start: '23:00', duration_min: 120 },
      { id: 'monday', title: 'Monday', days: ['mon'], start: '00:30', duration_min: 30 },
    ]);
    $<HTMLFormElement>('#schedule').requestSubmit();
    await vi.waitFor(() => expect($('#schedule-status').textContent).toMatch(/^The field shows has overlapping shows: "monday" .* "sunday"/), 3000);
    expect($('#schedule-status').classList.contains('error')).toBe(true);
    expect((await call('getSchedule?channel=main')).body!.schedule.shows).toEqual([]);
    $<HTMLTextAreaElement>('[name=shows]').value = '[{"id": ';
    $<HTMLFormElement>('#schedule').requestSubmit();
    await statusIs('The shows are not JSON: a list like [{"id": "breakfast", "title": "Breakfast", …}].', true);
  });
});
