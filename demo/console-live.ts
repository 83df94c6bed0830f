/**
 * The owner console's live items: schedule one (title, description, channel, start, length),
 * and start, end or delete those listed. It calls the private API through the console's own
 * `call` (token carrier, the raw exchange shown) and lists the items as the public API shows
 * them (/public/podcasts `live_items`, the pending, live and recently ended ones). Text goes in
 * with textContent, never as HTML.
 */
import type { LiveItem } from '../src/api/index.ts';

/** The console's call to `/private/{path}` (see console.ts). */
export type PrivateCall = (
  path: string,
  method?: 'GET' | 'POST',
  fields?: Record<string, unknown>,
  quiet?: boolean,
) => Promise<{ status: number; body: Record<string, any> | null }>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the service's JSON

/** Fills `channel` with the account's channels (accountInfo), keeping the one chosen if it is still there. */
export async function fillChannels(channel: HTMLSelectElement, call: PrivateCall): Promise<void> {
  const account = await call('accountInfo', 'GET', undefined, true);
  const channels = (account.status === 200 && (account.body?.channels as { id: string; name: string }[] | undefined)) || [];
  const chosen = channel.value;
  channel.replaceChildren(
    ...channels.map((c) => {
      const option = channel.ownerDocument.createElement('option');
      option.value = c.id;
      option.textContent = c.name;
      return option;
    }),
  );
  if (channels.some((c) => c.id === chosen)) channel.value = chosen;
}

export interface LiveConsole {
  /** Lists the channels and the live items again (after the token was checked, or a change). */
  load(): Promise<void>;
}

const STATUS_WORDS: Record<LiveItem['status'], string> = { pending: 'Scheduled', live: 'Live now', ended: 'Ended' };

/** `iso` in the owner's own time zone, e.g. "27 Nov, 18:00". */
const when = (iso: string) => new Date(iso).toLocaleString(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });

/**
 * Wires the form `#live-item` inside `root`: its fields `title`, `description`, `channel`
 * (a select), `start` (datetime-local: empty is now) and `minutes`; the list `#live-items`;
 * the status line `#live-status`. `publicToken()` reads the list.
 */
export function wireLiveItems(root: ParentNode, call: PrivateCall, publicToken: () => string, fetchJson = defaultFetch): LiveConsole {
  const form = root.querySelector<HTMLFormElement>('#live-item')!;
  const list = root.querySelector<HTMLElement>('#live-items')!;
  const status = root.querySelector<HTMLElement>('#live-status')!;
  const channel = form.querySelector<HTMLSelectElement>('[name=channel]')!;
  const doc = form.ownerDocument;

  const say = (text: string, error = false) => {
    status.textContent = text;
    status.classList.toggle('error', error);
  };

  async function load() {
    await fillChannels(channel, call);
    const feed = await fetchJson(`/public/podcasts?token=${encodeURIComponent(publicToken())}`);
    const items = Array.isArray(feed?.live_items) ? (feed.live_items as LiveItem[]) : [];
    list.replaceChildren(...items.map(row));
    if (!items.length) list.append(line('No live items yet.'));
  }

  const line = (text: string) => {
    const li = doc.createElement('li');
    li.textContent = text;
    return li;
  };

  /** One item: its title, status and times, and what the owner can do with it now. */
  function row(item: LiveItem): HTMLElement {
    const li = doc.createElement('li');
    li.dataset.id = item.id;
    li.dataset.status = item.status;
    const text = doc.createElement('span');
    text.textContent = `${item.title} · ${STATUS_WORDS[item.status] ?? item.status} · ${when(item.start)} – ${when(item.end)}`;
    li.append(text);
    const button = (label: string, action: string, fields: Record<string, unknown>) => {
      const b = doc.createElement('button');
      b.type = 'button';
      b.textContent = label;
      b.dataset.action = action;
      b.addEventListener('click', () => void change(action === 'delete' ? 'deleteLiveItem' : 'updateLiveItem', { id: item.id, ...fields }));
      return b;
    };
    if (item.status === 'pending') li.append(button('Start now', 'start', { status: 'live' }));
    if (item.status !== 'ended') li.append(button('End now', 'end', { status: 'ended' }));
    const remove = button('Delete', 'delete', {});
    remove.classList.add('danger');
    li.append(remove);
    return li;
  }

  async function change(path: string, fields: Record<string, unknown>) {
    const { status: code, body } = await call(path, 'POST', fields);
    if (code === 200 || code === 201) {
      const item = body as LiveItem | null;
      say(item?.status ? `"${item.title}" is ${STATUS_WORDS[item.status].toLowerCase()}.` : 'Deleted.');
      await load();
    } else {
      say((body?.error_description as string | undefined) ?? 'The service did not answer (is the mock running?).', true);
    }
    return code;
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    // datetime-local is the owner's own time zone; the service wants ISO 8601 with a zone.
    const start = text('start') ? new Date(text('start')) : new Date();
    const minutes = Number(text('minutes')) || 60;
    const fields = {
      title: text('title'),
      description: text('description'),
      channel: text('channel') || undefined,
      start: start.toISOString(),
      end: new Date(start.getTime() + minutes * 60_000).toISOString(),
    };
    void change('addLiveItem', fields).then((code) => code === 201 && form.reset());
  });

  return { load };
}

async function defaultFetch(url: string): Promise<Record<string, unknown> | null> {
  const res = await fetch(url, { cache: 'no-store' }).catch(() => null);
  return res?.ok ? ((await res.json()) as Record<string, unknown>) : null;
}
