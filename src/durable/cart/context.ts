/**
 * What the modules of cart/ work on (the object's storage, bindings, queue of changes and its kept copy of the stored
 * cart), the tables and their migrations, the stored cart read in one statement, and every write of it.
 */
import { buildCart, type ShoppingCart, type StoredEntry } from '../../commerce/cart';
import { MIGRATIONS_TABLE, migrate, type Migration } from '../migrations';
import type { SerialQueue } from '../serial-queue';
import { ADD_KEY_TTL_MS, type Meta } from './model';

export interface CartContext {
  readonly sql: SqlStorage;
  readonly ctx: DurableObjectState;
  readonly env: Env;
  /** Every change runs alone, one after another. */
  readonly changes: SerialQueue;
  /** The stored cart, read once per instance and kept in step with every write. */
  cached: StoredCart | null;
}

/** The tables' layout; a cart stored under an older one (or none) is migrated when it is next loaded. */
const CART_MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE IF NOT EXISTS meta (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS entries (id TEXT PRIMARY KEY, seq INTEGER NOT NULL, data TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS applied_adds (key TEXT PRIMARY KEY, entry_id TEXT NOT NULL, applied_at INTEGER NOT NULL)`,
  // The cart's own version number, before the migrations table kept it.
  'DROP TABLE IF EXISTS schema_version',
];

/**
 * The whole stored cart in one statement, ordered: the migrations applied (seq -1), the meta row (0),
 * then the entries (seq 1 and up). A busy store's carts are mostly evicted between two adds, so this
 * runs for most adds: one statement instead of a schema check and two reads.
 */
const LOAD_CART = `SELECT -1 AS seq, CAST(applied AS TEXT) AS data FROM ${MIGRATIONS_TABLE} WHERE part = 'cart'
  UNION ALL SELECT 0, data FROM meta
  UNION ALL SELECT seq, data FROM entries
  ORDER BY seq`;

export interface StoredCart {
  meta: Meta | null;
  entries: StoredEntry[];
}

/** The stored rows, or null when the tables are missing or not migrated to CART_MIGRATIONS' last. */
function loadRows(self: CartContext): { seq: number; data: string }[] | null {
  let rows: { seq: number; data: string }[];
  try {
    rows = self.sql.exec<{ seq: number; data: string }>(LOAD_CART).toArray();
  } catch (error) {
    if (error instanceof Error && error.message.includes('no such table')) return null;
    throw error;
  }
  return rows[0]?.seq === -1 && Number(rows[0].data) === CART_MIGRATIONS.length ? rows : null;
}

function load(self: CartContext): StoredCart {
  let rows = loadRows(self);
  if (rows === null) {
    migrate(self.ctx.storage, { cart: CART_MIGRATIONS });
    rows = self.sql.exec<{ seq: number; data: string }>(LOAD_CART).toArray();
  }
  const meta = rows.find((row) => row.seq === 0);
  return {
    meta: meta === undefined ? null : (JSON.parse(meta.data) as Meta),
    entries: rows.filter((row) => row.seq > 0).map((row) => JSON.parse(row.data) as StoredEntry),
  };
}

/** The entry an add with `key` made, when that add was applied already (its answer may have been lost). */
export function appliedAdd(self: CartContext, key: string | null): string | null {
  if (key === null) return null;
  return (
    self.sql.exec<{ entry_id: string }>('SELECT entry_id FROM applied_adds WHERE key = ?', key).toArray()[0]
      ?.entry_id ?? null
  );
}

export function recordAdd(self: CartContext, key: string | null, entryId: string, now: number): void {
  if (key === null) return;
  self.sql.exec('DELETE FROM applied_adds WHERE applied_at < ?', now - ADD_KEY_TTL_MS);
  self.sql.exec('INSERT INTO applied_adds (key, entry_id, applied_at) VALUES (?, ?, ?)', key, entryId, now);
}

function stored(self: CartContext): StoredCart {
  self.cached ??= load(self);
  return self.cached;
}

export function meta(self: CartContext): Meta | null {
  return stored(self).meta;
}

export function entries(self: CartContext): readonly StoredEntry[] {
  return stored(self).entries;
}

export function writeMeta(self: CartContext, meta: Meta): void {
  self.sql.exec('INSERT OR REPLACE INTO meta (id, data) VALUES (1, ?)', JSON.stringify(meta));
  stored(self).meta = meta;
}

export function snapshot(self: CartContext, meta: Meta): ShoppingCart {
  return buildCart(
    {
      id: meta.cartId,
      websiteId: meta.websiteId,
      created: meta.created,
      currencyCode: meta.currencyCode,
      // A claimed cart is its placement's order already: it takes no changes, and that order's id finds it.
      orderId: meta.orderId ?? meta.claim?.orderId ?? null,
    },
    entries(self),
  );
}

export function writeEntry(self: CartContext, entry: StoredEntry): void {
  const cart = stored(self);
  const index = cart.entries.findIndex((e) => e.id === entry.id);
  if (index >= 0) {
    self.sql.exec('UPDATE entries SET data = ? WHERE id = ?', JSON.stringify(entry), entry.id);
    cart.entries[index] = entry;
  } else {
    self.sql.exec(
      'INSERT INTO entries (id, seq, data) VALUES (?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM entries), ?)',
      entry.id,
      JSON.stringify(entry),
    );
    cart.entries.push(entry);
  }
}

export function deleteEntry(self: CartContext, entryId: string): void {
  self.sql.exec('DELETE FROM entries WHERE id = ?', entryId);
  const cart = stored(self);
  cart.entries = cart.entries.filter((e) => e.id !== entryId);
}
