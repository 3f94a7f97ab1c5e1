/**
 * Published sites in KV, namespaced by website id:
 *
 *   host:{hostname}            → website id
 *   site:{id}:version          → the published content version (a number)
 *   site:{id}:content:{n}      → the whole published site of version n, as JSON
 *
 * Publishing writes the new version's content first and bumps the version last, so a reader
 * sees either the old site or the new one, never a mix. Each isolate keeps the site it last read
 * per website, keyed by version: a request costs one small KV read when nothing changed.
 */
import { DEMO_SITE_ID, demoSite } from './demo';
import { fingerprint } from './fingerprint';
import { parseSite, type Site } from './schema';
import { DEFAULT_THEME } from './theme';

export interface LoadedSite {
  site: Site;
  version: number;
}

const versionKey = (id: string) => `site:${id}:version`;
const contentKey = (id: string, version: number) => `site:${id}:content:${version}`;
const hostKey = (host: string) => `host:${host.toLowerCase()}`;

/** Validates and publishes a site; returns the new version, or the validation error. */
export async function publishSite(kv: KVNamespace, input: unknown): Promise<{ version: number } | { error: string }> {
  const parsed = parseSite(input);
  if ('error' in parsed) return parsed;
  const id = parsed.site.website.id;
  const version = (await readVersion(kv, id)) + 1;
  await kv.put(contentKey(id, version), JSON.stringify(parsed.site));
  await kv.put(versionKey(id), String(version));
  return { version };
}

export async function mapHost(kv: KVNamespace, host: string, websiteId: string): Promise<void> {
  await kv.put(hostKey(host), websiteId);
}

async function readVersion(kv: KVNamespace, id: string): Promise<number> {
  const raw = await kv.get(versionKey(id));
  const version = raw === null ? 0 : Number(raw);
  return Number.isInteger(version) && version > 0 ? version : 0;
}

const isolateCache = new Map<string, LoadedSite>();

/** A website's published site at its current version (as published: the demo keeps its seeded theme). */
export async function loadPublished(kv: KVNamespace, id: string): Promise<LoadedSite | null> {
  const version = await readVersion(kv, id);
  if (version === 0) return null;
  const cached = isolateCache.get(id);
  if (cached !== undefined && cached.version === version) return cached;
  const site = await kv.get<Site>(contentKey(id, version), 'json');
  if (site === null) return null;
  const loaded = { site, version };
  isolateCache.set(id, loaded);
  return loaded;
}

let demoSeeding: Promise<unknown> | null = null;
let demoSeeded = false;
const DEMO_SEED_KEY = `site:${DEMO_SITE_ID}:seed`;

/**
 * Publishes the demo store when it is missing or this build's demo data differs from what was
 * seeded (so `npm start` shows edits to src/site/demo.ts); concurrent first requests share one publish.
 */
async function ensureDemo(kv: KVNamespace): Promise<void> {
  if (demoSeeded) return;
  const seed = fingerprint(JSON.stringify(demoSite()));
  if ((await readVersion(kv, DEMO_SITE_ID)) === 0 || (await kv.get(DEMO_SEED_KEY)) !== seed) {
    demoSeeding ??= publishSite(kv, demoSite())
      .then(() => kv.put(DEMO_SEED_KEY, seed))
      .finally(() => {
        demoSeeding = null;
      });
    await demoSeeding;
  }
  demoSeeded = true;
}

/** Host name → website id (null: not mapped), remembered briefly per isolate. */
const hostCache = new Map<string, { id: string | null; until: number }>();
/** How long an isolate trusts a host mapping; a new or changed mapping shows within this time. */
export const HOST_CACHE_MS = 30_000;

async function websiteIdForHost(kv: KVNamespace, host: string): Promise<string | null> {
  const now = Date.now();
  const cached = hostCache.get(host);
  if (cached !== undefined && cached.until > now) return cached.id;
  const id = await kv.get(hostKey(host));
  if (hostCache.size > 10_000) hostCache.clear();
  hostCache.set(host, { id, until: now + HOST_CACHE_MS });
  return id;
}

/** The demo site with this build's theme, one object per content version (so caches keyed on it hold). */
let demoWithBuildTheme: LoadedSite | null = null;

function withBuildTheme(loaded: LoadedSite): LoadedSite {
  if (demoWithBuildTheme === null || demoWithBuildTheme.version !== loaded.version || demoWithBuildTheme.site.website !== loaded.site.website) {
    demoWithBuildTheme = { version: loaded.version, site: { ...loaded.site, theme: { ...DEFAULT_THEME } } };
  }
  return demoWithBuildTheme;
}

/**
 * The site a request is for. Known hosts map to their website; in development every other host
 * (localhost included) gets the demo store, seeded on first use, and it uses the theme files of
 * this build so that an edited template shows on the next page load.
 */
export async function loadSiteForHost(kv: KVNamespace, host: string, development: boolean): Promise<LoadedSite | null> {
  const mapped = await websiteIdForHost(kv, host.split(':')[0] ?? host);
  if (mapped !== null) return loadPublished(kv, mapped);
  if (!development) return null;
  await ensureDemo(kv);
  const loaded = await loadPublished(kv, DEMO_SITE_ID);
  return loaded === null ? null : withBuildTheme(loaded);
}
