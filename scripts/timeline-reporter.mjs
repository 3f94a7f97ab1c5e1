/**
 * A vitest reporter that keeps when each test file started and ended on its worker (the main process's clock: queued
 * is when a worker took the file, before its setup and import), with vitest's own setup, import and test durations, and
 * when the run, its global setups and its end came. At the run's end it writes them to test-artifacts/timeline.json
 * and prints where the wall time went (scripts/test-timeline.mjs). The whole `npm test` adds it beside the default
 * reporter; `npx vitest run --reporter=default --reporter=./scripts/timeline-reporter.mjs FILES` adds it to any run.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { summarize, TIMELINE } from './test-timeline.mjs';

export default class TimelineReporter {
  /** When this vitest process started, in ms since the epoch. */
  processStart = Date.now() - process.uptime() * 1000;
  runStart = 0;
  /** Module id -> { queued, ended } on the main process's clock. */
  times = new Map();
  root = process.cwd();

  onInit(vitest) {
    this.root = vitest.config.root;
  }

  onTestRunStart() {
    this.runStart = Date.now();
  }

  onTestModuleQueued(testModule) {
    this.times.set(testModule.moduleId, { queued: Date.now() });
  }

  onTestModuleEnd(testModule) {
    const times = this.times.get(testModule.moduleId) ?? {};
    this.times.set(testModule.moduleId, { ...times, ended: Date.now() });
  }

  onTestRunEnd(testModules) {
    const files = testModules.flatMap((testModule) => {
      const { queued, ended } = this.times.get(testModule.moduleId) ?? {};
      if (queued === undefined || ended === undefined) return [];
      const { setupDuration, collectDuration, duration } = testModule.diagnostic();
      const { config } = testModule.project;
      return [
        {
          project: testModule.project.name,
          group: config.sequence.groupOrder ?? 0,
          maxWorkers: config.maxWorkers,
          file: relative(this.root, testModule.moduleId),
          queued,
          ended,
          setup: setupDuration,
          import: collectDuration,
          tests: duration,
          ok: testModule.ok(),
        },
      ];
    });
    const timeline = { processStart: this.processStart, runStart: this.runStart, runEnd: Date.now(), files };
    mkdirSync('test-artifacts', { recursive: true });
    writeFileSync(TIMELINE, `${JSON.stringify(timeline, null, 1)}\n`);
    process.stdout.write(`\n${summarize(timeline)}\n(${TIMELINE}; node scripts/test-timeline.mjs prints it again)\n`);
  }
}
