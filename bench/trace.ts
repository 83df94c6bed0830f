/**
 * Where a page's main-thread time goes, task by task: a Chromium trace of one cold load (no
 * throttling: Lighthouse's simulated mobile run multiplies these by 4), each top-level task of
 * the page's renderer with its wall and CPU time (`tdur`: what a busy machine does not inflate)
 * and what ran in it, attributed to a script (file name) and a kind of work: a module
 * evaluated, a timer, a promise's continuation (microtasks), a network answer, an animation
 * frame, style and layout, paint.
 */
import type { Browser } from 'playwright-core';
import { sleep } from './util.ts';

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; frame?: string; stackTrace?: { url: string }[] } };
}

export interface Task {
  /** From the navigation's start, ms. */
  start: number;
  /** Wall / thread (CPU) time, ms. */
  wall: number;
  cpu: number;
  /** What ran in it: `kind file` → ms (wall). */
  parts: Record<string, number>;
  /** The CPU profile's samples in it, by the script (file) whose code was first on the stack: ms. */
  scripts: Record<string, number>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { url: string; functionName: string };
}

const KINDS: Record<string, string> = {
  EvaluateScript: 'script',
  'v8.evaluateModule': 'module',
  'v8.compileModule': 'compile',
  'v8.compile': 'compile',
  TimerFire: 'timer',
  FireAnimationFrame: 'frame',
  FunctionCall: 'call',
  RunMicrotasks: 'microtasks',
  EventDispatch: 'event',
  ParseHTML: 'parse HTML',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  Paint: 'paint',
  PrePaint: 'paint',
  Commit: 'paint',
  ParseAuthorStyleSheet: 'CSS',
  GCEvent: 'GC',
  MinorGC: 'GC',
  MajorGC: 'GC',
  'V8.GC_SCAVENGER': 'GC',
  ResourceReceiveResponse: 'network',
  XHRReadyStateChange: 'network',
};

const file = (url?: string) => (url ? (url.split('?')[0]!.split('/').pop() ?? url) : '');

/** One traced load: the renderer main thread's tasks, and the first contentful paint (ms from the navigation). */
export interface Trace {
  tasks: Task[];
  fcp: number;
}

/**
 * Lighthouse's Total Blocking Time, estimated from CPU time: each task after the first
 * contentful paint at `slowdown`× its thread time, less 50 ms. A busy machine stretches a
 * task's wall time (what Lighthouse's simulation starts from), hardly its thread time.
 */
export const blocking = ({ tasks, fcp }: Trace, slowdown = 4) =>
  tasks.filter((t) => t.start >= fcp).reduce((sum, t) => sum + Math.max(0, t.cpu * slowdown - 50), 0);

/** Loads `url` in a fresh context with a trace, waits `settle` ms after `load`, and returns the renderer main thread's tasks. */
export async function traceTasks(browser: Browser, url: string, settle = 3000): Promise<Trace> {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await browser.startTracing(page, {
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'disabled-by-default-devtools.timeline.stack',
        'v8.execute',
        'v8',
        'toplevel',
        'blink.user_timing',
        'loading',
        'disabled-by-default-v8.cpu_profiler',
      ],
    });
    await page.goto(url, { waitUntil: 'load' });
    await sleep(settle);
    const buffer = await browser.stopTracing();
    const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
    return tasksOf(traceEvents, url);
  } finally {
    await context.close();
  }
}

function tasksOf(events: TraceEvent[], url: string): Trace {
  // The page's renderer main thread: the one that parsed the page.
  const parse = events.find((e) => e.name === 'ParseHTML' && (e.args as { beginData?: { url?: string } } | undefined)?.beginData?.url === url);
  if (!parse) return { tasks: [], fcp: NaN };
  const main = events.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X').sort((a, b) => a.ts - b.ts);
  const nav = events.find((e) => e.name === 'navigationStart' && e.pid === parse.pid)?.ts ?? parse.ts;
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === parse.pid);
  const samples = samplesOf(events, parse.pid);
  const tops = main.filter((e) => e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask');
  const tasks: Task[] = [];
  let inner = 0;
  for (const t of tops) {
    const end = t.ts + (t.dur ?? 0);
    if (t.ts < nav || (tasks.length && t.ts < tasks.at(-1)!.start * 1000 + nav + tasks.at(-1)!.wall * 1000)) continue;
    const parts: Record<string, number> = {};
    // The outermost event of each kind inside the task (a nested one of the same kind is in it).
    const open: number[] = [];
    while (inner < main.length && main[inner]!.ts < t.ts) inner++;
    for (let i = inner; i < main.length && main[i]!.ts < end; i++) {
      const e = main[i]!;
      const kind = KINDS[e.name];
      if (!kind) continue;
      while (open.length && open.at(-1)! <= e.ts) open.pop();
      const d = e.args?.data;
      const who = file(d?.url ?? d?.stackTrace?.[0]?.url);
      // Attribute script work at its outermost event; style, layout, paint and GC wherever they are.
      if (['script', 'module', 'timer', 'frame', 'call', 'microtasks', 'event', 'network', 'compile'].includes(kind)) {
        if (open.length) continue;
        open.push(e.ts + (e.dur ?? 0));
      }
      const key = `${kind}${who ? ` ${who}` : ''}${d?.functionName ? ` ${d.functionName}` : ''}`;
      parts[key] = (parts[key] ?? 0) + (e.dur ?? 0) / 1000;
    }
    const scripts: Record<string, number> = {};
    const within = samples.filter(([at]) => at >= t.ts && at < end);
    for (const [i, [at, who]] of within.entries()) scripts[who] = (scripts[who] ?? 0) + Math.min((within[i + 1]?.[0] ?? end) - at, 2000) / 1000;
    tasks.push({ start: (t.ts - nav) / 1000, wall: (t.dur ?? 0) / 1000, cpu: (t.tdur ?? t.dur ?? 0) / 1000, parts, scripts });
  }
  return { tasks, fcp: paint ? (paint.ts - nav) / 1000 : NaN };
}

/** The renderer's CPU profile: each sample's time and the file of the outermost frame with a script ('' : none, the browser's own work). */
function samplesOf(events: TraceEvent[], pid: number): [at: number, file: string][] {
  const chunks = events.filter((e) => e.pid === pid && (e.name === 'Profile' || e.name === 'ProfileChunk')) as unknown as {
    name: string;
    args: { data: { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } };
  }[];
  const nodes = new Map<number, ProfileNode>();
  const ids: number[] = [];
  const deltas: number[] = [];
  let at = chunks.find((c) => c.name === 'Profile')?.args.data.startTime ?? 0;
  for (const { args } of chunks) {
    for (const n of args.data.cpuProfile?.nodes ?? []) nodes.set(n.id, n);
    ids.push(...(args.data.cpuProfile?.samples ?? []));
    deltas.push(...(args.data.timeDeltas ?? []));
  }
  const outermost = (id: number) => {
    let found = '';
    for (let n = nodes.get(id); n; n = n.parent === undefined ? undefined : nodes.get(n.parent)) if (n.callFrame.url) found = file(n.callFrame.url);
    return found;
  };
  return ids.map((id, i) => [(at += deltas[i] ?? 0), outermost(id)]);
}

/** A task on one line: when, wall/CPU, and what ran in it (≥ 1 ms). */
export function describe(t: Task): string {
  const parts = Object.entries(t.parts)
    .filter(([, v]) => v >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(1)}`)
    .join(', ');
  const scripts = Object.entries(t.scripts)
    .filter(([, v]) => v >= 1)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k || 'browser'} ${v.toFixed(1)}`)
    .join(', ');
  return `@${t.start.toFixed(0)} ms: ${t.wall.toFixed(1)} ms (CPU ${t.cpu.toFixed(1)}) — ${scripts}; ${parts}`;
}
