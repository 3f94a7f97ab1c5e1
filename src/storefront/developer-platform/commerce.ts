/**
 * Commerce as developer-platform templates read it (docs/templates.md, "How a page renders"): `showCart` and
 * `shoppingCart` in the context, a product's pictures as `item.items`, `{@|product-checkout}` as
 * the platform's form (option selects, quantity, Add To Cart: our islands, as our own product page
 * places them), and `.sqs-cart-dropzone` holding our cart pill. Our widgets sit in a
 * `COMMERCE_CLASS` element, which the system stylesheet styles as our theme does (system-css.ts).
 */
import type { FormatterTable } from '../../engine/index';
import { buildCart, type ShoppingCart } from '../../commerce/cart';
import { isProductCollection, productType } from '../../commerce/product';
import { itemGallery, itemImageUrl, ownPicture } from '../../commerce/product-fields';
import type { Site } from '../../site/model/schema';
import { renderIsland } from '../islands';

/** The class of the element our commerce markup renders in inside a template's own markup. */
export const COMMERCE_CLASS = 'sf-commerce';

/**
 * A product's pictures as `item.items`, as Squarespace lists a product's images there: its gallery,
 * else its own picture as a gallery of one (main-image.ts has named each already).
 */
export function withPictures<T>(item: T): T {
  if (typeof item !== 'object' || item === null || productType(item) === undefined) return item;
  if (itemGallery(item).length > 0 || itemImageUrl(item) === '') return item;
  return { ...item, items: [ownPicture(item)] };
}

/**
 * `showCart` (the store sells: it has a products collection) and `shoppingCart`: the empty cart,
 * since a page is cached whole for every shopper; the counts the shopper sees (`.sqs-cart-quantity`,
 * `.sqs-cart-dropzone`) are filled in the browser by our cart pill.
 */
export function cartContext(site: Site): { showCart: boolean; shoppingCart: ShoppingCart } {
  return {
    showCart: site.collections.some(isProductCollection),
    shoppingCart: buildCart(
      { id: null, websiteId: site.website.id, created: null, currencyCode: site.website.storeCurrency },
      [],
    ),
  };
}

/** `{@|product-checkout}` as the platform renders it (the reference's snippet: variants, quantity, button) with our islands, in a styled wrapper. */
export function templateCommerceFormatters(page: FormatterTable): FormatterTable {
  const parts = ['variants-select', 'quantity-input', 'add-to-cart-btn'] as const;
  return {
    'product-checkout': (item, args, ctx, vars) => {
      const html = parts
        .map((name) => page[name]?.(item, name === 'add-to-cart-btn' ? args : [], ctx, vars))
        .filter((part) => typeof part === 'string')
        .join('');
      return `<div class="${COMMERCE_CLASS} sf-product-checkout">${html}</div>`;
    },
  };
}

/** What `.sqs-cart-dropzone` holds: our cart pill (its count loads and follows adds in the browser), styled; `hidden` when it only keeps the page's counts. */
export function cartDropzone(hidden = false): string {
  return `<div class="${COMMERCE_CLASS}"${hidden ? ' hidden' : ''}>${renderIsland('CartPill', { count: 0 })}</div>`;
}

/** The class of the platform's floating cart, Squarespace's name for it. */
export const FLOATING_CART_CLASS = 'absolute-cart-box';

/**
 * Where a store that sells shows its cart when the template has no place for it (no
 * `.sqs-cart-dropzone`, no `.sqs-cart-quantity`): the floating cart Squarespace adds to such
 * templates, our pill in a box the system stylesheet pins to the viewport's corner.
 */
export function floatingCart(): string {
  return `<div class="${FLOATING_CART_CLASS}">${cartDropzone()}</div>`;
}
