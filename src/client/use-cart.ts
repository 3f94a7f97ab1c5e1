/**
 * The cart page's state: the cart (loaded after hydration), quantities being typed, entries with a
 * change in flight, the alert to show, the entry whose form is open and the entry just removed (to
 * undo). Changes show at once and the page then takes the server's cart, so what is shown always
 * converges to what is stored. A quantity of 0 removes the line, as the Remove button does.
 */
import { useEffect, useState } from 'react';
import { buildCart, CART_ALERTS, parseQuantity, type CartEntry, type ShoppingCart } from '../commerce/cart';
import { addToCart, CartError, loadCart, removeEntry, updateAdditionalFields, updateQuantity } from './cart-api';
import { announceCart } from './cart-events';
import { announceCensus, CART_FORM_CLICKS } from './census-events';
import { recordRemoveFromCart, recordViewCart } from './collectors/cart-events';
import type { AdditionalFieldsFormDefinition } from './components/AdditionalFieldsForm';
import { mayHaveCart } from './cookies';

export type CartAlert = { title: string; message: string };

function failure(title: string, error: unknown): CartAlert {
  return { title, message: error instanceof CartError ? error.message : title };
}

/** The cart with one entry changed (or removed), totals recomputed: the optimistic view. */
function withEntry(cart: ShoppingCart, entryId: string, quantity: number | null): ShoppingCart {
  const entries = cart.entries
    .filter((e) => e.id !== entryId || quantity !== null)
    .map((e) => (e.id === entryId && quantity !== null ? { ...e, quantity } : e));
  return buildCart(cart, entries);
}

export function useCart(
  websiteId: string,
  currencyCode: string,
  forms: Record<string, AdditionalFieldsFormDefinition>,
) {
  const [cart, setCart] = useState<ShoppingCart | null>(null);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const [alert, setAlert] = useState<CartAlert | null>(null);
  const [editing, setEditing] = useState<CartEntry | null>(null);
  const [removed, setRemoved] = useState<CartEntry | null>(null);
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

  const dropDraft = (entry: CartEntry) => setDrafts(({ [entry.id]: _dropped, ...rest }) => rest);

  const change = async (entry: CartEntry, quantity: number | null) => {
    if (cart === null) return;
    setCart(withEntry(cart, entry.id, quantity));
    track(entry.id, true);
    try {
      const result =
        quantity === null
          ? await removeEntry(entry.id, CART_ALERTS.removeItem)
          : await updateQuantity(entry.id, quantity, CART_ALERTS.updateQuantity);
      setCart(result.shoppingCart);
      announceCart(result.shoppingCart);
      if (quantity === null) {
        recordRemoveFromCart(result.shoppingCart, entry);
        setRemoved(entry);
      }
    } catch (error) {
      setAlert(failure(quantity === null ? CART_ALERTS.removeItem : CART_ALERTS.updateQuantity, error));
      await refresh();
    } finally {
      track(entry.id, false);
      dropDraft(entry);
    }
  };

  /** Puts the removed line back as it was (its variant, quantity and answers). */
  const undoRemove = async () => {
    if (removed === null) return;
    const entry = removed;
    setRemoved(null);
    try {
      const { shoppingCart } = await addToCart(
        {
          itemId: entry.itemId,
          sku: entry.chosenVariant.sku,
          quantity: entry.quantity,
          additionalFields: entry.additionalFields,
        },
        CART_ALERTS.addItem,
      );
      setCart(shoppingCart);
      announceCart(shoppingCart);
    } catch (error) {
      setAlert(failure(CART_ALERTS.addTitle, error));
    }
  };

  return {
    cart,
    alert,
    editing,
    removed,
    undoRemove: () => void undoRemove(),
    draftOf: (entry: CartEntry) => drafts[entry.id],
    isBusy: (entry: CartEntry) => busy.has(entry.id),
    typeQuantity: (entry: CartEntry, text: string) => setDrafts((current) => ({ ...current, [entry.id]: text })),
    remove: (entry: CartEntry) => void change(entry, null),

    /** Sends a typed quantity when it is a valid change; an invalid one is dropped with the spec's message. */
    commitQuantity(entry: CartEntry) {
      const draft = drafts[entry.id];
      if (draft === undefined) return;
      if (draft.trim() !== '' && Number(draft) === 0) {
        dropDraft(entry);
        void change(entry, null);
        return;
      }
      const parsed = parseQuantity(draft);
      if ('error' in parsed) {
        dropDraft(entry);
        setAlert({ title: CART_ALERTS.updateQuantity, message: parsed.error });
        return;
      }
      if (parsed.quantity !== entry.quantity) void change(entry, parsed.quantity);
      else dropDraft(entry);
    },

    openForm(entry: CartEntry) {
      if (forms[entry.itemId] === undefined) setAlert({ title: CART_ALERTS.openForm, message: CART_ALERTS.openForm });
      else {
        announceCensus({ kind: 'interface_click', identifier: CART_FORM_CLICKS.open });
        setEditing(entry);
      }
    },

    closeForm: () => {
      announceCensus({ kind: 'interface_click', identifier: CART_FORM_CLICKS.close });
      setEditing(null);
    },

    async saveForm(entry: CartEntry, values: string) {
      announceCensus({ kind: 'interface_click', identifier: CART_FORM_CLICKS.submit });
      try {
        const result = await updateAdditionalFields(entry, values, CART_ALERTS.updateForm);
        setCart(result.shoppingCart);
        setEditing(null);
      } catch (error) {
        setEditing(null);
        setAlert(failure(CART_ALERTS.updateForm, error));
      }
    },

    dismissAlert: () => setAlert(null),
  };
}
