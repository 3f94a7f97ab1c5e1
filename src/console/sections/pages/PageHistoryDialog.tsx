/**
 * A page's version history (ui/VersionHistoryDialog.tsx, the product editor's too), one version shown
 * as it was: title, status and the start of its text.
 */
import type { SavedVersion } from '../../../api';
import { CONTENT_STATUS_LABELS, type ContentStatus } from '../../../site/editor/content-status';
import { VersionHistoryDialog } from '../../ui/VersionHistoryDialog';

/** The text of a version's rich-text body, as a reader sees it. */
function plainText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent?.trim() ?? '';
}

function PageVersionView({ version }: { version: SavedVersion }) {
  const page = version.page;
  if (page === undefined) return null;
  return (
    <dl className="VersionView">
      <dt>Title</dt>
      <dd>{version.title}</dd>
      <dt>Status</dt>
      <dd>{CONTENT_STATUS_LABELS[page.status as ContentStatus] ?? page.status}</dd>
      <dt>Text</dt>
      <dd>{plainText(page.body).slice(0, 300) || '—'}</dd>
    </dl>
  );
}

export function PageHistoryDialog({
  pageId,
  unsaved,
  onClose,
}: {
  pageId: string;
  unsaved: boolean;
  onClose: (restored: boolean) => void;
}) {
  return (
    <VersionHistoryDialog
      subject="page"
      id={pageId}
      note=""
      unsaved={unsaved}
      view={(version) => <PageVersionView version={version} />}
      onClose={onClose}
    />
  );
}
