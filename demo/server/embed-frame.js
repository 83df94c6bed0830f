// castlet embed frame (served as /embed/frame.js; docs/embed-api.md). The embed page's one script, apart from the bundle:
// - tells the page around it how tall the player is (`castlet:resize`), as it always did;
// - takes commands from its PARENT window only (`castlet:command`: play, pause, toggle, seek, load) and answers them;
// - tells the parent what the player does (`castlet:ready`, `state`, `time`, `nowplaying`, `episodechange`, `error`);
// - starts the player where the page's URL says (`t=`, `clip=`: checked by the service, written on <main>).
// Events carry only what the public API shows (states, times, titles, ids): never the token. Their target is `*`
// because any site may embed the page. It uses only the players' script API (play, pause, toggle, seek, their events).
// A module: it runs before the bundle (modules run in document order), and its checks are unit-tested (test/server).

/** The commands a frame takes. */
export const COMMANDS = ['play', 'pause', 'toggle', 'seek', 'load'];
/** The longest clip a command may ask for (the players' MAX_CLIP). */
export const MAX_CLIP = 300;
/** How long an episode id may be (as the service's pages cut them). */
const MAX_ID = 200;

const seconds = (v) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
const fail = (message, id) => ({ error: message, id });

/**
 * Checks a message: null when it is no command at all (another type: not ours, left alone), else the command or why it is
 * malformed (`error`), with its `id` when that is a string or a number. `kind` is the player's: the live radio takes no seek
 * or load.
 * @param {unknown} data
 * @param {'stream' | 'podcast'} kind
 */
export function checkCommand(data, kind) {
  if (!data || typeof data !== 'object' || data.type !== 'castlet:command') return null;
  const id =
    (typeof data.id === 'string' && data.id.length <= 100) || (typeof data.id === 'number' && Number.isFinite(data.id)) ? data.id : undefined;
  if (data.id !== undefined && id === undefined) return fail('id: a string (at most 100 characters) or a number', undefined);
  const command = data.command;
  if (!COMMANDS.includes(command)) return fail(`command: one of ${COMMANDS.join(', ')}`, id);
  if ((command === 'seek' || command === 'load') && kind === 'stream') return fail(`${command}: the live radio plays at the live edge only`, id);
  if (command === 'seek')
    return seconds(data.position) ? { command, position: data.position, id } : fail('seek: position, in seconds (0 or more)', id);
  if (command !== 'load') return { command, id };
  const { episode, position, clip } = data;
  if (typeof episode !== 'string' || !episode || episode.length > MAX_ID) return fail('load: episode, an episode id', id);
  if (position !== undefined && clip !== undefined) return fail('load: position or clip, not both', id);
  if (position !== undefined && !seconds(position)) return fail('load: position, in seconds (0 or more)', id);
  if (clip !== undefined && !(Array.isArray(clip) && clip.length === 2 && seconds(clip[0]) && seconds(clip[1]) && clip[1] > 0 && clip[1] <= MAX_CLIP))
    return fail(`load: clip, [start, duration] in seconds (a duration of at most ${MAX_CLIP})`, id);
  return { command, episode, ...(position !== undefined && { position }), ...(clip !== undefined && { clip: [clip[0], clip[1]] }), id };
}

/** The share-link fragment the podcast player reads when it connects (src/internal/share.ts): that episode, at that time or clip. */
export function momentHash(episode, at) {
  const e = new URLSearchParams({ 'castlet-episode': episode }).toString();
  return `#${e}&${at.clip ? `castlet-clip=${at.clip[0]},${at.clip[1]}` : `castlet-t=${at.position ?? 0}`}`;
}

if (
  typeof window === 'object' &&
  typeof document === 'object' &&
  document.querySelector('main > :is(stream-player, podcast-player), main :is(stream-player, podcast-player)')
)
  frame();

function frame() {
  const framed = window.parent !== window;
  const post = (type, detail = {}) => framed && window.parent.postMessage({ type, ...detail }, '*');
  const find = () => document.querySelector('stream-player, podcast-player');
  const kind = find().localName === 'stream-player' ? 'stream' : 'podcast';
  const start = document.querySelector('main').dataset;
  const clip = start.clip ? start.clip.split(',').map(Number) : null;

  // The height, each time it changes, and again when the parent asks (`castlet:measure`, for a listener added late).
  let last = -1;
  const send = (again) => {
    const height = Math.ceil(document.documentElement.getBoundingClientRect().height);
    if (height === last && !again) return;
    last = height;
    window.parent.postMessage({ type: 'castlet:resize', height }, '*');
  };
  if (framed) new ResizeObserver(() => send(false)).observe(document.documentElement);

  // A clip with its episode known: the share link's fragment, read by the player when it connects (after this module).
  const pinned = find().getAttribute('episode');
  if (clip && pinned) history.replaceState(history.state, '', momentHash(pinned, { clip }));

  let player = find();
  let ready = false;
  let lastTime = 0;
  const duration = () => {
    const d = kind === 'podcast' ? player.current?.duration : null;
    return typeof d === 'number' && d > 0 ? d : null;
  };
  const position = () => (kind === 'podcast' ? player.position : player.media.currentTime);
  const time = (id) => {
    lastTime = Date.now();
    post('castlet:time', { position: Math.round(position() * 1000) / 1000, duration: duration(), ...(id !== undefined && { id }) });
  };
  const state = (id) => post('castlet:state', { state: player.state, ...(id !== undefined && { id }) });
  /** What plays, as the player shows it: the track on air (its title and artist), or the episode (its title and show's). */
  const nowPlaying = (track) => {
    const shown = (sel) => player.shadowRoot?.querySelector(sel)?.textContent?.trim() || null;
    if (kind === 'podcast') return player.current ? { title: player.current.title, artist: shown('.grow > p.clip') } : null;
    if (track !== undefined) return track && { title: track.title, artist: track.artist || null };
    return { title: shown('[part~=title]'), artist: shown('[part~=artist]') };
  };
  const tellNowPlaying = (track) => {
    const now = nowPlaying(track);
    if (now) post('castlet:nowplaying', now);
  };

  /** The frame is ready: said, with what it shows (the state, now playing, the time); again to a page that asks (`castlet:hello`). */
  function hello() {
    post('castlet:ready', { kind, state: player.state });
    state();
    tellNowPlaying();
    time();
  }

  /** A player's state changed: told; the first time it is settled (ready, offline or in error), so is the frame (and a clip without its episode is opened). */
  function changed(el, now) {
    if (el !== player) return;
    post('castlet:state', { state: now });
    if (now === 'loading' || ready) return;
    ready = true;
    hello();
    if (clip && !pinned && el.current) load({ episode: el.current.id, clip }).catch(() => {});
  }

  /** Listens to a player (the page's, or one `load` put in its place). */
  function follow(el) {
    const mine = (f) => (e) => el === player && f(e.detail);
    el.addEventListener('castlet-statechange', (e) => changed(el, e.detail.state));
    el.addEventListener(
      'castlet-error',
      mine((d) => post('castlet:error', { code: d.code, message: d.message })),
    );
    el.addEventListener(
      'castlet-nowplaying',
      mine((d) => tellNowPlaying(d.nowPlaying)),
    );
    el.addEventListener(
      'castlet-episodechange',
      mine((d) => {
        post('castlet:episodechange', { episode: d.episode.id });
        tellNowPlaying();
      }),
    );
    el.addEventListener(
      'castlet-pause',
      mine(() => time()),
    );
    el.media.addEventListener('timeupdate', () => el === player && el.state === 'playing' && Date.now() - lastTime >= 1000 && time());
  }

  /** Waits for the player's next answer to what it was asked: its state settled (not loading or buffering), or an error. */
  const settled = (el) =>
    new Promise((resolve) => {
      const done = () => el.state !== 'loading' && el.state !== 'buffering' && (el.removeEventListener('castlet-statechange', done), resolve());
      el.addEventListener('castlet-statechange', done);
      el.updateComplete.then(done);
    });

  /** Puts a new player in place of the current one, at that episode and moment (the share link's way: it keeps the list). */
  async function load(c) {
    const old = player;
    const el = document.createElement(old.localName);
    for (const name of old.getAttributeNames()) if (name !== 'state') el.setAttribute(name, old.getAttribute(name));
    if (old.hasAttribute('episode')) el.setAttribute('episode', c.episode);
    history.replaceState(history.state, '', momentHash(c.episode, c));
    void old.pause();
    ready = true; // (Commands go to the new player from now on; it queues them until its data came.)
    player = el;
    old.replaceWith(el);
    follow(el);
    await settled(el);
    // The share link's part of the player is an on-demand chunk: the episode is on show once it came (or not at all).
    for (let waited = 0; el.current?.id !== c.episode && el.state !== 'error' && waited < 3000; waited += 50)
      await new Promise((r) => setTimeout(r, 50));
    if (el.current?.id !== c.episode) throw Object.assign(new Error(`load: no episode ${c.episode} in this podcast`), { code: 'not_found' });
    // A clip is armed by an on-demand part of the player: give it the turn it takes.
    if (c.clip) await new Promise((r) => setTimeout(r, 300));
  }

  /** Does command `c`, then answers with the event that says it is done (its id echoed), or castlet:error. */
  async function run(c) {
    const { id } = c;
    try {
      if (c.command === 'play') await player.play();
      else if (c.command === 'pause') await player.pause();
      else if (c.command === 'toggle') await player.toggle();
      else if (c.command === 'seek') player.seek(c.position);
      else await load(c);
      await player.updateComplete;
      if (c.command === 'seek') return time(id);
      if (c.command === 'load') {
        post('castlet:episodechange', { episode: c.episode, ...(id !== undefined && { id }) });
        tellNowPlaying();
        return time();
      }
      state(id);
    } catch (e) {
      const refused = e && e.name === 'NotAllowedError';
      post('castlet:error', {
        code: refused ? 'play_refused' : (e && typeof e.code === 'string' && e.code) || 'play_failed',
        message: refused
          ? 'The browser refused to play without a gesture on the page: let the listener press Play.'
          : (e && e.message) || 'The player could not do it.',
        ...(id !== undefined && { id }),
      });
    }
  }

  addEventListener('message', (e) => {
    if (e.source !== window.parent || !framed) return;
    const data = e.data;
    if (data && data.type === 'castlet:measure') return send(true);
    // A page that attaches late asks again what it missed: whether the player is ready, and what it shows.
    if (data && data.type === 'castlet:hello') return ready && hello();
    const c = checkCommand(data, kind);
    if (!c) return;
    if ('error' in c) return post('castlet:error', { code: 'bad_command', message: c.error, ...(c.id !== undefined && { id: c.id }) });
    void run(c);
  });

  void customElements.whenDefined(player.localName).then(() => {
    follow(player);
    if (start.t && !clip) player.seek(Number(start.t));
    if (player.state !== 'loading') changed(player, player.state);
  });
}
