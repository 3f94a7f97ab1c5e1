/**
 * What search engines and link previews read from a store page: schema.org JSON-LD (a Product with
 * its offers, a BlogPosting), Open Graph and Twitter card tags, and the rating summary shown beside
 * a product's title. Formatters for the theme: `{@|structured-data}`, `{@|social-meta}`,
 * `{item|rating-summary}`.
 */
import {
  currencyOf,
  isVariantAvailable,
  pricedWithoutVariants,
  priceNow,
  productType,
  variantList,
} from '../commerce/product';
import {
  isProductRecord,
  itemAddedOn,
  itemAuthorName,
  itemBody,
  itemExcerpt,
  itemImageUrl,
  itemSeo,
  itemTitle,
  itemUrl,
  moneyAmountText,
  productContent,
  productReviews,
  variantSku,
} from '../commerce/product-fields';
import { DEFAULT_CURRENCY, fromMinorUnits, toMinorUnits } from '../commerce/money';
import {
  asString,
  escapeHtml,
  escapeHtmlAttribute,
  type Formatter,
  type FormatterTable,
  type RenderContext,
} from '../engine/index';

/** What `scriptJson` escapes: looked for once, since most data holds none of it (five passes become one). */
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/;

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` as JSON escapes, so no
 * text in it (a title with `</script>` or `<!--`) can end the element or change how it is parsed.
 */
export function scriptJson(value: unknown): string {
  const json = JSON.stringify(value);
  if (!SCRIPT_UNSAFE.test(json)) return json;
  return json
    .replaceAll('<', '\\u003c')
    .replaceAll('>', '\\u003e')
    .replaceAll('&', '\\u0026')
    .replaceAll('\u2028', '\\u2028')
    .replaceAll('\u2029', '\\u2029');
}

/** Plain text of stored rich text (tags dropped, entities of the sanitizer undone). */
function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(
      /&(lt|gt|quot|#39|amp);/g,
      (_, name: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[name] as string,
    )
    .replace(/\s+/g, ' ')
    .trim();
}

/** The last canonical URL's origin: a page makes several of its paths absolute, each from the same canonical URL. */
let lastOrigin = { canonical: '', origin: '' };

/** The address the shopper asked for, to make the site's paths absolute. */
function originOf(ctx: RenderContext): string {
  const canonical = asString(ctx.resolve(['canonicalUrl']));
  if (canonical !== lastOrigin.canonical) {
    let origin = '';
    try {
      origin = new URL(canonical).origin;
    } catch {
      // No canonical URL (or not one): the paths stay as they are.
    }
    lastOrigin = { canonical, origin };
  }
  return lastOrigin.origin;
}

function absolute(ctx: RenderContext, path: string): string {
  return path === '' || /^https?:\/\//.test(path) ? path : `${originOf(ctx)}${path}`;
}

/** A decimal money value in major units for its currency ('68' → '68.00', JPY '3200'). */
function majorUnits(money: unknown, currency: string): string | null {
  const minor = toMinorUnits(moneyAmountText(money), currency);
  return minor === null ? null : fromMinorUnits(minor, currency);
}

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';

/** The product's offers: one per variant (a digital product or a paywall has one price of its own, never out of stock). */
function offersOf(item: unknown, ctx: RenderContext, url: string): Record<string, unknown>[] {
  const storeCurrency = asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY;
  const offer = (priced: unknown, available: boolean, sku: string | null) => {
    const money = priceNow(item, priced);
    const currency = currencyOf(money) || storeCurrency;
    const price = majorUnits(money, currency);
    if (price === null) return null;
    return {
      '@type': 'Offer',
      ...(sku === null ? {} : { sku }),
      price,
      priceCurrency: currency,
      availability: available ? IN_STOCK : OUT_OF_STOCK,
      url,
    };
  };
  if (pricedWithoutVariants(productType(item))) {
    const only = offer(productContent(item), true, null);
    return only === null ? [] : [only];
  }
  return variantList(item)
    .map((variant) => offer(variant, isVariantAvailable(item, variant), variantSku(variant) || null))
    .filter((found): found is NonNullable<typeof found> => found !== null);
}

interface RatingFigures {
  count: number;
  average: number;
}

/** The number of reviews and their average rating (one decimal), or null without reviews. */
export function ratingOf(item: unknown): RatingFigures | null {
  const reviews = productReviews(item);
  if (reviews === null) return null;
  const ratings = reviews.map((review) => review.rating).filter((n) => Number.isFinite(n) && n >= 1 && n <= 5);
  if (ratings.length === 0) return null;
  const average = Math.round((ratings.reduce((sum, n) => sum + n, 0) / ratings.length) * 10) / 10;
  return { count: ratings.length, average };
}

function productData(item: unknown, ctx: RenderContext): Record<string, unknown> {
  const url = absolute(ctx, itemUrl(item));
  const image = itemImageUrl(item);
  const rating = ratingOf(item);
  const reviews = productReviews(item) ?? [];
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: itemTitle(item),
    description: plainText(itemExcerpt(item) || itemBody(item)),
    url,
    ...(image === '' ? {} : { image: [absolute(ctx, image)] }),
    brand: { '@type': 'Brand', name: asString(ctx.resolve(['website', 'siteTitle'])) },
    offers: offersOf(item, ctx, url),
    ...(rating === null
      ? {}
      : {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: rating.average,
            reviewCount: rating.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.author },
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5 },
            reviewBody: review.text,
          })),
        }),
  };
}

function postData(item: unknown, ctx: RenderContext): Record<string, unknown> {
  const image = itemImageUrl(item);
  const added = itemAddedOn(item);
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: itemTitle(item),
    description: plainText(itemExcerpt(item)),
    url: absolute(ctx, itemUrl(item)),
    ...(image === '' ? {} : { image: [absolute(ctx, image)] }),
    ...(Number.isFinite(added) && added > 0 ? { datePublished: new Date(added).toISOString() } : {}),
    author: {
      '@type': 'Person',
      name: itemAuthorName(item) || asString(ctx.resolve(['website', 'siteTitle'])),
    },
  };
}

/** `{@|structured-data}`: the page item's JSON-LD (for use inside `<script type="application/ld+json">`), or nothing. */
const structuredData: Formatter = (_value, _args, ctx) => {
  const item = ctx.resolve(['item']);
  if (typeof item !== 'object' || item === null) return '';
  return scriptJson(isProductRecord(item) ? productData(item, ctx) : postData(item, ctx));
};

function meta(attribute: 'property' | 'name', key: string, content: string): string {
  return content === '' ? '' : `<meta ${attribute}="${key}" content="${escapeHtmlAttribute(content)}">`;
}

/** `{@|social-meta}`: Open Graph and Twitter card tags for the page (its item's, else the page's). */
const socialMeta: Formatter = (_value, _args, ctx) => {
  const item = ctx.resolve(['item']);
  const hasItem = typeof item === 'object' && item !== null;
  const siteTitle = asString(ctx.resolve(['website', 'siteTitle']));
  // An item's search engine listing and social image, when the merchant set them, come first.
  const seo = (key: keyof ReturnType<typeof itemSeo>) => (hasItem ? itemSeo(item)[key] : '');
  const title = hasItem
    ? seo('seoTitle') || itemTitle(item)
    : asString(ctx.resolve(['page', 'seoTitle'])) || asString(ctx.resolve(['page', 'title'])) || siteTitle;
  // A page's, shop's or blog's own description is its search engine listing's (page-context.ts), else what the list says of itself.
  const description = hasItem
    ? seo('seoDescription') || plainText(itemExcerpt(item))
    : asString(ctx.resolve(['page', 'description'])) || plainText(asString(ctx.resolve(['collection', 'description'])));
  const image = absolute(ctx, seo('socialImage') || itemImageUrl(hasItem ? item : ctx.resolve(['items', 0])));
  const type = hasItem ? (isProductRecord(item) ? 'product' : 'article') : 'website';
  const tags = [
    meta('property', 'og:type', type),
    meta('property', 'og:site_name', siteTitle),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', asString(ctx.resolve(['canonicalUrl']))),
    meta('property', 'og:image', image),
    meta('property', 'og:locale', (asString(ctx.resolve(['website', 'language'])) || 'en-US').replace('-', '_')),
    meta('name', 'twitter:card', image === '' ? 'summary' : 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
  ];
  if (hasItem && isProductRecord(item)) {
    const offers = offersOf(item, ctx, '');
    const first = offers[0];
    if (first !== undefined) {
      tags.push(
        meta('property', 'product:price:amount', asString(first.price)),
        meta('property', 'product:price:currency', asString(first.priceCurrency)),
      );
    }
  }
  return tags.filter((tag) => tag !== '').join('\n');
};

/**
 * `{@|rating-summary}`: stars, the average and the number of reviews, as a link to the reviews
 * (`plain`: not a link, for the reviews' own heading); nothing without reviews.
 */
const ratingSummary: Formatter = (item, args) => {
  const rating = ratingOf(item);
  if (rating === null) return '';
  const average = rating.average.toFixed(1);
  const percent = Math.round((rating.average / 5) * 100);
  const reviews = `${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`;
  const [open, close] =
    args[0] === 'plain'
      ? ['<p class="RatingSummary RatingSummary--plain">', '</p>']
      : ['<a class="RatingSummary" href="#reviews-title">', '</a>'];
  return (
    open +
    `<span class="Stars" style="--filled: ${percent}%" aria-hidden="true"></span>` +
    `<span class="RatingSummary-average">${escapeHtml(average)}</span>` +
    `<span class="visually-hidden"> out of 5 stars,</span>` +
    `<span class="RatingSummary-count">${escapeHtml(reviews)}</span>` +
    close
  );
};

export const STRUCTURED_DATA_FORMATTERS: FormatterTable = {
  'structured-data': structuredData,
  'social-meta': socialMeta,
  'rating-summary': ratingSummary,
};
