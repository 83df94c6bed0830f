/**
 * The owner console's embed configurator (docs/embed.md): the owner chooses the player and
 * its options; the preview is the real player, changed in place as they choose; the script
 * snippet, the iframe and the share link (demo/embed-code.ts) each come with a Copy button
 * whose outcome a live region says. Its words follow `?lang=` or the browser's language
 * (demo/configurator-text.ts). Text goes in with textContent, never as HTML.
 */
import { configuratorLanguage, LANGUAGE_NAMES, translator, type ConfiguratorText } from './configurator-text.ts';
import {
  accentCss,
  DEFAULT_CHOICE,
  elementAttributes,
  iframeCode,
  scriptSnippet,
  shareLink,
  type EmbedChoice,
  type EmbedContext,
} from './embed-code.ts';

type Child = Node | string;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<Record<string, string>> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) if (value !== undefined) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const option = (value: string, text: string) => el('option', { value }, text);

export interface ChannelRow {
  id: string;
  name: string;
}

export interface Configurator {
  /** The account's public token (after a check or a reset): the preview and the outputs follow it. */
  setPublicToken(token: string): void;
  /** The account's channels (accountInfo), the first being the default. */
  setChannels(channels: ChannelRow[]): void;
}

/** The bundle's script tag with SRI and the snippet's style hash (dist/sri.json), as the console builds it. */
async function bundleScript(): Promise<string> {
  try {
    const { version, files } = (await (await fetch('/sri.json')).json()) as { version: string; files: Record<string, string> };
    return `<script type="module" src="${location.origin}/castlet@${version}/castlet.js" integrity="${files['castlet.js']}" crossorigin="anonymous"></script>`;
  } catch {
    return `<script type="module" src="${location.origin}/castlet.js"></script>`;
  }
}

/** `sha256-…` of a style's text, for a site's `style-src`. */
async function styleHash(css: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css));
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`;
}

export function mountConfigurator(host: HTMLElement): Configurator {
  const lang = configuratorLanguage(new URLSearchParams(location.search).get('lang') ?? navigator.language);
  const t = translator(lang) as (text: ConfiguratorText) => string;
  host.lang = lang;
  host.dir = lang === 'ar' ? 'rtl' : 'ltr';

  let choice: EmbedChoice = { ...DEFAULT_CHOICE };
  const ctx: EmbedContext = { origin: location.origin, publicToken: '', script: '' };
  let preview: HTMLElement | null = null;

  const id = (name: string) => `cfg-${name}`;
  const select = (name: string, label: ConfiguratorText, options: HTMLOptionElement[]) => {
    const s = el('select', { id: id(name), name }, ...options);
    return { field: el('label', {}, t(label), s), control: s };
  };
  const check = (name: string, label: ConfiguratorText) => {
    const c = el('input', { type: 'checkbox', id: id(name), name });
    return { field: el('label', { class: 'check' }, c, t(label)), control: c };
  };

  const kind = select('kind', 'Player', [option('stream', t('Live radio')), option('podcast', t('Podcast'))]);
  const channel = select('channel', 'Channel', []);
  const episode = select('episode', 'Episode', [option('', t('The newest episode'))]);
  const theme = select('theme', 'Theme', [option('', t('Follow the system')), option('light', t('Light')), option('dark', t('Dark'))]);
  const language = select('lang', 'Language', [
    option('', t('The page’s language')),
    ...Object.entries(LANGUAGE_NAMES).map(([code, name]) => {
      const o = option(code, name);
      o.lang = code;
      return o;
    }),
  ]);
  const custom = check('custom-accent', 'Custom accent colour');
  const accent = el('input', { type: 'color', id: id('accent'), name: 'accent', value: '#5b3df5', disabled: '' });
  const accentField = el('label', {}, t('Accent colour'), accent);
  const sticky = check('sticky', 'Mini-player while scrolling (sticky)');
  const continuous = check('continuous', 'Play the next episode at the end (continuous)');
  const noHotkeys = check('no-hotkeys', 'No keyboard shortcuts (no-hotkeys)');
  // The preview's position when ticked (and when the preview pauses or is sought meanwhile): `t=` in the iframe and the share link.
  const startAt = check('start', 'Start at the current position (t=)');

  const form = el(
    'form',
    { class: 'grid', id: 'configurator-form' },
    kind.field,
    channel.field,
    episode.field,
    theme.field,
    language.field,
    custom.field,
    accentField,
    sticky.field,
    continuous.field,
    noHotkeys.field,
    startAt.field,
  );
  const stage = el('div', { class: 'preview', id: 'configurator-preview' });
  const status = el('p', { class: 'copy-status', role: 'status', id: id('status') });

  const outputs = (
    [
      ['snippet', 'Script snippet (sites that take scripts)', 7],
      ['iframe', 'Iframe (sites that take no scripts)', 3],
      ['share', 'Share link (social networks, chat, oEmbed)', 2],
    ] as const
  ).map(([name, label, rows]) => {
    // Code reads left to right, in an Arabic console too.
    const text = el('textarea', { id: id(`out-${name}`), readonly: '', rows: String(rows), spellcheck: 'false', dir: 'ltr' });
    const button = el('button', { type: 'button', 'data-copy': name, 'aria-describedby': id(`out-${name}-label`) }, t('Copy'));
    const box = el('div', { class: 'output' }, el('label', { for: text.id, id: id(`out-${name}-label`) }, t(label)), text, button);
    button.addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText(text.value);
        status.textContent = `${t('Copied')}: ${t(label)}`;
      } catch {
        text.select();
        status.textContent = t('Copying was blocked: select the text and copy it.');
      }
    });
    return { name, text, box };
  });
  const cspNote = el('p', { class: 'hint', id: id('csp') });
  cspNote.hidden = true;

  host.replaceChildren(
    el('h3', { id: 'configurator-h' }, t('Embed configurator')),
    el(
      'p',
      { class: 'hint' },
      t('Choose how the player looks and behaves: the preview is the real player, and the three outputs below reproduce it.'),
    ),
    form,
    el('h4', {}, t('Preview')),
    stage,
    ...outputs.map((o) => o.box),
    cspNote,
    status,
  );
  host.setAttribute('aria-labelledby', 'configurator-h');

  const read = (): EmbedChoice => ({
    kind: kind.control.value === 'podcast' ? 'podcast' : 'stream',
    // The first channel is the default: the attribute is left out for it.
    channel: channel.control.selectedIndex > 0 ? channel.control.value : '',
    episode: episode.control.value,
    theme: theme.control.value === 'light' || theme.control.value === 'dark' ? theme.control.value : '',
    accent: custom.control.checked ? accent.value.toLowerCase() : '',
    lang: language.control.value,
    sticky: sticky.control.checked,
    continuous: continuous.control.checked,
    noHotkeys: noHotkeys.control.checked,
    start: startAt.control.checked ? Math.floor((preview as { position?: number } | null)?.position ?? 0) : 0,
  });

  /** The preview: the real element, its attributes changed in place (it keeps playing); a new one for the other player. */
  function showPreview() {
    if (!ctx.publicToken) return;
    const tag = `${choice.kind}-player`;
    const fresh = preview?.localName !== tag;
    if (fresh) preview = document.createElement(tag);
    const el = preview!;
    const wanted = new Map(elementAttributes(choice, ctx.publicToken));
    for (const name of el.getAttributeNames()) if (name !== 'style' && name !== 'state' && !wanted.has(name)) el.removeAttribute(name);
    for (const [name, value] of wanted) if (el.getAttribute(name) !== value) el.setAttribute(name, value);
    // CSSOM, which a strict policy allows (a style="" attribute it would refuse).
    if (choice.accent) el.style.setProperty('--castlet-accent', choice.accent);
    else el.style.removeProperty('--castlet-accent');
    // Into the page with its attributes, as a pasted snippet's element comes.
    if (fresh) stage.replaceChildren(el);
  }

  async function showOutputs() {
    if (!ctx.publicToken) return;
    if (!ctx.script) ctx.script = await bundleScript();
    const values: Record<string, string> = { snippet: scriptSnippet(choice, ctx), iframe: iframeCode(choice, ctx), share: shareLink(choice, ctx) };
    for (const o of outputs) o.text.value = values[o.name]!;
    const css = accentCss(choice);
    cspNote.hidden = !css;
    if (css) cspNote.textContent = `${t('With a Content-Security-Policy, also allow this style:')} style-src ${await styleHash(css)}`;
  }

  function update() {
    choice = read();
    const podcast = choice.kind === 'podcast';
    episode.field.hidden = !podcast;
    continuous.field.hidden = !podcast;
    startAt.field.hidden = !podcast;
    // continuous never applies with a pinned episode (the players' own rule).
    continuous.control.disabled = !!choice.episode;
    accent.disabled = !custom.control.checked;
    showPreview();
    void showOutputs();
  }
  form.addEventListener('input', update);
  form.addEventListener('change', update);
  form.addEventListener('submit', (e) => e.preventDefault());
  // The preview paused, or its seek slider moved (`input` is composed: it leaves the shadow root): a start follows the position.
  for (const type of ['castlet-pause', 'input']) stage.addEventListener(type, () => startAt.control.checked && update());

  async function loadEpisodes() {
    const res = await fetch(`/public/podcasts?token=${encodeURIComponent(ctx.publicToken)}`, { cache: 'no-store' }).catch(() => null);
    const body = res?.ok ? ((await res.json()) as { episodes: { id: string; title: string }[] }) : { episodes: [] };
    ctx.newestEpisode = body.episodes[0]?.id;
    const chosen = episode.control.value;
    episode.control.replaceChildren(option('', t('The newest episode')), ...body.episodes.map((e) => option(e.id, e.title)));
    if (body.episodes.some((e) => e.id === chosen)) episode.control.value = chosen;
    update();
  }

  update();
  return {
    setPublicToken(token) {
      ctx.publicToken = token;
      host.hidden = false;
      void loadEpisodes();
    },
    setChannels(channels) {
      const chosen = channel.control.value;
      channel.control.replaceChildren(...channels.map((c) => option(c.id, c.name)));
      if (channels.some((c) => c.id === chosen)) channel.control.value = chosen;
      update();
    },
  };
}
