/**
 * A product's version history: its last saves (when, by whom), one of them as it was (title, status,
 * each variant's price, description), and restoring it, which saves it again as the newest version.
 * Stock is not part of a version: it stays what the stock ledger counts.
 */
import { useState } from 'react';
import { currentPrice, PRODUCT_STATUS_LABELS } from '../../../commerce/product';
import { api, type SavedVersion } from '../../../api';
import { consoleApi } from '../../ui/api';
import { FetchStatus } from '../../ui/Loaded';
import { moneyText } from '../../ui/money';
import { SaveStatus, useSave } from '../../ui/SaveStatus';
import { useFetch } from '../../ui/useFetch';
import { useModalDialog } from '../../ui/useModalDialog';

const when = (at: number) =>
  at === 0
    ? 'Before history was kept'
    : new Date(at).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

function VersionView({ version, currency }: { version: SavedVersion; currency: string }) {
  const product = version.product;
  if (product === undefined) return null;
  const prices =
    product.variants.length === 0
      ? [{ label: 'Price', price: product.price }]
      : product.variants.map((v) => ({
          label: Object.values(v.values).join(' / ') || 'Price',
          price: currentPrice({ onSale: v.onSale, priceMoney: v.price, salePriceMoney: v.salePrice }) ?? v.price,
        }));
  return (
    <dl className="VersionView">
      <dt>Title</dt>
      <dd>{product.title}</dd>
      <dt>Status</dt>
      <dd>{PRODUCT_STATUS_LABELS[product.status]}</dd>
      <dt>Price</dt>
      <dd>
        <ul className="VersionView-prices">
          {prices.map((row) => (
            <li key={row.label}>
              {row.label}: {moneyText(row.price, currency)}
            </li>
          ))}
        </ul>
      </dd>
      <dt>Description</dt>
      <dd>{product.description.slice(0, 300) || '—'}</dd>
    </dl>
  );
}

export function HistoryDialog({
  productId,
  currency,
  unsaved,
  onClose,
}: {
  productId: string;
  currency: string;
  unsaved: boolean;
  onClose: (restored: boolean) => void;
}) {
  const dialog = useModalDialog();
  const list = useFetch(api.versions.at('product', productId));
  const [chosen, setChosen] = useState<number | null>(null);
  const shown = useFetch(chosen === null ? null : api.version.at('product', productId, chosen));
  const { state, run } = useSave();
  const versions = list.data?.versions ?? [];

  const restore = async () => {
    if (chosen === null) return;
    const done = await run(() => consoleApi(api.restoreVersion.at('product', productId, chosen), {}));
    if (done !== undefined) onClose(true);
  };

  return (
    <dialog
      ref={dialog}
      className="ConfirmModal ConfirmModal--wide"
      aria-labelledby="history-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose(false);
      }}
    >
      <div className="ConfirmModal-body">
        <h2 id="history-title">Version history</h2>
        <p className="Muted">
          The last {versions.length || ''} saves of this product. Restoring one saves it again; stock stays as it is.
        </p>
        {list.data === undefined ? (
          <FetchStatus fetched={list} loading="Loading the history…" />
        ) : versions.length === 0 ? (
          <p>No saved versions yet: each save from now on is kept here.</p>
        ) : (
          <fieldset className="Field VersionList">
            <legend>Versions, newest first</legend>
            {versions.map((version, i) => (
              <label key={version.id} className="Field-inline">
                <input
                  type="radio"
                  name="version"
                  value={version.id}
                  checked={chosen === version.id}
                  onChange={() => setChosen(version.id)}
                />
                <span>
                  {when(version.at)}
                  {i === 0 ? ' (current)' : ''}
                  <span className="Muted"> · {version.who ?? 'imported or seeded'}</span>
                </span>
              </label>
            ))}
          </fieldset>
        )}
        <div aria-live="polite">
          {chosen !== null && shown.data === undefined && (
            <FetchStatus fetched={shown} loading="Loading the version…" />
          )}
          {shown.data !== undefined && <VersionView version={shown.data} currency={currency} />}
        </div>
        {unsaved && chosen !== null && (
          <p className="Notice" role="note">
            Your unsaved changes are replaced by the restored version.
          </p>
        )}
        <SaveStatus state={state} />
        <div className="ConfirmModal-actions">
          <button type="button" className="Button" onClick={() => onClose(false)}>
            Close
          </button>
          <button
            type="button"
            className="Button Button--primary"
            disabled={chosen === null || chosen === versions[0]?.id || state.status === 'saving'}
            onClick={() => void restore()}
          >
            Restore this version
          </button>
        </div>
      </div>
    </dialog>
  );
}
