/**
 * The codes of the template data and the editor's vocabularies (engine spec §3, "Enumerations (code and name)"
 * and "Other editor enumerations"), each written once, exactly as the spec lists it: the engine's predicates and
 * formatters, the commerce rules and the browser's analytics read them from here. A ground module (it imports
 * nothing), so the engine, the commerce rules and the browser may all depend on it.
 * src/values/enumerations.test.ts checks every name and number against the spec's text.
 */

/*
 * The three codes the browser's code reads are also named alone, and the lists below take them from there: a bundle
 * carries only what it imports, and a whole list in every page's script cost the blog post its 16 KB budget.
 */
/** Block type 43, product. */
export const PRODUCT_BLOCK_CODE = 43;
/** Collection type 13, products. */
export const PRODUCTS_COLLECTION_CODE = 13;
/** Record type 11, store item. */
export const STORE_ITEM_RECORD_CODE = 11;

/** Block type: the spec's codes 1–69 (with its gaps); −1 is undefined. */
export const BLOCK_TYPES = {
  undefined: -1,
  navigation: 1,
  html: 2,
  logo: 3,
  map: 4,
  image: 5,
  twitter: 6,
  journal: 7,
  gallery: 8,
  form: 9,
  geo: 10,
  index: 11,
  collectionlink: 12,
  link: 13,
  tagcloud: 14,
  comments: 16,
  folder: 17,
  menu: 18,
  sociallinks: 19,
  summary: 20,
  spacer: 21,
  embed: 22,
  code: 23,
  foursquare: 24,
  instagram: 25,
  calendar: 26,
  postsbyauthor: 27,
  postsbytag: 28,
  postsbycategory: 29,
  postsbymonth: 30,
  quote: 31,
  video: 32,
  search: 33,
  audio: 41,
  fivehundredpix: 42,
  product: PRODUCT_BLOCK_CODE,
  markdown: 44,
  flickr: 45,
  amazon: 46,
  horizontalrule: 47,
  socialaccountlinks: 48,
  rss: 49,
  opentable: 50,
  newsletter: 51,
  donation: 52,
  button: 53,
  'socialaccountlinks-v2': 54,
  'summary-v2': 55,
  soundcloud: 56,
  emailfooter: 57,
  'in-browser-message-link': 58,
  tourdates: 59,
  album: 60,
  archive: 61,
  chart: 62,
  zola: 63,
  acuity: 65,
  'opentable-v2': 66,
  'member-area': 67,
  tock: 68,
  accordion: 69,
} as const;
export type BlockTypeName = keyof typeof BLOCK_TYPES;

/**
 * The editor's own block types: numbers 1 to 72 with gaps, plus 1337 for a website component. The spec names the
 * kinds but gives no number for each, so only the range, the 1337 code and the names are written here.
 */
export const EDITOR_BLOCK_TYPES = {
  first: 1,
  last: 72,
  websiteComponent: 1337,
  names: [
    'navigation',
    'html',
    'logo',
    'map',
    'image',
    'gallery',
    'form',
    'product',
    'menu',
    'button',
    'newsletter',
    'donation',
    'video',
    'audio',
    'accordion',
    'marquee',
    'shape',
    'pricing plan',
    'member area',
  ],
} as const;

/** Block variants, numbered 1000 to 1019: the spec names them by block, without a number for each. */
export const BLOCK_VARIANTS = {
  first: 1000,
  last: 1019,
  byBlock: {
    gallery: ['slideshow', 'carousel', 'grid', 'stack'],
    summary: ['wall', 'carousel', 'list', 'grid'],
    chart: ['bar', 'line', 'pie'],
    image: ['inline', 'poster', 'card', 'overlap', 'collage', 'stack'],
    tock: ['reservations', 'events'],
  },
} as const;

/** Collection type. */
export const COLLECTION_TYPES = {
  generic: 1,
  subscription: 2,
  twitter: 3,
  foursquare: 4,
  instagram: 5,
  'gallery-block': 6,
  'template-page': 7,
  'splash-page': 8,
  page: 10,
  fivehundredpix: 11,
  flickr: 12,
  products: PRODUCTS_COLLECTION_CODE,
  'slide-gallery': 15,
  'slide-album': 16,
  'slide-video': 17,
  'album-block': 18,
} as const;
export type CollectionTypeName = keyof typeof COLLECTION_TYPES;

/** Background source; −1 is the reference engine's undefined (its `background-source-undefined?`). */
export const BACKGROUND_SOURCES = { undefined: -1, upload: 1, instagram: 2, video: 3, none: 4 } as const;

/** Folder behavior. */
export const FOLDER_BEHAVIORS = { index: 1, redirect: 2, none: 3 } as const;

/** Record type (an item's `recordType`). */
export const RECORD_TYPES = {
  text: 1,
  image: 2,
  quote: 4,
  link: 5,
  audio: 7,
  video: 8,
  'store-item': STORE_ITEM_RECORD_CODE,
  event: 12,
  gallery: 14,
  binary: 15,
  'css-asset': 16,
  'tweak-asset': 17,
  'digital-good': 18,
  attachment: 19,
  'wordpress-export': 20,
  'json-export': 21,
  'site-search': 30,
  'active-time': 31,
  tweet: 50,
  checkin: 52,
  kbarticle: 54,
} as const;
export type RecordTypeName = keyof typeof RECORD_TYPES;

/** Slice type (the cover page's and lock screen's parts). */
export const SLICE_TYPES = {
  heading: 1,
  body: 3,
  image: 4,
  gallery: 5,
  video: 6,
  'social-icons': 7,
  buttons: 8,
  navigation: 9,
  'custom-form': 10,
  newsletter: 11,
  album: 12,
  map: 13,
  logo: 14,
  action: 15,
  form: 16,
  lock: 17,
  password: 18,
  twitter: 19,
} as const;

/** The editor's slice types, by name. */
export const EDITOR_SLICE_TYPES = [
  'heading',
  'sub-heading',
  'body',
  'image',
  'gallery',
  'video',
  'social-icons',
  'buttons',
  'navigation',
  'custom-form',
  'newsletter',
  'album',
  'map',
  'lock',
  'password',
  'twitter',
  'logo',
  'action',
  'popup-overlay-action',
  'temp-lock-inject',
  'sso-options',
] as const;

/** Slide types. */
export const SLIDE_TYPES = ['cover-page', 'lock-screen', 'popup-overlay', 'sso-screen'] as const;

/** The popup overlay's local-storage keys. */
export const POPUP_OVERLAY_KEYS = ['date-closed', 'version', 'submitted'] as const;
export type PopupOverlayKey = (typeof POPUP_OVERLAY_KEYS)[number];

const VERTICAL = ['top', 'center', 'bottom'] as const;
const HORIZONTAL = ['left', 'center', 'right'] as const;
/** The nine positions: top, center and bottom, each with left, center and right. */
export const NINE_POSITIONS = /* @__PURE__ */ VERTICAL.flatMap((v) => HORIZONTAL.map((h) => `${v}-${h}` as const));

/** Collection views. */
export const COLLECTION_VIEWS = ['list', 'grid', 'product'] as const;

/** Device views. */
export const DEVICE_VIEWS = ['desktop', 'phone', 'tablet'] as const;

/** A gallery item's media type. */
export const GALLERY_MEDIA_TYPES = [
  'imageEmpty',
  'imageFile',
  'imageLicensed',
  'imageReused',
  'assetReused',
  'video',
] as const;

/** The form editor's sections. */
export const FORM_SECTIONS = ['build', 'storage', 'advanced', 'captcha', 'disclaimer'] as const;

/** The site-aesthetics paths analytics tracks. */
export const SITE_AESTHETICS_PATHS = [
  'colours default theme',
  'fonts active theme',
  'colour palette',
  'colour themes',
  'font themes',
  'font usage categories',
] as const;

/**
 * Plan-feature codes 1–70 and integration codes 1–85 (storefront spec §3). The spec gives no meaning per code, only
 * that they include commerce, subscriptions, gift cards and instalment-payment options, so only the ranges are
 * written: a code outside them is not one.
 */
export const PLAN_FEATURE_CODES = { first: 1, last: 70 } as const;
export const INTEGRATION_CODES = { first: 1, last: 85 } as const;
export const inCodeRange = (range: { first: number; last: number }, code: number): boolean =>
  Number.isInteger(code) && code >= range.first && code <= range.last;
