/**
 * The demo store, seeded for `npm start` and the tests: 26 products in two collections covering
 * every product case of the spec, a blog with 8 posts, a contact page (a contact form, a newsletter block, a product
 * block), a page outside the navigation whose form uses every field type (/form-fields), navigation and footer.
 * Pictures are WebP studio shots drawn by scripts/demo-images.mjs into public/images/demo/ (static assets), so nothing comes from the network.
 */
import {
  PRODUCT_RECORD_TYPE,
  PRODUCTS_COLLECTION,
  PRODUCTS_COLLECTION_TYPE,
  ProductType,
  type ProductTypeCode,
} from '../../commerce/product';
import { DOWNLOAD_DAYS, DOWNLOAD_LIMIT } from '../../commerce/downloads';
import type { StoreSettings } from '../../commerce/checkout-totals';
import type { ShippingRate } from '../../commerce/shipping';
import { DEMO_FILES, demoDigitalFile, type DemoFile } from './demo-files';
import type { SiteInput } from '../model/schema';
import { DEFAULT_THEME } from '../theme/theme';

export const DEMO_SITE_ID = 'demo';

/** The demo store's visitor account, created in local development only (documented in the README). */
export const DEMO_SHOPPER = { email: 'shopper@example.com', password: 'studio-goods-demo' } as const;

/** The demo store's team (merchant side), created in local development only: one account per role we test. */
export const DEMO_MERCHANTS = [
  { email: 'owner@example.com', password: 'studio-goods-owner', roles: [1] },
  { email: 'store@example.com', password: 'studio-goods-store', roles: [8] },
  { email: 'editor@example.com', password: 'studio-goods-editor', roles: [4] },
  { email: 'viewer@example.com', password: 'studio-goods-viewer', roles: [10] },
  { email: 'reporting@example.com', password: 'studio-goods-reporting', roles: [3] },
] as const;

/**
 * The demo store's shipping, made once in development as a new Shopify store gets its default
 * shipping zones: 'Standard' in the store's country and 'International' to the countries it
 * delivers to abroad. Brazil, Hong Kong, Mexico, Singapore and South Africa are left out, so the
 * console's warning and the checkout's 'We do not ship to this address.' have a case to show.
 */
/** The demo's checkout settings: its promo popup promises ten percent off and a welcome code, so a sign-up gets one. */
export const DEMO_STORE_SETTINGS: Partial<StoreSettings> = { welcomeDiscount: { enabled: true, percent: 10 } };

export const DEMO_SHIPPING_RATES: readonly ShippingRate[] = [
  {
    id: 'shipping-standard',
    name: 'Standard',
    regions: ['US'],
    method: 'flat',
    amountCents: 500,
    perKgCents: 0,
    freeOverCents: 10_000,
  },
  {
    id: 'shipping-international',
    name: 'International',
    regions: [
      'CA',
      'GB',
      'IE',
      'AU',
      'NZ',
      'FR',
      'DE',
      'NL',
      'BE',
      'ES',
      'IT',
      'PT',
      'AT',
      'CH',
      'DK',
      'SE',
      'NO',
      'FI',
      'PL',
      'CZ',
      'JP',
    ],
    method: 'flat',
    amountCents: 2000,
    perKgCents: 0,
    freeOverCents: null,
  },
];

const SHOP = 'c-shop';
const GIFTS = 'c-gifts';
const BLOG = 'c-blog';
const CONTACT = 'c-contact';
const FIELD_TYPES = 'c-form-fields';
const DAY = 86_400_000;
const PUBLISHED = Date.UTC(2026, 9, 1, 15);

const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD' });

/** Demo picture of a product, variant or post (public/images/demo/, drawn by scripts/demo-images.mjs). */
export function demoImagePath(name: string): string {
  return `/images/demo/${name}.webp`;
}

/** How the product reaches the shopper, by product type. */
const FULFILMENT: Readonly<Record<ProductSpec['type'], string>> = {
  [ProductType.Physical]: 'Made to last, packed without plastic and shipped from our studio.',
  [ProductType.Digital]: `Your download link comes with your order confirmation and in your account: download it up to ${DOWNLOAD_LIMIT} times within ${DOWNLOAD_DAYS} days.`,
  [ProductType.Service]: 'Booked with the studio: we confirm the date by email within a day.',
  [ProductType.GiftCard]: 'Sent by email with your message, ready to spend on anything in the shop.',
};

interface VariantSpec {
  options?: Record<string, string>;
  image?: string;
  cents: number;
  saleCents?: number;
  stock?: number;
  unlimited?: boolean;
}

let variantCounter = 0;

function variant(spec: VariantSpec) {
  variantCounter++;
  const options = spec.options ?? {};
  return {
    id: `v${variantCounter}`,
    sku: `SQ${String(1000 + variantCounter)}`,
    price: spec.cents,
    salePrice: spec.saleCents ?? 0,
    priceMoney: money(spec.cents),
    salePriceMoney: money(spec.saleCents ?? 0),
    onSale: spec.saleCents !== undefined,
    unlimited: spec.unlimited ?? false,
    qtyInStock: spec.stock ?? 0,
    attributes: options,
    optionValues: Object.entries(options).map(([optionName, value]) => ({ optionName, value })),
    ...(spec.image === undefined ? {} : { image: { assetUrl: demoImagePath(spec.image) } }),
  };
}

interface ProductSpec {
  urlId: string;
  title: string;
  type: Exclude<ProductTypeCode, typeof ProductType.Paywall>;
  collection?: string;
  variants: VariantSpec[];
  optionOrder?: string[];
  excerpt: string;
  tags?: string[];
  subscription?: { value: number; unit: 'WEEK' | 'MONTH' | 'YEAR'; cycles: number };
  form?: boolean;
  /** Sold one per order (`perOrderLimit`, src/commerce/product.ts). */
  onePerOrder?: boolean;
  digitalPrice?: { cents: number; saleCents?: number };
  /** A digital product's file (src/site/seed/demo-files.ts). */
  file?: DemoFile;
  reviews?: { author: string; rating: number; text: string }[];
}

const ENGRAVING_FORM = {
  id: 'f-engraving',
  name: 'Engraving',
  fields: [{ id: 'engraving-text', type: 'text' as const, title: 'Engraving text', required: true, maxLength: 30 }],
  submitButtonText: 'Add',
  submissionMessage: 'Saved',
};

function product(spec: ProductSpec, index: number) {
  const collectionId = spec.collection ?? SHOP;
  const base = collectionId === SHOP ? '/shop' : '/gifts';
  return {
    id: `p-${spec.urlId}`,
    collectionId,
    recordType: PRODUCT_RECORD_TYPE,
    title: spec.title,
    urlId: spec.urlId,
    fullUrl: `${base}/p/${spec.urlId}`,
    addedOn: PUBLISHED - index * DAY,
    excerpt: `<p>${spec.excerpt}</p>`,
    body: `<p>${spec.excerpt}</p><p>${FULFILMENT[spec.type]}</p>`,
    tags: spec.tags ?? [],
    ...(spec.reviews === undefined
      ? {}
      : { reviews: spec.reviews.map((r, i) => ({ ...r, date: PUBLISHED - (i + 2) * 3 * DAY })) }),
    assetUrl: demoImagePath(spec.urlId),
    originalSize: '800x800',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    mainImageId: `img-${spec.urlId}`,
    structuredContent: {
      productType: spec.type,
      variants: spec.variants.map(variant),
      variantOptionOrdering: spec.optionOrder ?? [],
      isSubscribable: spec.subscription !== undefined,
      ...(spec.subscription === undefined
        ? {}
        : {
            subscriptionPlan: {
              billingPeriod: { value: spec.subscription.value, unit: spec.subscription.unit },
              numBillingCycles: spec.subscription.cycles,
            },
          }),
      ...(spec.form === true
        ? { additionalFieldsFormId: ENGRAVING_FORM.id, additionalFieldsForm: ENGRAVING_FORM }
        : {}),
      ...(spec.onePerOrder === true ? { onePerOrder: true } : {}),
      ...(spec.digitalPrice === undefined
        ? {}
        : {
            priceMoney: money(spec.digitalPrice.cents),
            salePriceMoney: money(spec.digitalPrice.saleCents ?? 0),
            onSale: spec.digitalPrice.saleCents !== undefined,
          }),
      ...(spec.file === undefined ? {} : { digitalFile: demoDigitalFile(spec.file) }),
    },
  };
}

const sizes = ['Small', 'Medium', 'Large'];
const colours = ['Sand', 'Ink'];

function sizeColourVariants(
  urlId: string,
  cents: number,
  stockOf: (size: string, colour: string) => number,
): VariantSpec[] {
  return sizes.flatMap((size) =>
    colours.map((colour) => ({
      options: { Size: size, Colour: colour },
      cents,
      stock: stockOf(size, colour),
      image: `${urlId}-${colour.toLowerCase()}`,
    })),
  );
}

const PRODUCTS: ProductSpec[] = [
  {
    urlId: 'linen-shirt',
    title: 'Linen Shirt',
    type: ProductType.Physical,
    variants: sizeColourVariants('linen-shirt', 6800, (s, c) => (s === 'Large' && c === 'Ink' ? 0 : 12)),
    optionOrder: ['Size', 'Colour'],
    excerpt: 'Breathable washed linen in two colours.',
    tags: ['clothing', 'summer'],
    reviews: [
      { author: 'Maya', rating: 5, text: 'Soft after one wash & it keeps its shape.' },
      { author: 'Tom', rating: 4, text: 'Runs a little large; I would size down.' },
    ],
  },
  {
    urlId: 'wool-sweater',
    title: 'Wool Sweater',
    type: ProductType.Physical,
    variants: sizeColourVariants('wool-sweater', 12000, (s) => (s === 'Small' ? 2 : 0)),
    optionOrder: ['Size', 'Colour'],
    excerpt: 'Low stock: only a few small ones left.',
    tags: ['clothing'],
  },
  {
    urlId: 'canvas-tote',
    title: 'Canvas Tote',
    type: ProductType.Physical,
    variants: [{ cents: 2400, saleCents: 1800, stock: 40 }],
    excerpt: 'Heavy canvas, now on sale.',
    tags: ['bags', 'sale'],
    reviews: [
      { author: 'Priya', rating: 5, text: 'Carries a week of groceries and still looks new.' },
      { author: 'Jonas', rating: 5, text: 'The inside pocket is exactly the right size for keys.' },
      { author: 'Ana', rating: 4, text: 'Stiff at first, softens nicely.' },
    ],
  },
  {
    urlId: 'ceramic-mug',
    title: 'Ceramic Mug',
    type: ProductType.Physical,
    variants: [{ cents: 1800, stock: 0 }],
    excerpt: 'Hand-thrown stoneware. Sold out for now.',
    tags: ['kitchen'],
  },
  {
    urlId: 'oak-board',
    title: 'Oak Serving Board',
    type: ProductType.Physical,
    variants: [{ cents: 5400, stock: 1 }],
    excerpt: 'One of a kind: a single board in stock.',
    tags: ['kitchen'],
  },
  {
    urlId: 'brass-pen',
    title: 'Engraved Brass Pen',
    type: ProductType.Physical,
    variants: [{ cents: 3900, unlimited: true }],
    form: true,
    excerpt: 'Add your own engraving when you add it to your cart.',
    tags: ['desk'],
  },
  {
    urlId: 'field-notes',
    title: 'Field Notes',
    type: ProductType.Physical,
    variants: [
      { options: { Pages: '48' }, cents: 900, stock: 80 },
      { options: { Pages: '96' }, cents: 1400, saleCents: 1200, stock: 30 },
    ],
    optionOrder: ['Pages'],
    excerpt: 'Pocket notebooks in two lengths.',
    tags: ['desk', 'sale'],
  },
  {
    urlId: 'desk-lamp',
    title: 'Desk Lamp',
    type: ProductType.Physical,
    variants: [
      { options: { Finish: 'Black' }, cents: 8900, stock: 7 },
      { options: { Finish: 'White' }, cents: 8900, stock: 0 },
    ],
    optionOrder: ['Finish'],
    excerpt: 'Warm light, dimmable.',
    tags: ['desk'],
    reviews: [
      { author: 'Sam', rating: 4, text: 'Lovely warm light; the dimmer is smooth. The cable could be longer.' },
      { author: 'Ines', rating: 3, text: 'Pretty, but the arm is a little stiff to move.' },
    ],
  },
  {
    urlId: 'candle',
    title: 'Cedar Candle',
    type: ProductType.Physical,
    variants: [{ cents: 3200, stock: 25 }],
    excerpt: 'Cedar and smoke, 50 hours.',
    tags: ['home'],
    reviews: [{ author: 'Lena', rating: 5, text: 'Smells like a cabin by a lake. Burns clean and even.' }],
  },
  {
    urlId: 'throw-blanket',
    title: 'Throw Blanket',
    type: ProductType.Physical,
    variants: [{ cents: 9500, saleCents: 7600, stock: 9 }],
    excerpt: 'Merino throw, 20% off.',
    tags: ['home', 'sale'],
  },
  {
    urlId: 'planter',
    title: 'Terracotta Planter',
    type: ProductType.Physical,
    variants: [
      { options: { Size: 'Small' }, cents: 1600, stock: 15 },
      { options: { Size: 'Large' }, cents: 2800, stock: 3 },
    ],
    optionOrder: ['Size'],
    excerpt: 'Unglazed, with a saucer.',
    tags: ['home'],
  },
  {
    urlId: 'coffee-beans',
    title: 'Coffee Subscription',
    type: ProductType.Physical,
    variants: [{ cents: 1900, unlimited: true }],
    subscription: { value: 1, unit: 'WEEK', cycles: 0 },
    excerpt: 'Fresh beans every week.',
    tags: ['kitchen', 'subscription'],
  },
  {
    urlId: 'tea-club',
    title: 'Tea Club',
    type: ProductType.Physical,
    variants: [{ cents: 2900, unlimited: true }],
    subscription: { value: 1, unit: 'MONTH', cycles: 12 },
    excerpt: 'A new tea every month for a year.',
    tags: ['kitchen', 'subscription'],
  },
  {
    urlId: 'photo-presets',
    title: 'Photo Presets',
    type: ProductType.Digital,
    variants: [],
    digitalPrice: { cents: 2500 },
    file: DEMO_FILES.presets,
    excerpt: 'A digital download of 20 presets.',
    tags: ['digital'],
  },
  {
    urlId: 'recipe-ebook',
    title: 'Recipe E-book',
    type: ProductType.Digital,
    variants: [],
    digitalPrice: { cents: 1500, saleCents: 900 },
    file: DEMO_FILES.ebook,
    excerpt: 'Sixty recipes, on sale as a PDF.',
    tags: ['digital', 'sale'],
  },
  {
    urlId: 'pottery-class',
    title: 'Pottery Class',
    type: ProductType.Service,
    variants: [{ cents: 7500, stock: 8 }],
    excerpt: 'A two-hour wheel class; book several seats.',
    tags: ['classes'],
  },
  {
    urlId: 'design-consult',
    title: 'Design Consultation',
    type: ProductType.Service,
    variants: [{ cents: 15000, unlimited: true }],
    excerpt: 'One hour with our designer.',
    tags: ['classes'],
  },
  {
    urlId: 'repair-service',
    title: 'Repair Service',
    type: ProductType.Service,
    variants: [{ cents: 4000, stock: 0 }],
    excerpt: 'Fully booked this season.',
    tags: ['classes'],
  },
  {
    urlId: 'gift-card',
    title: 'Gift Card',
    type: ProductType.GiftCard,
    collection: GIFTS,
    variants: [25, 50, 100].map((d) => ({ options: { Amount: `$${d}` }, cents: d * 100, unlimited: true })),
    optionOrder: ['Amount'],
    excerpt: 'Choose an amount and who it is for: we email it to them with your message, now or on the day you pick.',
    tags: ['gifts'],
  },
  {
    urlId: 'gift-box',
    title: 'Gift Box',
    type: ProductType.Physical,
    collection: GIFTS,
    variants: [{ cents: 6500, stock: 20 }],
    excerpt: 'A candle, a mug and a notebook, wrapped.',
    tags: ['gifts'],
  },
  {
    urlId: 'greeting-cards',
    title: 'Greeting Cards',
    type: ProductType.Physical,
    collection: GIFTS,
    variants: [
      { options: { Pack: '5' }, cents: 1200, stock: 50 },
      { options: { Pack: '10' }, cents: 2000, stock: 50 },
    ],
    optionOrder: ['Pack'],
    excerpt: 'Letterpress cards in packs.',
    tags: ['gifts'],
  },
  {
    urlId: 'wrapping-paper',
    title: 'Wrapping Paper',
    type: ProductType.Physical,
    collection: GIFTS,
    variants: [{ cents: 800, saleCents: 600, stock: 100 }],
    excerpt: 'Recycled paper, three sheets.',
    tags: ['gifts', 'sale'],
  },
  {
    urlId: 'silk-scarf',
    title: 'Silk Scarf',
    type: ProductType.Physical,
    collection: GIFTS,
    variants: [
      { options: { Colour: 'Rust' }, cents: 7800, stock: 0 },
      { options: { Colour: 'Sage' }, cents: 7800, stock: 0 },
    ],
    optionOrder: ['Colour'],
    excerpt: 'Sold out in every colour.',
    tags: ['gifts'],
  },
  {
    urlId: 'bookends',
    title: 'Marble Bookends',
    type: ProductType.Physical,
    collection: GIFTS,
    variants: [{ cents: 11000, stock: 4 }],
    excerpt: 'A heavy pair in white marble.',
    tags: ['gifts', 'home'],
  },
  {
    urlId: 'flower-bundle',
    title: 'Dried Flower Bundle',
    type: ProductType.Physical,
    collection: GIFTS,
    variants: [{ cents: 3500, stock: 11 }],
    excerpt: 'Seasonal stems, tied by hand.',
    tags: ['gifts', 'home'],
  },
  {
    urlId: 'workshop-voucher',
    title: 'Workshop Voucher',
    type: ProductType.Service,
    collection: GIFTS,
    variants: [{ cents: 9000, unlimited: true }],
    onePerOrder: true,
    excerpt: 'A class as a gift; one per order.',
    tags: ['gifts', 'classes'],
  },
];

const POSTS = [
  ['opening-the-studio', 'Opening the studio', 'We finally have a place to make, pack and meet.', ['news']],
  ['how-we-fire-mugs', 'How we fire our mugs', 'Two firings, a week apart, and why it matters.', ['making']],
  ['linen-care', 'Caring for linen', 'Wash cool, dry flat, never iron it flat.', ['care']],
  ['summer-sale', 'The summer sale', 'What is on sale and for how long.', ['news', 'sale']],
  [
    'coffee-origins',
    'Where our coffee comes from',
    'Three farms, one roaster, and our café blend in a weekly box.',
    ['kitchen'],
  ],
  ['gift-guide', 'A small gift guide', 'Ten things under fifty dollars.', ['gifts']],
  ['behind-the-scenes', 'Behind the scenes', 'A day of packing orders.', ['making']],
  ['new-classes', 'New classes this autumn', 'Pottery, bookbinding and candle making.', ['classes', 'news']],
] as const;

function post([urlId, title, excerpt, tags]: (typeof POSTS)[number], index: number) {
  return {
    id: `b-${urlId}`,
    collectionId: BLOG,
    recordType: 1,
    title,
    urlId,
    fullUrl: `/blog/${urlId}`,
    addedOn: PUBLISHED - index * 9 * DAY,
    excerpt: `<p>${excerpt}</p>`,
    body: `<p>${excerpt}</p><p>Thanks for reading, and for shopping small.</p>`,
    tags: [...tags],
    commentState: 1,
    author: { id: 'a1', displayName: 'Studio Team' },
    assetUrl: demoImagePath(urlId),
    originalSize: '1200x800',
    mainImageId: `img-${urlId}`,
  };
}

/**
 * The contact page's form, as a shopper expects one: one box each for name, email, an optional phone and subject, and
 * the message (required fields are starred). Its labels, button and confirmation are the store's own words (storefront-text/en-forms.ts
 * `form.contact*`), so a shopper reads them in the page's language.
 */
const CONTACT_FORM = {
  id: 'f-contact',
  name: 'Contact',
  submitButtonText: 'Send message',
  submissionMessage: 'Thanks for your message. We will reply within two working days.',
  fields: [
    { id: 'name', type: 'text' as const, title: 'Name', required: true },
    { id: 'email', type: 'email' as const, title: 'Email', required: true },
    { id: 'phone', type: 'text' as const, title: 'Phone' },
    { id: 'subject', type: 'text' as const, title: 'Subject' },
    { id: 'message', type: 'textarea' as const, title: 'Message', required: true, maxLength: 2000 },
  ],
};

/**
 * Every form field type of the spec in one form, with each editable attribute set (phone country code, section
 * underline, hidden key, textarea limit) and post-submit HTML: on /form-fields, a page outside the navigation that
 * the field-type tests read, as a merchant trying the form block would build it.
 */
const FIELD_TYPES_FORM = {
  id: 'f-field-types',
  name: 'Field types',
  submitButtonText: 'Send',
  submissionMessage: 'Thanks — we will reply within two days.',
  postSubmitHtml:
    '<p class="SiteForm-copy">A copy of your message is on its way to your inbox.</p><script>document.documentElement.dataset.postSubmit = "ran";</script>',
  fields: [
    { id: 'name', type: 'name' as const, title: 'Name', required: true },
    { id: 'email', type: 'email' as const, title: 'Email', required: true },
    { id: 'phone', type: 'phone' as const, title: 'Phone', showCountryCode: true },
    { id: 'address', type: 'address' as const, title: 'Address' },
    { id: 'website', type: 'website' as const, title: 'Website' },
    { id: 'twitter', type: 'twitter' as const, title: 'Twitter handle' },
    { id: 'budget', type: 'currency' as const, title: 'Budget' },
    { id: 'guests', type: 'number' as const, title: 'Number of guests' },
    { id: 'date', type: 'date' as const, title: 'Preferred date' },
    { id: 'time', type: 'time' as const, title: 'Preferred time' },
    { id: 'section', type: 'section' as const, title: 'About your request', underline: true },
    { id: 'topic', type: 'select' as const, title: 'Topic', options: ['Order', 'Wholesale', 'Press'] },
    { id: 'contact-by', type: 'radio' as const, title: 'Contact me by', options: ['Email', 'Phone'] },
    { id: 'interests', type: 'checkbox' as const, title: 'Interests', options: ['Ceramics', 'Textiles', 'Classes'] },
    { id: 'satisfaction', type: 'likert' as const, title: 'How did we do?', options: ['Delivery', 'Packaging'] },
    { id: 'password', type: 'password' as const, title: 'Order password' },
    { id: 'message', type: 'textarea' as const, title: 'Message', required: true, maxLength: 500 },
    { id: 'source', type: 'hidden' as const, title: 'Source', key: 'utm_source', defaultValue: 'website' },
  ],
};

/** The whole demo site, in the shape `publishSite` validates. */
export function demoSite(): SiteInput {
  variantCounter = 0;
  return {
    website: {
      id: DEMO_SITE_ID,
      siteTitle: 'Studio Goods',
      baseUrl: 'http://localhost:8787',
      timeZone: 'America/New_York',
      language: 'en-US',
      storeCurrency: 'USD',
      useCLDRMoneyFormat: true,
      formFieldMaxLength: true,
      instalments: { provider: 'afterpay', minimum: 3500, maximum: 200000 },
      captchaSettings: { siteKey: 'local-demo-site-key' },
    },
    websiteSettings: {
      storeSettings: { multipleQuantityAllowedForServices: true },
      commentsEnabled: true,
      simpleLikingEnabled: false,
    },
    navigation: [
      { title: 'Shop', url: '/shop' },
      { title: 'Gifts', url: '/gifts' },
      { title: 'Journal', url: '/blog' },
      { title: 'Contact', url: '/contact' },
    ],
    footer: { html: '<p>Studio Goods · 12 Market Street · Open Tuesday to Saturday</p>' },
    mailingList: {
      lists: [
        { id: 'list-newsletter', name: 'Monthly newsletter', automation: false },
        { id: 'list-studio-news', name: 'Studio news (automation service)', automation: true },
      ],
      connection: { state: 'disconnected' },
    },
    // A promise the store keeps: DEMO_STORE_SETTINGS turns the 10% welcome code on.
    promoPopup: {
      id: 'promo-newsletter',
      title: 'Ten percent off your first order',
      body: 'Join the newsletter for studio news and a welcome code.',
      delayMs: 1500,
    },
    collections: [
      {
        id: SHOP,
        type: PRODUCTS_COLLECTION_TYPE,
        typeName: PRODUCTS_COLLECTION,
        title: 'Shop',
        urlId: 'shop',
        fullUrl: '/shop',
        description: '<p>Things we make and love.</p>',
      },
      {
        id: GIFTS,
        type: PRODUCTS_COLLECTION_TYPE,
        typeName: PRODUCTS_COLLECTION,
        title: 'Gifts',
        urlId: 'gifts',
        fullUrl: '/gifts',
        description: '<p>Ready to give.</p>',
      },
      { id: BLOG, type: 1, typeName: 'blog', title: 'Journal', urlId: 'blog', fullUrl: '/blog' },
      {
        id: CONTACT,
        type: 10,
        typeName: 'page',
        title: 'Contact',
        urlId: 'contact',
        fullUrl: '/contact',
        body: '<p>Questions about an order, wholesale or press? Write to us.</p>',
        blocks: [
          { id: 'block-contact', type: 'form', title: 'Write to us', formId: CONTACT_FORM.id },
          {
            id: 'block-newsletter',
            type: 'newsletter',
            title: 'Newsletter',
            description: 'One letter a month, no more.',
          },
          {
            id: 'block-product',
            type: 'product',
            title: 'Our bestseller',
            productId: 'p-linen-shirt',
            buttonType: 'express',
          },
        ],
      },
      {
        id: FIELD_TYPES,
        type: 10,
        typeName: 'page',
        title: 'Form fields',
        urlId: 'form-fields',
        fullUrl: '/form-fields',
        body: '<p>Every field a form block can ask for.</p>',
        blocks: [{ id: 'block-field-types', type: 'form', title: 'Field types', formId: FIELD_TYPES_FORM.id }],
      },
    ],
    items: [...PRODUCTS.map(product), ...POSTS.map(post)],
    forms: [CONTACT_FORM, FIELD_TYPES_FORM, ENGRAVING_FORM],
    productMerchandisingContext: {
      'p-wool-sweater': {
        scarcityEnabled: true,
        scarcityText: 'Only {qtyInStock} left',
        scarcityShownByDefault: true,
        scarcityTemplateViews: [{ qtyInStock: 2 }],
      },
      'p-ceramic-mug': {
        customSoldOutText: 'Back in December',
        restockNotificationViews: [{ variantId: 'v14' }],
        restockNotificationMessages: {
          CTAText: 'Email me when it is back',
          buttonText: 'Notify me',
          placeholderText: 'you@example.com',
          mailingListDescription: 'Also send me the newsletter',
        },
        mailingListSignUpEnabled: true,
        mailingListOptInByDefault: false,
      },
    },
    localizedStrings: {},
    theme: { ...DEFAULT_THEME },
  };
}
