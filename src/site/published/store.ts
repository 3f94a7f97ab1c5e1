/**
 * Published sites: each website's content lives in its SiteContent Durable Object (SQLite: the
 * shell in parts, one row per item; src/durable/site-content.ts). KV keeps what edge reads start
 * from:
 *
 *   host:{hostname}      → website id
 *   site:{id}:version    → the content version, written by the object after each commit
 *
 * Each isolate keeps the shell (the site without its items) it last read per website, keyed by
 * version, and trusts the version it read for SITE_VERSION_TTL_MS: most requests read nothing. Items are read a page at a
 * time through src/site/published/catalog.ts.
 *
 * Whole sites move in and out with `importSite` (validated first, all or nothing) and `exportSite`
 * (the site in the shape `importSite` takes); `publishSite` imports a site under its own id.
 */
import type { ContentObject, ContentObjects } from './catalog';
import { DEMO_SITE_ID, demoSite } from '../seed/demo';
import { putDemoFiles } from '../seed/demo-files';
import { fingerprint } from '../../fingerprint';
import type { ContentChange } from './page-tags';
import { parseShell, parseSite, type Item, type Site, type SiteInput, type WholeSite } from '../model/schema';
import { DEFAULT_THEME } from '../theme/theme';

export interface LoadedSite {
  site: Site;
  version: number;
  /** The last edits up to `version` with the page tags each changed: which kept pages are still current (src/site/published/page-tags.ts). */
  changes: readonly ContentChange[];
}

export const versionKey = (id: string) => `site:${id}:version`;
const hostKey = (host: string) => `host:${host.toLowerCase()}`;

/** Items per call when an import or an export moves them (well under the RPC message limit). */
const ITEM_BATCH = 500;

/**
 * Replaces a website's whole content with `input` (its `website.id` becomes `websiteId`): the
 * shell is validated first, the object validates each batch of items as it stages them, and swaps them in at
 * once at the commit, so readers see the old site or the new one. Returns the new content
 * version, or the first validation error (nothing published).
 */
export async function importSite(
  content: ContentObject,
  websiteId: string,
  input: SiteInput,
): Promise<{ version: number } | { error: string }> {
  if (typeof input !== 'object' || input === null || !Array.isArray(input.items)) {
    const parsed = parseSite(input);
    return 'error' in parsed ? parsed : { error: 'Invalid site content: items: required' };
  }
  const { items, ...shellInput } = input;
  // The shell is checked here too: a malformed one (say, nested thousands deep) never crosses the RPC boundary.
  const shell = parseShell({ ...shellInput, website: { ...shellInput.website, id: websiteId } });
  if ('error' in shell) return shell;
  const begun = await content.beginImport(shell.site);
  if (!begun.ok) return { error: begun.message };
  const { importId } = begun.value;
  for (let first = 0; first < items.length; first += ITEM_BATCH) {
    const staged = await content.stageItems(importId, first, items.slice(first, first + ITEM_BATCH));
    if (!staged.ok) return { error: staged.message };
  }
  const committed = await content.commitImport(websiteId, importId);
  if (!committed.ok) return { error: committed.message };
  noteVersion(websiteId, committed.value.version);
  return committed.value;
}

/** Validates and publishes a site under its own id; returns the new version, or the validation error. */
export async function publishSite(
  contentOf: ContentObjects,
  input: unknown,
): Promise<{ version: number } | { error: string }> {
  const id = (input as { website?: { id?: unknown } } | null)?.website?.id;
  if (typeof id !== 'string') {
    const parsed = parseSite(input);
    return 'error' in parsed ? parsed : { error: 'Invalid site content: website.id: required' };
  }
  return importSite(contentOf(id), id, input as SiteInput);
}

/** A website's whole content (its `content` object's) at one version, as `importSite` takes it; null without one. */
export async function exportSite(content: ContentObject): Promise<WholeSite | null> {
  for (;;) {
    const shell = await content.shell();
    if (shell.value === null) return null;
    const items: Item[] = [];
    let after = 0;
    let moved = false;
    for (;;) {
      const page = await content.exportItems(after, ITEM_BATCH);
      if (page.version !== shell.version) {
        moved = true;
        break;
      }
      for (const json of page.value.items) items.push(JSON.parse(json) as Item);
      if (page.value.lastSeq === null) break;
      after = page.value.lastSeq;
    }
    if (!moved) return { ...(JSON.parse(shell.value) as Site), items };
  }
}

export async function mapHost(kv: KVNamespace, host: string, websiteId: string): Promise<void> {
  await kv.put(hostKey(host), websiteId);
}

async function readVersion(kv: KVNamespace, id: string): Promise<number> {
  const raw = await kv.get(versionKey(id));
  const version = raw === null ? 0 : Number(raw);
  return Number.isInteger(version) && version > 0 ? version : 0;
}

/**
 * How long an isolate trusts the content version it last read from KV, from when it asked. A publish made
 * through this isolate (or by a content object running in it) is seen at once; one made elsewhere within this
 * time after the KV pointer reaches this location.
 */
export const SITE_VERSION_TTL_MS = 2_000;

/** Website id → the version last read or published here, until when it is trusted, and when the read ahead in flight began (0: none). */
const versions = new Map<string, { version: number; until: number; refreshing: number }>();

/** The website's version as this isolate trusts it now, or undefined when it must read KV again. */
export function trustedVersion(id: string): number | undefined {
  const known = versions.get(id);
  return known !== undefined && known.until > Date.now() ? known.version : undefined;
}

/**
 * The pointer read `askedAt` said `version`: trusted until SITE_VERSION_TTL_MS after that. One that lags behind a
 * version published here keeps that newer one, trusted as long (the content object alone writes the pointer, so
 * nothing newer had reached it).
 */
function trustRead(id: string, version: number, askedAt: number): void {
  const known = versions.get(id);
  const until = askedAt + SITE_VERSION_TTL_MS;
  if (known === undefined || version > known.version) setTrusted(id, version, until);
  else known.until = Math.max(known.until, until);
}

function setTrusted(id: string, version: number, until: number): void {
  if (versions.size > 10_000) versions.clear();
  versions.set(id, { version, until, refreshing: 0 });
}

/** A version this isolate just published or learned of: trusted from now on (never an older one). */
export function noteVersion(id: string, version: number): void {
  const known = versions.get(id);
  if (known !== undefined && known.version > version) return;
  setTrusted(id, version, Date.now() + SITE_VERSION_TTL_MS);
}

/**
 * The trusted version, as `trustedVersion`; past half its trust the pointer is read again in `waitUntil`, one
 * read at a time per website and isolate, so a website asked for often stays trusted and no request waits for
 * that read (nor does each request in flight when the trust would end read it on its own). The new answer is
 * trusted from when it was asked; a read that fails or never answers extends nothing, so the version still
 * ends on time and the next request reads the pointer itself.
 */
export function trustedVersionAhead(
  id: string,
  kv: KVNamespace,
  ctx: { waitUntil(work: Promise<unknown>): void },
): number | undefined {
  const known = versions.get(id);
  const now = Date.now();
  if (known === undefined || known.until <= now) return undefined;
  const due = known.until - now < SITE_VERSION_TTL_MS / 2;
  if (due && now - known.refreshing >= SITE_VERSION_TTL_MS) {
    known.refreshing = now;
    ctx.waitUntil(
      readVersion(kv, id).then(
        (version) => {
          if (version > 0) trustRead(id, version, now);
          if (known.refreshing === now) known.refreshing = 0;
        },
        () => {
          if (known.refreshing === now) known.refreshing = 0;
        },
      ),
    );
  }
  return known.version;
}

async function currentVersion(kv: KVNamespace, id: string): Promise<number> {
  const trusted = trustedVersion(id);
  if (trusted !== undefined) return trusted;
  const askedAt = Date.now();
  const version = await readVersion(kv, id);
  // No site yet is not remembered: a store published a moment later shows on the next request.
  if (version > 0) trustRead(id, version, askedAt);
  return trustedVersion(id) ?? version;
}

const isolateCache = new Map<string, LoadedSite>();

/** The shell as the content object has it now (past the KV pointer when that lags), kept for the isolate. */
async function loadFromObject(content: ContentObject, id: string): Promise<LoadedSite | null> {
  const { version, value, changes } = await content.shell();
  if (value === null) return null;
  const loaded = { site: JSON.parse(value) as Site, version, changes };
  if (isolateCache.size > 1_000) isolateCache.clear();
  isolateCache.set(id, loaded);
  noteVersion(id, version);
  return loaded;
}

/**
 * A site published by an earlier build as one JSON value in KV (`site:{id}:content:{n}`), moved
 * into its content object on first read: null when there is none.
 */
async function moveFromKv(env: Env, content: ContentObject, id: string, version: number): Promise<LoadedSite | null> {
  const legacy = await env.SITE_CONTENT.get<SiteInput>(`site:${id}:content:${version}`, 'json');
  if (legacy === null || 'error' in (await importSite(content, id, legacy))) return null;
  return loadFromObject(content, id);
}

/** A website's published site (without items) at its current version. */
async function loadPublished(env: Env, content: ContentObject, id: string): Promise<LoadedSite | null> {
  const version = await currentVersion(env.SITE_CONTENT, id);
  if (version === 0) return null;
  const cached = isolateCache.get(id);
  if (cached !== undefined && cached.version >= version) return cached;
  return (await loadFromObject(content, id)) ?? moveFromKv(env, content, id, version);
}

let demoSeeding: Promise<unknown> | null = null;
let demoSeeded = false;
/** Named apart from the KV-only builds' `:seed` key, so a local store they seeded is seeded again into its object. */
const DEMO_SEED_KEY = `site:${DEMO_SITE_ID}:seeded`;
/** The seed key's value once `npm run site -- import` replaced the development store: never seeded over. */
const IMPORTED = 'imported';
/** Whether the development store is an imported one (served with its own theme, not this build's). */
let demoImported = false;

/** Marks the development store as imported (src/site/transfer/transfer.ts): it keeps its content and theme until the next import. */
export async function markDevelopmentStoreImported(kv: KVNamespace): Promise<void> {
  await kv.put(DEMO_SEED_KEY, IMPORTED);
  demoImported = true;
  demoSeeded = true;
}

/**
 * Publishes the demo store when it is missing or this build's demo data differs from what was
 * seeded (so `npm start` shows edits to src/site/seed/demo.ts); concurrent first requests share one publish.
 */
async function ensureDemo(env: Env, content: ContentObject): Promise<void> {
  if (demoSeeded) return;
  const kv = env.SITE_CONTENT;
  const seed = fingerprint(JSON.stringify(demoSite()));
  const seeded = await kv.get(DEMO_SEED_KEY);
  demoImported = seeded === IMPORTED;
  if ((await readVersion(kv, DEMO_SITE_ID)) === 0 || (seeded !== seed && !demoImported)) {
    demoSeeding ??= importSite(content, DEMO_SITE_ID, demoSite())
      .then(() => putDemoFiles(env.FILES, DEMO_SITE_ID))
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
  if (
    demoWithBuildTheme === null ||
    demoWithBuildTheme.version !== loaded.version ||
    demoWithBuildTheme.site.website !== loaded.site.website
  ) {
    demoWithBuildTheme = { ...loaded, site: { ...loaded.site, theme: { ...DEFAULT_THEME } } };
  }
  return demoWithBuildTheme;
}

/** In development the demo store renders with this build's theme files (an imported one with its own). */
function asServed(loaded: LoadedSite | null, development: boolean): LoadedSite | null {
  return loaded !== null && development && loaded.site.website.id === DEMO_SITE_ID && !demoImported
    ? withBuildTheme(loaded)
    : loaded;
}

/**
 * The site a request is for. Known hosts map to their website; in development every other host
 * (localhost included) gets the demo store, seeded on first use, and it uses the theme files of
 * this build so that an edited template shows on the next page load.
 */
export async function loadSiteForHost(
  env: Env,
  contentOf: ContentObjects,
  host: string,
  development: boolean,
): Promise<LoadedSite | null> {
  const mapped = await websiteIdForHost(env.SITE_CONTENT, host.split(':')[0] ?? host);
  if (mapped !== null) return loadPublished(env, contentOf(mapped), mapped);
  if (!development) return null;
  const demo = contentOf(DEMO_SITE_ID);
  await ensureDemo(env, demo);
  return asServed(await loadPublished(env, demo, DEMO_SITE_ID), development);
}

/** The website's site as its `content` object has it now: after a read found the content had moved on. */
export async function reloadSite(
  content: ContentObject,
  websiteId: string,
  development: boolean,
): Promise<LoadedSite | null> {
  return asServed(await loadFromObject(content, websiteId), development);
}
