/**
 * The hosts and guests of the episode on show (Podcasting 2.0 `podcast:person`) and the show's
 * Support link (`podcast:funding`), for <podcast-player>: in the list rows' chunk (lists.ts),
 * so that they are there with the data (at the card's end: nothing below them moves). Names,
 * roles and the link's words are server text: text only, each bidi-isolated. A picture or link
 * that is not http(s) is left out (the person stays); a Support link without one is not shown.
 * Links open in a new tab. One line where they fit, wrapped where they do not (credits.styles.ts):
 * every name, role and the whole link show; while loading an empty line keeps its place.
 */
import type { TemplateResult } from 'lit';
import type { Episode, Person, Podcast } from '../api/types.js';
import type { MessageKey } from '../i18n/en.js';
import type { Kit, Say } from './lists.js';

/** The credits' input. */
export interface CreditsInput {
  /** The player's Lit, formats and URL check. */
  lit: Kit;
  say: Say;
  /** The episode on show (its hosts and guests). */
  episode: Episode | undefined;
  /** The show (its Support link); none while loading. */
  show: Podcast | undefined;
}

/** The Podcasting 2.0 roles said in the listener's language; any other is shown as the service wrote it. */
const ROLES = new Map<string, MessageKey>([
  ['host', 'Host'],
  ['co-host', 'Co-host'],
  ['guest', 'Guest'],
]);

const person = ({ html, nothing, isHttp }: Kit, p: Person, say: Say) => {
  const name = html`<bdi>${p.name}</bdi>`;
  const role = ROLES.get(p.role.toLowerCase());
  return html`<li part="person">
    ${isHttp(p.img) ? html`<img src=${p.img} alt="" width="28" height="28" />` : nothing}
    ${isHttp(p.href) ? html`<a href=${p.href} target="_blank" rel="noopener">${name}</a>` : name}
    <bdi class="muted">${role ? say(role) : p.role}</bdi>
  </li>`;
};

/** The episode's hosts and guests and the show's Support link; nothing when it has neither; an empty line while loading. */
export function credits({ lit: kit, say, episode: ep, show }: CreditsInput): TemplateResult | Kit['nothing'] {
  const { html, nothing, isHttp } = kit;
  if (!show) return html`<div part="credits"></div>`;
  const persons = ep?.persons ?? [];
  const funding = show.funding;
  const support = funding && isHttp(funding.url) ? funding : null;
  if (!persons.length && !support) return kit.nothing;
  return html`<div part="credits">
    ${
      persons.length
        ? html`<ul aria-label=${say('Hosts and guests')}>
          ${persons.map((p) => person(kit, p, say))}
        </ul>`
        : nothing
    }
    ${support ? html`<a part="support" href=${support.url} target="_blank" rel="noopener"><bdi>${support.text.trim() || say('Support')}</bdi></a>` : nothing}
  </div>`;
}
