/**
 * Content status of a post or a page (engine spec §3: the labels Scheduled, Needs Review,
 * Draft, Private). Only published items, and scheduled ones from their publish date (`addedOn`),
 * are shown to shoppers: listed, searched, in the sitemap and reachable by URL. The others exist
 * only in the console.
 */
export const CONTENT_STATUSES = ['published', 'scheduled', 'needsReview', 'draft', 'private'] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The console's labels; a published item has none. */
export const CONTENT_STATUS_LABELS: Readonly<Record<ContentStatus, string>> = {
  published: 'Published',
  scheduled: 'Scheduled',
  needsReview: 'Needs Review',
  draft: 'Draft',
  private: 'Private',
};

/**
 * From when shoppers see the item (epoch ms): 0 for published, the publish date for scheduled,
 * null for never. Items written before statuses existed have none and count as published.
 */
export function visibleFrom(item: { status?: ContentStatus | undefined; addedOn?: number | undefined }): number | null {
  switch (item.status ?? 'published') {
    case 'published':
      return 0;
    case 'scheduled':
      return item.addedOn ?? 0;
    default:
      return null;
  }
}

/** Whether shoppers see the item or page at `now`. */
export function shownAt(
  item: { status?: ContentStatus | undefined; addedOn?: number | undefined },
  now: number,
): boolean {
  const from = visibleFrom(item);
  return from !== null && from <= now;
}

/** The next publish date after `now` among scheduled pages (the shell's collections), or null. */
export function nextScheduledPage(
  collections: readonly { status?: ContentStatus | undefined; addedOn?: number | undefined }[],
  now: number,
): number | null {
  let next: number | null = null;
  for (const collection of collections) {
    const from = visibleFrom(collection);
    if (from !== null && from > now && (next === null || from < next)) next = from;
  }
  return next;
}
