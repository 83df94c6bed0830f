/**
 * vitest's file order for `npm test` (vitest.config.ts `sequence.sequencer`): in each
 * `sequence.groupOrder` group, the longest files first, whatever their project, so that the
 * workers finish together. vitest's own order runs the projects one after the other by name
 * (browser, components, consumers, icecast, server), so a fresh clone (no results cache) started
 * the 4–5 minute failover file last, with one worker idle beside it for minutes.
 *
 * After the first file of each worker, a project's files follow one another: a worker whose next
 * file is of the same project keeps its process, and in the `browser`, `icecast` and `heard`
 * projects (`isolate: false`) its browsers (test/support/browser-reuse.ts); a file of another project
 * next would stop them. So: the longest file for each worker, then the projects in one run each,
 * the one with the longest file left first, each longest file first.
 *
 * A file's length is its last duration from vitest's results cache where there is one, else the
 * figure below (seconds of a fresh-clone run on 2 cores, rounded), else its size (larger first).
 */
import { statSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Seconds, from fresh-clone runs of `npm test` on 2 cores (the eight longest: the CI run of
 * 1a9d38a); files under 30 s are left to their size, but for the one server file that takes 20 s
 * (by its size it came 25th of its project, and ran last of all the non-heard files).
 */
const SECONDS: Record<string, number> = {
  'test/browser/flows.test.ts': 305,
  'test/icecast/failover.test.ts': 205,
  'test/browser/hls.test.ts': 120,
  'test/browser/podcasting2.test.ts': 105,
  'test/browser/keep-listening.test.ts': 90,
  'test/consumers/consumers.test.ts': 125,
  'test/browser/embed.test.ts': 95,
  'test/browser/mini-player.test.ts': 60,
  'test/icecast/relays.test.ts': 55,
  'test/browser/alternate-files.test.ts': 45,
  'test/browser/demo.test.ts': 45,
  'test/icecast/icecast.test.ts': 40,
  'test/browser/channels.test.ts': 35,
  'test/browser/resilience.test.ts': 35,
  'test/browser/snippet.test.ts': 35,
  'test/server/serve.test.ts': 20,
  // The `heard` group (three workers): the built-in stream's (its three engines at once) last, on
  // the worker the HLS file leaves first (fresh-clone CI run of 49bc269).
  'test/icecast/heard.test.ts': 163,
  'test/icecast/failover-heard.test.ts': 138,
  'test/icecast/hls-heard.test.ts': 105,
  'test/browser/heard.test.ts': 39,
};

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const length = new Map<TestSpecification, [number, number]>();
    for (const spec of files) {
      const path = relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${path}`)?.duration;
      let size = 0;
      try {
        size = statSync(spec.moduleId).size;
      } catch {
        // (gone since it was found: last)
      }
      length.set(spec, [cached ?? (SECONDS[path] ?? 0) * 1000, size]);
    }
    const sorted = [...files].sort((a, b) => {
      const group = a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder;
      if (group !== 0) return group;
      const [da, sa] = length.get(a)!;
      const [db, sb] = length.get(b)!;
      return db - da || sb - sa;
    });
    const out: TestSpecification[] = [];
    for (const order of new Set(sorted.map((f) => f.project.config.sequence.groupOrder))) {
      const group = sorted.filter((f) => f.project.config.sequence.groupOrder === order);
      // (A group's projects share one maxWorkers: vitest refuses others.)
      const workers = Number(group[0]!.project.config.maxWorkers || this.ctx.config.maxWorkers) || 1;
      const first = group.slice(0, workers);
      // The rest by project (a Map keeps the order of each project's longest file), longest first.
      const byProject = new Map<string, TestSpecification[]>();
      for (const f of group.slice(workers)) byProject.set(f.project.name, [...(byProject.get(f.project.name) ?? []), f]);
      out.push(...first, ...[...byProject.values()].flat());
    }
    return out;
  }
}
