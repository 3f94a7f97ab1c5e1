/**
 * Publishing a version: the KV pointer edge reads start from, the CDN purges (now, and again once
 * the pointer has spread), and the alarm that publishes scheduled items and pages and sends the second purge.
 */
import { purgeCdn } from '../../integrations/cdn-purge';
import { nextScheduledPage } from '../../site/editor/content-status';
import type { Site } from '../../site/model/schema';
import { cdnTags, MAX_CHANGE_TAGS, pageCacheTag } from '../../site/published/page-tags';
import { noteVersion, versionKey } from '../../site/published/store';
import { nextScheduled } from './item-reads';
import { readMeta, shellJson, writeMeta } from './rows';
import { changes, commit, type ContentContext } from './context';

/** How long KV takes at most to show a new version pointer everywhere. */
const KV_POINTER_SPREAD_MS = 60_000;
/** Meta keys of the alarm's two jobs: the next scheduled publish ('' for none) and the second CDN purge. */
const NEXT_PUBLISH_AT = 'nextPublishAt';
const PURGE_AGAIN_AT = 'cdnPurgeAgainAt';
/** The page tags the second CDN purge drops (JSON; null: the whole site). */
const PURGE_AGAIN_TAGS = 'cdnPurgeAgainTags';

/**
 * The alarm serves two things, whichever is due first. A scheduled item or page appears when the
 * clock passes its publish date, with no edit to bump the version that pages are cached under: the
 * alarm bumps it then, so every cached page of the old version (which left the item out) is passed
 * over from that moment. And a CDN purge is sent again once KV's pointer has reached every location.
 */
export async function scheduleAlarm(self: ContentContext): Promise<void> {
  const now = Date.now();
  const shell = shellJson(self.sql);
  const items = nextScheduled(self.sql, now);
  const pages = shell === null ? null : nextScheduledPage((JSON.parse(shell) as Site).collections, now);
  const publishAt = items === null ? pages : pages === null ? items : Math.min(items, pages);
  writeMeta(self.sql, NEXT_PUBLISH_AT, publishAt === null ? '' : String(publishAt));
  const purgeAt = Number(readMeta(self.sql, PURGE_AGAIN_AT) ?? Infinity);
  const next = Math.min(publishAt ?? Infinity, purgeAt);
  if (next === Infinity) await self.ctx.storage.deleteAlarm();
  else await self.ctx.storage.setAlarm(next);
}

export async function runAlarm(self: ContentContext): Promise<void> {
  await self.queue.run(async () => {
    const websiteId = readMeta(self.sql, 'websiteId');
    if (websiteId === null) return;
    const now = Date.now();
    const publishAt = readMeta(self.sql, NEXT_PUBLISH_AT);
    const purgeDue = Number(readMeta(self.sql, PURGE_AGAIN_AT) ?? Infinity) <= now;
    // An alarm set before the purge existed was a publish's.
    const publishDue = publishAt === null ? !purgeDue : publishAt !== '' && Number(publishAt) <= now;
    if (publishDue)
      await publishVersion(
        self,
        websiteId,
        commit(self, () => undefined),
      );
    else if (purgeDue) {
      const tags = pendingPurge(self);
      self.sql.exec('DELETE FROM meta WHERE key IN (?, ?)', PURGE_AGAIN_AT, PURGE_AGAIN_TAGS);
      purgePages(self, websiteId, tags);
    }
    await scheduleAlarm(self);
  });
}

/** Purges pages with these tags (null: all the website's) from the CDN (src/integrations/cdn-purge.ts) after this call has answered. */
function purgePages(self: ContentContext, websiteId: string, tags: readonly string[] | null): void {
  self.ctx.waitUntil(purgeCdn(self.env, tags === null ? [pageCacheTag(websiteId)] : cdnTags(websiteId, tags).slice(1)));
}

/**
 * Points KV at `version` and purges the website's pages from the CDN (src/integrations/cdn-purge.ts):
 * now, and again once every location reads the new pointer (a location still reading the old one
 * may meanwhile have given the CDN a page of the old version). Callers then set the alarm.
 */
export async function publishVersion(self: ContentContext, websiteId: string, version: number): Promise<void> {
  const tags = changes(self).find((change) => change.version === version)?.tags ?? null;
  await self.env.SITE_CONTENT.put(versionKey(websiteId), String(version));
  // Where this object shares an isolate with the worker (local development, tests), pages see it at once.
  noteVersion(websiteId, version);
  purgePages(self, websiteId, tags);
  // The second purge drops what every edit since the last one changed.
  const pending = readMeta(self.sql, PURGE_AGAIN_AT) === null ? [] : pendingPurge(self);
  const again = pending === null || tags === null ? null : [...new Set([...pending, ...tags])];
  writeMeta(
    self.sql,
    PURGE_AGAIN_TAGS,
    JSON.stringify(again !== null && again.length > MAX_CHANGE_TAGS ? null : again),
  );
  writeMeta(self.sql, PURGE_AGAIN_AT, String(Date.now() + KV_POINTER_SPREAD_MS));
}

function pendingPurge(self: ContentContext): string[] | null {
  return JSON.parse(readMeta(self.sql, PURGE_AGAIN_TAGS) ?? 'null') as string[] | null;
}
