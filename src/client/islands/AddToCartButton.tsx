/**
 * The add-to-cart button (spec §4, §8) on a product page, a listing grid, a product block or an
 * add-on: idle → 'Adding…' → 'Added!' (after about 1 s) → idle 2 s later; a failure returns to
 * idle after 1 s and shows an alert with the reason. Express checkout and subscriptions continue
 * to checkout after their add; a gift card stays in the cart (on its own page GiftCardForm asks
 * who it is for first; this button, on lists and blocks, adds the buyer's own card). A product with an additional-fields form (the pen's
 * engraving) asks for it in a lightbox first, and the answers go with the add.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { CART_ALERTS, CART_MESSAGES, checkoutUrl, unselectedOptionsMessage } from '../../commerce/cart';
import { addSubscription, addToCart } from '../cart-api';
import { announceCart } from '../cart-events';
import { recordAddToCart } from '../collectors/cart-events';
import type { AdditionalFieldsFormDefinition } from '../components/AdditionalFieldsForm';
import { AlertDialog } from '../components/Dialog';
import { navigateTo } from '../dom';
import { takeEarlyClick } from '../early-clicks';
import { addButtonText } from '../../commerce/storefront-text';
import { useShopperText } from '../use-shopper-text';
import { selectionOf, subscribeSelection, type Selection } from '../selection';

/** The additional-fields form (its fields and their rules) loads only when a product asks for it. */
const AdditionalFieldsForm = lazy(() => import('../components/AdditionalFieldsForm'));

/** Where the button is; the values analytics reports as `product_page`. */
export type ButtonPlace = 'pdp' | 'plp' | 'product_block' | 'add-on';
export type Purchase = 'cart' | 'express' | 'subscription' | 'giftCard';

export interface AddToCartButtonProps {
  itemId: string;
  label: string;
  /** The sku when the product has a single variant (a digital product's is its id); null when options must be chosen. */
  sku: string | null;
  /** The product's option names, in order. */
  options: string[];
  soldOut: boolean;
  place: ButtonPlace;
  /** Where analytics says the add was made, when not `place`: a quick view's add is the listing's (src/client/quick-view.ts). */
  reportedPlace?: ButtonPlace;
  purchase: Purchase;
  /** The product's additional-fields form, asked for before the add; null when it has none. */
  form: AdditionalFieldsFormDefinition | null;
}

/** Spec §9: 'Added!' after about 1 s, idle 2 s later; failures reset after 1 s; 'Select Option' for 2 s. */
export const ADDED_AFTER_MS = 1000;
export const ADDED_FOR_MS = 2000;
export const FAILURE_RESET_MS = 1000;
export const SELECT_OPTION_MS = 2000;

type Status = 'idle' | 'adding' | 'added' | 'select-option';

const ALERT_TITLES: Record<Purchase, string> = {
  cart: CART_ALERTS.addTitle,
  subscription: CART_ALERTS.addTitle,
  express: CART_ALERTS.expressTitle,
  giftCard: CART_ALERTS.giftCardTitle,
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function AddToCartButton({
  itemId,
  label,
  sku,
  options,
  soldOut,
  place,
  reportedPlace = place,
  purchase,
  form,
}: AddToCartButtonProps) {
  const [selection, setSelection] = useState<Selection>(() =>
    selectionOf(itemId, {
      sku,
      variant: sku,
      quantity: 1,
      quantityProblem: null,
      missing: sku === null ? options : [],
      soldOut: false,
    }),
  );
  const [status, setStatus] = useState<Status>('idle');
  const [alert, setAlert] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const cancelPending = () => {
    if (timer.current !== null) clearTimeout(timer.current);
  };
  useEffect(() => subscribeSelection(itemId, setSelection), [itemId]);
  useEffect(() => cancelPending, []);
  const wrapper = useRef<HTMLDivElement>(null);
  const texts = useShopperText();

  /** One pending state change at a time: a new click cancels the previous one's. */
  const later = (ms: number, next: Status) => {
    cancelPending();
    timer.current = setTimeout(() => setStatus(next), ms);
  };

  const start = () => {
    if (status === 'adding' || status === 'select-option') return;
    cancelPending();
    if (selection.sku === null && place === 'plp' && options.length > 0) {
      setStatus('select-option');
      later(SELECT_OPTION_MS, 'idle');
      return;
    }
    if (selection.sku === null && selection.missing.length > 0) {
      setAlert(
        purchase === 'giftCard' ? CART_MESSAGES.giftCardDenomination : unselectedOptionsMessage(selection.missing),
      );
      return;
    }
    if (selection.quantityProblem !== null) {
      setAlert(selection.quantityProblem);
      return;
    }
    if (form !== null) setAsking(true);
    else void add(null);
  };

  // A press made before the island hydrated (src/client/early-clicks.ts) is carried out now.
  useEffect(() => {
    if (wrapper.current !== null && takeEarlyClick(wrapper.current)) start();
  }, []);

  const add = async (additionalFields: string | null) => {
    setStatus('adding');
    const started = Date.now();
    const request = { itemId, sku: selection.sku, quantity: selection.quantity, additionalFields };
    try {
      if (purchase === 'subscription') {
        const { cartToken } = await addSubscription(request, CART_ALERTS.addItem);
        navigateTo(checkoutUrl.subscription(cartToken));
        return;
      }
      const { shoppingCart, newlyAdded } = await addToCart(request, CART_ALERTS.addItem);
      recordAddToCart(shoppingCart, newlyAdded, reportedPlace, selection.quantity);
      await wait(Math.max(0, ADDED_AFTER_MS - (Date.now() - started)));
      announceCart(shoppingCart, true);
      if (purchase === 'express') return navigateTo(checkoutUrl.express);
      setStatus('added');
      later(ADDED_FOR_MS, 'idle');
    } catch (error) {
      setAlert(error instanceof Error ? error.message : CART_ALERTS.addItem);
      later(FAILURE_RESET_MS, 'idle');
    }
  };

  const unavailable = soldOut || selection.soldOut;
  const shown = addButtonText(label, texts);
  const text = unavailable
    ? texts['product.soldOut']
    : status === 'adding'
      ? texts['product.adding']
      : status === 'added'
        ? texts['product.added']
        : status === 'select-option'
          ? texts['product.selectOption']
          : shown;
  const disabled = unavailable || status === 'select-option';
  return (
    <div ref={wrapper} className="sqs-add-to-cart-button-wrapper" data-place={place}>
      <button
        type="button"
        className={`sqs-add-to-cart-button sqs-button-element--primary${unavailable ? ' cart-soldout' : ''}${status === 'adding' ? ' cart-adding' : ''}${status === 'added' ? ' cart-added' : ''}`}
        data-item-id={itemId}
        disabled={disabled}
        aria-busy={status === 'adding'}
        onClick={start}
      >
        <span className="sqs-add-to-cart-button-inner">{text}</span>
      </button>
      <p className="AddToCart-status visually-hidden" role="status" aria-live="polite">
        {status === 'added' ? texts['product.addedStatus'] : ''}
      </p>
      {asking && form !== null && (
        <Suspense fallback={null}>
          <AdditionalFieldsForm
            form={form}
            initial={null}
            submitLabel={shown}
            onCancel={() => setAsking(false)}
            onSave={async (values) => {
              setAsking(false);
              await add(values);
            }}
          />
        </Suspense>
      )}
      {alert !== null && <AlertDialog title={ALERT_TITLES[purchase]} message={alert} onClose={() => setAlert(null)} />}
    </div>
  );
}
