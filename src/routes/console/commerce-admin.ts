/**
 * The merchant's commerce calls (commerce permission, docs/merchant.md; reading and exporting orders
 * needs customerData): orders (list, CSV export, fulfil, cancel, refund), shipping rates, tax rates, discount codes and the store's checkout settings,
 * all kept in the website's CommerceOrders object.
 */
import { api, type AnswerOf, type Deleted, type Route } from '../../api';
import type { z } from 'zod';
import type { ShippingRate } from '../../commerce/shipping';
import type { TaxRate } from '../../commerce/tax';
import { areas } from '../../api/areas';
import { answer, answerCsv, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import {
  discountSchema,
  exportFiltersSchema,
  fulfilSchema,
  refundSchema,
  settingsSchema,
  shippingRateSchema,
  taxRateSchema,
} from '../../api/commerce-admin-bodies';
import { normalCode } from '../../commerce/discounts';
import { formatMoney } from '../../commerce/money';
import { ORDER_STATUSES, orderLabel, type Order } from '../../commerce/order';
import type { OrderActionError } from '../../durable/orders';
import type { Result } from '../../result';
import { toCsv } from '../../forms/csv';
import { IDEMPOTENCY_KEY, IDEMPOTENCY_MESSAGE } from '../shop/checkout';
import { demoShipping } from '../shop/demo-shipping';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { searchQueryOf } from './list-query';
import { requirePermission } from './merchant-session';

const MAX_BODY_BYTES = 16 * 1024;

/** Orders read per call while exporting, and the most one export holds (the newest that match). */
const EXPORT_PAGE = 500;
const MAX_EXPORT_ORDERS = 10_000;
const ORDER_CSV_HEADER = ['Number', 'Date (UTC)', 'Status', 'Email', 'Name', 'Total', 'Items'];

/** One order as a CSV row: the total in the store's money format, the lines as '2 × Candle (Size: L)' joined by '; '. */
function orderRecord(order: Order): string[] {
  const name =
    order.shippingAddress === null ? '' : `${order.shippingAddress.firstName} ${order.shippingAddress.lastName}`.trim();
  const items = order.entries.map((e) => {
    const options = Object.entries(e.attributes)
      .map(([option, value]) => `${option}: ${value}`)
      .join(', ');
    return `${e.quantity} × ${e.title}${options === '' ? '' : ` (${options})`}`;
  });
  return [
    order.orderNumber === null ? orderLabel(order) : String(order.orderNumber),
    new Date(order.createdOn).toISOString(),
    order.status,
    order.email,
    name,
    formatMoney(order.grandTotalCents, order.currencyCode, 'en-US', false),
    items.join('; '),
  ];
}

function orders(c: Context<AppEnv>) {
  return storeOf(c).objects.orders;
}

const ORDER_ACTION_STATUS = {
  'not-found': 404,
  'not-paid': 409,
  'not-cancellable': 409,
  'not-refundable': 409,
  'refund-exceeds': 409,
  'refund-failed': 502,
} as const satisfies Record<OrderActionError, number>;

/** An order action's answer (`route`: fulfil, cancel or refund, each answering the order). */
function orderAnswer(
  c: Context<AppEnv>,
  route: typeof api.fulfilOrder | typeof api.cancelOrder | typeof api.refundOrder,
  result: Result<Order, OrderActionError>,
): Response {
  return result.ok
    ? answer(c, route, { order: result.value })
    : apiError(ORDER_ACTION_STATUS[result.error], result.message);
}

export const commerceAdmin = new Hono<AppEnv>();
const commerce = requirePermission('commerce');
const customerData = requirePermission('customerData');

commerceAdmin.get(pathIn(areas.commerceAdmin, api.commerceOrders), customerData, async (c) => {
  const status = c.req.query('status');
  if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status))
    return apiError(400, `status must be one of ${ORDER_STATUSES.join(', ')}`);
  const rawCursor = c.req.query('cursor');
  const cursor = rawCursor === undefined ? null : Number(rawCursor);
  if (cursor !== null && !Number.isSafeInteger(cursor)) return apiError(400, 'cursor is not valid');
  const limit = Number(c.req.query('limit') ?? '50');
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) return apiError(400, 'limit must be 1 to 100');
  return answer(
    c,
    api.commerceOrders,
    await orders(c).orders((status as Order['status'] | undefined) ?? null, cursor, limit),
  );
});

commerceAdmin.get(pathIn(areas.commerceAdmin, api.ordersCsv), customerData, async (c) => {
  const filters = exportFiltersSchema.safeParse({ status: c.req.query('status') || undefined });
  if (!filters.success)
    return apiError(400, filters.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  const { status } = filters.data;
  const q = searchQueryOf(c);
  const store = orders(c);
  const found: Order[] = [];
  let cursor: number | null = null;
  do {
    const page: { orders: Order[]; nextPageCursor: string | null } =
      q === ''
        ? await store.orders(status ?? null, cursor, EXPORT_PAGE)
        : await store.searchOrders(q, status ?? null, cursor, EXPORT_PAGE);
    found.push(...page.orders);
    cursor = page.nextPageCursor === null ? null : Number(page.nextPageCursor);
  } while (cursor !== null && found.length < MAX_EXPORT_ORDERS);
  const records = found.slice(0, MAX_EXPORT_ORDERS).map(orderRecord);
  return answerCsv(
    c,
    api.ordersCsv,
    toCsv([ORDER_CSV_HEADER, ...records]),
    `orders-${new Date().toISOString().slice(0, 10)}.csv`,
  );
});

commerceAdmin.post(pathIn(areas.commerceAdmin, api.fulfilOrder), commerce, async (c) => {
  const body = await readJson(c, fulfilSchema, MAX_BODY_BYTES);
  return orderAnswer(c, api.fulfilOrder, await orders(c).fulfill(c.req.param('id'), body.trackingNumber, body.carrier));
});

commerceAdmin.post(pathIn(areas.commerceAdmin, api.cancelOrder), commerce, async (c) => {
  return orderAnswer(c, api.cancelOrder, await orders(c).cancel(c.var.site.website.id, c.req.param('id')));
});

/**
 * A refund names itself with its Idempotency-Key header (required for a partial refund, whose retry
 * must not refund twice; a full refund is once per order anyway): a replay answers the order as it is.
 */
commerceAdmin.post(pathIn(areas.commerceAdmin, api.refundOrder), commerce, async (c) => {
  const body = await readJson(c, refundSchema, MAX_BODY_BYTES);
  const key = c.req.header('idempotency-key') ?? null;
  const partial = body.lines !== undefined || body.amountCents !== undefined;
  if ((key !== null || partial) && !IDEMPOTENCY_KEY.test(key ?? '')) return apiError(400, IDEMPOTENCY_MESSAGE);
  return orderAnswer(c, api.refundOrder, await orders(c).refund(c.var.site.website.id, c.req.param('id'), body, key));
});

/** One kind of rate: its four calls, the body they are sent, and its answers (`{ shippingRates }`, `{ shippingRate }`). */
interface RateArea<Body extends Omit<ShippingRate, 'id'> | Omit<TaxRate, 'id'>, List, One> {
  kind: 'shipping' | 'tax';
  calls: { list: Route<List>; add: Route<One>; save: Route<One>; remove: Route<Deleted> };
  schema: z.ZodType<Body>;
  list: (c: Context<AppEnv>) => Promise<List>;
  one: (id: string, rate: Body) => One;
}

function serveRates<Body extends Omit<ShippingRate, 'id'> | Omit<TaxRate, 'id'>, List, One>(
  area: RateArea<Body, List, One>,
): void {
  const { kind, calls, schema } = area;
  commerceAdmin.get(pathIn(areas.commerceAdmin, calls.list), commerce, demoShipping, async (c) =>
    answer(c, calls.list, await area.list(c)),
  );
  const save = async (c: Context<AppEnv>, route: Route<One>, id: string | null) => {
    const rate = await readJson(c, schema, MAX_BODY_BYTES);
    const saved = await orders(c).saveRate(kind, id, rate);
    if (saved === null) return apiError(404, 'Unknown rate');
    return answer(c, route, area.one(saved.id, rate), id === null ? 201 : undefined);
  };
  commerceAdmin.post(pathIn(areas.commerceAdmin, calls.add), commerce, (c) => save(c, calls.add, null));
  commerceAdmin.put(pathIn(areas.commerceAdmin, calls.save), commerce, (c) =>
    save(c, calls.save, c.req.param('id') ?? ''),
  );
  commerceAdmin.delete(pathIn(areas.commerceAdmin, calls.remove), commerce, async (c) =>
    (await orders(c).deleteRate(kind, c.req.param('id') ?? ''))
      ? answer(c, calls.remove, { deleted: true })
      : apiError(404, 'Unknown rate'),
  );
}

serveRates({
  kind: 'shipping',
  calls: {
    list: api.shippingRates,
    add: api.addShippingRate,
    save: api.saveShippingRate,
    remove: api.removeShippingRate,
  },
  schema: shippingRateSchema,
  list: async (c): Promise<AnswerOf<typeof api.shippingRates>> => ({ shippingRates: await orders(c).shippingRates() }),
  one: (id, rate): AnswerOf<typeof api.addShippingRate> => ({ shippingRate: { id, ...rate } }),
});

serveRates({
  kind: 'tax',
  calls: { list: api.taxRates, add: api.addTaxRate, save: api.saveTaxRate, remove: api.removeTaxRate },
  schema: taxRateSchema,
  list: async (c): Promise<AnswerOf<typeof api.taxRates>> => ({ taxRates: await orders(c).taxRates() }),
  one: (id, rate): AnswerOf<typeof api.addTaxRate> => ({ taxRate: { id, ...rate } }),
});

commerceAdmin.get(pathIn(areas.commerceAdmin, api.discounts), commerce, async (c) =>
  answer(c, api.discounts, { discounts: await orders(c).discounts() }),
);

commerceAdmin.post(pathIn(areas.commerceAdmin, api.addDiscount), commerce, async (c) => {
  const discount = await readJson(c, discountSchema, MAX_BODY_BYTES);
  const saved = await orders(c).saveDiscount(discount, true);
  if (saved === null || 'conflict' in saved) return apiError(409, 'A discount with that code already exists.');
  return answer(c, api.addDiscount, { discount: saved }, 201);
});

commerceAdmin.put(pathIn(areas.commerceAdmin, api.saveDiscount), commerce, async (c) => {
  const discount = await readJson(c, discountSchema, MAX_BODY_BYTES);
  if (normalCode(c.req.param('code')) !== discount.code) return apiError(400, 'code: must match the code in the path');
  const saved = await orders(c).saveDiscount(discount, false);
  if (saved === null || 'conflict' in saved) return apiError(404, 'Unknown discount code');
  return answer(c, api.saveDiscount, { discount: saved });
});

commerceAdmin.delete(pathIn(areas.commerceAdmin, api.removeDiscount), commerce, async (c) =>
  (await orders(c).deleteDiscount(c.req.param('code')))
    ? answer(c, api.removeDiscount, { deleted: true })
    : apiError(404, 'Unknown discount code'),
);

commerceAdmin.get(pathIn(areas.commerceAdmin, api.readCommerceSettings), commerce, demoShipping, async (c) =>
  answer(c, api.readCommerceSettings, { settings: await orders(c).settings() }),
);

commerceAdmin.put(pathIn(areas.commerceAdmin, api.commerceSettings), commerce, async (c) => {
  const settings = await readJson(c, settingsSchema, MAX_BODY_BYTES);
  return answer(c, api.commerceSettings, { settings: await orders(c).setSettings(settings) });
});
