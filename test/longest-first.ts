/**
 * The order test files are taken in (vitest.config.mts's `sequence.sequencer`): vitest's own (groups in their
 * `groupOrder`, each project's files together), but within each project the longest first, by the seconds each file
 * held a worker in a whole run (test/file-durations.json, written by `node scripts/test-timeline.mjs --durations`).
 * vitest orders by its results cache, which a fresh clone (CI) does not have, and then by file size: a short file can
 * be large and a long one small, and a long file taken last keeps its group running on one worker while the other
 * idles (the tail, scripts/test-timeline.mjs). Files the list does not know yet (new ones) go first, as vitest runs
 * unknown files first; a file it no longer has costs nothing.
 */
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { FILE_DURATIONS } from '../scripts/test-timeline.mjs';

/** `project:path` to seconds on a worker. */
export type FileDurations = Record<string, number>;

/**
 * `ordered` (vitest's order, each project's files together) with each project's files the longest first by
 * `durations`, those it does not know first in their project, in the order they came.
 */
export function longestFirst<T>(ordered: T[], keyOf: (file: T) => string, durations: FileDurations): T[] {
  const projectOf = (file: T) => keyOf(file).split(':')[0];
  const runs: T[][] = [];
  for (const file of ordered) {
    const last = runs.at(-1);
    if (last !== undefined && projectOf(last[0] as T) === projectOf(file)) last.push(file);
    else runs.push([file]);
  }
  const seconds = (file: T) => durations[keyOf(file)] ?? Number.POSITIVE_INFINITY;
  return runs.flatMap((run) => [...run].sort((a, b) => seconds(b) - seconds(a) || 0));
}

function readDurations(root: string): FileDurations {
  try {
    return JSON.parse(readFileSync(`${root}/${FILE_DURATIONS}`, 'utf8')) as FileDurations;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
}

export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { root } = this.ctx.config;
    return longestFirst(
      await super.sort(files),
      (spec) => `${spec.project.name}:${relative(root, spec.moduleId)}`,
      readDurations(root),
    );
  }
}
