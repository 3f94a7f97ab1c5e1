/**
 * Islands on the server: each widget is rendered with React's `renderToString` inside
 * `<div data-island="Name" data-props='…'>`, which the browser entry hydrates. The table below
 * replaces the engine's widget formatters on store pages (same classes as the reference markup).
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { instalmentEligible, instalmentPrice, instalmentsOffered, instalmentText } from '../commerce/instalments';
import {
  hasVariants,
  isOnSale,
  isSoldOut,
  priceNow,
  pricedWithoutVariants,
  isSubscribable,
  sellsAsSubscription,
  isVariantAvailable,
  isVariantOnSale,
  productType,
  ProductType,
  showsQuantityInput,
  soldInCart,
  variantLabel,
  variantList,
  variantOptions,
} from '../commerce/product';
import {
  customAddButtonText,
  fieldsFormOf,
  imageDimension,
  itemId,
  itemImageUrl,
  itemTitle,
  itemUrl,
  minorUnitsOf,
  productFieldsForm,
  productPictures,
  regularPriceOf,
  subscriptionPlanOf,
  variantAttributes,
  variantId,
  variantImageUrl,
  variantSku,
} from '../commerce/product-fields';
import {
  defaultProviderLocale,
  localInstalmentInfo,
  providerLocale,
  type InstalmentProvider,
} from '../integrations/instalments';
import { ISLANDS, type IslandName } from '../client/islands/index';
import type { ButtonPlace, Purchase } from '../client/islands/AddToCartButton';
import type { CartPageProps } from '../client/islands/CartPage';
import type { ConfirmationKind } from '../client/islands/CheckoutConfirmation';
import type { InstalmentOffer } from '../client/components/CartSummary';
import type { AdditionalFieldsFormDefinition } from '../client/components/AdditionalFieldsForm';
import { DEFAULT_CURRENCY } from '../commerce/money';
import { fingerprint } from '../fingerprint';
import { DEFAULT_FORMATTERS } from '../engine/plugins/index';
import type { VariantPrice } from '../client/islands/ProductPrice';
import type { RestockVariant } from '../client/islands/RestockForm';
import type { CaptchaConfig } from '../client/captcha';
import type { SiteFormProps } from '../client/islands/SiteForm';
import { fieldsUnderFlags, newsletterFields, type FormField } from '../forms/validate';
import {
  asString,
  childOf,
  escapeHtmlAttribute,
  isTruthy,
  type Formatter,
  type FormatterTable,
  type RenderContext,
} from '../engine/index';

/** What `attributeJson` escapes: looked for once, since most props hold none of it (three passes become one). */
const ATTRIBUTE_UNSAFE = /[&'<]/;

/** Props go into a single-quoted attribute; escaping `&`, `'` and `<` keeps any JSON inside it. */
function attributeJson(props: unknown): string {
  const json = JSON.stringify(props);
  if (!ATTRIBUTE_UNSAFE.test(json)) return json;
  return json.replaceAll('&', '&amp;').replaceAll("'", '&#39;').replaceAll('<', '&lt;');
}

/**
 * Islands rendered before, by name and props: an island's server HTML depends on nothing else (no
 * request, visitor or time), so each is rendered once per content version and isolate. Props of an
 * old version are never asked for again; the map is emptied when it holds more than its bound.
 */
const renderedIslands = new Map<string, string>();
let renderedChars = 0;
const RENDERED_ISLAND_CHARS = 4 * 1024 * 1024;

export function renderIsland<N extends IslandName>(name: N, props: Parameters<(typeof ISLANDS)[N]>[0]): string {
  const json = attributeJson(props);
  const key = `${name}\u0000${json}`;
  let html = renderedIslands.get(key);
  if (html === undefined) {
    const component = ISLANDS[name] as (p: typeof props) => ReturnType<typeof createElement>;
    html = `<div data-island="${escapeHtmlAttribute(name)}" data-props='${json}'>${renderToString(createElement(component, props))}</div>`;
    if (renderedChars > RENDERED_ISLAND_CHARS) {
      renderedIslands.clear();
      renderedChars = 0;
    }
    renderedIslands.set(key, html);
    renderedChars += key.length + html.length;
  }
  return html;
}

function variantChoices(item: unknown) {
  return variantList(item).map((variant) => ({
    sku: variantSku(variant),
    attributes: variantAttributes(variant),
    available: isVariantAvailable(item, variant),
  }));
}

function addToCartLabel(item: unknown, strings: unknown): string {
  const custom = customAddButtonText(item);
  if (custom !== null) return custom;
  if (isSubscribable(item)) return asString(childOf(strings, 'productSubscribeText')) || 'Subscribe';
  return asString(childOf(strings, 'productAddToCartText')) || 'Add To Cart';
}

/** Variant images by sku, for variants that have their own image. */
function variantImages(item: unknown): Record<string, string> {
  const images: Record<string, string> = {};
  for (const variant of variantList(item)) {
    const url = variantImageUrl(variant);
    if (url !== '') images[variantSku(variant)] = url;
  }
  return images;
}

/**
 * `{@|product-gallery}`: the product's pictures in order (its gallery, `items`, else its one picture),
 * each with its alt text (the title when it has none), then each variant's own picture the gallery
 * lacks, once (by address, described by the options its variants share, e.g. the colour), with the
 * picture each variant shows.
 */
function productGallery(item: unknown): string {
  const title = itemTitle(item);
  const described = new Map<string, string>(productPictures(item).map(({ src, alt }) => [src, alt || title]));
  const shared = new Map<string, Record<string, string>>();
  const variantImages: Record<string, number> = {};
  for (const variant of variantList(item)) {
    const src = variantImageUrl(variant);
    if (src === '') continue;
    if (!described.has(src)) {
      const attributes = variantAttributes(variant);
      const known = shared.get(src);
      shared.set(
        src,
        known === undefined
          ? { ...attributes }
          : Object.fromEntries(Object.entries(known).filter(([name, value]) => attributes[name] === value)),
      );
    }
    variantImages[variantSku(variant)] = [...described.keys(), ...shared.keys()].indexOf(src);
  }
  const images = [
    ...[...described].map(([src, alt]) => ({ src, alt })),
    ...[...shared].map(([src, options]) => ({ src, alt: [title, ...Object.values(options)].join(', ') })),
  ];
  return renderIsland('ProductGallery', {
    itemId: itemId(item),
    title,
    images,
    width: imageDimension(item, 0),
    height: imageDimension(item, 1),
    variantImages,
  });
}

/**
 * The instalment pill (storefront spec), for the products and with the text of the instalment rule
 * (src/commerce/instalments.ts).
 */
function instalmentPill(product: unknown, ctx: RenderContext): string {
  const offer = instalmentOffer(ctx);
  if (offer === null || !instalmentEligible(product)) return '';
  const text = instalmentText(instalmentPrice(product, offer.currency), offer, offer);
  return renderIsland('InstalmentPill', { text, provider: offer.provider, infoUrl: offer.infoUrl });
}

/**
 * The store's instalment provider, its range and its information page for the store's language;
 * null unless the checkout offers it (instalmentsOffered), so no page promises what checkout lacks.
 */
function instalmentOffer(ctx: RenderContext): InstalmentOffer | null {
  if (!instalmentsOffered(ctx.resolve(['website']), asString(ctx.resolve(['integrations', 'paymentProvider']))))
    return null;
  const range = ctx.resolve(['website', 'instalments']);
  const currency = asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY;
  const language = asString(ctx.resolve(['website', 'language'])) || 'en-US';
  const provider = asString(childOf(range, 'provider')) as InstalmentProvider;
  const [lang = 'en', country = 'US'] = language.split('-');
  const locale = providerLocale(provider, lang, country) ?? defaultProviderLocale(provider);
  return {
    provider: provider === 'clearpay' ? 'Clearpay' : 'Afterpay',
    infoUrl: localInstalmentInfo.pageUrl(provider, locale),
    minimum: Number(childOf(range, 'minimum')),
    maximum: Number(childOf(range, 'maximum')),
    currency,
    locale: language,
  };
}

const templatePrice = DEFAULT_FORMATTERS['product-price'] as Formatter;

/**
 * `{@|variant-price}`: the product's price as `product-price` writes it, following the chosen
 * variant in the browser (one-time purchases; a subscription's price stays as written).
 */
const variantPrice: Formatter = (item, args, ctx, vars) => {
  const html = asString(templatePrice(item, args, ctx, vars));
  const currency = asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY;
  const variants: Record<string, VariantPrice> = {};
  if (!isSubscribable(item) && !pricedWithoutVariants(productType(item))) {
    for (const variant of variantList(item)) {
      variants[variantSku(variant)] = {
        price: minorUnitsOf(regularPriceOf(variant), currency),
        salePrice: isVariantOnSale(item, variant) ? minorUnitsOf(priceNow(item, variant), currency) : null,
      };
    }
  }
  return renderIsland('ProductPrice', {
    itemId: itemId(item),
    html,
    currency,
    locale: asString(ctx.resolve(['website', 'language'])) || 'en-US',
    variants,
    saleMark:
      isOnSale(item) && !isSoldOut(item)
        ? asString(ctx.resolve(['localizedStrings', 'productSaleText'])) || 'sale'
        : null,
  });
};

const PLACES: readonly ButtonPlace[] = ['pdp', 'plp', 'product_block', 'add-on'];

/** `{@|add-to-cart-btn plp}`: where the button is (a product page when not said). */
function buttonPlace(arg: string | undefined): ButtonPlace {
  return PLACES.find((place) => place === arg) ?? 'pdp';
}

function purchaseOf(item: unknown): Purchase {
  if (productType(item) === ProductType.GiftCard) return 'giftCard';
  return sellsAsSubscription(item) ? 'subscription' : 'cart';
}

/** The site's forms, which the page context keeps by id. */
function siteForms(ctx: RenderContext): unknown[] {
  const forms = ctx.resolve(['forms']);
  return typeof forms === 'object' && forms !== null ? Object.values(forms) : [];
}

/** The product's additional-fields form (its own, or a site form named by id): what the add asks for first. */
function additionalFieldsForm(item: unknown, ctx: RenderContext): AdditionalFieldsFormDefinition | null {
  const form = productFieldsForm(item, siteForms(ctx));
  if (form === null) return null;
  const { id, name, fields, submitButtonText } = fieldsFormOf(form);
  return { id, name, fields: fields as FormField[], submitButtonText };
}

/** A subscription's terms above its Subscribe button on its product page (the first variant's price: subscriptions are sold as written). */
function subscriptionTerms(item: unknown, ctx: RenderContext): string {
  const plan = subscriptionPlanOf(item);
  const currencyCode = asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY;
  const amountCents = minorUnitsOf(priceNow(item, variantList(item)[0]), currencyCode);
  if (plan === undefined) return '';
  return renderIsland('SubscriptionTerms', {
    plan,
    amountCents,
    currencyCode,
    locale: asString(ctx.resolve(['website', 'language'])) || 'en-US',
    place: 'product',
  });
}

function addToCartButton(
  item: unknown,
  place: ButtonPlace,
  ctx: RenderContext,
  purchase: Purchase = purchaseOf(item),
): string {
  const id = itemId(item);
  const sku = pricedWithoutVariants(productType(item))
    ? id
    : hasVariants(item)
      ? null
      : (variantChoices(item)[0]?.sku ?? null);
  // On its own page a gift card asks who it is for (issue 32); elsewhere its button adds it for the buyer.
  if (place === 'pdp' && purchase === 'giftCard')
    return renderIsland('GiftCardForm', {
      itemId: id,
      label: addToCartLabel(item, ctx.resolve(['localizedStrings'])),
      sku,
    });
  const terms = place === 'pdp' && purchase === 'subscription' ? subscriptionTerms(item, ctx) : '';
  return (
    terms +
    renderIsland('AddToCartButton', {
      itemId: id,
      label:
        purchase === 'express'
          ? asString(ctx.resolve(['localizedStrings', 'productCheckoutText'])) || 'Purchase'
          : addToCartLabel(item, ctx.resolve(['localizedStrings'])),
      sku,
      options: variantOptions(item).map((option) => option.name),
      soldOut: isSoldOut(item),
      place,
      purchase,
      form: additionalFieldsForm(item, ctx),
    })
  );
}

/** A listing card's Add To Cart for a product with options to choose: it opens them in a dialog (QuickAdd). */
function quickAdd(item: unknown, ctx: RenderContext): string {
  const currency = asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY;
  const prices = Object.fromEntries(
    variantList(item).map((variant) => [variantSku(variant), minorUnitsOf(priceNow(item, variant), currency)]),
  );
  const purchase = purchaseOf(item);
  return renderIsland('QuickAdd', {
    itemId: itemId(item),
    title: itemTitle(item),
    label: addToCartLabel(item, ctx.resolve(['localizedStrings'])),
    options: variantOptions(item),
    variants: variantChoices(item),
    prices,
    currency,
    locale: asString(ctx.resolve(['website', 'language'])) || 'en-US',
    selectText:
      productType(item) === ProductType.GiftCard
        ? 'Select Value'
        : asString(ctx.resolve(['localizedStrings', 'productVariantSelectText'])) || 'Select {variantName}',
    purchase: purchase === 'express' ? 'cart' : purchase,
  });
}

/** An add-on ("You may also like") with options to choose leads to its product page instead of an add that cannot succeed. */
function chooseOptionsLink(item: unknown): string {
  const title = itemTitle(item);
  return (
    `<div class="sqs-add-to-cart-button-wrapper" data-place="add-on"><a class="sqs-add-to-cart-button sqs-button-element--primary ProductCard-choose" href="${escapeHtmlAttribute(itemUrl(item))}">` +
    `<span data-text="product.chooseOptions">Choose options</span><span class="visually-hidden"> for ${escapeHtmlAttribute(title)}</span></a></div>`
  );
}

const CAPTCHA_SITE_KEY = ['website', 'captchaSettings', 'siteKey'];

function captchaConfig(ctx: RenderContext): CaptchaConfig | null {
  const siteKey = asString(ctx.resolve(CAPTCHA_SITE_KEY));
  if (siteKey === '') return null;
  return {
    siteKey,
    provider:
      asString(ctx.resolve(['integrations', 'captchaProvider'])) === 'recaptcha-enterprise'
        ? 'recaptcha-enterprise'
        : 'local',
  };
}

/** Where a submission comes from: the page's item, else its collection. */
function submissionPage(ctx: RenderContext): SiteFormProps['page'] {
  const item = ctx.resolve(['item', 'id']);
  const collection = ctx.resolve(['collection', 'id']);
  return {
    pageId: item !== undefined ? asString(item) : collection !== undefined ? asString(collection) : null,
    pageTitle: asString(ctx.resolve(['page', 'title'])) || null,
    pagePath: asString(ctx.resolve(['page', 'path'])) || null,
    contentSource: item !== undefined ? 'i' : collection !== undefined ? 'c' : null,
  };
}

/** The promo popup shows on the home page only. */
function showsPromoPopup(popup: unknown, path: unknown): popup is object {
  return typeof popup === 'object' && popup !== null && path === '/';
}

/** The site's promo popup (home page only), with its newsletter sign-up. */
function promoPopup(ctx: RenderContext): string | undefined {
  const popup = ctx.resolve(['promoPopup']);
  if (!showsPromoPopup(popup, ctx.resolve(['page', 'path']))) return undefined;
  const id = asString(childOf(popup, 'id'));
  const title = asString(childOf(popup, 'title'));
  const body = asString(childOf(popup, 'body'));
  return renderIsland('PromoPopup', {
    title,
    body,
    delayMs: Number(childOf(popup, 'delayMs')) || 0,
    version: fingerprint(JSON.stringify([id, title, body])),
    form: siteFormProps({ id, type: 'newsletter' }, ctx) as SiteFormProps,
  });
}

/** A form block's form, or a newsletter block's sign-up, as a SiteForm island. */
function siteForm(block: unknown, ctx: RenderContext): string | undefined {
  const props = siteFormProps(block, ctx);
  return props === undefined ? undefined : renderIsland('SiteForm', props);
}

function siteFormProps(block: unknown, ctx: RenderContext): SiteFormProps | undefined {
  const newsletter = childOf(block, 'type') === 'newsletter';
  const form = newsletter ? null : ctx.resolve(['forms', asString(childOf(block, 'formId'))]);
  if (!newsletter && (typeof form !== 'object' || form === null)) return undefined;
  const text = (key: string) => asString(childOf(form, key)) || null;
  return {
    formId: newsletter ? asString(childOf(block, 'id')) : asString(childOf(form, 'id')),
    kind: newsletter ? 'newsletter' : 'form',
    fields: newsletter
      ? newsletterFields()
      : fieldsUnderFlags(
          childOf(form, 'fields') as FormField[],
          ctx.resolve(['featureFlags', 'formFieldMaxLength']) === true,
        ),
    submitButtonText: newsletter ? 'Sign up' : (text('submitButtonText') ?? 'Submit'),
    submissionMessage: newsletter ? 'Thank you for signing up.' : (text('submissionMessage') ?? 'Thank you!'),
    successRedirectUrl: newsletter ? null : text('successRedirectUrl'),
    postSubmitHtml: newsletter ? null : text('postSubmitHtml'),
    page: submissionPage(ctx),
    captcha: captchaConfig(ctx),
  };
}

/** The product's sold-out variants by sku (what a restock sign-up can name), each with its id and option values. */
function soldOutVariants(item: unknown): Record<string, RestockVariant> {
  const soldOut: Record<string, RestockVariant> = {};
  for (const variant of variantList(item)) {
    if (isVariantAvailable(item, variant)) continue;
    soldOut[variantSku(variant)] = { id: variantId(variant), label: variantLabel(variant) };
  }
  return soldOut;
}

/** Whether a product page offers the back-in-stock sign-up: a product sold in the cart with a sold-out variant. */
function offersRestock(item: unknown): boolean {
  return soldInCart(productType(item)) && Object.keys(soldOutVariants(item)).length > 0;
}

/**
 * Whether a page's data shows a form with a captcha (a form or newsletter block, the home page's
 * promo popup, a sold-out product's restock sign-up), by the rules the islands below render with:
 * only such a page's CSP allows the captcha's script (docs/security.md).
 */
export function pageHasCaptcha(data: Record<string, unknown>): boolean {
  const at = (path: readonly (string | number)[]) => path.reduce<unknown>((value, key) => childOf(value, key), data);
  if (asString(at(CAPTCHA_SITE_KEY)) === '') return false;
  const blocks = at(['blocks']);
  if (
    Array.isArray(blocks) &&
    blocks.some((block) => ['form', 'newsletter'].includes(asString(childOf(block, 'type'))))
  )
    return true;
  if (showsPromoPopup(at(['promoPopup']), at(['page', 'path']))) return true;
  return offersRestock(at(['item']));
}

/**
 * The restock sign-up of a product with a sold-out variant, for the variant the shopper chooses
 * (shown at once when every variant is sold out); the texts are the merchant's (the product's
 * merchandising context), with the spec's defaults.
 */
function restockForm(item: unknown, ctx: RenderContext): string | undefined {
  if (!offersRestock(item)) return undefined;
  const productId = itemId(item);
  const context = ctx.resolve(['productMerchandisingContext', productId]);
  const messages = childOf(context, 'restockNotificationMessages');
  const text = (key: string, fallback: string) => asString(childOf(messages, key)) || fallback;
  return renderIsland('RestockForm', {
    productId,
    options: variantOptions(item).map((option) => option.name),
    variants: soldOutVariants(item),
    soldOut: isSoldOut(item),
    ctaText: text('CTAText', 'Get notified when this item is back in stock.'),
    buttonText: text('buttonText', 'Sign Up'),
    placeholderText: text('placeholderText', 'Email Address'),
    mailingList: isTruthy(childOf(context, 'mailingListSignUpEnabled'))
      ? {
          description: text('mailingListDescription', 'Sign up for news and updates'),
          optInByDefault: isTruthy(childOf(context, 'mailingListOptInByDefault')),
        }
      : null,
    successText: text('successText', 'Signed up!'),
    language: asString(ctx.resolve(['website', 'language'])) || 'en-US',
    captcha: captchaConfig(ctx),
  });
}

/** Languages the store formats for besides the site's own and its translations'. */
const ACCOUNT_LANGUAGES = ['en-US', 'en-GB', 'fr-CA', 'fr-FR', 'de-DE', 'es-ES', 'ja-JP'];

function accountPanel(ctx: RenderContext): string {
  const site = asString(ctx.resolve(['website', 'language'])) || 'en-US';
  const multilingual = ctx.resolve(['multilingual']);
  const translations = isTruthy(childOf(multilingual, 'connected'))
    ? ((childOf(multilingual, 'languages') as unknown[] | undefined) ?? []).map(asString)
    : [];
  return renderIsland('AccountPanel', {
    languages: [...new Set([site, ...translations, ...ACCOUNT_LANGUAGES])],
    translationLanguages: translations,
  });
}

export const ISLAND_FORMATTERS: FormatterTable = {
  'promo-popup': (_value, _args, ctx) => promoPopup(ctx),
  'account-panel': (_value, _args, ctx) => accountPanel(ctx),
  'product-restock-notification': (item, _args, ctx) => restockForm(item, ctx),
  'site-form': (block, _args, ctx) => siteForm(block, ctx),
  'instalment-pill': (item, _args, ctx) => instalmentPill(item, ctx),
  'variant-price': variantPrice,
  'product-gallery': productGallery,
  'product-image': (item) =>
    renderIsland('ProductImage', {
      itemId: itemId(item),
      src: itemImageUrl(item),
      alt: itemTitle(item),
      width: imageDimension(item, 0),
      height: imageDimension(item, 1),
      variantImages: variantImages(item),
    }),
  'cart-pill': () => renderIsland('CartPill', { count: 0 }),
  'add-to-cart-btn': (item, args, ctx) => {
    const place = buttonPlace(args[0]);
    const choose = hasVariants(item) && !isSoldOut(item);
    if (choose && place === 'add-on') return chooseOptionsLink(item);
    return choose && place === 'plp' && additionalFieldsForm(item, ctx) === null
      ? quickAdd(item, ctx)
      : addToCartButton(item, place, ctx);
  },
  'product-checkout': (item, args, ctx) => addToCartButton(item, buttonPlace(args[0]), ctx, 'express'),
  'checkout-page': (_value, _args, ctx) =>
    renderIsland('CheckoutPage', {
      locale: asString(ctx.resolve(['website', 'language'])) || 'en-US',
      currencyCode: asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY,
      paymentProvider: asString(ctx.resolve(['integrations', 'paymentProvider'])) === 'stripe' ? 'stripe' : 'local',
      paymentMode: asString(ctx.resolve(['integrations', 'paymentMode'])) === 'live' ? 'live' : 'test',
      forms: (ctx.resolve(['additionalFieldsForms']) ?? {}) as CartPageProps['forms'],
    }),
  'order-confirmation': (_value, _args, ctx) =>
    renderIsland('CheckoutConfirmation', {
      kind: asString(ctx.resolve(['page', 'kind'])) as ConfirmationKind,
      orderId: asString(ctx.resolve(['orderId'])),
      locale: asString(ctx.resolve(['website', 'language'])) || 'en-US',
      forms: (ctx.resolve(['additionalFieldsForms']) ?? {}) as CartPageProps['forms'],
    }),
  'cart-page': (_value, _args, ctx) =>
    renderIsland('CartPage', {
      websiteId: asString(ctx.resolve(['website', 'id'])),
      currencyCode: asString(ctx.resolve(['website', 'storeCurrency'])) || DEFAULT_CURRENCY,
      locale: asString(ctx.resolve(['website', 'language'])) || 'en-US',
      forms: (ctx.resolve(['additionalFieldsForms']) ?? {}) as CartPageProps['forms'],
      instalments: instalmentOffer(ctx),
      continueUrl: asString(ctx.resolve(['navigation', 'items', 0, 'url'])) || '/',
    }),
  'quantity-input': (item, _args, ctx) =>
    showsQuantityInput(item, ctx.resolve(['websiteSettings']))
      ? renderIsland('QuantityInput', {
          itemId: itemId(item),
          label: asString(ctx.resolve(['localizedStrings', 'productQuantityInputLabel'])) || 'Quantity',
        })
      : undefined,
  'variants-select': (item, _args, ctx) => {
    const options = variantOptions(item);
    if (options.length === 0) return undefined;
    return renderIsland('VariantSelects', {
      itemId: itemId(item),
      options,
      variants: variantChoices(item),
      // Spec: a gift card's select reads 'Select Value', whatever its option is called.
      selectText:
        productType(item) === ProductType.GiftCard
          ? 'Select Value'
          : asString(ctx.resolve(['localizedStrings', 'productVariantSelectText'])) || 'Select {variantName}',
    });
  },
};
