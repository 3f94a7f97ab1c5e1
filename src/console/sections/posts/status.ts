/** A post's or page's status as the console labels it: a scheduled one past its publish date is published (shoppers see it, src/site/editor/content-status.ts). */
import { CONTENT_STATUS_LABELS, type ContentStatus } from '../../../site/editor/content-status';
import type { StatusTone } from '../../ui';
import type { PageSummary } from '../../../api';

const TONES: Record<ContentStatus, StatusTone> = {
  published: 'success',
  scheduled: 'info',
  needsReview: 'warning',
  draft: 'neutral',
  private: 'critical',
};

export function statusLabel(
  status: ContentStatus,
  publishOn: number,
  now = Date.now(),
): { text: string; tone: StatusTone } {
  const shown: ContentStatus = status === 'scheduled' && publishOn <= now ? 'published' : status;
  return { text: CONTENT_STATUS_LABELS[shown], tone: TONES[shown] };
}

/** A blog (or page) as the console's lists name it. */
export type Blog = Pick<PageSummary, 'id' | 'title' | 'typeName' | 'fullUrl'>;

/** `datetime-local` text for epoch ms, in the browser's time zone. */
export function localDateTime(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
