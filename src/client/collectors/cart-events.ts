/** The cart's analytics events (add to cart, remove from cart, view cart) in the shape RecordEvent takes, and an add's pixel event; money in minor units. */
import type { CartEntry, ShoppingCart } from '../../commerce/cart';
import { readCookie } from '../cookies';
import { CENSUS_COOKIE, recordCommerceEvent } from './commerce';
import { memberAccountId } from './member';
import { pageAttributes } from './page-attributes';
import { reportPixel } from './pixel';
import { analyticsSessionId } from './session';

function cartFields(cart: ShoppingCart) {
  const visitor = readCookie(CENSUS_COOKIE);
  const session = analyticsSessionId(visitor);
  return {
    website_id: cart.websiteId,
    cart_id: cart.id,
    logged_in: memberAccountId() !== null,
    ...(session === null ? {} : { end_user_session_id: session }),
    ...(visitor === null ? {} : { ss_cvr: visitor }),
  };
}

function productOf(entry: CartEntry, quantity: number) {
  return {
    item_id: entry.itemId,
    item_type: entry.productType,
    item_title: entry.title.slice(0, 500),
    item_price: entry.purchasePriceCents,
    item_quantity: quantity,
  };
}

/**
 * The page's fields of an add (engine spec §3): the page id (the item or the collection the page
 * shows), the product page's layout, and the product's collection where the page is that
 * collection's (a product block's or add-on's product may live elsewhere).
 */
function addPageFields(added: CartEntry) {
  const { itemId, collectionId, collectionName, pdpLayout } = pageAttributes();
  const pageId = itemId ?? collectionId;
  const sameCollection = collectionId !== undefined && (itemId === added.itemId || itemId === undefined);
  return {
    fields: {
      ...(pageId === undefined ? {} : { page_id: pageId }),
      ...(pdpLayout === undefined ? {} : { pdp_layout: pdpLayout }),
    },
    product: sameCollection
      ? {
          item_collection_id: collectionId,
          ...(collectionName === undefined ? {} : { item_collection_name: collectionName.slice(0, 500) }),
        }
      : {},
  };
}

/** `added` is the add's `newlyAdded`: absent when a retried add's entry was removed since, which reports nothing. */
export function recordAddToCart(
  cart: ShoppingCart,
  added: CartEntry | undefined,
  place: 'pdp' | 'plp' | 'product_block' | 'add-on',
  quantity: number,
): void {
  if (added === undefined) return;
  const page = addPageFields(added);
  recordCommerceEvent('add_to_cart', {
    ...cartFields(cart),
    ...page.fields,
    product_page: place,
    product: { ...productOf(added, quantity), ...page.product },
  });
  reportPixel('AddToCart', {
    content_ids: [added.itemId],
    content_type: 'product',
    contents: [{ id: added.itemId, quantity }],
    value_cents: added.purchasePriceCents * quantity,
    currency: cart.currencyCode,
  });
}

export function recordRemoveFromCart(cart: ShoppingCart, removed: CartEntry): void {
  recordCommerceEvent('remove_from_cart', { ...cartFields(cart), product: productOf(removed, removed.quantity) });
}

export function recordViewCart(cart: ShoppingCart): void {
  recordCommerceEvent('view_cart', {
    ...cartFields(cart),
    items: cart.entries.map((entry) => ({ productType: entry.productType })),
    number_of_items: cart.totalQuantity,
    cart_value: cart.grandTotalCents,
    currency_code: cart.currencyCode,
  });
}
