/**
 * The browser tests' stores and Chromiums are handed to their files through a file (test/e2e/setup-hand-off.ts):
 * global setup returns before they are up, so a file loading early waits for them, and one that could not start fails
 * every browser file with its reason rather than a missing value.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { SiteJson } from '../../scripts/site/site-json';
import { handedOver, handOver } from '../e2e/setup-hand-off';

let folder: string | undefined;
afterEach(() => {
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  folder = undefined;
});

function handOffPath(): string {
  folder = mkdtempSync(join(tmpdir(), 'setup-hand-off-'));
  return join(folder, 'stores.json');
}

const STORES = {
  storeUrls: ['http://127.0.0.1:1', 'http://127.0.0.1:2'],
  chromiumEndpoints: ['ws://127.0.0.1:3/a', 'ws://127.0.0.1:4/b'],
  demoSite: { website: {}, collections: [], items: [], theme: {} } satisfies SiteJson,
};

it('waits for what is handed over after the file began waiting', async () => {
  const path = handOffPath();
  let waited = false;
  const waiting = handedOver(path).then((stores) => {
    waited = true;
    return stores;
  });
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(waited).toBe(false);
  handOver(path, STORES);
  await expect(waiting).resolves.toEqual(STORES);
});

it("fails with the start's reason when a store could not start", async () => {
  const path = handOffPath();
  handOver(path, { error: 'Error: the store could not start: the runtime exited with 1' });
  await expect(handedOver(path)).rejects.toThrow(
    "The browser tests' stores or Chromiums could not start: Error: the store could not start: the runtime exited with 1",
  );
});
