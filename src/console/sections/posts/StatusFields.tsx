/** A post's or page's status (Scheduled, Needs Review, Draft, Private or published) and publish date. */
import { CONTENT_STATUSES, CONTENT_STATUS_LABELS, type ContentStatus } from '../../../site/editor/content-status';

export function StatusFields({
  id,
  status,
  publishOn,
  onStatus,
  onPublishOn,
  what,
}: {
  id: string;
  status: ContentStatus;
  publishOn: string;
  onStatus: (status: ContentStatus) => void;
  onPublishOn: (text: string) => void;
  what: 'posts' | 'pages';
}) {
  return (
    <>
      <div className="Field">
        <label htmlFor={`${id}-status`}>Status</label>
        <select id={`${id}-status`} value={status} onChange={(event) => onStatus(event.target.value as ContentStatus)}>
          {CONTENT_STATUSES.map((option) => (
            <option key={option} value={option}>
              {CONTENT_STATUS_LABELS[option]}
            </option>
          ))}
        </select>
        <p className="Field-hint">Shoppers see published {what}, and scheduled ones from their publish date.</p>
      </div>
      <div className="Field">
        <label htmlFor={`${id}-date`}>Publish date</label>
        <input
          id={`${id}-date`}
          type="datetime-local"
          value={publishOn}
          onChange={(event) => onPublishOn(event.target.value)}
          required
        />
      </div>
    </>
  );
}
