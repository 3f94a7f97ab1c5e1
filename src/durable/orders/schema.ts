/**
 * The commerce object's tables, as numbered migrations (durable/migrations.ts): the first accepts a store written before them.
 */
import { addColumn, columnsOf, type Migration } from '../migrations';

export const ORDER_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS settings (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS rates (kind TEXT NOT NULL, id TEXT NOT NULL, data TEXT NOT NULL, PRIMARY KEY (kind, id));
  -- Defaults made once (the demo store's shipping rates), so a merchant's deletion is not undone.
  CREATE TABLE IF NOT EXISTS seeded (name TEXT PRIMARY KEY);
  CREATE TABLE IF NOT EXISTS discounts (code TEXT PRIMARY KEY, data TEXT NOT NULL, uses INTEGER NOT NULL DEFAULT 0, single_use_for TEXT UNIQUE);
  CREATE TABLE IF NOT EXISTS gift_cards (code TEXT PRIMARY KEY, initial_cents INTEGER NOT NULL, balance_cents INTEGER NOT NULL CHECK (balance_cents >= 0),
    order_id TEXT NOT NULL, created_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS checkouts (cart_id TEXT PRIMARY KEY, data TEXT NOT NULL, updated_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS checkouts_by_age ON checkouts (updated_at);
  -- Placements journaled and not yet recorded (a retry or the alarm finishes them); a journaled code counts as a use claimed.
  CREATE TABLE IF NOT EXISTS placing (cart_id TEXT NOT NULL, key TEXT NOT NULL, order_id TEXT NOT NULL, discount_code TEXT, data TEXT NOT NULL,
    created_at INTEGER NOT NULL, PRIMARY KEY (cart_id, key));
  -- Units reserved per order being placed or waiting for its payment, by visitor, until the payment window ends.
  CREATE TABLE IF NOT EXISTS holds (order_id TEXT PRIMARY KEY, visitor TEXT NOT NULL, units INTEGER NOT NULL, expires_at INTEGER NOT NULL);
  CREATE INDEX IF NOT EXISTS holds_by_visitor ON holds (visitor, expires_at);
  -- Recorded orders whose stock and cart steps are not done yet (hold_until: a pending order's units are held until then).
  CREATE TABLE IF NOT EXISTS followups (order_id TEXT PRIMARY KEY, hold_until INTEGER, created_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS orders (id TEXT PRIMARY KEY, number INTEGER NOT NULL UNIQUE, status TEXT NOT NULL, cart_id TEXT NOT NULL,
    payment_id TEXT, discount_code TEXT, token_hash TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL);
  CREATE INDEX IF NOT EXISTS orders_by_status ON orders (status, number);
  CREATE INDEX IF NOT EXISTS orders_by_payment ON orders (payment_id);
  CREATE TABLE IF NOT EXISTS placements (cart_id TEXT NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
    created_at INTEGER NOT NULL, PRIMARY KEY (cart_id, key));
  CREATE TABLE IF NOT EXISTS subscriptions (id TEXT PRIMARY KEY, order_id TEXT NOT NULL, token TEXT NOT NULL, cycle INTEGER NOT NULL, next_at INTEGER,
    data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS website (id INTEGER PRIMARY KEY CHECK (id = 1), website_id TEXT NOT NULL);
  -- Orders whose charge has an unknown outcome, with the placement that answers for them.
  CREATE TABLE IF NOT EXISTS unsettled (order_id TEXT PRIMARY KEY, cart_id TEXT NOT NULL, key TEXT NOT NULL, attempts INTEGER NOT NULL,
    next_at INTEGER, created_at INTEGER NOT NULL)`,
  (sql) => {
    addColumn(sql, 'placements', 'requester', 'TEXT');
    sql.exec('CREATE INDEX IF NOT EXISTS placements_by_key ON placements (key, requester)');
  },
  (sql) => addColumn(sql, 'subscriptions', 'cancelled_at', 'INTEGER'),
  // Customers are the orders grouped by email (orders/customers.ts): the index SQLite keeps with each order write.
  "CREATE INDEX IF NOT EXISTS orders_by_email ON orders (lower(json_extract(data, '$.email')))",
  // The order number is given when the order is paid (`number` stays the list's position); earlier orders keep theirs.
  (sql) => {
    addColumn(sql, 'orders', 'order_number', 'INTEGER');
    sql.exec('UPDATE orders SET order_number = number WHERE order_number IS NULL');
    sql.exec('CREATE UNIQUE INDEX IF NOT EXISTS orders_by_order_number ON orders (order_number)');
  },
  (sql) => addColumn(sql, 'subscriptions', 'paused_at', 'INTEGER'),
  // Download grants of paid orders' digital lines (orders/downloads.ts): the token is the key.
  `CREATE TABLE IF NOT EXISTS downloads (token TEXT PRIMARY KEY, order_id TEXT NOT NULL, line INTEGER NOT NULL, item_id TEXT NOT NULL,
    title TEXT NOT NULL, allowed INTEGER NOT NULL, used INTEGER NOT NULL, expires_at INTEGER NOT NULL, revoked_at INTEGER, UNIQUE (order_id, line))`,
  // The merchant's messages in the order emails (orders/emails.ts, site/editor/email-messages.ts).
  'CREATE TABLE IF NOT EXISTS email_messages (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)',
  // A key's answer is the placement's domain result (orders/model.ts PlaceOutcome), the route choosing its HTTP status;
  // answers kept before named theirs: 201 and 202 (the payment's outcome unknown) an order, 402 a decline. Nothing to do
  // when the table has its new columns already.
  (sql) => {
    if (!columnsOf(sql, 'placements').includes('status')) return;
    sql.exec(`ALTER TABLE placements ADD COLUMN answer TEXT;
      UPDATE placements SET answer = CASE status
        WHEN 402 THEN json_object('ok', json('false'), 'error', 'declined', 'message', body ->> '$.error', 'code', body ->> '$.code')
        ELSE json_object('ok', json('true'),
          'value', json_object('order', json(body -> '$.order'), 'paymentUnknown', json(iif(status = 202, 'true', 'false'))))
      END;
      ALTER TABLE placements DROP COLUMN status;
      ALTER TABLE placements DROP COLUMN body`);
  },
];
