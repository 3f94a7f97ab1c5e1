/**
 * Where a command's CPU goes, by process group: `node scripts/cpu-by-process.mjs [--every MS] -- COMMAND ARGS…`
 * runs COMMAND and samples /proc/<pid>/stat of it and every process it starts (a process once seen is kept, even
 * when it is re-parented), then prints the wall time, the CPU seconds (user + system) of each group, and how busy
 * the machine's cores were meanwhile (/proc/stat, everything on the machine, not only the command).
 *
 * Groups, by each process's command line: Chromium's browser, renderer, GPU, network service, storage and other
 * utility processes, zygotes; workerd; wrangler (its Node process) and esbuild; vitest (its main process and its
 * forks, the test files' Node processes); anything else by its name. A process that ends between two samples loses
 * at most one interval of CPU (100 ms unless --every says). Linux only. Written for issue 30 (docs/testing.md,
 * "Where the browser project's CPU goes").
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const argv = process.argv.slice(2);
let every = 100;
if (argv[0] === '--every') {
  every = Number(argv[1]);
  argv.splice(0, 2);
}
if (argv[0] === '--') argv.shift();
if (argv.length === 0) {
  console.error('usage: node scripts/cpu-by-process.mjs [--every MS] -- COMMAND ARGS…');
  process.exit(2);
}

const TICKS = 100; // USER_HZ on Linux

/** pid -> { ppid, ticks, group } for every process of the command seen so far. */
const seen = new Map();

function readStat(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // after comm: state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

function groupOf(pid) {
  let cmd;
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return 'gone';
  }
  if (/chrom(e|ium)/.test(cmd) && !cmd.includes('node ')) {
    const type = /--type=([\w-]+)/.exec(cmd)?.[1];
    if (type === undefined) return 'chromium browser';
    if (type === 'renderer') return 'chromium renderer';
    if (type === 'gpu-process') return 'chromium gpu';
    if (type === 'zygote') return 'chromium zygote';
    if (type === 'utility') {
      if (cmd.includes('network.mojom.NetworkService')) return 'chromium network';
      if (cmd.includes('storage.mojom.StorageService')) return 'chromium storage';
      return 'chromium utility (other)';
    }
    return `chromium ${type}`;
  }
  if (cmd.includes('workerd')) return 'workerd';
  if (cmd.includes('esbuild')) return 'esbuild';
  if (cmd.includes('wrangler')) return 'wrangler (node)';
  // The main process also runs global setup: the Playwright server that drives each worker's Chromium.
  if (cmd.includes('vitest/dist/workers') || cmd.includes('forks.js')) return 'vitest fork (test files)';
  if (cmd.includes('vitest')) return 'vitest main (+ Playwright server)';
  if (/^(\S*\/)?(node|npm|npx)\b/.test(cmd)) return `node: ${cmd.slice(0, 60)}`;
  return cmd.split(' ')[0].split('/').pop() || 'unknown';
}

function machineTicks() {
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
  const idle = cpu[3] + cpu[4];
  const total = cpu.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function sample(root) {
  const stats = new Map();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const stat = readStat(pid);
    if (stat !== null) stats.set(pid, stat);
  }
  // Add descendants of known processes until nothing new is found (children are usually later pids, not always).
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, stat] of stats) {
      if (seen.has(pid)) continue;
      if (pid === root || seen.has(stat.ppid)) {
        seen.set(pid, { ppid: stat.ppid, ticks: stat.ticks, group: groupOf(pid), young: 20 });
        grew = true;
      }
    }
  }
  for (const [pid, entry] of seen) {
    const stat = stats.get(pid);
    if (stat !== undefined && stat.ticks >= entry.ticks) {
      entry.ticks = stat.ticks;
      // A process that exec'd since (npx -> node, wrangler -> workerd) or renamed itself (a zygote's child becoming a
      // renderer) gets its group again in its first 20 samples.
      if (entry.young > 0) {
        entry.young -= 1;
        const group = groupOf(pid);
        if (group !== 'gone') entry.group = group;
      }
    }
  }
}

const started = Date.now();
const machineBefore = machineTicks();
const loadBefore = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
const child = spawn(argv[0], argv.slice(1), { stdio: 'inherit' });
/** How busy all the machine's cores were in each second: [busy share]. */
const seconds = [];
let lastSecond = { at: Date.now(), ...machineBefore };
const timer = setInterval(() => {
  sample(child.pid);
  if (Date.now() - lastSecond.at >= 1000) {
    const now = { at: Date.now(), ...machineTicks() };
    seconds.push((now.busy - lastSecond.busy) / (now.total - lastSecond.total || 1));
    lastSecond = now;
  }
}, every);
child.on('exit', (code) => {
  clearInterval(timer);
  sample(child.pid);
  const wall = (Date.now() - started) / 1000;
  const machineAfter = machineTicks();
  const loadAfter = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  const groups = new Map();
  for (const entry of seen.values()) {
    const group = groups.get(entry.group) ?? { seconds: 0, processes: 0 };
    group.seconds += entry.ticks / TICKS;
    group.processes += 1;
    groups.set(entry.group, group);
  }
  const total = [...groups.values()].reduce((sum, group) => sum + group.seconds, 0);
  const cores = machineAfter.total - machineBefore.total;
  const lines = [
    '',
    `cpu-by-process: ${argv.join(' ')}`,
    `wall ${wall.toFixed(1)} s, exit ${code}; load average ${loadBefore} before, ${loadAfter} after`,
    `the command's processes: ${total.toFixed(1)} CPU s (${(total / wall).toFixed(2)} cores on average)`,
    `the machine: ${((100 * (machineAfter.busy - machineBefore.busy)) / cores).toFixed(0)} % of all cores busy meanwhile`,
    `seconds with the cores at least 90 % busy: ${seconds.filter((share) => share >= 0.9).length} of ${seconds.length}; under 50 %: ${seconds.filter((share) => share < 0.5).length}`,
    '',
    'group                          CPU s   share  processes',
  ];
  for (const [name, group] of [...groups].sort((a, b) => b[1].seconds - a[1].seconds)) {
    if (group.seconds === 0) continue;
    lines.push(
      `${name.slice(0, 30).padEnd(30)} ${group.seconds.toFixed(1).padStart(6)}  ${((100 * group.seconds) / total).toFixed(1).padStart(5)} %  ${group.processes}`,
    );
  }
  console.log(lines.join('\n'));
  process.exit(code ?? 1);
});
