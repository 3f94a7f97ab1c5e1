/**
 * The add-to-cart button: adds the chosen variant and quantity to the cart, with progress
 * ('Adding…'), success and error feedback ('Unable to add item', spec §8), announced to screen
 * readers. A product with options needs them chosen first.
 */
import { useEffect, useState } from 'react';
import { announceCart } from '../cart-events';
import { selectionOf, subscribeSelection, type Selection } from '../selection';

export interface AddToCartButtonProps {
  itemId: string;
  label: string;
  /** The sku when the product has a single variant; null when options must be chosen. */
  sku: string | null;
  soldOut: boolean;
}

type Status = { kind: 'idle' } | { kind: 'adding' } | { kind: 'added' } | { kind: 'error'; message: string };

export default function AddToCartButton({ itemId, label, sku, soldOut }: AddToCartButtonProps) {
  const [selection, setSelection] = useState<Selection>(() => selectionOf(itemId, { sku, quantity: 1 }));
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  useEffect(() => subscribeSelection(itemId, setSelection), [itemId]);

  const add = async () => {
    if (selection.sku === null) {
      setStatus({ kind: 'error', message: 'Please select an option for each choice.' });
      return;
    }
    setStatus({ kind: 'adding' });
    try {
      const res = await fetch('/api/commerce/shopping-cart/entries', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ itemId, sku: selection.sku, quantity: selection.quantity, additionalFields: null }),
      });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error && res.status < 500 && res.status !== 404 ? body.error : 'Unable to add item');
      }
      const { shoppingCart } = (await res.json()) as { shoppingCart: { totalQuantity: number } };
      announceCart(shoppingCart);
      setStatus({ kind: 'added' });
    } catch (error) {
      setStatus({ kind: 'error', message: error instanceof Error ? error.message : 'Unable to add item' });
    }
  };

  const busy = status.kind === 'adding';
  return (
    <div className="sqs-add-to-cart-button-wrapper">
      <button
        type="button"
        className={`sqs-add-to-cart-button sqs-button-element--primary${soldOut ? ' cart-soldout' : ''}`}
        data-item-id={itemId}
        disabled={soldOut || busy}
        aria-disabled={soldOut || busy}
        onClick={() => void add()}
      >
        <span className="sqs-add-to-cart-button-inner">{soldOut ? 'Sold Out' : busy ? 'Adding…' : label}</span>
      </button>
      <p className="AddToCart-status" role="status" aria-live="polite">
        {status.kind === 'added' ? 'Added to cart.' : status.kind === 'error' ? status.message : ''}
      </p>
    </div>
  );
}
