/** Restock sign-ups in workerd: the visitor call's rules, idempotence, cursor paging and sending once. */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_SIGNUPS, RestockSignups } from '../../src/durable/restock';
import { Hono } from 'hono';
import { areas } from '../../src/api/areas';
import type { AppEnv } from '../../src/routes/shared/http';
import { RESTOCK_MESSAGES, restockLists, restockSends } from '../../src/routes/shop/restock';
import type { RestockFormProps } from '../../src/client/islands/RestockForm';
import { restockSignups } from '../../src/durable/stubs';
import { demoSite } from '../../src/site/seed/demo';
import { stock, storeOnHost } from './checkout-support';
import { Visitor } from './visitor';

const SIGN_UP = '/api/site-users/account/notifications/restock';
const MUG = { productId: 'p-ceramic-mug', variantId: 'v14' };
const TOKEN = 'local:product_waitlist:0123456789abcdef';
/** The merchant's calls without the permissions the restock area puts them behind. */
const restockAdmin = new Hono<AppEnv>().route(areas.restock, restockLists).route(areas.restock, restockSends);

function admin(path: string, init: RequestInit = {}) {
  const crumb = 'a'.repeat(32);
  const headers = new Headers(init.headers);
  headers.set('cookie', `crumb=${crumb}`);
  headers.set('x-csrf-token', crumb);
  headers.set('content-type', 'application/json');
  return restockAdmin.request(`http://localhost${path}`, { ...init, headers }, env);
}

describe('restock notifications', () => {
  it('signs a visitor up for a sold-out variant once, with the spec messages for bad emails', async () => {
    const visitor = await new Visitor().open('/shop/p/ceramic-mug');
    const body = (email: string) => ({
      ...MUG,
      siteVisitorEmail: email,
      isJoinMailingList: true,
      recaptchaEnterpriseV3Token: TOKEN,
    });
    expect(await visitor.json('POST', SIGN_UP, body('  '))).toEqual({
      status: 400,
      body: { error: 'Email cannot be blank' },
    });
    expect(await visitor.json('POST', SIGN_UP, body('not-an-email'))).toEqual({
      status: 400,
      body: { error: 'Email is invalid' },
    });
    expect(await visitor.json('POST', SIGN_UP, body('first@example.com'))).toEqual({
      status: 200,
      body: { signedUp: true, created: true },
    });
    expect(await visitor.json('POST', SIGN_UP, body('FIRST@example.com'))).toEqual({
      status: 200,
      body: { signedUp: true, created: false },
    });
    expect(
      (await visitor.json('POST', SIGN_UP, { ...body('x@example.com'), productId: 'p-canvas-tote', variantId: 'v13' }))
        .body,
    ).toEqual({ error: RESTOCK_MESSAGES.inStock });
    expect((await visitor.json('POST', SIGN_UP, { ...body('x@example.com'), variantId: 'v99' })).status).toBe(404);
    expect(
      (await visitor.json('POST', SIGN_UP, { ...body('x@example.com'), recaptchaEnterpriseV3Token: null })).body,
    ).toEqual({ error: 'Complete CAPTCHA before submitting.' });
  });

  it('lists groups and sign-ups by cursor, stable while new sign-ups arrive, and sends each email once', async () => {
    const visitor = await new Visitor().open('/shop/p/ceramic-mug');
    for (let i = 0; i < 60; i++) {
      const res = await visitor.send('POST', SIGN_UP, {
        ...MUG,
        siteVisitorEmail: `reader${i}@example.com`,
        recaptchaEnterpriseV3Token: TOKEN,
      });
      await res.arrayBuffer();
      if (res.status === 429) break;
    }
    const stub = env.RESTOCK.get(env.RESTOCK.idFromName('demo'));
    for (let i = 0; i < 60; i++)
      await stub.signUp({
        ...MUG,
        email: `bulk${i}@example.com`,
        joinMailingList: false,
        language: null,
        productTitle: 'Ceramic Mug',
      });

    const groups = (await (await admin('/api/site-users/account/notifications/restock/groups')).json()) as {
      signUpGroups: { productId: string; pendingCount: number }[];
      hasNextPage: boolean;
    };
    const mugGroup = groups.signUpGroups.find((g) => g.productId === MUG.productId);
    expect(groups.hasNextPage).toBe(false);
    const total = mugGroup?.pendingCount ?? 0;
    expect(total).toBeGreaterThan(60);

    const first = (await (await admin(`${SIGN_UP}?productId=${MUG.productId}&variantId=${MUG.variantId}`)).json()) as {
      signUps: { id: number }[];
      hasNextPage: boolean;
      nextPageCursor: string;
    };
    expect(first.signUps).toHaveLength(50);
    expect(first.hasNextPage).toBe(true);
    await stub.signUp({
      ...MUG,
      email: 'late@example.com',
      joinMailingList: false,
      language: null,
      productTitle: 'Ceramic Mug',
    });
    const seen = new Set(first.signUps.map((s) => s.id));
    let cursor: string | null = first.nextPageCursor;
    while (cursor !== null) {
      const page = (await (
        await admin(`${SIGN_UP}?productId=${MUG.productId}&variantId=${MUG.variantId}&cursor=${cursor}`)
      ).json()) as { signUps: { id: number }[]; nextPageCursor: string | null };
      for (const s of page.signUps) {
        expect(seen.has(s.id)).toBe(false);
        seen.add(s.id);
      }
      cursor = page.nextPageCursor;
    }
    expect(seen.size).toBe(total + 1);

    // The merchant's send emails nobody while the variant is still sold out (issue 33): stock comes first.
    const soldOut = await admin(`${SIGN_UP}/send`, { method: 'POST', body: JSON.stringify(MUG) });
    expect([soldOut.status, await soldOut.json()]).toEqual([409, { error: RESTOCK_MESSAGES.stillSoldOut }]);
    const soldOutAll = await admin(`${SIGN_UP}/send/all`, {
      method: 'POST',
      body: JSON.stringify({ sendRequests: [MUG] }),
    });
    expect(await soldOutAll.json()).toEqual({ queued: 0, soldOut: 1 });
    const mugSku =
      demoSite()
        .items.find((item) => item.id === MUG.productId)
        ?.structuredContent?.variants.find((v) => v.id === MUG.variantId)?.sku ?? '';
    // The ledger emails the sign-ups that named the sku itself when the mug comes back; the send emails the rest.
    await stock('demo').adjust([{ sku: mugSku, stock: 0, mode: 'set', amount: 1 }]);
    const named = (await (await admin('/api/site-users/account/notifications/restock/groups')).json()) as {
      signUpGroups: { productId: string; pendingCount: number; variantLabel: string; available: number }[];
    };
    const mugNow = named.signUpGroups.find((g) => g.productId === MUG.productId);
    expect(mugNow).toMatchObject({ variantLabel: expect.not.stringMatching(/^v\d+$/), available: 1 });
    const sent = await admin(`${SIGN_UP}/send`, { method: 'POST', body: JSON.stringify(MUG) });
    expect(await sent.json()).toEqual({ queued: mugNow?.pendingCount, soldOut: 0 });
    expect(mugNow?.pendingCount).toBeGreaterThan(60);
    const again = await admin(`${SIGN_UP}/send/all`, { method: 'POST', body: JSON.stringify({ sendRequests: [MUG] }) });
    expect(await again.json()).toEqual({ queued: 0, soldOut: 0 });
    await stock('demo').adjust([{ sku: mugSku, stock: 0, mode: 'set', amount: 0 }]);
    // The outbox alarm is due at once; run it here if the runtime has not already.
    await runDurableObjectAlarm(stub);
    await expect.poll(() => stub.outboxPending(), { timeout: 20_000, interval: 20 }).toBe(0);
    const mailbox = await stub.mailbox();
    expect(mailbox.filter((m) => m.to === 'late@example.com')).toEqual([
      {
        to: 'late@example.com',
        subject: 'Ceramic Mug is back in stock',
        text: 'Good news: Ceramic Mug is back in stock.\n\nhttp://localhost/shop/p/ceramic-mug\n',
      },
    ]);
    expect(new Set(mailbox.map((m) => m.to)).size).toBe(mailbox.length);
    expect(await stub.outboxPending()).toBe(0);
    expect(
      (await admin(`${SIGN_UP}/send`, { method: 'POST', body: JSON.stringify({ ...MUG, variantId: 'v404' }) })).status,
    ).toBe(404);
  });

  it('emails a sign-up once per notification, again after it re-subscribes, never twice for one send', async () => {
    const stub = env.RESTOCK.get(env.RESTOCK.idFromName('demo'));
    const BOWL = { productId: 'p-resubscribe', variantId: 'v-resubscribe' };
    const signUp = (email: string) =>
      stub.signUp({ ...BOWL, email, joinMailingList: false, language: null, productTitle: 'Glazed Bowl' });
    const deliver = async () => {
      await runDurableObjectAlarm(stub);
      await expect.poll(() => stub.outboxPending(), { timeout: 20_000, interval: 20 }).toBe(0);
    };
    const mailTo = async (email: string) => (await stub.mailbox()).filter((m) => m.to === email);

    await signUp('again@example.com');
    await signUp('once@example.com');
    expect(await stub.send(BOWL.productId, BOWL.variantId, 'http://localhost/shop/p/glazed-bowl')).toEqual({
      queued: 2,
    });
    await deliver();
    expect(await mailTo('again@example.com')).toHaveLength(1);

    expect(await signUp('AGAIN@example.com')).toEqual({ created: false });
    expect(await stub.send(BOWL.productId, BOWL.variantId, 'http://localhost/shop/p/glazed-bowl')).toEqual({
      queued: 1,
    });
    expect(await stub.send(BOWL.productId, BOWL.variantId, 'http://localhost/shop/p/glazed-bowl')).toEqual({
      queued: 0,
    });
    await deliver();
    expect(await mailTo('again@example.com')).toHaveLength(2);
    expect(await mailTo('once@example.com')).toHaveLength(1);

    await signUp('again@example.com');
    expect(await stub.send(BOWL.productId, BOWL.variantId, 'http://localhost/shop/p/glazed-bowl')).toEqual({
      queued: 1,
    });
    await deliver();
    expect(await mailTo('again@example.com')).toHaveLength(3);
    expect(await stub.outboxPending()).toBe(0);
  });

  it('moves storage from before notification rounds, so a sign-up re-subscribed then is emailed by the next send', async () => {
    const stub = env.RESTOCK.get(env.RESTOCK.idFromName('before-rounds'));
    await runInDurableObject(stub, async (_instance: RestockSignups, state) => {
      const sql = state.storage.sql;
      sql.exec('DROP TABLE signups');
      sql.exec('DROP TABLE email_outbox');
      sql.exec('DROP TABLE schema_migrations');
      sql.exec(
        `CREATE TABLE signups (id INTEGER PRIMARY KEY AUTOINCREMENT, product_id TEXT NOT NULL, variant_id TEXT NOT NULL, product_title TEXT NOT NULL,
          email TEXT NOT NULL COLLATE NOCASE, join_mailing_list INTEGER NOT NULL, language TEXT, created_at INTEGER NOT NULL, notified_at INTEGER,
          UNIQUE (product_id, variant_id, email))`,
      );
      sql.exec(
        `CREATE TABLE outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, signup_id INTEGER NOT NULL UNIQUE, recipient TEXT NOT NULL, subject TEXT NOT NULL,
          body TEXT NOT NULL, queued_at INTEGER NOT NULL, sent_at INTEGER, attempts INTEGER NOT NULL DEFAULT 0)`,
      );
      sql.exec(
        `INSERT INTO signups VALUES (1, 'p', 'v', 'Vase', 'resubscribed@example.com', 0, NULL, 1, NULL), (2, 'p', 'v', 'Vase', 'notified@example.com', 0, NULL, 1, 2)`,
      );
      sql.exec(`INSERT INTO signups VALUES (3, 'p', 'w', 'Vase', 'queued@example.com', 0, NULL, 1, 2)`);
      sql.exec(
        `INSERT INTO outbox VALUES (1, 1, 'resubscribed@example.com', 'Vase is back in stock', 'Good news', 2, 3, 1),
          (2, 2, 'notified@example.com', 'Vase is back in stock', 'Good news', 2, 3, 1), (3, 3, 'queued@example.com', 'Vase is back in stock', 'Good news', 2, NULL, 1)`,
      );
      const migrated = new RestockSignups(state, env);
      expect(sql.exec('SELECT id, round FROM signups ORDER BY id').toArray()).toEqual([
        { id: 1, round: 1 },
        { id: 2, round: 0 },
        { id: 3, round: 0 },
      ]);
      expect(sql.exec('SELECT event_key FROM email_outbox WHERE sent_at IS NULL ORDER BY id').toArray()).toEqual([
        { event_key: 'restock:3:0' },
      ]);
      await expect(migrated.send('p', 'v', 'http://localhost/vase')).resolves.toEqual({ queued: 1 });
    });
    await runDurableObjectAlarm(stub);
    await expect.poll(() => stub.outboxPending(), { timeout: 20_000, interval: 20 }).toBe(0);
    expect((await stub.mailbox()).map((m) => m.to)).toEqual(['queued@example.com', 'resubscribed@example.com']);
  });

  it(`keeps at most ${MAX_SIGNUPS} sign-ups per website, making room from notified ones, and delivers its outbox`, async () => {
    const stub = env.RESTOCK.get(env.RESTOCK.idFromName('bounded-restock'));
    await runInDurableObject(stub, async (signups: RestockSignups, state) => {
      const count = (table: string) =>
        state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n;
      const signUp = (productId: string, email: string) =>
        signups.signUp({
          productId,
          variantId: 'v',
          email,
          joinMailingList: false,
          language: null,
          productTitle: 'Vase',
        });
      for (let i = 0; i < MAX_SIGNUPS - 2; i++) signUp('flood', `flood${i}@example.com`);
      expect(signUp('vase', 'first@example.com')).toEqual({ created: true });
      expect(signUp('vase', 'second@example.com')).toEqual({ created: true });
      expect(signUp('vase', 'third@example.com')).toEqual({ full: true });
      expect(signUp('vase', 'second@example.com')).toEqual({ created: false });
      expect(count('signups')).toBe(MAX_SIGNUPS);

      expect(await signups.send('vase', 'v', 'http://localhost/vase')).toEqual({ queued: 2 });
      expect(signUp('vase', 'third@example.com')).toEqual({ created: true });
      expect(count('signups')).toBe(MAX_SIGNUPS);
      expect(signups.signUps('vase', 'v', null).items.signUps.map((s) => s.siteVisitorEmail)).toEqual([
        'second@example.com',
        'third@example.com',
      ]);
      expect(signups.outboxPending()).toBe(2);
      await signups.alarm();
      expect(signups.outboxPending()).toBe(0);
      expect((await signups.mailbox()).map((m) => m.to)).toEqual(['first@example.com', 'second@example.com']);
    });
  }, 60_000);
});

describe('a sign-up names the variant the shopper chose (issue 32)', () => {
  it('the Silk Scarf, sold out in every colour, offers the sign-up for each colour; the Sage sign-up is emailed, naming Sage, when Sage comes back', async () => {
    const { base, websiteId } = await storeOnHost('scarf.restock.test');
    const page = await (await new Visitor(base).fetch('/gifts/p/silk-scarf')).text();
    const props = JSON.parse(
      (/data-island="RestockForm" data-props='([^']*)'/.exec(page)?.[1] ?? '{}')
        .replaceAll('&#39;', "'")
        .replaceAll('&lt;', '<')
        .replaceAll('&amp;', '&'),
    ) as RestockFormProps;
    const scarf = demoSite().items.find((item) => item.urlId === 'silk-scarf')?.structuredContent?.variants ?? [];
    const [rust, sage] = scarf;
    if (rust === undefined || sage === undefined) throw new Error('demo scarf missing');
    expect(props).toMatchObject({ productId: 'p-silk-scarf', options: ['Colour'], soldOut: true });
    expect(props.variants).toEqual({
      [rust.sku]: { id: rust.id, label: 'Rust' },
      [sage.sku]: { id: sage.id, label: 'Sage' },
    });
    const shopper = await new Visitor(base).open('/gifts/p/silk-scarf');
    const signUp = {
      productId: 'p-silk-scarf',
      variantId: sage.id,
      siteVisitorEmail: 'sage@example.com',
      recaptchaEnterpriseV3Token: TOKEN,
    };
    expect(await shopper.json('POST', SIGN_UP, signUp)).toEqual({
      status: 200,
      body: { signedUp: true, created: true },
    });
    const signups = restockSignups(env, websiteId);
    const mail = async () => {
      await runDurableObjectAlarm(signups);
      return (await signups.mailbox()).filter((message) => message.to === 'sage@example.com');
    };
    await stock(websiteId).adjust([{ sku: rust.sku, stock: 0, mode: 'add', amount: 3 }]);
    expect(await mail()).toEqual([]);
    await stock(websiteId).adjust([{ sku: sage.sku, stock: 0, mode: 'add', amount: 3 }]);
    const [message] = await mail();
    expect(message?.subject).toBe('Silk Scarf (Sage) is back in stock');
    expect(message?.text).toContain(`${base}/gifts/p/silk-scarf`);
  });

  it('a product with some variants in stock offers the sign-up only for its sold-out ones, hidden until one is chosen', async () => {
    const lamp = await (await new Visitor().fetch('/shop/p/desk-lamp')).text();
    const props = JSON.parse(
      (/data-island="RestockForm" data-props='([^']*)'/.exec(lamp)?.[1] ?? '{}')
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&'),
    ) as RestockFormProps;
    expect(props.soldOut).toBe(false);
    expect(Object.values(props.variants).map((variant) => variant.label)).toEqual(['White']);
    expect(lamp).toMatch(/<div class="product-restock-notification" hidden=""/);
    expect(await (await new Visitor().fetch('/shop/p/candle')).text()).not.toContain('data-island="RestockForm"');
  });
});
