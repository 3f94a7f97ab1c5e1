/**
 * A large store for benchmarks and tests (`npm run site -- generate`): N products spread evenly
 * over product collections of at most 200 (the spec's limit), grouped in departments in the
 * navigation, with categories and tags, one to six variants, prices, stock, some on sale, some
 * sold out, digital products and services, one title in twenty in other scripts than Latin ASCII;
 * a journal of M posts; an about page; the default theme. The same options give the same site,
 * byte for byte: every choice comes from one seeded generator, in one order.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import {
  pricedWithoutVariants,
  PRODUCT_RECORD_TYPE,
  PRODUCTS_COLLECTION,
  PRODUCTS_COLLECTION_TYPE,
  ProductType,
} from '../../src/commerce/product.ts';
import { prng } from '../prng.ts';
import { MAX_PRODUCTS_PER_COLLECTION } from './check.ts';
import type { SiteJson } from './folder.ts';

export interface GenerateOptions {
  products: number;
  posts: number;
  seed: number;
  /**
   * How many product collections hold the products: enough for 200 each (the default) or a multiple
   * of that, a store of many small collections (the sitemap's test wants more than 999) whose
   * products are those of the default store, titles and order unchanged.
   */
  collections?: number;
  /** The theme folder copied into the store (themes/default). */
  themeDir: string;
}

export const GENERATED_SITE_ID = 'generated';

const DEPARTMENTS: readonly { name: string; categories: readonly string[]; nouns: readonly string[] }[] = [
  {
    name: 'Kitchen',
    categories: ['Cookware', 'Tableware', 'Utensils', 'Storage'],
    nouns: ['Mug', 'Bowl', 'Board', 'Jar', 'Pan', 'Kettle'],
  },
  {
    name: 'Home',
    categories: ['Lighting', 'Textiles', 'Decor', 'Furniture'],
    nouns: ['Lamp', 'Cushion', 'Throw', 'Vase', 'Stool', 'Mirror'],
  },
  {
    name: 'Clothing',
    categories: ['Shirts', 'Knitwear', 'Outerwear', 'Accessories'],
    nouns: ['Shirt', 'Sweater', 'Jacket', 'Scarf', 'Cap', 'Apron'],
  },
  {
    name: 'Desk',
    categories: ['Paper', 'Writing', 'Organisers'],
    nouns: ['Notebook', 'Pen', 'Tray', 'Planner', 'Folder'],
  },
  {
    name: 'Garden',
    categories: ['Planters', 'Tools', 'Seeds'],
    nouns: ['Planter', 'Trowel', 'Seed Kit', 'Watering Can'],
  },
  { name: 'Bath', categories: ['Towels', 'Soap', 'Care'], nouns: ['Towel', 'Soap', 'Brush', 'Robe'] },
  { name: 'Travel', categories: ['Bags', 'Cases', 'Maps'], nouns: ['Tote', 'Duffel', 'Pouch', 'Map Print'] },
  { name: 'Pantry', categories: ['Coffee', 'Tea', 'Sweets'], nouns: ['Coffee', 'Tea', 'Honey', 'Chocolate'] },
];
const ADJECTIVES = [
  'Linen',
  'Oak',
  'Brass',
  'Wool',
  'Stoneware',
  'Walnut',
  'Cotton',
  'Copper',
  'Ceramic',
  'Cedar',
  'Glass',
  'Leather',
];
const STYLES = ['Classic', 'Studio', 'Field', 'Harbour', 'Market', 'Atelier', 'Morning', 'Evening'];
const UNICODE_TITLES = [
  'Café Crème',
  'Ølbrikke',
  'Łódź Linen',
  'Ελιά Olive',
  '東京 Market',
  'Señora Everyday',
  'Björk Birch',
  'Straße Print',
  'Ça Va',
  'Kaffee Größe',
  'Ёлка Pine',
  '🌿 Herb',
];
const TAGS = ['new', 'bestseller', 'handmade', 'gift idea', 'eco', 'limited', 'small batch', 'made here'];
const SIZES = ['Small', 'Medium', 'Large'];
const COLOURS = ['Sand', 'Ink'];
const POST_TOPICS = ['Studio notes', 'How it is made', 'Caring for', 'A guide to', 'Meet the maker of', 'The story of'];
const POST_CATEGORIES = ['News', 'Making', 'Care', 'Guides'];
const PUBLISHED = Date.UTC(2026, 9, 1, 15);
const MINUTE = 60_000;

const money = (cents: number) => ({ value: (cents / 100).toFixed(2), currency: 'USD' });

/** A URL slug of a title (Latin letters lose their accents; other scripts drop out) with a number that makes it unique. */
function slug(title: string, n: number): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return ascii === '' ? `item-${n}` : `${ascii}-${n}`;
}

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

/** `count` different entries of `list`, in list order. */
function several<T>(random: () => number, list: readonly T[], count: number): T[] {
  return list.filter(() => random() < count / list.length).slice(0, count);
}

interface ProductCollection {
  id: string;
  urlId: string;
  department: (typeof DEPARTMENTS)[number];
}

/**
 * The product collections: `fewest` (enough for 200 products each), or `asked`, a multiple of it, in
 * layers of `fewest`: collection `i` is of the department collection `i % fewest` has, so product
 * `n` keeps its department (and so its title) in any layer. Each department numbers its own.
 */
const fewestCollections = (products: number) => Math.max(1, Math.ceil(products / MAX_PRODUCTS_PER_COLLECTION));

function productCollections(products: number, asked: number | undefined): ProductCollection[] {
  const fewest = fewestCollections(products);
  if (asked !== undefined && !(Number.isSafeInteger(asked) && asked >= fewest && asked % fewest === 0))
    throw new RangeError(`${products} products are spread over a multiple of ${fewest} collections, not ${asked}`);
  const numbered = new Map<string, number>();
  return Array.from({ length: asked ?? fewest }, (_, i) => {
    const department = DEPARTMENTS[(i % fewest) % DEPARTMENTS.length] as (typeof DEPARTMENTS)[number];
    const number = (numbered.get(department.name) ?? 0) + 1;
    numbered.set(department.name, number);
    const urlId = `${department.name.toLowerCase()}-${number}`;
    return { id: `c-${urlId}`, urlId, department };
  });
}

/** Product `n`'s (from 0) collection: its place among the first `fewest`, in the layer its round falls in. */
function collectionOf(collections: readonly ProductCollection[], fewest: number, n: number): ProductCollection {
  const layers = collections.length / fewest;
  return collections[(n % fewest) + fewest * (Math.floor(n / fewest) % layers)] as ProductCollection;
}

function variantsOf(random: () => number, n: number, cents: number, onSale: boolean, soldOut: boolean) {
  const shape = random();
  const options: Record<string, string>[] =
    shape < 0.5
      ? [{}]
      : shape < 0.8
        ? SIZES.map((Size) => ({ Size }))
        : SIZES.flatMap((Size) => COLOURS.map((Colour) => ({ Size, Colour })));
  const unlimited = !soldOut && random() < 0.1;
  return options.map((attributes, k) => {
    const price = cents + (attributes.Size === 'Large' ? 500 : 0);
    const salePrice = onSale ? Math.round(price * 0.8) : 0;
    return {
      id: `v-${n}-${k + 1}`,
      sku: `G${n}-${k + 1}`,
      price,
      salePrice,
      priceMoney: money(price),
      salePriceMoney: money(salePrice),
      onSale,
      unlimited,
      qtyInStock: soldOut || unlimited ? 0 : 1 + Math.floor(random() * 100),
      attributes,
      optionValues: Object.entries(attributes).map(([optionName, value]) => ({ optionName, value })),
    };
  });
}

function product(random: () => number, n: number, collection: ProductCollection) {
  const { department } = collection;
  const noun = pick(random, department.nouns);
  const title =
    n % 20 === 7
      ? `${pick(random, UNICODE_TITLES)} ${noun}`
      : `${pick(random, STYLES)} ${pick(random, ADJECTIVES)} ${noun}`;
  const urlId = slug(title, n);
  const cents = (5 + Math.floor(random() * 250)) * 100 - 1;
  const onSale = random() < 0.15;
  const soldOut = random() < 0.08;
  const kind = random();
  const productType = kind < 0.85 ? ProductType.Physical : kind < 0.92 ? ProductType.Digital : ProductType.Service;
  const tags = several(random, TAGS, 2);
  const variants = pricedWithoutVariants(productType) ? [] : variantsOf(random, n, cents, onSale, soldOut);
  const variantOptionOrdering = Object.keys(variants[0]?.attributes ?? {});
  const description = `${title}: ${noun.toLowerCase()} from our ${department.name.toLowerCase()} range.`;
  return {
    id: `p-${n}`,
    collectionId: collection.id,
    recordType: PRODUCT_RECORD_TYPE,
    title,
    urlId,
    fullUrl: `/${collection.urlId}/p/${urlId}`,
    addedOn: PUBLISHED - n * 37 * MINUTE,
    excerpt: `<p>${description}</p>`,
    body: `<p>${description} Made in small batches and shipped without plastic.</p>`,
    tags: onSale ? [...tags, 'sale'] : tags,
    categories: [pick(random, department.categories)],
    assetUrl: `/images/demo/${urlId.slice(0, 80)}.svg`,
    originalSize: '1000x1000',
    mediaFocalPoint: { x: 0.5, y: 0.5 },
    structuredContent: {
      productType,
      variants,
      variantOptionOrdering,
      isSubscribable: false,
      ...(pricedWithoutVariants(productType)
        ? { priceMoney: money(cents), salePriceMoney: money(onSale ? Math.round(cents * 0.8) : 0), onSale }
        : {}),
    },
  };
}

function post(random: () => number, n: number) {
  const title = `${pick(random, POST_TOPICS)} ${pick(random, ADJECTIVES).toLowerCase()} ${pick(random, DEPARTMENTS).nouns[0]?.toLowerCase()}s`;
  const urlId = slug(title, n);
  return {
    id: `b-${n}`,
    collectionId: 'c-journal',
    recordType: 1,
    title,
    urlId,
    fullUrl: `/journal/${urlId}`,
    addedOn: PUBLISHED - n * 480 * MINUTE,
    excerpt: `<p>${title}, in a few minutes of reading.</p>`,
    body: `<p>${title}.</p><p>Thanks for reading, and for shopping small.</p>`,
    tags: several(random, TAGS, 1),
    categories: [pick(random, POST_CATEGORIES)],
    author: { id: 'a1', displayName: 'Studio Team' },
    assetUrl: `/images/demo/${urlId.slice(0, 80)}.svg`,
    originalSize: '1200x800',
  };
}

/** Every file under the theme folder but its README, by '/'-separated path. */
export function themeFiles(themeDir: string): Record<string, string> {
  const theme: Record<string, string> = {};
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const path = join(at, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name !== 'README.md') theme[relative(themeDir, path).split(sep).join('/')] = readFileSync(path, 'utf8');
    }
  };
  walk(themeDir);
  return theme;
}

export function generateSite(options: GenerateOptions): SiteJson {
  return { ...generateContent(options), theme: themeFiles(options.themeDir) };
}

/** The generated store but its theme (a worker test, which reads no folder, gives it the bundled one). */
export function generateContent(
  options: Omit<GenerateOptions, 'themeDir'>,
): Omit<SiteJson, 'theme'> & Pick<SiteJson, 'collections' | 'items'> {
  const random = prng(options.seed);
  const collections = productCollections(options.products, options.collections);
  const fewest = fewestCollections(options.products);
  const departments = DEPARTMENTS.filter((department) => collections.some((c) => c.department === department));
  return {
    website: {
      id: GENERATED_SITE_ID,
      siteTitle: 'Generated Goods',
      baseUrl: 'http://localhost:8787',
      timeZone: 'Europe/London',
      language: 'en-US',
      storeCurrency: 'USD',
      useCLDRMoneyFormat: true,
    },
    websiteSettings: {
      storeSettings: { multipleQuantityAllowedForServices: true },
      commentsEnabled: true,
      simpleLikingEnabled: false,
    },
    navigation: [
      ...departments.map((department) => {
        const own = collections.filter((c) => c.department === department);
        return {
          title: department.name,
          url: `/${(own[0] as ProductCollection).urlId}`,
          children: own.slice(0, 50).map((c) => ({
            title: `${department.name} ${c.urlId.split('-').pop()}`,
            url: `/${c.urlId}`,
            collectionId: c.id,
          })),
        };
      }),
      { title: 'Journal', url: '/journal' },
      { title: 'About', url: '/about' },
    ],
    footer: { html: `<p>Generated Goods · ${options.products} products · seed ${options.seed}</p>` },
    collections: [
      ...collections.map((c) => ({
        id: c.id,
        type: PRODUCTS_COLLECTION_TYPE,
        typeName: PRODUCTS_COLLECTION,
        title: `${c.department.name} ${c.urlId.split('-').pop()}`,
        urlId: c.urlId,
        fullUrl: `/${c.urlId}`,
        description: `<p>${c.department.name}: ${c.department.categories.join(', ')}.</p>`,
      })),
      { id: 'c-journal', type: 1, typeName: 'blog', title: 'Journal', urlId: 'journal', fullUrl: '/journal' },
      {
        id: 'c-about',
        type: 10,
        typeName: 'page',
        title: 'About',
        urlId: 'about',
        fullUrl: '/about',
        body: '<p>A store generated for benchmarks and tests.</p>',
      },
    ],
    items: [
      ...Array.from({ length: options.products }, (_, n) =>
        product(random, n + 1, collectionOf(collections, fewest, n)),
      ),
      ...Array.from({ length: options.posts }, (_, n) => post(random, n + 1)),
    ],
    forms: [],
    productMerchandisingContext: {},
    localizedStrings: {},
  };
}
