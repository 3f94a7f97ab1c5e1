/**
 * The Durable Objects' own bookkeeping (one file, one workerd, for what used to be four small files): the one
 * migration helper, the stock ledger forgetting old sales, a content edit making its isolate trust the new version,
 * and the objects answering domain results rather than HTTP statuses.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { BeaconStore } from '../../src/durable/beacons';
import { FormSubmissions } from '../../src/durable/forms';
import { LocalPaymentLedger } from '../../src/durable/local-payments';
import { MerchantAccounts, TEAM_MESSAGES } from '../../src/durable/merchants';
import { migrate } from '../../src/durable/migrations';
import { EMAIL_OUTBOX_MIGRATIONS } from '../../src/durable/email-outbox';
import { CommerceOrders, type PlaceRequest } from '../../src/durable/orders';
import { ORDER_MIGRATIONS } from '../../src/durable/orders/schema';
import { RestockSignups } from '../../src/durable/restock';
import { SiteContent } from '../../src/durable/site-content';
import { SiteUsers } from '../../src/durable/site-users';
import { SALE_KEEP_MS, StockLedger } from '../../src/durable/stock';
import { cartStub, commerceOrders, merchantAccounts, stockLedger } from '../../src/durable/stubs';
import { ApiError } from '../../src/http/errors';
import { applyEdit } from '../../src/routes/console/site-edits';
import type { ContentObject } from '../../src/site/published/catalog';
import { trustedVersion } from '../../src/site/published/store';
import { CART_MESSAGES } from '../../src/commerce/cart';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import { ORDER_MESSAGES } from '../../src/commerce/order';

/**
 * The objects' one migration helper (src/durable/migrations.ts): steps applied once each and in
 * order, none of a failed run kept, and every object's storage from before the helper (today's
 * tables, no migrations count) opened without loss.
 */
describe('migrations', () => {
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
        expect(applied(sql)).toEqual({
          orders: ORDER_MIGRATIONS.length,
          'email-outbox': EMAIL_OUTBOX_MIGRATIONS.length,
        });
        expect(sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'orders_by_email'").toArray()).toHaveLength(1);
      });
    });

    it("turns a key's answers kept as HTTP statuses (201, 202, 402) into the placement's domain results", async () => {
      const stub = env.ORDERS.get(env.ORDERS.idFromName('migrations-placement-answers'));
      await runInDurableObject(stub, (_instance, state) => {
        const sql = state.storage.sql;
        const order = { id: 'ord_1', status: 'paid', confirmationUrl: '/commerce/orders/ord_1?token=t' };
        sql.exec(`DROP INDEX placements_by_key; DROP TABLE placements;
        CREATE TABLE placements (cart_id TEXT NOT NULL, key TEXT NOT NULL, status INTEGER NOT NULL, body TEXT NOT NULL,
          created_at INTEGER NOT NULL, requester TEXT, PRIMARY KEY (cart_id, key));
        CREATE INDEX placements_by_key ON placements (key, requester)`);
        const keep = (key: string, status: number, body: object) =>
          sql.exec(
            'INSERT INTO placements VALUES (?, ?, ?, ?, 5, ?)',
            'cart-1',
            key,
            status,
            JSON.stringify(body),
            'r',
          );
        keep('paid', 201, { order });
        keep('unknown', 202, { order: { ...order, status: 'pending' } });
        keep('declined', 402, { error: 'Your card was declined.', code: 'card_declined' });
        sql.exec("UPDATE schema_migrations SET applied = ? WHERE part = 'orders'", ORDER_MIGRATIONS.length - 1);
        new CommerceOrders(state, env);
        const answers = sql
          .exec<{ key: string; answer: string; requester: string }>('SELECT key, answer, requester FROM placements')
          .toArray()
          .map((row) => [row.key, JSON.parse(row.answer), row.requester]);
        expect(Object.fromEntries(answers.map(([key, answer]) => [key, answer]))).toEqual({
          paid: { ok: true, value: { order, paymentUnknown: false } },
          unknown: { ok: true, value: { order: { ...order, status: 'pending' }, paymentUnknown: true } },
          declined: { ok: false, error: 'declined', message: 'Your card was declined.', code: 'card_declined' },
        });
        expect(answers.map(([, , requester]) => requester)).toEqual(['r', 'r', 'r']);
        expect(
          sql
            .exec("SELECT name FROM pragma_table_info('placements')")
            .toArray()
            .map((c) => c.name),
        ).toEqual(['cart_id', 'key', 'created_at', 'requester', 'answer']);
        expect(applied(sql).orders).toBe(ORDER_MIGRATIONS.length);
      });
    });
  });
});

/**
 * The stock ledger sells an order once (sellOrder), remembering each sale only as long as anything
 * can ask to sell that order again (SALE_KEEP_MS): its `sales` table does not grow with every order.
 */
describe('stock-sales', () => {
  const salesOf = (ledger: DurableObjectStub<StockLedger>) =>
    runInDurableObject(ledger, (_instance: StockLedger, state) =>
      state.storage.sql
        .exec<{ owner: string }>('SELECT owner FROM sales ORDER BY owner')
        .toArray()
        .map((row) => row.owner),
    );

  describe('stock ledger sales', () => {
    it('sells an order once while a retry can still ask, and forgets the sale after SALE_KEEP_MS', async () => {
      const ledger = stockLedger(env, 'stock-sales-prune');
      const line = [{ sku: 'SKU-P', quantity: 2, stock: 10 }];
      const t0 = Date.now();
      await ledger.sellOrder('order:o1', line, t0);
      // A retry a day later (the placement key is answered for 24 h) sells nothing again.
      await ledger.sellOrder('order:o1', line, t0 + 24 * 60 * 60 * 1000);
      expect(await ledger.levels({ 'SKU-P': 10 })).toEqual({
        'SKU-P': { onHand: 8, reserved: 0, available: 8, sold: 2 },
      });
      expect(await salesOf(ledger)).toEqual(['order:o1']);

      // A later sale forgets the sales older than SALE_KEEP_MS, and only those.
      await ledger.sellOrder('order:o2', line, t0 + SALE_KEEP_MS - 1);
      expect(await salesOf(ledger)).toEqual(['order:o1', 'order:o2']);
      await ledger.sellOrder('order:o3', line, t0 + SALE_KEEP_MS);
      expect(await salesOf(ledger)).toEqual(['order:o2', 'order:o3']);
      expect(await ledger.levels({ 'SKU-P': 10 })).toEqual({
        'SKU-P': { onHand: 4, reserved: 0, available: 4, sold: 6 },
      });
    });
  });
});

/** A content edit applied by any route makes this isolate trust the new version at once (src/routes/console/site-edits.ts). */
describe('site-edits', () => {
  /** A content object that answers every edit with `outcome`. */
  function contentAnswering(outcome: unknown): ContentObject {
    return { edit: async () => outcome } as unknown as ContentObject;
  }

  describe('applyEdit', () => {
    it('trusts the version the edit published, so the next page shows it', async () => {
      const content = contentAnswering({ ok: true, value: { saved: true }, version: 41 });
      expect(await applyEdit(content, 'site-edit-version', { kind: 'disconnectMultilingual' }, [])).toEqual({
        value: { saved: true },
        version: 41,
      });
      expect(trustedVersion('site-edit-version')).toBe(41);
    });

    it('throws a refusal as the one error, naming the field when asked', async () => {
      const content = contentAnswering({ ok: false, error: 'url-taken', message: 'That name is taken' });
      const refused = applyEdit(content, 'site-edit-refused', { kind: 'disconnectMultilingual' }, [], () => 'name');
      await expect(refused).rejects.toBeInstanceOf(ApiError);
      await expect(refused).rejects.toMatchObject({
        status: 400,
        body: { error: 'That name is taken', fields: { name: 'That name is taken' } },
      });
      expect(trustedVersion('site-edit-refused')).toBeUndefined();
    });
  });
});

/**
 * Objects answer domain results (`src/result.ts`): the value, or an error code with the
 * user's message; the route picks the HTTP status. The merchant's order actions, team changes,
 * the cart's changes and placing an order.
 */
describe('object-results', () => {
  describe('object results', () => {
    it("answers an order action with an error code and the merchant's message, no HTTP status", async () => {
      const orders = commerceOrders(env, 'object-results');
      const missing = { ok: false, error: 'not-found', message: ORDER_MESSAGES.notFound };
      expect(await orders.fulfill('no-such-order', 'TRACK1', null)).toEqual(missing);
      expect(await orders.cancel('object-results', 'no-such-order')).toEqual(missing);
      expect(await orders.refund('object-results', 'no-such-order', { restock: false })).toEqual(missing);
    });

    it('answers a team change with an error code and the message, or ok with its value', async () => {
      const team = merchantAccounts(env, 'object-results');
      expect(await team.remove('nobody')).toEqual({
        ok: false,
        error: 'unknown-member',
        message: TEAM_MESSAGES.unknownMember,
      });
      const invited = await team.invite('new@example.com', [1], 'http://bookkeeping.test/config/invitation/', 'Shop');
      expect(invited).toEqual({ ok: true, value: { id: expect.any(String) } });
      expect(await team.invite('new@example.com', [1], 'http://bookkeeping.test/config/invitation/', 'Shop')).toEqual({
        ok: false,
        error: 'already-member',
        message: TEAM_MESSAGES.alreadyMember,
      });
      if (invited.ok) expect(await team.remove(invited.value.id)).toEqual({ ok: true, value: null });
    });

    it('answers placing an order with an error code, the message and what the refusal carries, no HTTP status', async () => {
      const orders = commerceOrders(env, 'object-results');
      const request = {
        websiteId: 'object-results',
        cart: { id: 'cart-1', orderId: 'ord_1', entries: [] },
        orderId: 'ord_1',
        idempotencyKey: 'key-1',
        payment: { provider: 'local', token: 'tok' },
      } as unknown as PlaceRequest;
      expect(await orders.place({ ...request, payment: { provider: 'elsewhere', token: 'tok' } })).toEqual({
        ok: false,
        error: 'form-incomplete',
        message: CHECKOUT_MESSAGES.formIncomplete,
        errors: { payment: CHECKOUT_MESSAGES.paymentRequired },
      });
      expect(await orders.place(request)).toEqual({ ok: false, error: 'no-cart', message: CHECKOUT_MESSAGES.noCart });
    });

    it('answers a change to an entry the cart does not have with an error code and the message', async () => {
      expect(await cartStub(env, 'object-results', 'no-cart').removeEntry('no-entry')).toEqual({
        ok: false,
        error: 'entry-not-found',
        message: CART_MESSAGES.entryNotFound,
      });
    });
  });
});
