import { type BuyerOrder, confirmationUrl, type Order, type OrderStatus } from '../../commerce/order';
import { orderMatcher } from '../../commerce/order-search';
import { sameToken } from '../../ids';
import { kept, type OrdersContext } from './context';
import { downloadsOf } from './downloads';
import { tokenDigest } from '../passwords';
import { PAGE_SIZE, SEARCH_SCAN, type OrderRow, type OrderPrivate } from './model';

// ---- orders ----

export function orderRow(self: OrdersContext, id: string): OrderRow | null {
  return (
    self.sql.exec<OrderRow>('SELECT id, number, status, data, token_hash FROM orders WHERE id = ?', id).toArray()[0] ??
    null
  );
}

export function writeOrder(
  self: OrdersContext,
  id: string,
  order: Order,
  data: Record<string, unknown> = order as unknown as Record<string, unknown>,
): void {
  const row = orderRow(self, id);
  const stored = row === null ? {} : (JSON.parse(row.data) as Record<string, unknown>);
  self.sql.exec(
    'UPDATE orders SET status = ?, data = ? WHERE id = ?',
    order.status,
    JSON.stringify({ ...stored, ...data }),
    id,
  );
}

/** The order's stored data, its private fields (payment token, lines, charge...) with it; null: no such order. */
export function storedOrder(self: OrdersContext, id: string): (Order & OrderPrivate) | null {
  const row = orderRow(self, id);
  return row === null ? null : (JSON.parse(row.data) as Order & OrderPrivate);
}

export function toOrder(data: string): Order {
  return publicOrder(JSON.parse(data) as Order & OrderPrivate);
}

/** The order without its private fields. */
export function publicOrder(data: Order & OrderPrivate): Order {
  const {
    giftCardCode: _code,
    giftRecipientEmail: _recipient,
    paymentToken: _token,
    lines: _lines,
    charge: _charge,
    manageUrl: _manage,
    storeOrigin: _origin,
    ...order
  } = data;
  return order as Order;
}

/**
 * The next order's place in the lists and the next paid order's number, read once and then counted in this object's
 * memory (only this object writes orders): a purchase reads no MAX. A number handed out to an order whose transaction
 * then failed is not given again, which leaves a gap; order numbers may have gaps (docs/contracts.md).
 */
function counters(self: OrdersContext): { position: number; orderNumber: number } {
  const rows = kept(self);
  rows.counters ??= {
    ...self.sql
      .exec<{ position: number; orderNumber: number }>(
        'SELECT COALESCE(MAX(number), 1000) + 1 AS position, COALESCE(MAX(order_number), 1000) + 1 AS orderNumber FROM orders',
      )
      .one(),
  };
  return rows.counters;
}

/** The number the next paid order gets (orders are numbered when paid, from 1001). */
export function nextOrderNumber(self: OrdersContext): number {
  return counters(self).orderNumber++;
}

/** A new order's place in the lists (every order has one, paid or not). */
export function nextPosition(self: OrdersContext): number {
  return counters(self).position++;
}

/** An order for a merchant (no token). */
export function orderById(self: OrdersContext, id: string): Order | null {
  const row = orderRow(self, id);
  return row === null ? null : toOrder(row.data);
}

/** An order for its buyer: the token must match the confirmation URL's. */
export async function orderForBuyer(self: OrdersContext, id: string, token: string): Promise<BuyerOrder | null> {
  const row = orderRow(self, id);
  if (row === null || row.token_hash === '' || !sameToken(row.token_hash, await tokenDigest(token))) return null;
  const order = withDownloads(self, toOrder(row.data));
  return { ...order, confirmationUrl: confirmationUrl(order, token) };
}

/**
 * The merchant's orders (list, search, CSV, customers) are those that were paid, as Shopify lists orders: orders are
 * numbered when paid, so one without a number never was (a checkout still at 3-D Secure, or one given up there and
 * cancelled unpaid); the merchant finds those among the abandoned checkouts.
 */
export const WAS_PAID = 'order_number IS NOT NULL';

/** The merchant's orders newest first, keyset paged by order number. */
export function listOrders(
  self: OrdersContext,
  status: OrderStatus | null,
  cursor: number | null,
  limit = PAGE_SIZE,
): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
  const before = cursor ?? Number.MAX_SAFE_INTEGER;
  const rows =
    status === null
      ? self.sql
          .exec<{ data: string; number: number }>(
            `SELECT data, number FROM orders WHERE ${WAS_PAID} AND number < ? ORDER BY number DESC LIMIT ?`,
            before,
            limit + 1,
          )
          .toArray()
      : self.sql
          .exec<{ data: string; number: number }>(
            `SELECT data, number FROM orders WHERE ${WAS_PAID} AND status = ? AND number < ? ORDER BY number DESC LIMIT ?`,
            status,
            before,
            limit + 1,
          )
          .toArray();
  const page = rows.slice(0, limit);
  const hasNextPage = rows.length > limit;
  return {
    orders: page.map((r) => toOrder(r.data)),
    hasNextPage,
    nextPageCursor: hasNextPage ? String(page[page.length - 1]?.number) : null,
  };
}

/**
 * A shopper's orders for their account, newest first: those linked to it and those placed with its
 * verified email. An attempt whose payment never went through was no order, so it is not listed.
 */
export function customerOrders(
  self: OrdersContext,
  verifiedEmail: string | null,
  linkedIds: string[],
  limit = PAGE_SIZE,
): Order[] {
  return self.sql
    .exec<{ data: string }>(
      `SELECT data FROM orders WHERE (id IN (SELECT value FROM json_each(?)) OR lower(json_extract(data, '$.email')) = ?)
       AND NOT (order_number IS NULL AND status = 'cancelled') ORDER BY number DESC LIMIT ?`,
      JSON.stringify(linkedIds),
      verifiedEmail?.toLowerCase() ?? null,
      limit,
    )
    .toArray()
    .map((r) => withDownloads(self, toOrder(r.data)));
}

/** A buyer's view of an order: with its download links (the merchant's views have none). */
function withDownloads(self: OrdersContext, order: Order): Order {
  const downloads = downloadsOf(self, order.id, Date.now());
  return downloads.length === 0 ? order : { ...order, downloads };
}

/**
 * The merchant's orders matching their search (src/commerce/order-search.ts: number, email or customer
 * name, case- and accent-insensitive), newest first, keyset paged like `orders`. SQLite cannot fold
 * accents, so rows are read newest first and matched here; one call reads at most `scan` rows,
 * and a page cut short by that bound still has a cursor so "load more" carries on from there.
 */
export function searchOrders(
  self: OrdersContext,
  query: string,
  status: OrderStatus | null,
  cursor: number | null,
  limit = PAGE_SIZE,
  scan = SEARCH_SCAN,
): { orders: Order[]; hasNextPage: boolean; nextPageCursor: string | null } {
  const matches = orderMatcher(query);
  const filter = status === null ? '' : 'AND status = ?';
  const rows = self.sql.exec<{ data: string; number: number }>(
    `SELECT data, number FROM orders WHERE ${WAS_PAID} AND number < ? ${filter} ORDER BY number DESC LIMIT ?`,
    ...[cursor ?? Number.MAX_SAFE_INTEGER, ...(status === null ? [] : [status]), scan],
  );
  const found: Order[] = [];
  let scanned = 0;
  let last: number | null = null;
  for (const row of rows) {
    scanned += 1;
    const order = toOrder(row.data);
    if (!matches(order)) {
      last = row.number;
      continue;
    }
    if (found.length === limit) return { orders: found, hasNextPage: true, nextPageCursor: String(last) };
    found.push(order);
    last = row.number;
  }
  const cutShort = scanned === scan && last !== null;
  return { orders: found, hasNextPage: cutShort, nextPageCursor: cutShort ? String(last) : null };
}

/**
 * Sales and refunds in [fromMs, toMs), per UTC hour (analytics): orders placed and paid (a refunded
 * order was a sale, so it stays counted where it was placed) with their totals, and each refund (a
 * partial one too) where it was made, with what it gave back. Net revenue is the one less the other.
 */
export function salesByHour(
  self: OrdersContext,
  fromMs: number,
  toMs: number,
): { hour: number; orders: number; revenueCents: number; refunds: number; refundedCents: number }[] {
  const byHour = new Map<
    number,
    { hour: number; orders: number; revenueCents: number; refunds: number; refundedCents: number }
  >();
  const at = (hour: number) => {
    let row = byHour.get(hour);
    if (row === undefined) byHour.set(hour, (row = { hour, orders: 0, revenueCents: 0, refunds: 0, refundedCents: 0 }));
    return row;
  };
  const sold = self.sql.exec<{ hour: number; orders: number; revenue: number }>(
    `SELECT created_at / 3600000 AS hour, COUNT(*) AS orders, SUM(json_extract(data, '$.grandTotalCents')) AS revenue FROM orders
     WHERE created_at >= ? AND created_at < ? AND status IN ('paid', 'fulfilled', 'refunded') GROUP BY hour`,
    fromMs,
    toMs,
  );
  for (const row of sold) Object.assign(at(row.hour), { orders: row.orders, revenueCents: row.revenue });
  // Each refund of a sale (partial ones too) where it was made; orders refunded before refunds were kept, whole.
  const refunded = self.sql.exec<{ hour: number; refunds: number; refunded: number }>(
    `SELECT hour, COUNT(*) AS refunds, SUM(cents) AS refunded FROM (
       SELECT CAST(json_extract(r.value, '$.at') / 3600000 AS INTEGER) AS hour,
         json_extract(r.value, '$.amountCents') + json_extract(r.value, '$.giftCardCents') AS cents
       FROM orders o, json_each(o.data, '$.refunds') r
       WHERE o.status IN ('paid', 'fulfilled', 'refunded') AND json_extract(r.value, '$.at') >= ?1 AND json_extract(r.value, '$.at') < ?2
       UNION ALL
       SELECT CAST(json_extract(data, '$.refundedOn') / 3600000 AS INTEGER), json_extract(data, '$.grandTotalCents') FROM orders
       WHERE status = 'refunded' AND json_extract(data, '$.refunds') IS NULL
         AND json_extract(data, '$.refundedOn') >= ?1 AND json_extract(data, '$.refundedOn') < ?2)
     GROUP BY hour`,
    fromMs,
    toMs,
  );
  for (const row of refunded) Object.assign(at(row.hour), { refunds: row.refunds, refundedCents: row.refunded });
  return [...byHour.values()].sort((a, b) => a.hour - b.hour);
}

export function cartOf(self: OrdersContext, id: string): string {
  return self.sql.exec<{ cart_id: string }>('SELECT cart_id FROM orders WHERE id = ?', id).toArray()[0]?.cart_id ?? '';
}
