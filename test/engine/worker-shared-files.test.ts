/**
 * The rules of the worker-shared project (test/worker/shared-files.ts) that a reader can see in a file's source: its
 * files share one workerd each, so none may reach the demo store at localhost, inject a fault or mock a module, and no
 * two may name the same host or send from the same addresses. What a file does at run time (a host it builds from
 * parts, module state it leaves behind) only a run of the project shows.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { WORKER_SHARED_FILES } from '../worker/shared-files';

/** What a shared file may not contain, and why. */
const FORBIDDEN: readonly [RegExp, string][] = [
  [/new Visitor\(\)/, 'a visitor of the demo store at localhost'],
  [/(?<![.\w])signedIn\([^,()]*\)/, 'a merchant signed in to the demo store at localhost'],
  [/\/\/localhost\b/, 'a request to the demo store at localhost'],
  [/\bDEMO_SITE_ID\b/, 'the demo store itself'],
  [/\binjectFaults\(/, 'faults, which every test of the workerd would meet'],
  [/\bvi\.mock\(/, 'a mocked module, which every later file of the workerd would load'],
];

/**
 * The hosts a file names: `name.tld` strings on .test or .example, and `*.area.test` for each area of demoStoreOnHost,
 * demoStoreWithTeam and demoStoreOfFile.
 */
function hostsOf(source: string): Set<string> {
  const named = [...source.matchAll(/['"`](?:https?:\/\/)?([a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:test|example))\b/g)];
  const areas = [...source.matchAll(/demoStore(?:OnHost|WithTeam|OfFile)\(\s*'([a-z0-9-]+)'/g)];
  return new Set([...named.map((m) => m[1] ?? ''), ...areas.map((m) => `*.${m[1]}.test`)]);
}

/** The addresses a file sends from, as the literal part of each: '10.7.0.1', or '10.19.' for `10.19.${n}.${m}`. */
function addressesOf(source: string): Set<string> {
  const literal = /['"`](\d{1,3}\.\d{1,3}\.(?:\d{1,3}\.\d{1,3}\b|\d{1,3}\.(?=\$\{)|(?=\$\{)))/g;
  return new Set([...source.matchAll(literal)].map((m) => m[1] ?? ''));
}

/** Whether two hosts can be the same one (`*.area.test` stands for every host of that area). */
function sameHost(a: string, b: string): boolean {
  const covers = (pattern: string, host: string) => pattern.startsWith('*') && host.endsWith(pattern.slice(1));
  return a === b || covers(a, b) || covers(b, a);
}

/** Whether two addresses (or address prefixes ending in a dot) can be the same one. */
function sameAddress(a: string, b: string): boolean {
  return a === b || (a.endsWith('.') && b.startsWith(a)) || (b.endsWith('.') && a.startsWith(b));
}

/** Pairs of things two different files both name, as `file: thing / file: thing`. */
function clashes(
  of: (source: string) => Set<string>,
  same: (a: string, b: string) => boolean,
  sources: [string, string][],
): string[] {
  const named = sources.map(([file, source]) => [file, [...of(source)]] as const);
  return named.flatMap(([file, things], i) =>
    named
      .slice(i + 1)
      .flatMap(([other, theirs]) =>
        things.flatMap((a) => theirs.filter((b) => same(a, b)).map((b) => `${file}: ${a} / ${other}: ${b}`)),
      ),
  );
}

const sources = WORKER_SHARED_FILES.map((file) => [file, readFileSync(file, 'utf8')] as [string, string]);

describe('the worker-shared files', () => {
  it('are worker test files that exist', () => {
    for (const file of WORKER_SHARED_FILES) {
      expect(file).toMatch(/^test\/(worker|security)\/[a-z0-9-]+\.test\.ts$/);
      expect(existsSync(file), file).toBe(true);
    }
  });

  it('never reach the demo store, inject a fault or mock a module', () => {
    const found = sources.flatMap(([file, source]) =>
      FORBIDDEN.filter(([pattern]) => pattern.test(source)).map(([, what]) => `${file}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it('name hosts no other shared file names', () => {
    expect(clashes(hostsOf, sameHost, sources)).toEqual([]);
  });

  it('send from addresses no other shared file sends from', () => {
    expect(clashes(addressesOf, sameAddress, sources)).toEqual([]);
  });

  it('the checks find a clash: two files on one host, an area covering a host, an address inside a prefix', () => {
    const a = `storeOnHost('abandoned.test'); demoStoreOnHost('trackers', 'x'); headers: { 'cf-connecting-ip': \`10.9.\${n}.1\` }`;
    const b = `storeOnHost('abandoned.test'); new Visitor('http://tracking-off.trackers.test'); recordHit(o, w, '10.9.0.1')`;
    const files: [string, string][] = [
      ['a', a],
      ['b', b],
    ];
    expect(clashes(hostsOf, sameHost, files)).toEqual([
      'a: abandoned.test / b: abandoned.test',
      'a: *.trackers.test / b: tracking-off.trackers.test',
    ]);
    expect(clashes(addressesOf, sameAddress, files)).toEqual(['a: 10.9. / b: 10.9.0.1']);
  });
});
