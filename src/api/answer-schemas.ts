/**
 * The zod schemas of the console's main reads (catalogue context, products, a product, orders, an
 * order, the store), by route name. test/worker/api-contract.test.ts parses real answers with them;
 * the browser takes their types only (console-answers.ts), so no browser bundle carries zod.
 * Where the type is wider than what a schema checks (an order), the schema is its outline.
 */
import { z } from 'zod';
import { ORDER_STATUSES } from '../commerce/order';
import { PRODUCT_STATUSES } from '../commerce/product';

export const catalogContextSchema = z.object({
  currency: z.string(),
  /** The store's IANA time zone: a scheduled product's date and time are read in it. */
  timeZone: z.string(),
  collections: z.array(z.object({ id: z.string(), title: z.string(), fullUrl: z.string() })),
  forms: z.array(z.object({ id: z.string(), name: z.string() })),
  tags: z.array(z.string()),
  categories: z.array(z.string()),
});

export const productRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  collectionId: z.string(),
  fullUrl: z.string(),
  image: z.string().nullable(),
  productType: z.number().int(),
  status: z.enum(PRODUCT_STATUSES),
  /** Whether shoppers see it now (a scheduled product from its date). */
  onStorefront: z.boolean(),
  price: z.number().int().nullable(),
  onSale: z.boolean(),
  variantCount: z.number().int(),
  /** On hand and available to shoppers (on hand − what checkouts hold), the stock ledger's; null: never runs out. */
  stock: z.number().int().nullable(),
  available: z.number().int().nullable(),
});

export const productPageSchema = z.object({
  products: z.array(productRowSchema),
  total: z.number().int(),
  nextOffset: z.number().int().nullable(),
  currency: z.string(),
});

const storedProductSchema = z.object({
  id: z.string(),
  fullUrl: z.string(),
  product: z.looseObject({ title: z.string(), productType: z.number().int(), variants: z.array(z.unknown()) }),
});

/** The outline of an order the console relies on; the whole shape is `Order` (src/commerce/order.ts). */
const orderSchema = z.looseObject({
  id: z.string(),
  orderNumber: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  createdOn: z.number(),
  email: z.string(),
  currencyCode: z.string(),
  grandTotalCents: z.number().int(),
  entries: z.array(z.looseObject({ title: z.string(), quantity: z.number().int(), unitPriceCents: z.number().int() })),
});

const orderPageSchema = z.object({
  orders: z.array(orderSchema),
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable(),
});

const orderAnswerSchema = z.object({ order: orderSchema });

const storeAnswerSchema = z.object({
  currency: z.string().length(3),
  settings: z.looseObject({
    pricesIncludeTax: z.boolean(),
    minimumSubtotalCents: z.number().int(),
    reservationMinutes: z.number().int(),
  }),
});

export const ANSWER_SCHEMAS = {
  catalogContext: catalogContextSchema,
  products: productPageSchema,
  product: storedProductSchema,
  orders: orderPageSchema,
  consoleOrder: orderAnswerSchema,
  store: storeAnswerSchema,
} as const;
