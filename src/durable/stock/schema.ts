/** The stock ledger's tables (reservations, levels, sales, history, meta), made and changed by numbered migrations. */
import type { Migration } from '../migrations';

export const STOCK_MIGRATIONS: readonly Migration[] = [
  // Carts held stock for 30 days before issue 16; those holds are gone with the rule.
  `DROP TABLE IF EXISTS holds;
  CREATE TABLE IF NOT EXISTS reservations (owner TEXT NOT NULL, sku TEXT NOT NULL, quantity INTEGER NOT NULL, expires_at INTEGER, PRIMARY KEY (owner, sku));
  CREATE INDEX IF NOT EXISTS reservations_by_sku ON reservations (sku);
  CREATE INDEX IF NOT EXISTS reservations_by_expiry ON reservations (expires_at);
  CREATE TABLE IF NOT EXISTS levels (sku TEXT PRIMARY KEY, on_hand INTEGER NOT NULL, sold INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS sales (owner TEXT PRIMARY KEY, sold_at INTEGER NOT NULL);
  CREATE TABLE IF NOT EXISTS history (id INTEGER PRIMARY KEY AUTOINCREMENT, sku TEXT NOT NULL, at INTEGER NOT NULL, kind TEXT NOT NULL,
    change INTEGER NOT NULL, on_hand INTEGER NOT NULL, who TEXT, reason TEXT, ref TEXT);
  CREATE INDEX IF NOT EXISTS history_by_sku ON history (sku, id);
  CREATE INDEX IF NOT EXISTS sales_by_time ON sales (sold_at);
  CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)`,
  // Before issue 29 sold units counted against the published level they were sold from (`sold`), restarting when it changed.
  (sql) => {
    if (sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'sold'").toArray().length === 0) return;
    sql.exec(
      'INSERT INTO levels (sku, on_hand, sold) SELECT sku, MAX(0, stock - quantity), quantity FROM sold WHERE true ON CONFLICT (sku) DO NOTHING',
    );
    sql.exec('DROP TABLE sold');
  },
  // Issue 34: the visitor a route's hold for a new placement is counted against, kept while the reservation lives.
  (sql) => {
    if (sql.exec("SELECT 1 FROM pragma_table_info('reservations') WHERE name = 'holder'").toArray().length === 0)
      sql.exec('ALTER TABLE reservations ADD COLUMN holder TEXT');
    sql.exec('CREATE INDEX IF NOT EXISTS reservations_by_holder ON reservations (holder)');
  },
];
