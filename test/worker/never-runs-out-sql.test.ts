/**
 * "Never runs out" and "in stock" are written once, in src/commerce/product.ts: the typed rules and their SQL, made
 * from the same lists (issue 31). Every product kind (physical, digital, service, gift card, subscription, paywall,
 * and a type the store does not know) with every kind of variant list is asked both ways: the SQL fragments alone,
 * then the content tables' own queries (the listing's "in stock" filter with the stock ledger's levels, the counted
 * levels a listing asks the ledger about, the console's stock column). Changing either copy alone fails here.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import {
  isSoldOut,
  ProductType,
  productNeverRunsOutSql,
  totalStockRemaining,
  variantList,
  variantNeverRunsOutSql,
  variantStockLimit,
} from '../../src/commerce/product';
import { productList, type ProductListQuery } from '../../src/durable/site-content/console-reads';
import { countedStock, listing } from '../../src/durable/site-content/item-reads';
import { writeItem } from '../../src/durable/site-content/rows';
import { contentObject } from '../../src/durable/stubs';
import type { Item } from '../../src/site/model/schema';

const TIMEOUT = 60_000;
const COLLECTION = 'shop';

/** The product kinds: a type, and the subscription flag for a subscription. */
const KINDS: Record<string, { productType?: number; isSubscribable?: boolean }> = {
  physical: { productType: ProductType.Physical },
  digital: { productType: ProductType.Digital },
  service: { productType: ProductType.Service },
  'gift card': { productType: ProductType.GiftCard },
  subscription: { productType: ProductType.Physical, isSubscribable: true },
  paywall: { productType: ProductType.Paywall },
  'unknown type': { productType: 9 },
  'no type': {},
};

/** Variant lists: units in stock and the unlimited mark (left out when undefined). */
const VARIANT_LISTS: Record<string, { qty: number; unlimited?: boolean }[]> = {
  'no variants': [],
  'out of stock': [{ qty: 0, unlimited: false }],
  'in stock': [{ qty: 3, unlimited: false }],
  'half a unit': [{ qty: 0.5, unlimited: false }],
  unlimited: [{ qty: 0, unlimited: true }],
  'counted and unlimited': [
    { qty: 0, unlimited: false },
    { qty: 0, unlimited: true },
  ],
  'no unlimited mark': [{ qty: 2 }],
  'below none and a part': [{ qty: -2 }, { qty: 1.7 }],
};

const money = { value: '10.00', currency: 'USD' };

function product(kind: string, list: string): Item {
  const id = `${kind}-${list}`.replace(/\W+/g, '-');
  const variants = VARIANT_LISTS[list]!.map(({ qty, unlimited }, i) => ({
    id: `${id}-v${i}`,
    sku: `${id}-${i}`,
    price: 1000,
    salePrice: 0,
    priceMoney: money,
    salePriceMoney: money,
    onSale: false,
    qtyInStock: qty,
    ...(unlimited === undefined ? {} : { unlimited }),
    attributes: {},
  }));
  return {
    id,
    collectionId: COLLECTION,
    recordType: 11,
    title: `${kind} (${list})`,
    urlId: id,
    fullUrl: `/shop/p/${id}`,
    addedOn: 1_700_000_000_000,
    body: '',
    tags: [],
    categories: [],
    structuredContent: { ...KINDS[kind], variantOptionOrdering: [], variants, priceMoney: money },
  } as unknown as Item;
}

const PRODUCTS = Object.keys(KINDS).flatMap((kind) => Object.keys(VARIANT_LISTS).map((list) => product(kind, list)));
/** `item` with each variant's units the ledger's for its sku, where the ledger knows it. */
const atLevels = (item: Item, levels: Record<string, number>): Item =>
  ({
    ...item,
    structuredContent: {
      ...item.structuredContent,
      variants: item.structuredContent!.variants.map((v) => ({ ...v, qtyInStock: levels[v.sku] ?? v.qtyInStock })),
    },
  }) as Item;
const skus = (item: Item) => variantList(item).map((variant) => (variant as { sku: string }).sku);

/** A fresh content object's SQL, with `run` given it. */
function inContentObject<T>(name: string, run: (sql: SqlStorage) => T): Promise<T> {
  return runInDurableObject(contentObject(env, `never-runs-out-${name}`), (_instance, state) => run(state.storage.sql));
}

describe('never runs out, typed and in SQL', () => {
  it(
    'the fragments agree with productNeverRunsOut and variantNeverRunsOut for every product kind and variant list',
    async () => {
      const mismatches = await inContentObject('fragments', (sql) =>
        PRODUCTS.flatMap((item) => {
          const json = JSON.stringify(item);
          const sqlProduct = sql
            .exec<{ never: number }>(
              `SELECT ${productNeverRunsOutSql('p.json')} AS never FROM (SELECT ? AS json) p`,
              json,
            )
            .one().never;
          const typedProduct = totalStockRemaining(item) === Number.MAX_SAFE_INTEGER;
          const sqlVariants = sql
            .exec<{ never: number }>(
              `SELECT ${variantNeverRunsOutSql('p.json', 'v.value')} AS never FROM (SELECT ? AS json) p, json_each(p.json, '$.structuredContent.variants') v ORDER BY v.key`,
              json,
            )
            .toArray()
            .map((row) => row.never === 1);
          const typedVariants = variantList(item).map((variant) => variantStockLimit(item, variant) === null);
          return [
            ...(sqlProduct === (typedProduct ? 1 : 0) ? [] : [`${item.title}: product SQL ${sqlProduct}`]),
            ...(JSON.stringify(sqlVariants) === JSON.stringify(typedVariants)
              ? []
              : [`${item.title}: variants SQL ${sqlVariants} typed ${typedVariants}`]),
          ];
        }),
      );
      expect(mismatches).toEqual([]);
      // The rule itself: digital goods, gift cards and paywalls never run out; counted kinds only when unlimited.
      const never = PRODUCTS.filter((item) => totalStockRemaining(item) === Number.MAX_SAFE_INTEGER).map(
        (i) => i.title,
      );
      expect(never.filter((title) => title.endsWith('(out of stock)'))).toEqual([
        'digital (out of stock)',
        'gift card (out of stock)',
        'paywall (out of stock)',
      ]);
      expect(never.filter((title) => title.startsWith('physical'))).toEqual([
        'physical (unlimited)',
        'physical (counted and unlimited)',
      ]);
    },
    TIMEOUT,
  );

  it(
    "the listing's in-stock filter keeps exactly the products isSoldOut does not count sold out, at the ledger's levels",
    async () => {
      // The stock ledger's word for two skus: the one in stock has sold out, the one out of stock is back.
      const available = {
        [skus(product('physical', 'in stock'))[0]!]: 0,
        [skus(product('service', 'out of stock'))[0]!]: 2,
      };
      const atLedgerLevels = (item: Item) => atLevels(item, available);
      const { listed, counted } = await inContentObject('listing', (sql) => {
        for (const item of PRODUCTS) writeItem(sql, item);
        const now = Date.now();
        const query = { collectionId: COLLECTION, sort: 'title' as const, tags: [], categories: [], inStock: true };
        const rows = listing(sql, { ...query, offset: 0, limit: 1000 }, now, available);
        return {
          listed: rows.items.map((json) => (JSON.parse(json) as Item).title),
          counted: countedStock(sql, COLLECTION, now),
        };
      });
      const typed = PRODUCTS.filter((item) => !isSoldOut(atLedgerLevels(item))).map((item) => item.title);
      expect([...listed].sort()).toEqual([...typed].sort());
      expect(listed).toContain('service (out of stock)');
      expect(listed).not.toContain('physical (in stock)');
      expect(listed).not.toContain('physical (half a unit)');
      expect(listed).toContain('paywall (no variants)');

      const countedSkus = PRODUCTS.flatMap((item) =>
        variantList(item).flatMap((variant) =>
          variantStockLimit(item, variant) === null ? [] : [(variant as { sku: string }).sku],
        ),
      );
      expect(Object.keys(counted).sort()).toEqual(countedSkus.sort());
    },
    TIMEOUT,
  );

  it(
    "the console's stock column counts what totalStockRemaining counts: whole units, none below 0, at the ledger's levels",
    async () => {
      const [, part] = skus(product('physical', 'below none and a part'));
      const onHand = { [skus(product('physical', 'in stock'))[0]!]: 2.5, [part!]: -1 };
      const atLedgerLevels = (item: Item) => atLevels(item, onHand);
      const rows = await inContentObject('console-stock', (sql) => {
        for (const item of PRODUCTS) writeItem(sql, item);
        const query: ProductListQuery = {
          search: '',
          collectionId: COLLECTION,
          tag: null,
          category: null,
          stock: null,
          sort: 'title',
          descending: false,
          offset: 0,
          limit: 1000,
          onHand,
        };
        return productList(sql, query).rows;
      });
      const sqlStock = Object.fromEntries(rows.map((row) => [(JSON.parse(row.json) as Item).title, row.stock]));
      const typedStock = Object.fromEntries(
        PRODUCTS.map((item) => {
          const units = totalStockRemaining(atLedgerLevels(item));
          return [item.title, units === Number.MAX_SAFE_INTEGER ? null : units];
        }),
      );
      expect(sqlStock).toEqual(typedStock);
      expect(sqlStock['physical (below none and a part)']).toBe(0);
      expect(sqlStock['physical (in stock)']).toBe(2);
      expect(sqlStock['physical (half a unit)']).toBe(0);
    },
    TIMEOUT,
  );
});
