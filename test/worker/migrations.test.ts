/**
 * The objects' one migration helper (src/durable/migrations.ts): steps applied once each and in
 * order, none of a failed run kept, and every object's storage from before the helper (today's
 * tables, no migrations count) opened without loss.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BeaconStore } from '../../src/durable/beacons';
import { FormSubmissions } from '../../src/durable/forms';
import { LocalPaymentLedger } from '../../src/durable/local-payments';
import { MerchantAccounts } from '../../src/durable/merchants';
import { migrate } from '../../src/durable/migrations';
import { CommerceOrders } from '../../src/durable/orders';
import { ORDER_MIGRATIONS } from '../../src/durable/orders/schema';
import { RestockSignups } from '../../src/durable/restock';
import { SiteContent } from '../../src/durable/site-content';
import { SiteUsers } from '../../src/durable/site-users';
import { StockLedger } from '../../src/durable/stock';

type Construct = new (state: DurableObjectState, env: Env) => unknown;

type Stub = Parameters<typeof runInDurableObject>[0];
const stubOf =
  (namespace: { idFromName(name: string): DurableObjectId; get(id: DurableObjectId): Stub }) => (name: string) =>
    namespace.get(namespace.idFromName(name));

const OBJECTS: [string, (name: string) => Stub, Construct][] = [
  ['BeaconStore', stubOf(env.BEACONS), BeaconStore],
  ['FormSubmissions', stubOf(env.FORMS), FormSubmissions],
  ['LocalPaymentLedger', stubOf(env.LOCAL_PAYMENTS), LocalPaymentLedger],
  ['MerchantAccounts', stubOf(env.MERCHANTS), MerchantAccounts],
  ['CommerceOrders', stubOf(env.ORDERS), CommerceOrders],
  ['RestockSignups', stubOf(env.RESTOCK), RestockSignups],
  ['SiteContent', stubOf(env.CONTENT), SiteContent],
  ['SiteUsers', stubOf(env.SITE_USERS), SiteUsers],
  ['StockLedger', stubOf(env.STOCK), StockLedger],
];

/** Every table, index and trigger with its SQL, and each table's rows, the migrations count left out. */
function snapshot(sql: SqlStorage) {
  const schema = sql
    .exec<{ type: string; name: string; sql: string | null }>(
      "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE 'schema_migrations%' AND name NOT LIKE '_cf_%' ORDER BY name",
    )
    .toArray();
  const rows = Object.fromEntries(
    schema
      .filter((entry) => entry.type === 'table' && !entry.name.startsWith('items_fts'))
      .map((entry) => [entry.name, sql.exec(`SELECT * FROM "${entry.name}"`).toArray()]),
  );
  return { schema, rows };
}

function applied(sql: SqlStorage) {
  return Object.fromEntries(
    sql
      .exec<{ part: string; applied: number }>('SELECT part, applied FROM schema_migrations')
      .toArray()
      .map((row) => [row.part, row.applied]),
  );
}

describe('migrations', () => {
  it('applies each step once, in order, and keeps the number applied per part', async () => {
    const stub = env.ORDERS.get(env.ORDERS.idFromName('migrations-once'));
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      const ran: number[] = [];
      const steps = [
        'CREATE TABLE IF NOT EXISTS trial (n INTEGER)',
        (s: SqlStorage) => {
          ran.push(2);
          s.exec('INSERT INTO trial VALUES (2)');
        },
      ];
      migrate(state.storage, { trial: steps });
      migrate(state.storage, { trial: steps });
      expect(ran).toEqual([2]);
      migrate(state.storage, { trial: [...steps, 'INSERT INTO trial VALUES (3)'] });
      expect(sql.exec('SELECT n FROM trial ORDER BY n').toArray()).toEqual([{ n: 2 }, { n: 3 }]);
      expect(applied(sql).trial).toBe(3);
    });
  });

  it('keeps nothing of a run whose step fails', async () => {
    const stub = env.ORDERS.get(env.ORDERS.idFromName('migrations-failed'));
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      expect(() =>
        migrate(state.storage, { trial: ['CREATE TABLE trial (n INTEGER)', 'INSERT INTO no_such_table VALUES (1)'] }),
      ).toThrow();
      expect(sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'trial'").toArray()).toEqual([]);
      expect(applied(sql).trial).toBeUndefined();
    });
  });

  for (const [name, stubNamed, Construct] of OBJECTS) {
    it(`opens a ${name} whose tables were made before the helper (no migrations count) without loss`, async () => {
      const stub = stubNamed(`migrations-${name}`);
      await runInDurableObject(stub, (_instance, state) => {
        const sql = state.storage.sql;
        const made = applied(sql);
        expect(Object.keys(made).length).toBeGreaterThan(0);
        const before = snapshot(sql);
        sql.exec('DROP TABLE schema_migrations');
        new Construct(state, env);
        expect(snapshot(sql)).toEqual(before);
        expect(applied(sql)).toEqual(made);
      });
    });
  }

  it('moves an orders store of the old layout (no requester, no cancellation column) and keeps its rows', async () => {
    const stub = env.ORDERS.get(env.ORDERS.idFromName('migrations-old-orders'));
    await runInDurableObject(stub, (_instance, state) => {
      const sql = state.storage.sql;
      sql.exec(`DROP TABLE schema_migrations; DROP INDEX placements_by_key; DROP TABLE placements; DROP TABLE subscriptions;
        CREATE TABLE placements (cart_id TEXT NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL, created_at INTEGER NOT NULL,
          PRIMARY KEY (cart_id, key));
        CREATE TABLE subscriptions (id TEXT PRIMARY KEY, order_id TEXT NOT NULL, token TEXT NOT NULL, cycle INTEGER NOT NULL, next_at INTEGER,
          data TEXT NOT NULL);
        INSERT INTO placements VALUES ('cart-1', 'key-1', 200, '{}', 5);
        INSERT INTO subscriptions VALUES ('sub-1', 'order-1', 'token', 2, 9, '{}');
        INSERT INTO settings VALUES (1, '{"kept":true}')`);
      new CommerceOrders(state, env);
      expect(sql.exec('SELECT cart_id, key, requester FROM placements').toArray()).toEqual([
        { cart_id: 'cart-1', key: 'key-1', requester: null },
      ]);
      expect(sql.exec('SELECT id, cycle, cancelled_at FROM subscriptions').toArray()).toEqual([
        { id: 'sub-1', cycle: 2, cancelled_at: null },
      ]);
      expect(sql.exec('SELECT data FROM settings').one().data).toBe('{"kept":true}');
      expect(sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'placements_by_key'").toArray()).toHaveLength(1);
      expect(applied(sql)).toEqual({ orders: ORDER_MIGRATIONS.length, 'email-outbox': 3 });
      expect(sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'orders_by_email'").toArray()).toHaveLength(1);
    });
  });
});
