/**
 * Customers, derived from the orders (docs/merchant.md, "Customers"): one per email (case ignored),
 * with their name on their latest order, their orders, what they spent (paid and fulfilled orders less
 * their refunds) and their last order. Nothing is stored for them: the orders table and its email index
 * are the one record; only orders that were paid count (`WAS_PAID`). Abandoned checkouts: checkouts with an email and no
 * paid order (a payment given up at 3-D Secure among them), as long as checkouts are kept.
 */
import type { AbandonedCheckout, CustomerSummary } from '../../api/customers';
import { personMatcher } from '../../commerce/order-search';
import type { OrdersContext } from './context';
import { PAGE_SIZE, SEARCH_SCAN, type StoredCheckout } from './model';
import { WAS_PAID } from './records';

/** Abandoned checkouts listed at most (checkouts are kept CHECKOUT_KEEP_MS and at most MAX_CHECKOUTS). */
export const ABANDONED_LIMIT = 100;

interface CustomerRow extends Record<string, SqlStorageValue> {
  email: string;
  orders: number;
  spent: number;
  first_at: number;
  last_number: number;
  last_at: number;
  first_name: string | null;
  last_name: string | null;
}

// One customer per lower-cased email; the bare columns come from the row of MAX(number), SQLite's rule: the latest order.
const CUSTOMERS = `SELECT lower(json_extract(data, '$.email')) AS email, COUNT(*) AS orders, MIN(created_at) AS first_at,
    MAX(number) AS last_number, created_at AS last_at,
    json_extract(data, '$.shippingAddress.firstName') AS first_name, json_extract(data, '$.shippingAddress.lastName') AS last_name,
    SUM(CASE WHEN status IN ('paid', 'fulfilled') THEN json_extract(data, '$.grandTotalCents') - COALESCE((SELECT
      SUM(json_extract(r.value, '$.amountCents') + json_extract(r.value, '$.giftCardCents')) FROM json_each(data, '$.refunds') r), 0)
      ELSE 0 END) AS spent
  FROM orders WHERE ${WAS_PAID}`;

function summaryOf(row: CustomerRow): CustomerSummary {
  return {
    email: row.email,
    name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim(),
    orders: row.orders,
    spentCents: row.spent,
    firstOrderAt: row.first_at,
    lastOrderAt: row.last_at,
    lastOrderNumber: row.last_number,
  };
}

/**
 * Customers whose last order is before order number `cursor`, most recent first, matching `query`
 * (personMatcher: the order search's rules). SQLite cannot fold accents, so a search matches here and
 * reads at most `scan` customers a call; a page cut short by that bound still has a cursor.
 */
export function listCustomers(
  self: OrdersContext,
  query: string,
  cursor: number | null,
  limit = PAGE_SIZE,
  scan = SEARCH_SCAN,
): { customers: CustomerSummary[]; nextPageCursor: string | null } {
  const matches = personMatcher(query);
  const rows = self.sql.exec<CustomerRow>(
    `${CUSTOMERS} GROUP BY 1 HAVING last_number < ? ORDER BY last_number DESC LIMIT ?`,
    cursor ?? Number.MAX_SAFE_INTEGER,
    query.trim() === '' ? limit + 1 : scan,
  );
  const found: CustomerSummary[] = [];
  let scanned = 0;
  let last: number | null = null;
  for (const row of rows) {
    scanned += 1;
    const customer = summaryOf(row);
    if (!matches(customer)) {
      last = customer.lastOrderNumber;
      continue;
    }
    if (found.length === limit) return { customers: found, nextPageCursor: String(last) };
    found.push(customer);
    last = customer.lastOrderNumber;
  }
  const cutShort = query.trim() !== '' && scanned === scan && last !== null;
  return { customers: found, nextPageCursor: cutShort ? String(last) : null };
}

/** One customer by email (case ignored), or null when no order has it. */
export function customerByEmail(self: OrdersContext, email: string): CustomerSummary | null {
  const row = self.sql
    .exec<CustomerRow>(`${CUSTOMERS} AND lower(json_extract(data, '$.email')) = ? GROUP BY 1`, email.toLowerCase())
    .toArray()[0];
  return row === undefined ? null : summaryOf(row);
}

/** Checkouts with an email that never became a paid order, newest first (what the checkout retention keeps, no more). */
export function abandonedCheckouts(self: OrdersContext, limit = ABANDONED_LIMIT): AbandonedCheckout[] {
  return self.sql
    .exec<{ cart_id: string; data: string; updated_at: number }>(
      `SELECT cart_id, data, updated_at FROM checkouts c WHERE json_extract(data, '$.inputs.email') IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.cart_id = c.cart_id AND o.${WAS_PAID}) ORDER BY updated_at DESC LIMIT ?`,
      limit,
    )
    .toArray()
    .map((row) => {
      const stored = JSON.parse(row.data) as StoredCheckout;
      return {
        cartId: row.cart_id,
        email: stored.inputs.email ?? '',
        items: stored.items ?? [],
        totalCents: stored.shownTotals?.grandTotalCents ?? null,
        currencyCode: stored.currencyCode ?? null,
        updatedAt: row.updated_at,
      };
    });
}
