/**
 * The theme's prices (its `product-price` blocks, which the server wrote in the site's language: pages
 * are cached, the same for everyone) rewritten by `formatMoney` in the page's language when the page
 * switches to the account's, so every price on a page has one format (issue 32, journey 8). A price
 * is read back to minor units with the site's own format of the store currency (`<html data-currency
 * data-site-language>`: `lang` is the account's by then). The template engine's own English words in those blocks
 * and in the sale mark (Squarespace's defaults: 'from', 'every week', the hidden 'Sale Price:') are said in the
 * catalogue's words too; a merchant's own wording (localized strings) is not the engine's English and stays.
 * Islands format theirs with `useShopperLocale`, so they are skipped here, but for ProductPrice's
 * template block (set once as HTML: React leaves it alone until a variant is chosen, then writes its own).
 */
import { formatMoney, toMinorUnits } from '../commerce/money';
import { fill, type StorefrontText } from '../commerce/storefront-text';
import { everyText } from '../commerce/subscription-text';
import { pageDocument } from './dom';

const PRICE_BLOCKS = '.product-price, .subscription-price';
/** The engine's sale mark on a listing's cards (an island's mark is its own, in the page's language already). */
const SALE_MARKS = '.product-mark.sale';
const SPACE = '[\\s\\u00a0\\u202f]?';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `text` with each price written in `from`'s format (the site's) rewritten in `to`'s; anything else as it is. */
export function pricesIn(text: string, currency: string, from: string, to: string): string {
  if (from === to) return text;
  const part = (parts: Intl.NumberFormatPart[], type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const digits = new Intl.NumberFormat(from).formatToParts(1234567.5);
  const [group, decimal] = [part(digits, 'group'), part(digits, 'decimal')];
  const number = `\\d[\\d${escape(group)}]*(?:${escape(decimal)}\\d+)?`;
  const symbol = escape(
    part(new Intl.NumberFormat(from, { style: 'currency', currency }).formatToParts(1), 'currency'),
  );
  const price = new RegExp(`${symbol}${SPACE}(${number})|(${number})${SPACE}${symbol}`, 'g');
  return text.replace(price, (whole, before?: string, after?: string) => {
    const plain = (before ?? after ?? '').split(group).join('').replace(decimal, '.');
    const units = toMinorUnits(plain, currency);
    return units === null ? whole : formatMoney(units, currency, to);
  });
}

const PERIODS = { week: 'WEEK', month: 'MONTH', year: 'YEAR' } as const;

/** A text of the engine's price blocks with its English words (src/engine/plugins/commerce.ts's defaults) in `text`'s. */
export function engineWordsIn(server: string, text: StorefrontText): string {
  const whole = server.trim();
  const alone: Record<string, string> = {
    'Sale Price:': text['product.salePrice'],
    'Original Price:': text['product.originalPrice'],
    sale: text['product.sale'],
  };
  if (whole in alone) return server.replace(whole, alone[whole] as string);
  const every = server.replace(/\bevery (?:(\d+) )?(week|month|year)s?\b/g, (_all, count: string | undefined, unit) =>
    everyText(text, { value: count === undefined ? 1 : Number(count), unit: PERIODS[unit as keyof typeof PERIODS] }),
  );
  return every.replace(
    /^(\s*)from (.+)$/s,
    (_all, space: string, price: string) => space + fill(text['quickAdd.from'], { price }),
  );
}

interface PageNode {
  nodeType: number;
  textContent: string | null;
  childNodes: ArrayLike<PageNode>;
}

interface PriceBlock extends PageNode {
  closest(selector: string): unknown;
}

interface PageRoot {
  dataset: { currency?: string; siteLanguage?: string };
  querySelectorAll(selector: string): ArrayLike<PriceBlock>;
}

const TEXT_NODE = 3;
/** The server's text of each price text node rewritten so far, to rewrite again from (a switch back, another language). */
const serverTexts = new WeakMap<PageNode, string>();

function rewriteTexts(node: PageNode, rewrite: (server: string) => string): void {
  if (node.nodeType === TEXT_NODE) {
    const server = serverTexts.get(node) ?? node.textContent ?? '';
    serverTexts.set(node, server);
    node.textContent = rewrite(server);
    return;
  }
  for (const child of Array.from(node.childNodes)) rewriteTexts(child, rewrite);
}

/** Rewrites the theme's prices in `locale`, from the site's (back to the server's text for the site's own), and their words in `text`'s. */
export function showPricesIn(locale: string, text: StorefrontText): void {
  const root = pageDocument()?.documentElement as unknown as PageRoot | undefined;
  const currency = root?.dataset.currency ?? '';
  const siteLocale = root?.dataset.siteLanguage ?? '';
  if (root === undefined || currency === '' || siteLocale === '') return;
  for (const block of Array.from(root.querySelectorAll(PRICE_BLOCKS))) {
    // An island's prices are its own, but for the template's block the product page's price shows as it was written.
    if (block.closest('[data-island]:not([data-island="ProductPrice"])') === null)
      rewriteTexts(block, (server) => engineWordsIn(pricesIn(server, currency, siteLocale, locale), text));
  }
  for (const mark of Array.from(root.querySelectorAll(SALE_MARKS)))
    if (mark.closest('[data-island]') === null) rewriteTexts(mark, (server) => engineWordsIn(server, text));
}
