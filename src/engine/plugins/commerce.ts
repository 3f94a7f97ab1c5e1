/**
 * Commerce formatters and predicates: prices, product status and scarcity, variant selects,
 * quantity input, add-to-cart and restock markup, cart counts and form summaries.
 * The product rules themselves live in src/commerce (shared with the worker and the islands).
 */
import {
  fromPrice,
  hasVariants,
  hasVariedPrices,
  isOnSale,
  isSoldOut,
  isSubscribable,
  isVariantOnSale,
  lowestVariantPricingOptions,
  normalPrice,
  priceNow,
  productType,
  ProductType,
  salePrice,
  UNDEFINED_PRODUCT_TYPE,
  showsQuantityInput,
  variantDescriptor,
  variantOptions,
  currencyOf,
} from '../../commerce/product';
import * as snippets from './snippets/commerce';
import { UNCHANGED, type FormatterTable, type PredicateTable, type RenderContext } from './types';
import { escapeHtmlAttribute } from '../text/html';
import { movePoint, parseDecimal, toPlainString, ZERO, type Decimal } from '../i18n/decimal';
import { intlLocale, numberFormat } from '../i18n/intl';
import { formatCurrency, formatDecimal } from '../i18n/numbers';
import { currencyOptions } from '../i18n/options';
import { memoizeText } from '../../values/memo';
import { asNumber, asString, childOf, isTruthy } from '../../values/index';

/** A money value's amount as an exact decimal (0 when absent or unreadable). */
function amountDecimal(money: unknown): Decimal {
  const value = asString(childOf(money, 'value'));
  return value === '' ? ZERO : (parseDecimal(value) ?? ZERO);
}

/** Cents, as the legacy price formatters print them: '137.00' → '13700'. */
function legacyCents(money: unknown): string {
  return toPlainString(movePoint(amountDecimal(money), 2));
}

/** Two-decimal US number format of the legacy money spans (made once). */
let twoDecimals: ReturnType<typeof numberFormat> | null = null;
const usd2 = () => (twoDecimals ??= numberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** A price as shown on store pages: CLDR style when the site opts in, else the legacy native span. */
function moneyText(money: unknown, args: readonly string[], ctx: RenderContext): string {
  if (isTruthy(ctx.resolve(['featureFlags', 'useCLDRMoneyFormat']))) {
    if (ctx.locale === null) return '';
    return formatCurrency(intlLocale(ctx.locale), amountDecimal(money), currencyOf(money), currencyOptions(args));
  }
  return `<span class="sqs-money-native">${usd2().format(toPlainString(amountDecimal(money)))}</span>`;
}

function localized(ctx: RenderContext, key: string): unknown {
  return ctx.resolve(['localizedStrings', key]);
}

function localizedOr(ctx: RenderContext, key: string, fallback: string): string {
  const text = localized(ctx, key);
  return text === undefined ? fallback : asString(text);
}

const BILLING_PERIODS_PER_YEAR: Readonly<Record<string, number>> = { WEEK: 52, MONTH: 12 };

function capitalizeFirst(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1).toLowerCase();
}

interface Subscription {
  periodValue: number;
  periodUnit: string;
  durationValue: number;
  durationUnit: string;
  cycles: number;
}

/** A subscription plan's billing period and total duration, a duration that divides into years shown in years. */
function subscriptionOf(item: unknown, period: unknown): Subscription {
  const plan = childOf(childOf(item, 'structuredContent'), 'subscriptionPlan');
  const periodValue = asNumber(childOf(period, 'value'));
  const periodUnit = asString(childOf(period, 'unit'));
  const cycles = asNumber(childOf(plan, 'numBillingCycles'));
  let durationValue = periodValue * cycles;
  let durationUnit = periodUnit;
  const perYear = BILLING_PERIODS_PER_YEAR[periodUnit];
  if (durationValue > 0 && perYear !== undefined && durationValue % perYear === 0) {
    durationValue /= perYear;
    durationUnit = 'YEAR';
  }
  return { periodValue, periodUnit, durationValue, durationUnit, cycles };
}

function defaultSubscriptionText(s: Subscription, multiplePrices: boolean): string {
  const plural = s.periodValue > 1;
  let text = `${multiplePrices ? 'from ' : ''}{price} every ${plural ? '{billingPeriodValue} ' : ''}${s.periodUnit.toLowerCase()}${plural ? 's' : ''}`;
  if (s.cycles > 0) text += ` for {duration} ${s.durationUnit.toLowerCase()}${s.durationValue === 1 ? '' : 's'}`;
  return text;
}

function subscriptionPriceData(item: unknown, args: readonly string[], ctx: RenderContext): Record<string, unknown> {
  const period = childOf(childOf(childOf(item, 'structuredContent'), 'subscriptionPlan'), 'billingPeriod');
  if (period === undefined)
    return { fromText: localizedOr(ctx, 'productPriceUnavailable', 'Unavailable'), formattedFromPrice: 'true' };
  const multiple = hasVariedPrices(item);
  const s = subscriptionOf(item, period);
  let key = `productPrice__${multiple ? 'multiplePrices' : 'singlePrice'}__${s.periodValue === 1 ? '1' : 'n'}${capitalizeFirst(s.periodUnit)}ly__`;
  key +=
    s.durationValue === 0
      ? 'indefinite'
      : `limited__${s.durationValue === 1 ? '1' : 'n'}${capitalizeFirst(s.durationUnit)}s`;
  const pattern = localizedOr(ctx, key, defaultSubscriptionText(s, multiple));
  const data: Record<string, unknown> = { billingPeriodValue: s.periodValue, duration: s.durationValue };
  if (multiple) {
    data.fromText = pattern;
    data.formattedFromPrice = moneyText(fromPrice(item), args, ctx);
  }
  if (isOnSale(item)) {
    data.formattedSalePriceText = pattern;
    data.formattedSalePrice = moneyText(salePrice(item), args, ctx);
  }
  data.formattedNormalPriceText = pattern;
  data.formattedNormalPrice = moneyText(normalPrice(item), args, ctx);
  return data;
}

function oneTimePriceData(item: unknown, args: readonly string[], ctx: RenderContext): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  if (hasVariedPrices(item)) {
    data.fromText = localizedOr(ctx, 'productPriceFromText', 'from {fromPrice}');
    data.formattedFromPrice = moneyText(fromPrice(item), args, ctx);
  }
  if (isOnSale(item)) {
    data.formattedSalePriceText = '{price}';
    data.formattedSalePrice = moneyText(salePrice(item), args, ctx);
  }
  data.formattedNormalPriceText = '{price}';
  data.formattedNormalPrice = moneyText(normalPrice(item), args, ctx);
  return data;
}

/**
 * Whether `product-price` prices a value that is not a subscription as a one-time product: the
 * reference does so for every product type code but UNDEFINED_PRODUCT_TYPE (-1), a missing or unknown type
 * included, which prints the default price (0.00).
 */
function pricedOnce(item: unknown): boolean {
  return asNumber(childOf(childOf(item, 'structuredContent'), 'productType')) !== UNDEFINED_PRODUCT_TYPE;
}

function productPrice(item: unknown, args: readonly string[], ctx: RenderContext): string {
  let data: Record<string, unknown> = {};
  if (isSubscribable(item)) data = subscriptionPriceData(item, args, ctx);
  else if (pricedOnce(item)) data = oneTimePriceData(item, args, ctx);
  return ctx.renderSnippet(snippets.PRODUCT_PRICE, data, true);
}

function subscriptionPrice(item: unknown, args: readonly string[], ctx: RenderContext): string {
  const data: Record<string, unknown> = {};
  const options = lowestVariantPricingOptions(item);
  if (Array.isArray(options) && options.length > 0) {
    const first = options[0];
    if (hasVariedPrices(item)) {
      const money = priceNow(item, first);
      data.fromText = localizedOr(ctx, 'productPriceFromText', 'from {fromPrice}');
      data.formattedFromPrice = moneyText(money, args, ctx);
    }
    if (isVariantOnSale(item, first)) {
      data.formattedSubscriptionSalePriceText = '{price}';
      data.formattedSubscriptionSalePrice = moneyText(priceNow(item, first), args, ctx);
    }
    data.formattedNormalSubscriptionPriceText = '{price}';
    data.formattedNormalSubscriptionPrice = moneyText(childOf(first, 'priceMoney'), args, ctx);
  }
  return ctx.renderSnippet(snippets.SUBSCRIPTION_PRICE, data, true);
}

function merchandising(ctx: RenderContext, item: unknown): unknown {
  return childOf(ctx.resolve(['productMerchandisingContext']), asString(childOf(item, 'id')));
}

function productStatus(item: unknown, ctx: RenderContext): unknown {
  const id = asString(childOf(item, 'id'));
  const custom = id === '' ? '' : asString(childOf(merchandising(ctx, item), 'customSoldOutText'));
  if (isSoldOut(item)) {
    const text = custom || asString(localized(ctx, 'productSoldOutText')) || 'sold out';
    return `<div class="product-mark sold-out">${escapeHtmlAttribute(text)}</div>`;
  }
  if (isOnSale(item))
    return `<div class="product-mark sale">${asString(localized(ctx, 'productSaleText')) || 'sale'}</div>`;
  return undefined;
}

function productScarcity(item: unknown, ctx: RenderContext): unknown {
  if (ctx.resolve(['productMerchandisingContext']) === undefined) return UNCHANGED;
  const product = merchandising(ctx, item);
  if (product === undefined || !asBooleanLike(childOf(product, 'scarcityEnabled'))) return UNCHANGED;
  return ctx.renderSnippet(snippets.PRODUCT_SCARCITY, {
    scarcityTemplateViews: childOf(product, 'scarcityTemplateViews') ?? null,
    scarcityText: childOf(product, 'scarcityText') ?? null,
    scarcityShownByDefault: childOf(product, 'scarcityShownByDefault') ?? null,
  });
}

/** Jackson-style boolean reading, as the reference's asBoolean. */
function asBooleanLike(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string') return value === 'true';
  if (typeof value === 'number') return Number.isInteger(value) && value !== 0;
  return false;
}

function restockNotification(item: unknown, ctx: RenderContext): string {
  const product = merchandising(ctx, item);
  const field = (key: string) => childOf(product, key) ?? null;
  return ctx.renderSnippet(snippets.RESTOCK_NOTIFICATION, {
    product: item ?? null,
    views: field('restockNotificationViews'),
    messages: field('restockNotificationMessages'),
    mailingListSignUpEnabled: field('mailingListSignUpEnabled'),
    mailingListOptInByDefault: field('mailingListOptInByDefault'),
    captchaSiteKey: childOf(childOf(ctx.resolve(['website']), 'captchaSettings'), 'siteKey') ?? null,
  });
}

function variantsSelect(item: unknown, ctx: RenderContext): unknown {
  const options = variantOptions(item);
  if (options.length === 0) return undefined;
  const giftCard = productType(item) === ProductType.GiftCard;
  const selectText = asString(localized(ctx, giftCard ? 'giftCardVariantSelectText' : 'productVariantSelectText'));
  const displayText = giftCard ? asString(localized(ctx, 'giftCardValueDisplayText')) : '';
  return ctx.renderSnippet(snippets.VARIANTS_SELECT, {
    item: item ?? null,
    options,
    selectText: selectText || (giftCard ? 'Select Value' : 'Select {variantName}'),
    displayText: displayText || (giftCard ? 'Value' : '{name}'),
  });
}

function quickView(item: unknown, args: readonly string[], ctx: RenderContext): string {
  let group = args[0] ?? '';
  const own = childOf(item, group);
  if (own !== undefined) group = asString(own);
  else {
    const resolved = ctx.resolve([group]);
    if (resolved !== undefined) group = asString(resolved);
  }
  return (
    `<span class="sqs-product-quick-view-button" role="button" tabindex="0" data-id="${asString(childOf(item, 'id'))}"` +
    ` data-group="${group}">${localizedOr(ctx, 'productQuickViewText', 'Quick View')}</span>`
  );
}

const SUMMARY_SNIPPETS: Readonly<Record<string, string>> = {
  address: snippets.SUMMARY_ADDRESS,
  checkbox: snippets.SUMMARY_CHECKBOX,
  date: snippets.SUMMARY_DATE,
  likert: snippets.SUMMARY_LIKERT,
  name: snippets.SUMMARY_NAME,
  phone: snippets.SUMMARY_PHONE,
  time: snippets.SUMMARY_TIME,
};

/** Likert answers by value (spec §8), each overridable by a localized string. */
const LIKERT_ANSWERS: ReadonlyArray<readonly [string, string, string]> = [
  ['-2', 'productAnswerMapStronglyDisagree', 'Strongly Disagree'],
  ['-1', 'productAnswerMapDisagree', 'Disagree'],
  ['0', 'productAnswerMapNeutral', 'Neutral'],
  ['1', 'productAnswerMapAgree', 'Agree'],
  ['2', 'productAnswerMapStronglyAgree', 'Strongly Agree'],
];

function likertAnswers(values: unknown, strings: unknown): { question: string; answer: string }[] {
  const answers = new Map<string, string>();
  for (const [value, key, fallback] of LIKERT_ANSWERS) {
    const text = childOf(strings, key);
    answers.set(value, typeof text === 'string' ? text : fallback);
  }
  if (typeof values !== 'object' || values === null) return [];
  return Object.entries(values).map(([question, value]) => ({
    question,
    answer: answers.get(String(value)) || (answers.get('0') as string),
  }));
}

function summaryFormField(field: unknown, ctx: RenderContext): string {
  const strings = ctx.resolve(['localizedStrings']);
  const type = asString(childOf(field, 'type'));
  const snippet = SUMMARY_SNIPPETS[type];
  let answer: unknown;
  if (snippet === undefined) answer = asString(childOf(field, 'value'));
  else {
    const value = type === 'likert' ? likertAnswers(childOf(field, 'values'), strings) : field;
    answer = ctx.renderSnippet(snippet, value, true);
  }
  let out = `<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">${asString(childOf(field, 'rawTitle'))}:</span> `;
  if (isTruthy(answer)) out += answer as string;
  else {
    const noAnswer = asString(childOf(strings, 'productSummaryFormNoAnswerText')).trim();
    out += noAnswer === '' ? 'N/A' : noAnswer;
  }
  return `${out}\n</div>`;
}

/** Currencies of the regions a locale most likely means, for `bookkeeper-money-format`. */
const REGION_CURRENCIES: Readonly<Record<string, string>> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  JP: 'JPY',
  CN: 'CNY',
  IN: 'INR',
  BR: 'BRL',
  MX: 'MXN',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  KR: 'KRW',
  RU: 'RUB',
  ZA: 'ZAR',
  SG: 'SGD',
  HK: 'HKD',
  TW: 'TWD',
  IL: 'ILS',
  TR: 'TRY',
  AR: 'ARS',
  CL: 'CLP',
  CO: 'COP',
  TH: 'THB',
  ID: 'IDR',
  DE: 'EUR',
  FR: 'EUR',
  ES: 'EUR',
  IT: 'EUR',
  NL: 'EUR',
  BE: 'EUR',
  AT: 'EUR',
  IE: 'EUR',
  PT: 'EUR',
  FI: 'EUR',
  GR: 'EUR',
  LU: 'EUR',
  SK: 'EUR',
  SI: 'EUR',
  EE: 'EUR',
  LV: 'EUR',
  LT: 'EUR',
  MT: 'EUR',
  CY: 'EUR',
  HR: 'EUR',
};

/** The currency of the locale's region (USD when unknown), worked out once per locale. */
const regionCurrency = memoizeText((locale) => {
  try {
    return REGION_CURRENCIES[new Intl.Locale(locale).maximize().region ?? 'US'] ?? 'USD';
  } catch {
    return 'USD';
  }
}, 256);

function bookkeeperMoney(value: unknown, ctx: RenderContext): string {
  if (ctx.locale === null) return '';
  const locale = intlLocale(ctx.locale);
  const amount = movePoint(parseDecimal(asString(value)) ?? ZERO, -2);
  return formatCurrency(locale, amount, regionCurrency(locale), {});
}

function percentage(value: unknown, args: readonly string[], ctx: RenderContext): string {
  if (ctx.locale === null) return '';
  const trim = args.includes('trim');
  const n = parseDecimal(asString(value)) ?? ZERO;
  return formatDecimal(intlLocale(ctx.locale), n, { minimumFractionDigits: trim ? 0 : 2, maximumFractionDigits: 3 });
}

function cartQuantity(cart: unknown): string {
  const entries = childOf(cart, 'entries');
  let count = 0;
  if (Array.isArray(entries)) for (const entry of entries) count += asNumber(childOf(entry, 'quantity'));
  return `<span class="sqs-cart-quantity">${count}</span>`;
}

/** The cart subtotal in cents as the native money span (the Java compiler's behaviour). */
function cartSubtotal(cart: unknown): string {
  const cents = parseDecimal(asString(childOf(cart, 'subtotalCents'))) ?? ZERO;
  return `<span class="sqs-cart-subtotal"><span class="sqs-money-native">${usd2().format(toPlainString(movePoint(cents, -2)))}</span></span>`;
}

export const COMMERCE_FORMATTERS: FormatterTable = {
  'add-to-cart-btn': (value, _args, ctx) => ctx.renderSnippet(snippets.ADD_TO_CART_BUTTON, value),
  'bookkeeper-money-format': (value, _args, ctx) => bookkeeperMoney(value, ctx),
  'cart-quantity': (value) => cartQuantity(value),
  'cart-subtotal': (value) => cartSubtotal(value),
  'cart-url': () => '/cart',
  'from-price': (value) => legacyCents(fromPrice(value)),
  'normal-price': (value) => legacyCents(normalPrice(value)),
  'percentage-format': (value, args, ctx) => percentage(value, args, ctx),
  'product-checkout': (value, _args, ctx) => ctx.renderSnippet(snippets.PRODUCT_CHECKOUT, value),
  'product-price': (value, args, ctx) => productPrice(value, args, ctx),
  'subscription-price': (value, args, ctx) => subscriptionPrice(value, args, ctx),
  'product-quick-view': (value, args, ctx) => quickView(value, args, ctx),
  'product-restock-notification': (value, _args, ctx) => restockNotification(value, ctx),
  'product-scarcity': (value, _args, ctx) => productScarcity(value, ctx),
  'product-status': (value, _args, ctx) => productStatus(value, ctx),
  'quantity-input': (value, _args, ctx) =>
    showsQuantityInput(value, ctx.resolve(['websiteSettings']))
      ? ctx.renderSnippet(snippets.QUANTITY_INPUT, value)
      : undefined,
  'sale-price': (value) => legacyCents(salePrice(value)),
  'summary-form-field': (value, _args, ctx) => summaryFormField(value, ctx),
  'variant-descriptor': (value) => variantDescriptor(value),
  'variants-select': (value, _args, ctx) => variantsSelect(value, ctx),
};

export const COMMERCE_PREDICATES: PredicateTable = {
  'has-variants?': (_args, ctx) => hasVariants(ctx.current()),
  'on-sale?': (_args, ctx) => isOnSale(ctx.current()),
  'sold-out?': (_args, ctx) => isSoldOut(ctx.current()),
  'varied-prices?': (_args, ctx) => hasVariedPrices(ctx.current()),
};
