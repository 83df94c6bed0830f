// An integrator's Vite + TypeScript app: it uses Lit itself and castlet from npm.
import { LitElement, html } from 'lit';
import 'castlet';
import type { CastletErrorDetail, PlayerState } from 'castlet';

const params = new URLSearchParams(location.search);
const base = params.get('base') ?? '';
const token = params.get('token') ?? '';
const log: string[] = [];
(window as unknown as { castletLog: string[] }).castletLog = log;

class AppShell extends LitElement {
  override render() {
    return html`<h1>My app</h1>`;
  }
}
customElements.define('app-shell', AppShell);

// Typed by castlet's HTMLElementTagNameMap: StreamPlayer, with its properties.
const stream = document.querySelector('stream-player')!;
stream.baseUrl = base;
stream.publicToken = token;
// @ts-expect-error publicToken is a string
stream.publicToken = 42;
stream.publicToken = token;
const podcast = document.querySelector('podcast-player')!;
podcast.setAttribute('base-url', base);
podcast.setAttribute('public-token', token);
podcast.episode = '';

// Typed events (CastletEventMap in GlobalEventHandlersEventMap).
for (const el of [stream, podcast]) {
  el.addEventListener('castlet-statechange', (e) => {
    const state: PlayerState = e.detail.state;
    log.push(`${el.localName} ${state}`);
  });
}
podcast.addEventListener('castlet-episodechange', (e) => log.push(`episode ${e.detail.episode.title}`));
// @ts-expect-error the detail of castlet-play has no state
stream.addEventListener('castlet-play', (e) => e.detail.state);

const noBase = document.querySelector<HTMLElementTagNameMap['stream-player']>('#no-base')!;
noBase.addEventListener('castlet-error', (e) => {
  const detail: CastletErrorDetail = e.detail;
  log.push(`no-base ${detail.code} ${detail.fatal}`);
});
noBase.publicToken = token;
