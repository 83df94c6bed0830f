/**
 * The demo page's owner console and theming panel. It talks to the private API of the
 * service that served the page (same origin), shows each raw exchange, and keeps the
 * private token in sessionStorage only. Text goes in with textContent, never as HTML.
 */
import type { PodcastPlayer, StreamPlayer } from '../src/castlet.ts';
import { wireLiveItems } from './console-live.ts';
import { wireSchedule } from './console-schedule.ts';
import { mountConfigurator } from './configurator.ts';
import { embedSnippet } from './snippet.ts';

type Carrier = 'header' | 'query';
interface Exchange {
  status: number;
  body: Record<string, any> | null; // eslint-disable-line @typescript-eslint/no-explicit-any -- the service's JSON, read field by field
}

const STORE_KEY = 'castlet-demo-private-token';
const $ = <E extends Element = HTMLElement>(sel: string) => document.querySelector<E>(sel)!;
const form = (id: string) => $<HTMLFormElement>(`#${id}`);
const players = () => [...document.querySelectorAll<StreamPlayer | PodcastPlayer>('#widgets stream-player, #widgets podcast-player')];

let token = sessionStorage.getItem(STORE_KEY) ?? '';
let carrier: Carrier = 'header';
let publicToken = '';
/** The embed configurator (demo/configurator.ts), shown with the account. */
const configurator = mountConfigurator($('#configurator'));

/** Shows a token as its first 8 characters: enough to recognise, useless to steal. */
const mask = (t: string) => (t.length > 8 ? `${t.slice(0, 8)}…` : t ? '…' : '(none)');

/**
 * Calls `/private/{path}` with the private token in the chosen carrier and shows the raw
 * exchange (`quiet`: a background call, e.g. refreshing the episode list, shows nothing).
 */
async function call(path: string, method: 'GET' | 'POST' = 'GET', fields?: Record<string, unknown>, quiet = false): Promise<Exchange> {
  const url = new URL(`/private/${path}`, location.origin);
  const headers: Record<string, string> = { Accept: 'application/json' };
  const shown = new URL(url);
  if (carrier === 'header') headers.Authorization = `Bearer ${token}`;
  else {
    url.searchParams.set('token', token);
    shown.searchParams.set('token', mask(token));
  }
  const body = method === 'POST' && fields ? JSON.stringify(fields) : undefined;
  if (body) headers['Content-Type'] = 'application/json';
  const show = (sel: string, lines: string[]) => quiet || ($(sel).textContent = lines.join('\n'));
  show('#request', [
    `${method} ${shown.pathname}${decodeURIComponent(shown.search)}`,
    ...Object.entries(headers).map(([k, v]) => `${k}: ${k === 'Authorization' ? `Bearer ${mask(token)}` : v}`),
    ...(body ? ['', body] : []),
  ]);
  try {
    const res = await fetch(url, { method, headers, body, cache: 'no-store' });
    const json = (await res.json().catch(() => null)) as Exchange['body'];
    const shownHeaders = ['content-type', 'cache-control', 'www-authenticate', 'allow'].filter((h) => res.headers.has(h));
    show('#response', [
      `HTTP ${res.status} ${res.statusText}`,
      ...shownHeaders.map((h) => `${h}: ${res.headers.get(h)}`),
      '',
      // The private token is shown masked here too: screens get shared and recorded.
      JSON.stringify(json, (k, v: unknown) => (k === 'private_token' && typeof v === 'string' ? mask(v) : v), 2),
    ]);
    return { status: res.status, body: json };
  } catch {
    show('#response', ['The service did not answer (is the mock running?).']);
    return { status: 0, body: null };
  }
}

/**
 * The bundle's versioned, immutable URL with its Subresource Integrity hash, and the snippet's
 * style as a CSP source (the build's sri.json).
 */
const bundle = fetch('/sri.json')
  .then((r) => r.json() as Promise<{ version: string; files: Record<string, string>; style: string }>)
  .then(({ version, files, style }) => ({
    script: `<script type="module" src="${location.origin}/castlet@${version}/castlet.js" integrity="${files['castlet.js']}" crossorigin="anonymous"></script>`,
    style: `; style-src '${style}'`,
  }))
  .catch(() => ({ script: `<script type="module" src="${location.origin}/castlet.js"></script>`, style: '' }));

function showPair(pair: { public_token: string; private_token: string }) {
  publicToken = pair.public_token;
  $('#public-token').textContent = pair.public_token;
  $('#private-token').textContent = mask(pair.private_token);
  void bundle.then(({ script }) => ($('#snippet').textContent = embedSnippet(script, pair.public_token)));
  configurator.setPublicToken(pair.public_token);
  $('#account').hidden = false;
}

interface EpisodeRow {
  id: string;
  title: string;
  chapters: unknown[];
  transcript_url: string | null;
}
/** The episodes as /private/podcasts listed them last. */
let episodes: EpisodeRow[] = [];

async function loadEpisodes() {
  const { status, body } = await call('podcasts', 'GET', undefined, true);
  if (status !== 200 || !body) return;
  episodes = body.episodes as EpisodeRow[];
  for (const select of document.querySelectorAll<HTMLSelectElement>('#delete-episode select, #edit-episode select')) {
    const chosen = select.value;
    select.replaceChildren(
      ...episodes.map((e) => {
        const option = document.createElement('option');
        option.value = e.id;
        option.textContent = e.title;
        return option;
      }),
    );
    if (episodes.some((e) => e.id === chosen)) select.value = chosen;
  }
  await showEpisodeTexts();
}

const editor = () => {
  const f = form('edit-episode');
  return {
    id: f.querySelector<HTMLSelectElement>('select')!.value,
    transcript: f.querySelector<HTMLTextAreaElement>('[name=transcript]')!,
    chapters: f.querySelector<HTMLTextAreaElement>('[name=chapters]')!,
    status: $('#edit-status'),
  };
};

/** Puts the chosen episode's transcript (as served at /media/{id}.vtt) and chapters in the editor. */
async function showEpisodeTexts() {
  const { id, transcript, chapters } = editor();
  const episode = episodes.find((e) => e.id === id);
  chapters.value = episode ? JSON.stringify(episode.chapters, null, 2) : '';
  transcript.value = '';
  if (!episode?.transcript_url) return;
  // This origin's path, whatever PUBLIC_URL says: the page's CSP allows only 'self'.
  const res = await fetch(`/media/${encodeURIComponent(id)}.vtt`, { cache: 'no-store' }).catch(() => null);
  if (res?.ok && editor().id === id) transcript.value = await res.text();
}

/** Sends one change of the chosen episode and says, as text, what came of it. */
async function saveEpisode(fields: Record<string, unknown>) {
  const { id, status } = editor();
  const { status: code, body } = await call('updatePodcast', 'POST', { id, ...fields });
  status.classList.toggle('error', code !== 200);
  if (code === 200 && body) {
    const chapters = (body.chapters as unknown[]).length;
    status.textContent = `Saved: "${body.title}" has ${chapters} chapter${chapters === 1 ? '' : 's'} and ${body.transcript_url ? 'a transcript' : 'no transcript'}.`;
    // The players get the change from the podcasts event stream; the editor reloads what was stored.
    await loadEpisodes();
  } else {
    status.textContent = body?.error_description ?? 'The service did not answer (is the mock running?).';
  }
}

/**
 * The CSP line a site needs for the stream: its players fetch the stream (on this origin,
 * or on the station's own Icecast) with `media-src`, and show the artwork and the hosts'
 * pictures the service serves with `img-src`.
 */
async function showStreamCsp() {
  const { status, body } = await call('accountInfo', 'GET', undefined, true);
  const url = status === 200 ? (body?.channels?.[0]?.stream_url as string | undefined) : undefined;
  if (status === 200) configurator.setChannels(body?.channels ?? []);
  let pre = document.querySelector<HTMLElement>('#stream-csp');
  if (!pre) {
    const note = document.createElement('p');
    note.textContent = 'If your site sends a Content-Security-Policy, allow the stream, the service and the snippet’s style:';
    pre = document.createElement('pre');
    pre.id = 'stream-csp';
    $('#snippet').after(note, pre);
  }
  const stream = url ? new URL(url).origin : location.origin;
  const { style } = await bundle;
  pre.textContent = `Content-Security-Policy: media-src ${stream}${stream === location.origin ? '' : ` ${location.origin}`}; connect-src ${location.origin}; img-src ${location.origin}; script-src ${location.origin}${style}`;
}

/** After a change of episodes, the podcast widgets ask again. */
const refreshPodcasts = () => document.querySelectorAll<PodcastPlayer>('podcast-player').forEach((p) => p.refresh());

async function check() {
  const { status, body } = await call('checkToken');
  if (status === 200 && body) {
    sessionStorage.setItem(STORE_KEY, token);
    showPair(body as { public_token: string; private_token: string });
    await Promise.all([loadEpisodes(), showStreamCsp(), liveItems.load(), schedule.load()]);
  } else {
    $('#account').hidden = true;
  }
}

const actions: Record<string, () => Promise<void>> = {
  async startServer() {
    await call('startServer', 'POST');
  },
  async stopServer() {
    await call('stopServer', 'POST');
  },
  async resetTokens() {
    if (!confirm('Reset both tokens? Every widget using the old public token stops working at once.')) return;
    const { status, body } = await call('resetTokens', 'POST');
    if (status !== 200 || !body) return;
    token = body.private_token;
    sessionStorage.setItem(STORE_KEY, token);
    $<HTMLInputElement>('#check [name=token]').value = token;
    showPair(body as { public_token: string; private_token: string });
    $('#adopt').hidden = false;
  },
};

function wireConsole() {
  const tokenInput = $<HTMLInputElement>('#check [name=token]');
  tokenInput.value = token;
  form('check').addEventListener('submit', (e) => {
    e.preventDefault();
    token = tokenInput.value.trim();
    carrier = (new FormData(form('check')).get('carrier') as Carrier) ?? 'header';
    void check();
  });
  document.querySelectorAll<HTMLButtonElement>('[data-call]').forEach((b) => b.addEventListener('click', () => void actions[b.dataset.call!]()));
  form('now-playing').addEventListener('submit', (e) => {
    e.preventDefault();
    void call('setNowPlaying', 'POST', Object.fromEntries(new FormData(form('now-playing'))));
  });
  form('add-episode').addEventListener('submit', async (e) => {
    e.preventDefault();
    const fields = Object.fromEntries(new FormData(form('add-episode')));
    const { status } = await call('addPodcast', 'POST', { ...fields, duration: Number(fields.duration) || 120 });
    if (status === 201) {
      form('add-episode').reset();
      refreshPodcasts();
      await loadEpisodes();
    }
  });
  const edit = form('edit-episode');
  edit.querySelector('select')!.addEventListener('change', () => void showEpisodeTexts());
  edit.querySelector<HTMLInputElement>('[name=transcript-file]')!.addEventListener('change', async (e) => {
    const file = (e.target as HTMLInputElement).files?.[0];
    if (file) editor().transcript.value = await file.text();
  });
  edit.addEventListener('submit', (e) => {
    e.preventDefault();
    const { transcript, chapters } = editor();
    // Chapters go as the JSON text typed: the service explains what is wrong with it.
    const what = (e.submitter as HTMLButtonElement | null)?.value;
    if (what === 'chapters') return void saveEpisode({ chapters: chapters.value });
    if (transcript.value.trim()) return void saveEpisode({ transcript: transcript.value });
    const { status } = editor();
    status.classList.add('error');
    status.textContent = 'Paste a WebVTT transcript or read a .vtt file first (Remove transcript removes it).';
  });
  $('#remove-transcript').addEventListener('click', () => void saveEpisode({ transcript: '' }));
  form('delete-episode').addEventListener('submit', async (e) => {
    e.preventDefault();
    const { status } = await call('deletePodcast', 'POST', Object.fromEntries(new FormData(form('delete-episode'))));
    if (status === 200) {
      refreshPodcasts();
      await loadEpisodes();
    }
  });
  $('#copy').addEventListener('click', async () => {
    const button = $('#copy');
    try {
      await navigator.clipboard.writeText($('#snippet').textContent ?? '');
      button.textContent = 'Copied';
    } catch {
      button.textContent = 'Select and copy the text above';
    }
    setTimeout(() => (button.textContent = 'Copy snippet'), 2000);
  });
  // After a reset, the page's widgets still hold the old public token (and say so).
  const adopt = document.createElement('button');
  adopt.id = 'adopt';
  adopt.type = 'button';
  adopt.hidden = true;
  adopt.textContent = 'Give the widgets on this page the new public token';
  adopt.addEventListener('click', () => {
    players().forEach((p) => p.setAttribute('public-token', publicToken));
    adopt.hidden = true;
  });
  $('#account .actions').append(adopt);
  if (token) void check();
}

function wireTheme() {
  const theme = form('theme');
  // Only what the owner changed is set: the widgets keep their own defaults, dark ones included.
  theme.addEventListener('input', (e) => {
    const input = e.target as HTMLInputElement | HTMLSelectElement;
    if (input.name.startsWith('--')) {
      const value = input.value && `${input.value}${input.dataset.unit ?? ''}`;
      players().forEach((p) => (value ? p.style.setProperty(input.name, value) : p.style.removeProperty(input.name)));
    } else if (input.name === 'theme') {
      players().forEach((p) => (input.value ? p.setAttribute('theme', input.value) : p.removeAttribute('theme')));
      document.documentElement.dataset.theme = input.value;
    }
  });
  theme.addEventListener('reset', () => {
    players().forEach((p) => (p.removeAttribute('style'), p.removeAttribute('theme')));
    document.documentElement.dataset.theme = '';
  });
}

const liveItems = wireLiveItems(document, call, () => publicToken);
const schedule = wireSchedule(document, call);
wireConsole();
wireTheme();
