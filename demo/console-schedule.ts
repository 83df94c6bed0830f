/**
 * The owner console's schedule (docs/schedule.md): a channel's weekly shows as JSON, read with
 * getSchedule and saved with setSchedule through the console's own `call` (token carrier, the
 * raw exchange shown); the service's 400 is shown in its words, and nothing changed then. Text
 * goes in with textContent and `value`, never as HTML.
 */
import { fillChannels, type PrivateCall } from './console-live.ts';

export interface ScheduleConsole {
  /** Lists the channels and reads the chosen one's schedule again. */
  load(): Promise<void>;
}

/** What an empty schedule's box shows: one show to start from. */
const EXAMPLE = [{ id: 'breakfast', title: 'Breakfast', host: 'Sam', days: ['mon', 'tue', 'wed', 'thu', 'fri'], start: '07:00', duration_min: 120 }];

/**
 * Wires the form `#schedule` inside `root`: its fields `channel` (a select), `timezone` and
 * `shows` (a textarea: the shows as JSON); the status line `#schedule-status`.
 */
export function wireSchedule(root: ParentNode, call: PrivateCall): ScheduleConsole {
  const form = root.querySelector<HTMLFormElement>('#schedule')!;
  const status = root.querySelector<HTMLElement>('#schedule-status')!;
  const channel = form.querySelector<HTMLSelectElement>('[name=channel]')!;
  const timezone = form.querySelector<HTMLInputElement>('[name=timezone]')!;
  const shows = form.querySelector<HTMLTextAreaElement>('[name=shows]')!;

  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };
  const failed = (body: Record<string, unknown> | null) =>
    say((body?.error_description as string | undefined) ?? 'The service did not answer (is the mock running?).', true);

  /** The form's fields from a schedule as the service answers it. */
  function show(schedule: { timezone: string; shows: unknown[] }) {
    // A schedule never set is UTC: the owner's own zone is the likelier start.
    timezone.value = schedule.shows.length ? schedule.timezone : Intl.DateTimeFormat().resolvedOptions().timeZone;
    shows.value = JSON.stringify(schedule.shows.length ? schedule.shows : EXAMPLE, null, 1);
  }

  async function read() {
    const r = await call(`getSchedule?channel=${encodeURIComponent(channel.value)}`, 'GET', undefined, true);
    if (r.status === 200 && r.body?.schedule) {
      show(r.body.schedule as { timezone: string; shows: unknown[] });
      const n = (r.body.schedule.shows as unknown[]).length;
      say(n ? `${n} weekly show${n === 1 ? '' : 's'}.` : 'No shows yet: an example to start from.');
    } else failed(r.body);
  }

  async function load() {
    await fillChannels(channel, call);
    await read();
  }

  channel.addEventListener('change', () => void read());
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    let list: unknown;
    try {
      list = JSON.parse(shows.value || '[]');
    } catch {
      return say('The shows are not JSON: a list like [{"id": "breakfast", "title": "Breakfast", …}].', true);
    }
    void call('setSchedule', 'POST', { channel: channel.value || undefined, timezone: timezone.value.trim(), shows: list }).then(
      ({ status: code, body }) => {
        if (code !== 200) return failed(body);
        show(body!.schedule as { timezone: string; shows: unknown[] });
        say('Saved: the players show it at once.');
      },
    );
  });

  return { load };
}
