/**
 * The demo store again at another host, changed before it is imported: exported and imported through
 * the site admin calls (docs/contracts.md "Site admin"), as `npm run site` would. Chromium takes any
 * `*.localhost` host to this machine, so the copy is reached at the store's port under its new host.
 */
import { expect } from 'vitest';
import { storeUrl } from './store';

/** A site as the site admin exports it (without its items), loosely typed: tests change a part of it. */
export interface ExportedSite {
  website: Record<string, unknown>;
  forms?: Record<string, unknown>[];
  [part: string]: unknown;
}

/** Imports the demo store, as `change` leaves it, at `host` (…localhost) under website id `id`; answers its URL. */
export async function importDemoAs(host: string, id: string, change: (site: ExportedSite) => void): Promise<string> {
  const admin = `${storeUrl}/api/site-admin`;
  const call = async (path: string, method = 'GET', body?: unknown) => {
    const response = await fetch(`${admin}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (await response.json()) as Record<string, unknown>;
  };
  const { site, version } = (await call('/site')) as { site: ExportedSite; version: number };
  const items: unknown[] = [];
  for (let after: number | null = 0; after !== null; ) {
    const page = (await call(`/site/items?version=${version}&after=${after}`)) as {
      items: unknown[];
      next: number | null;
    };
    items.push(...page.items);
    after = page.next;
  }
  site.website = { ...site.website, id };
  change(site);
  const { importId } = (await call('/imports', 'POST', { mode: 'import', host, site })) as { importId: string };
  await call(`/imports/${importId}/parts/0`, 'PUT', { first: 0, items });
  await call(`/imports/${importId}/commit`, 'POST', { parts: 1, itemCount: items.length });
  return storeUrl.replace('127.0.0.1', host);
}
