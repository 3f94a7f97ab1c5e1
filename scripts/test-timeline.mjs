/**
 * Where a vitest run's wall time went, from the timeline scripts/timeline-reporter.mjs wrote: vitest's start-up, the
 * global setups before the first file, each group of projects (sequence.groupOrder) with its workers' busy and idle
 * time and the tail after its last file was taken, the gaps between groups, and per project the time its files spent
 * on a worker outside their tests (setup files, imports, the environment). `node scripts/test-timeline.mjs [--files]
 * [--durations] [TIMELINE]` prints it for test-artifacts/timeline.json (or TIMELINE); --files lists each file's start
 * and end too; --durations writes each file's seconds on a worker to test/file-durations.json, the list the test
 * files are taken in order of, the longest first (test/longest-first.ts), keeping the files this run did not have
 * that still exist.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where scripts/timeline-reporter.mjs writes the last run's timeline. */
export const TIMELINE = 'test-artifacts/timeline.json';
/** Each test file's seconds on a worker in a whole run, by `project:path` (test/longest-first.ts reads it). */
export const FILE_DURATIONS = 'test/file-durations.json';

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

function sum(files, field) {
  return files.reduce((total, file) => total + field(file), 0);
}

/** A group's files: its span, its workers' idle time before and after its last file was taken, the last file. */
function groupLines(files, workers) {
  const start = Math.min(...files.map((file) => file.queued));
  const end = Math.max(...files.map((file) => file.ended));
  const lastTaken = Math.max(...files.map((file) => file.queued));
  const busy = sum(files, (file) => file.ended - file.queued);
  // After the last file was taken no worker gets another: each one idles from its file's end to the group's end.
  const tailIdle = sum(
    files.filter((file) => file.ended > lastTaken),
    (file) => end - file.ended,
  );
  const idle = (end - start) * workers - busy;
  const last = files.find((file) => file.ended === end);
  const firstFree = Math.min(...files.filter((file) => file.ended > lastTaken).map((file) => file.ended));
  return {
    start,
    end,
    lines: [
      `${seconds(end - start)} on ${workers} worker(s), ${files.length} files; busy ${seconds(busy)}, idle ${seconds(idle)}` +
        ` (${seconds(idle - tailIdle)} between files, ${seconds(tailIdle)} in the tail)`,
      `  tail: ${seconds(end - firstFree)} from the first worker left without a file to the end; the last file ${last.file} (${seconds(last.ended - last.queued)})`,
    ],
  };
}

function projectLine(name, files) {
  const onWorker = sum(files, (file) => file.ended - file.queued);
  const tests = sum(files, (file) => file.tests);
  const setup = sum(files, (file) => file.setup);
  const imports = sum(files, (file) => file.import);
  return (
    `  ${name}: ${files.length} files, ${seconds(onWorker)} on a worker = tests ${seconds(tests)} + setup ${seconds(setup)}` +
    ` + import ${seconds(imports)} + the rest ${seconds(onWorker - tests - setup - imports)}`
  );
}

/** The summary of `timeline` (the reporter's JSON), as lines of text. */
export function summarize({ processStart, runStart, runEnd, files }) {
  if (files.length === 0) return 'No test file ran.';
  const lines = [`Timeline: ${seconds(runEnd - processStart)} from vitest's start to the run's end`];
  lines.push(`  vitest's start-up (configuration, projects): ${seconds(runStart - processStart)}`);
  const firstTaken = Math.min(...files.map((file) => file.queued));
  lines.push(`  global setups and the pools' start, before the first file: ${seconds(firstTaken - runStart)}`);
  const groups = [...new Set(files.map((file) => file.group))].sort((a, b) => a - b);
  let previousEnd;
  for (const group of groups) {
    const inGroup = files.filter((file) => file.group === group);
    const projects = [...new Set(inGroup.map((file) => file.project))];
    const { start, end, lines: described } = groupLines(inGroup, Math.max(...inGroup.map((file) => file.maxWorkers)));
    if (previousEnd !== undefined) lines.push(`  between groups: ${seconds(start - previousEnd)}`);
    lines.push(`  group ${group} (${projects.join(', ')}): ${described[0]}`, `  ${described[1]}`);
    for (const project of projects)
      lines.push(
        projectLine(
          project,
          inGroup.filter((file) => file.project === project),
        ),
      );
    previousEnd = end;
  }
  lines.push(`  after the last file to the run's end: ${seconds(runEnd - previousEnd)}`);
  return lines.join('\n');
}

/** One line per file in the order taken: when (from the run's start) it was taken and ended, and its times. */
function fileLines({ runStart, files }) {
  return [...files]
    .sort((a, b) => a.queued - b.queued)
    .map(
      (file) =>
        `+${seconds(file.queued - runStart)} to +${seconds(file.ended - runStart)} ${file.project} ${file.file}` +
        ` (setup ${seconds(file.setup)}, import ${seconds(file.import)}, tests ${seconds(file.tests)})${file.ok ? '' : ' FAILED'}`,
    );
}

/** FILE_DURATIONS with this run's files' seconds on a worker, and the others' that still exist, by key. */
function writeDurations({ files }) {
  const kept = existsSync(FILE_DURATIONS) ? JSON.parse(readFileSync(FILE_DURATIONS, 'utf8')) : {};
  const durations = Object.fromEntries(
    Object.entries(kept).filter(([key]) => existsSync(key.slice(key.indexOf(':') + 1))),
  );
  for (const file of files)
    durations[`${file.project}:${file.file}`] = Math.round((file.ended - file.queued) / 100) / 10;
  const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => (a < b ? -1 : 1)));
  writeFileSync(FILE_DURATIONS, `${JSON.stringify(sorted, null, 1)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const path = args.find((arg) => !arg.startsWith('--')) ?? TIMELINE;
  const timeline = JSON.parse(readFileSync(path, 'utf8'));
  if (args.includes('--files')) process.stdout.write(`${fileLines(timeline).join('\n')}\n\n`);
  process.stdout.write(`${summarize(timeline)}\n`);
  if (args.includes('--durations')) writeDurations(timeline);
}
