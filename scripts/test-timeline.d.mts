/** Where scripts/timeline-reporter.mjs writes the last run's timeline. */
export const TIMELINE: string;
/** Each test file's seconds on a worker in a whole run, by `project:path` (test/longest-first.ts reads it). */
export const FILE_DURATIONS: string;
