// The playback diagram of docs/playback.md, drawn from the machine's table (src/internal/playback/machine.ts):
// every state is met with every event it accepts, in each variant below (a file or a stream, a source
// left or none, …), and each move to another state is an edge, labelled with the events that make it
// (a source loaded again in the same state too: a failover). `npm run diagram` writes it between the
// markers in docs/playback.md; test/unit/machine.test.ts fails when the committed one differs.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { MACHINE, transition, type Event, type EventType, type Link, type State, type StateName } from '../src/internal/playback/machine.ts';

const file: Link = { live: false, sources: ['a', 'b'], index: 0, attempt: 0 };
const links: Link[] = [
  file,
  { ...file, index: 1 },
  { ...file, until: 10 },
  { ...file, live: true },
  { ...file, live: true, index: 1, attempt: 2, told: true },
];

/** Each state in the variants that take it down each of its roads. */
const STATES: State[] = [
  { name: 'idle' },
  { name: 'waiting' },
  ...links.flatMap((link): State[] => [
    { name: 'loading', link },
    { name: 'playing', link, flowed: 0 },
    { name: 'playing', link, flowed: 29.9 },
    { name: 'buffering', link, flowed: 0 },
    { name: 'reconnecting', link },
    // (Only a stream is held.)
    ...(link.live ? [{ name: 'held', link } as const] : []),
    { name: 'paused', link },
    { name: 'ended', link },
  ]),
  { name: 'error' },
];

/** Each event in the variants that matter to the machine. */
const EVENTS: Event[] = [
  ...[undefined, [], ['a', 'b'], ['c']].flatMap((sources): Event[] =>
    [false, true].flatMap((live): Event[] => [
      { type: 'play', live, sources },
      { type: 'shown', live, sources },
      { type: 'back', live, sources },
    ]),
  ),
  { type: 'pause' },
  { type: 'seek' },
  { type: 'stop' },
  { type: 'fatal', error: 'E' },
  { type: 'offline' },
  { type: 'unreachable' },
  { type: 'sound' },
  { type: 'tick', step: 0.5, at: 5 },
  { type: 'tick', step: 0.5, at: 10 },
  { type: 'waiting' },
  { type: 'seeked' },
  { type: 'metadata', duration: 120, late: true },
  { type: 'metadata', duration: 0, late: false },
  { type: 'failed', tell: true },
  { type: 'ended' },
  { type: 'paused' },
  { type: 'refused', error: 'R' },
  { type: 'retry' },
];

/** The Mermaid state diagram of MACHINE. */
export function diagram(): string {
  const edges = new Map<string, Set<EventType>>();
  const order = Object.keys(MACHINE) as StateName[];
  for (const state of STATES)
    for (const event of EVENTS) {
      if (!MACHINE[state.name].on[event.type]) continue;
      const [next, effects] = transition(state, event);
      if (next.name === state.name && !effects.some((e) => e.type === 'load')) continue;
      const key = `${state.name} --> ${next.name}`;
      edges.set(key, (edges.get(key) ?? new Set()).add(event.type));
    }
  const rank = (key: string) => key.split(' --> ').map((s) => order.indexOf(s as StateName));
  const lines = [...edges]
    .sort(([a], [b]) => {
      const [a1 = 0, a2 = 0] = rank(a);
      const [b1 = 0, b2 = 0] = rank(b);
      return a1 - b1 || a2 - b2;
    })
    .map(([key, events]) => `  ${key}: ${[...events].join(', ')}`);
  return ['```mermaid', 'stateDiagram-v2', '  [*] --> idle', ...lines, '```'].join('\n');
}

export const BEGIN = '<!-- The diagram: generated from the machine by `npm run diagram` (scripts/playback-diagram.ts). -->';
export const END = '<!-- End of the generated diagram. -->';

/** `doc` with the diagram between its markers. */
export function withDiagram(doc: string): string {
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error('docs/playback.md: the diagram markers are missing');
  return `${doc.slice(0, start + BEGIN.length)}\n${diagram()}\n${doc.slice(end)}`;
}

// Run (not imported by the test): rewrites docs/playback.md.
if (import.meta.url.startsWith('file:') && process.argv[1] === fileURLToPath(import.meta.url)) {
  const doc = fileURLToPath(new URL('../docs/playback.md', import.meta.url));
  writeFileSync(doc, withDiagram(readFileSync(doc, 'utf8')));
}
