/**
 * The cart page (`/cart`): entries with quantities (change and remove), totals in the store
 * currency, and each entry's additional-fields form in a lightbox. Changes show at once and the
 * page then takes the server's cart, so what is shown always converges to what is stored.
 */
import { useEffect, useState } from 'react';
import { buildCart, CART_ALERTS, CHECKOUT_PATH, QUANTITY_MAX, QUANTITY_MIN, type CartEntry, type ShoppingCart } from '../../commerce/cart';
import { formatMoney } from '../../commerce/money';
import { CartError, loadCart, removeEntry, updateAdditionalFields, updateQuantity } from '../cart-api';
import { announceCart } from '../cart-events';
import { recordRemoveFromCart, recordViewCart } from '../collectors/cart-events';
import { AlertDialog } from '../components/Dialog';
import AdditionalFieldsForm, { type AdditionalFieldsFormDefinition } from '../components/AdditionalFieldsForm';
import { mayHaveCart } from '../cookies';
import { fieldValue } from '../field-value';

export interface CartPageProps {
  websiteId: string;
  currencyCode: string;
  locale: string;
  /** Additional-fields forms by item id. */
  forms: Record<string, AdditionalFieldsFormDefinition>;
  continueUrl: string;
}

type Alert = { title: string; message: string };

function failure(title: string, error: unknown): Alert {
  return { title, message: error instanceof CartError ? error.message : title };
}

/** The cart with one entry changed (or removed), totals recomputed: the optimistic view. */
function withEntry(cart: ShoppingCart, entryId: string, quantity: number | null): ShoppingCart {
  const entries = cart.entries
    .filter((e) => e.id !== entryId || quantity !== null)
    .map((e) => (e.id === entryId && quantity !== null ? { ...e, quantity } : e));
  return buildCart(cart, entries);
}

function variantText(entry: CartEntry): string {
  return Object.entries(entry.chosenVariant.attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

export default function CartPage({ websiteId, currencyCode, locale, forms, continueUrl }: CartPageProps) {
  const [cart, setCart] = useState<ShoppingCart | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [alert, setAlert] = useState<Alert | null>(null);
  const [editing, setEditing] = useState<CartEntry | null>(null);
  const money = (cents: number) => formatMoney(cents, cart?.currencyCode ?? currencyCode, locale);
  const empty = buildCart({ id: null, websiteId, created: null, currencyCode }, []);

  const refresh = () =>
    loadCart(CART_ALERTS.updateQuantity)
      .then((loaded) => {
        setCart(loaded);
        return loaded;
      })
      .catch(() => setCart((current) => current ?? empty));

  useEffect(() => {
    if (mayHaveCart()) void refresh().then((loaded) => recordViewCart(loaded ?? empty));
    else {
      setCart(empty);
      recordViewCart(empty);
    }
  }, []);

  const track = (entryId: string, on: boolean) =>
    setBusy((current) => {
      const next = new Set(current);
      if (on) next.add(entryId);
      else next.delete(entryId);
      return next;
    });

  const change = async (entry: CartEntry, quantity: number | null) => {
    if (cart === null) return;
    setCart(withEntry(cart, entry.id, quantity));
    track(entry.id, true);
    try {
      const result = quantity === null ? await removeEntry(entry.id, CART_ALERTS.removeItem) : await updateQuantity(entry.id, quantity, CART_ALERTS.updateQuantity);
      setCart(result.shoppingCart);
      announceCart(result.shoppingCart);
      if (quantity === null) recordRemoveFromCart(result.shoppingCart, entry);
    } catch (error) {
      setAlert(failure(quantity === null ? CART_ALERTS.removeItem : CART_ALERTS.updateQuantity, error));
      await refresh();
    } finally {
      track(entry.id, false);
      setDrafts(({ [entry.id]: _dropped, ...rest }) => rest);
    }
  };

  const commitDraft = (entry: CartEntry) => {
    const draft = drafts[entry.id];
    if (draft === undefined) return;
    const quantity = Number(draft);
    if (!Number.isInteger(quantity) || quantity < QUANTITY_MIN || quantity > QUANTITY_MAX) {
      setDrafts(({ [entry.id]: _dropped, ...rest }) => rest);
      setAlert({ title: CART_ALERTS.updateQuantity, message: `Quantity must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}.` });
      return;
    }
    if (quantity !== entry.quantity) void change(entry, quantity);
    else setDrafts(({ [entry.id]: _dropped, ...rest }) => rest);
  };

  const openForm = (entry: CartEntry) => {
    if (forms[entry.itemId] === undefined) setAlert({ title: CART_ALERTS.openForm, message: CART_ALERTS.openForm });
    else setEditing(entry);
  };

  const saveForm = async (entry: CartEntry, values: string) => {
    try {
      const result = await updateAdditionalFields(entry, values, CART_ALERTS.updateForm);
      setCart(result.shoppingCart);
      setEditing(null);
    } catch (error) {
      setEditing(null);
      setAlert(failure(CART_ALERTS.updateForm, error));
    }
  };

  if (cart === null) {
    return (
      <div className="CartPage-contents" aria-busy="true">
        <p className="CartPage-loading">Loading your cart…</p>
      </div>
    );
  }

  return (
    <div className="CartPage-contents">
      {cart.entries.length === 0 ? (
        <div className="CartPage-empty">
          <p>Your cart is empty.</p>
          <p>
            <a href={continueUrl}>Continue shopping</a>
          </p>
        </div>
      ) : (
        <>
          <ul className="CartPage-entries" aria-label="Items in your cart">
            {cart.entries.map((entry) => {
              const quantityId = `cart-quantity-${entry.id}`;
              const pending = busy.has(entry.id);
              return (
                <li className="CartEntry" key={entry.id} data-entry-id={entry.id} aria-busy={pending}>
                  {entry.imageUrl !== null && <img className="CartEntry-image" src={entry.imageUrl} alt="" width={96} height={96} />}
                  <div className="CartEntry-details">
                    <a className="CartEntry-title" href={entry.url}>
                      {entry.title}
                    </a>
                    {variantText(entry) !== '' && <p className="CartEntry-variant">{variantText(entry)}</p>}
                    <p className="CartEntry-price">{money(entry.purchasePriceCents)} each</p>
                    {forms[entry.itemId] !== undefined && (
                      <button type="button" className="CartEntry-edit" onClick={() => openForm(entry)}>
                        Edit details<span className="visually-hidden"> for {entry.title}</span>
                      </button>
                    )}
                  </div>
                  <div className="CartEntry-quantity">
                    <label htmlFor={quantityId}>Quantity</label>
                    <input
                      id={quantityId}
                      type="number"
                      inputMode="numeric"
                      min={QUANTITY_MIN}
                      max={QUANTITY_MAX}
                      step={1}
                      value={drafts[entry.id] ?? String(entry.quantity)}
                      onChange={(event) => setDrafts((current) => ({ ...current, [entry.id]: fieldValue(event) }))}
                      onBlur={() => commitDraft(entry)}
                      onKeyDown={(event) => event.key === 'Enter' && commitDraft(entry)}
                    />
                  </div>
                  <p className="CartEntry-subtotal">{money(entry.purchasePriceCents * entry.quantity)}</p>
                  <button type="button" className="CartEntry-remove" onClick={() => void change(entry, null)}>
                    Remove<span className="visually-hidden"> {entry.title}</span>
                  </button>
                </li>
              );
            })}
          </ul>
          <dl className="CartPage-totals" aria-live="polite">
            <dt>Subtotal</dt>
            <dd className="CartPage-subtotal">{money(cart.subtotalCents)}</dd>
            <dt>Total</dt>
            <dd className="CartPage-total">{money(cart.grandTotalCents)}</dd>
          </dl>
          <p className="CartPage-note">Shipping and taxes are calculated at checkout.</p>
          <a className="CartPage-checkout sqs-button-element--primary" href={CHECKOUT_PATH}>
            Checkout
          </a>
        </>
      )}
      {editing !== null && forms[editing.itemId] !== undefined && (
        <AdditionalFieldsForm
          form={forms[editing.itemId] as AdditionalFieldsFormDefinition}
          initial={editing.additionalFields}
          onCancel={() => setEditing(null)}
          onSave={(values) => saveForm(editing, values)}
        />
      )}
      {alert !== null && <AlertDialog title={alert.title} message={alert.message} onClose={() => setAlert(null)} />}
    </div>
  );
}
