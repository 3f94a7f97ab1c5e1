/**
 * Islands on the server: each widget is rendered with React's `renderToString` inside
 * `<div data-island="Name" data-props='…'>`, which the browser entry hydrates. The table below
 * replaces the engine's widget formatters on store pages (same classes as the reference markup).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { hasVariants, isSoldOut, showsQuantityInput, variantOptions, variantsOf } from '../commerce/product';
import { ISLANDS, type IslandName } from '../client/islands/index';
import { asString, childOf, escapeHtmlAttribute, isTruthy, type FormatterTable } from '../engine/index';

/** Props go into a single-quoted attribute; escaping `&`, `'` and `<` keeps any JSON inside it. */
function attributeJson(props: unknown): string {
  return JSON.stringify(props).replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');
}

export function renderIsland<N extends IslandName>(name: N, props: Parameters<(typeof ISLANDS)[N]>[0]): string {
  const component = ISLANDS[name] as (p: typeof props) => ReturnType<typeof createElement>;
  const html = renderToString(createElement(component, props));
  return `<div data-island="${escapeHtmlAttribute(name)}" data-props='${attributeJson(props)}'>${html}</div>`;
}

function variantChoices(item: unknown) {
  const variants = variantsOf(item);
  if (!Array.isArray(variants)) return [];
  return variants.map((variant) => {
    const attributes = childOf(variant, 'attributes');
    return {
      sku: asString(childOf(variant, 'sku')),
      attributes: typeof attributes === 'object' && attributes !== null ? (attributes as Record<string, string>) : {},
      available: isTruthy(childOf(variant, 'unlimited')) || Number(childOf(variant, 'qtyInStock')) > 0,
    };
  });
}

function addToCartLabel(item: unknown, strings: unknown): string {
  const content = childOf(item, 'structuredContent');
  if (isTruthy(childOf(content, 'useCustomAddButtonText')) && isTruthy(childOf(content, 'customAddButtonText'))) {
    return asString(childOf(content, 'customAddButtonText'));
  }
  if (isTruthy(childOf(content, 'isSubscribable'))) return asString(childOf(strings, 'productSubscribeText')) || 'Subscribe';
  return asString(childOf(strings, 'productAddToCartText')) || 'Add To Cart';
}

/** Variant images by sku, for variants that have their own image. */
function variantImages(item: unknown): Record<string, string> {
  const variants = variantsOf(item);
  const images: Record<string, string> = {};
  if (Array.isArray(variants)) {
    for (const variant of variants) {
      const url = asString(childOf(childOf(variant, 'image'), 'assetUrl'));
      if (url !== '') images[asString(childOf(variant, 'sku'))] = url;
    }
  }
  return images;
}

function dimension(item: unknown, index: 0 | 1): number {
  return Number(asString(childOf(item, 'originalSize')).split('x')[index]) || 0;
}

export const ISLAND_FORMATTERS: FormatterTable = {
  'product-image': (item) =>
    renderIsland('ProductImage', {
      itemId: asString(childOf(item, 'id')),
      src: asString(childOf(item, 'assetUrl')),
      alt: asString(childOf(item, 'title')),
      width: dimension(item, 0),
      height: dimension(item, 1),
      variantImages: variantImages(item),
    }),
  'cart-pill': () => renderIsland('CartPill', { count: 0 }),
  'add-to-cart-btn': (item, _args, ctx) => {
    const choices = variantChoices(item);
    return renderIsland('AddToCartButton', {
      itemId: asString(childOf(item, 'id')),
      label: addToCartLabel(item, ctx.resolve(['localizedStrings'])),
      sku: hasVariants(item) ? null : (choices[0]?.sku ?? null),
      soldOut: isSoldOut(item),
    });
  },
  'quantity-input': (item, _args, ctx) =>
    showsQuantityInput(item, ctx.resolve(['websiteSettings']))
      ? renderIsland('QuantityInput', {
          itemId: asString(childOf(item, 'id')),
          label: asString(ctx.resolve(['localizedStrings', 'productQuantityInputLabel'])) || 'Quantity',
        })
      : undefined,
  'variants-select': (item, _args, ctx) => {
    const options = variantOptions(item);
    if (options.length === 0) return undefined;
    return renderIsland('VariantSelects', {
      itemId: asString(childOf(item, 'id')),
      options,
      variants: variantChoices(item),
      selectText: asString(ctx.resolve(['localizedStrings', 'productVariantSelectText'])) || 'Select {variantName}',
    });
  },
};
