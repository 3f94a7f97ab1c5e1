/**
 * How global setup hands the browser test files what it starts for them. The stores and Chromiums start while the
 * engine and worker projects run (global setup does not wait for them: vitest runs every global setup before any test
 * file), so what vitest's `provide` carries is only where they will be written: a file written whole once they are up
 * (the stores' URLs, the Chromiums' endpoints, the demo store's content as this build seeds it), or why they could
 * not start. A browser test file waits for it as it loads (test/e2e/store.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SiteJson } from '../../scripts/site/site-json';

export interface Started {
  storeUrls: string[];
  chromiumEndpoints: string[];
  demoSite: SiteJson;
}

/**
 * Longer than the start can take: a fresh build of the worker (minutes on a loaded machine) and a store start of
 * three minutes at most each (scripts/local-store.mjs), which ends in the stores or their error.
 */
const WAIT_MS = 15 * 60_000;

/** Writes what started, or why it could not start, to `path` whole (a reader never sees half of it). */
export function handOver(path: string, outcome: Started | { error: string }): void {
  writeFileSync(`${path}.${process.pid}`, JSON.stringify(outcome));
  renameSync(`${path}.${process.pid}`, path);
}

function readIfThere(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** What global setup started, once it is up; throws its reason when it could not start. */
export async function handedOver(path: string): Promise<Started> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const text = readIfThere(path);
    if (text !== undefined) {
      const outcome = JSON.parse(text) as Started | { error: string };
      if ('error' in outcome)
        throw new Error(`The browser tests' stores or Chromiums could not start: ${outcome.error}`);
      return outcome;
    }
    if (Date.now() > deadline)
      throw new Error(`The browser tests' stores and Chromiums were not up within ${WAIT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
