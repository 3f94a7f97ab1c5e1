/**
 * A product's status in its editor: Draft (not on the storefront at all), Scheduled (on it from a
 * date and time in the store's time zone) or Published; with a draft, the merchant's preview link.
 */
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES, type ProductStatus } from '../../../commerce/product';
import { fromZonedInput, knownTimeZone, zonedInputText } from '../../../site/editor/zoned-time';
import { describedBy, FieldError } from '../../ui/FieldError';
import { TimeZoneProblem } from '../../ui/TimeZoneProblem';

const HINTS: Record<ProductStatus, string> = {
  draft: 'Only you see it: not on the store, in search or in carts.',
  scheduled: 'Goes on the store at the date and time below.',
  published: 'On the store now.',
};

interface StatusPanelProps {
  status: ProductStatus;
  /** Epoch ms; the text field shows it in the store's time zone. */
  publishOn: number;
  timeZone: string;
  onChange: (change: { status?: ProductStatus; publishOn?: number }) => void;
  error: string | undefined;
}

export function StatusPanel({ status, publishOn, timeZone, onChange, error }: StatusPanelProps) {
  return (
    <>
      <div className="Field">
        <label htmlFor="product-status">Status</label>
        <select
          id="product-status"
          value={status}
          onChange={(event) => onChange({ status: event.target.value as ProductStatus })}
          aria-describedby="product-status-hint"
        >
          {PRODUCT_STATUSES.map((option) => (
            <option key={option} value={option}>
              {PRODUCT_STATUS_LABELS[option]}
            </option>
          ))}
        </select>
        <p className="Field-hint" id="product-status-hint">
          {HINTS[status]}
        </p>
      </div>
      {status === 'scheduled' && !knownTimeZone(timeZone) && <TimeZoneProblem timeZone={timeZone} />}
      {status === 'scheduled' && knownTimeZone(timeZone) && (
        <div className="Field">
          <label htmlFor="product-publish-on">Publish on ({timeZone})</label>
          <input
            id="product-publish-on"
            type="datetime-local"
            value={publishOn > 0 ? zonedInputText(publishOn, timeZone) : ''}
            onChange={(event) => onChange({ publishOn: fromZonedInput(event.target.value, timeZone) ?? 0 })}
            {...describedBy('product-publish-on-error', error)}
          />
          <FieldError id="product-publish-on-error" message={error} />
        </div>
      )}
    </>
  );
}
