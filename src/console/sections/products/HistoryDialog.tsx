/**
 * A product's version history (ui/VersionHistoryDialog.tsx, the page editor's too), one version shown
 * as it was: title, status, each variant's price, description. Stock is not part of a version: it
 * stays what the stock ledger counts.
 */
import { currentPrice, PRODUCT_STATUS_LABELS } from '../../../commerce/product';
import type { SavedVersion } from '../../../api';
import { moneyText } from '../../ui/money';
import { VersionHistoryDialog } from '../../ui/VersionHistoryDialog';

function VersionView({ version, currency }: { version: SavedVersion; currency: string }) {
  const product = version.product;
  if (product === undefined) return null;
  const prices =
    product.variants.length === 0
      ? [{ label: 'Price', price: product.price }]
      : product.variants.map((v) => ({
          label: Object.values(v.values).join(' / ') || 'Price',
          price:
            currentPrice({ onSale: v.onSale, priceMoney: v.price, salePriceMoney: v.salePrice }, product.productType) ??
            v.price,
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
  return (
    <VersionHistoryDialog
      subject="product"
      id={productId}
      note="; stock stays as it is"
      unsaved={unsaved}
      view={(version) => <VersionView version={version} currency={currency} />}
      onClose={onClose}
    />
  );
}
