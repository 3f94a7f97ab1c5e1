/**
 * How global setup hands the browser test files their stores. The stores start while the engine and worker projects
 * run (global setup does not wait for them: vitest runs every global setup before any test file), so what vitest's
 * `provide` carries is only where they will be written: a file written whole once they are up (their URLs and the
 * demo store's content as this build seeds it), or why they could not start. A browser test file waits for it as it
 * loads (test/e2e/store.ts).
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SiteJson } from '../../scripts/site/site-json';

export interface StartedStores {
  storeUrls: string[];
  demoSite: SiteJson;
}

/**
 * Longer than the stores' start can take: a fresh build of the worker (minutes on a loaded machine) and a start of
 * three minutes at most each (scripts/local-store.mjs), which ends in the stores or their error.
 */
const WAIT_MS = 15 * 60_000;

/** Writes the stores, or why they could not start, to `path` whole (a reader never sees half of it). */
export function handOver(path: string, outcome: StartedStores | { error: string }): void {
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

/** The stores once global setup has them up; throws its reason when they could not start. */
export async function handedOver(path: string): Promise<StartedStores> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const text = readIfThere(path);
    if (text !== undefined) {
      const outcome = JSON.parse(text) as StartedStores | { error: string };
      if ('error' in outcome) throw new Error(`The browser tests' stores could not start: ${outcome.error}`);
      return outcome;
    }
    if (Date.now() > deadline)
      throw new Error(`The browser tests' stores were not up within ${WAIT_MS / 60_000} minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
