/**
 * Digital downloads (issue 32): a paid order's digital line gets a link with 5 downloads for 30 days,
 * in the confirmation email and the buyer's order view; the file comes as an attachment under its
 * name, never cached; a link used up, expired, revoked (refund, cancel) or unknown answers a page
 * with 410/404 and no file; two downloads at the last allowance give exactly one; a token of
 * another store is unknown there; a physical line gets no link; the console requires the file
 * before a digital product is published and takes its name and size from the file manager.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { DOWNLOAD_LIMIT, DOWNLOAD_MESSAGE_KEYS, DOWNLOAD_TTL_MS } from '../../src/commerce/downloads';
import { EN } from '../../src/commerce/storefront-text/en';
import type { Order } from '../../src/commerce/order';
import { ProductType } from '../../src/commerce/product';
import { DEMO_FILES, demoPdf, putDemoFiles } from '../../src/site/seed/demo-files';
import { PRODUCT_MESSAGES, type ProductForm } from '../../src/site/editor/product-form';
import { ROLES } from '../../src/site/roles';
import {
  CANDLE,
  fillCheckout,
  merchant,
  orders,
  placeOrder,
  setStock,
  shopper,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { productForm } from './fixtures';
import { Visitor } from './visitor';

const PRESETS = { itemId: 'p-photo-presets', quantity: 1 };

async function boughtPresets(host: string, lines: { itemId: string; sku?: string; quantity: number }[] = [PRESETS]) {
  const { base, websiteId } = await storeOnHost(host, (site) => setStock(site, 'candle', 5));
  await putDemoFiles(env.FILES, websiteId);
  await standardRules(websiteId);
  const buyer = await shopper(base, lines);
  expect((await startCheckout(buyer)).status).toBe(200);
  await fillCheckout(buyer);
  const placed = await placeOrder(buyer);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return { base, websiteId, buyer, order: placed.body.order };
}

/** The buyer's view of the order (the order status page's call). */
async function buyerView(buyer: Visitor, order: Order): Promise<Order> {
  const url = new URL(order.confirmationUrl ?? '', 'http://x');
  const token = url.searchParams.get('token') ?? '';
  const res = await buyer.json<{ order: Order }>('GET', `/api/commerce/orders/${order.id}?token=${token}`);
  expect(res.status).toBe(200);
  return res.body.order;
}

const download = (visitor: Visitor, url: string) => visitor.fetch(url);

describe('download grants', () => {
  it('a paid digital line has a link in the email and the order view; the file comes as a named attachment, counted', async () => {
    const { base, websiteId, buyer, order } = await boughtPresets('one.downloads.test');
    const view = await buyerView(buyer, order);
    expect(view.downloads).toHaveLength(1);
    const [grant] = view.downloads ?? [];
    expect(grant).toMatchObject({ line: 0, title: 'Photo Presets', downloadsLeft: DOWNLOAD_LIMIT, state: 'ok' });
    expect(grant?.expiresOn).toBeGreaterThan(Date.now() + DOWNLOAD_TTL_MS - 60_000);
    const mail = (await orders(websiteId).mailbox()).find(
      (m) => m.to === 'ada@example.com' && /confirmed/.test(m.subject),
    );
    expect(mail?.text).toContain(`${base}${grant?.url}`);
    expect(mail?.text).toContain('5 downloads');

    const res = await download(new Visitor(base), grant?.url ?? '');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Photo Presets _ Guide.pdf"; filename*=UTF-8''Photo%20Presets%20%E2%80%93%20Guide.pdf`,
    );
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(demoPdf(DEMO_FILES.presets));
    expect((await buyerView(buyer, order)).downloads?.[0]?.downloadsLeft).toBe(DOWNLOAD_LIMIT - 1);
    // The merchant's view carries no links.
    expect((await orders(websiteId).order(order.id))?.downloads).toBeUndefined();
  });

  it('after the limit the link answers a page saying so (410), and replays count nothing more', async () => {
    const { base, buyer, order } = await boughtPresets('limit.downloads.test');
    const url = (await buyerView(buyer, order)).downloads?.[0]?.url ?? '';
    const visitor = new Visitor(base);
    for (let i = 0; i < DOWNLOAD_LIMIT; i++) expect((await download(visitor, url)).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      const over = await download(visitor, url);
      expect(over.status).toBe(410);
      expect(over.headers.get('content-type')).toMatch(/^text\/html/);
      expect(over.headers.get('content-disposition')).toBeNull();
      expect(await over.text()).toContain(EN[DOWNLOAD_MESSAGE_KEYS['used-up']]);
    }
    expect((await buyerView(buyer, order)).downloads?.[0]).toMatchObject({ downloadsLeft: 0, state: 'used-up' });
  });

  it('two downloads at the last allowance give exactly one file', async () => {
    const { base, buyer, order } = await boughtPresets('race.downloads.test');
    const url = (await buyerView(buyer, order)).downloads?.[0]?.url ?? '';
    for (let i = 0; i < DOWNLOAD_LIMIT - 1; i++) expect((await download(new Visitor(base), url)).status).toBe(200);
    const both = await Promise.all([download(new Visitor(base), url), download(new Visitor(base), url)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 410]);
    await Promise.all(both.map((r) => r.arrayBuffer()));
  });

  it('a link expires after its days', async () => {
    const { websiteId, buyer, order } = await boughtPresets('expiry.downloads.test');
    const token = (await buyerView(buyer, order)).downloads?.[0]?.url.split('/').pop() ?? '';
    const later = Date.now() + DOWNLOAD_TTL_MS + 1000;
    // The ground's result shape (src/result.ts): the grant's state is the refusal's code; the route chose the 410.
    expect(await orders(websiteId).takeDownload(token, later)).toEqual({
      ok: false,
      error: 'expired',
      message: 'This download link has expired.',
    });
    expect(await orders(websiteId).takeDownload('0'.repeat(32), Date.now())).toMatchObject({
      ok: false,
      error: 'unknown',
    });
    expect(await orders(websiteId).takeDownload(token, Date.now())).toEqual({
      ok: true,
      value: { itemId: expect.any(String), orderId: expect.any(String) },
    });
  });

  it('a refund of the line or a cancellation revokes the link', async () => {
    const refunded = await boughtPresets('refund.downloads.test', [PRESETS, { ...CANDLE, quantity: 1 }]);
    const owner = await merchant(refunded.base, refunded.websiteId, ROLES.storeManager);
    const url = (await buyerView(refunded.buyer, refunded.order)).downloads?.[0]?.url ?? '';
    const res = await owner.fetch(`/api/commerce/orders/${refunded.order.id}/refund`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': owner.crumb,
        'idempotency-key': crypto.randomUUID(),
      },
      body: JSON.stringify({ lines: [{ line: 0, quantity: 1, restock: false }] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const after = await download(new Visitor(refunded.base), url);
    expect(after.status).toBe(410);
    expect(await after.text()).toContain(EN[DOWNLOAD_MESSAGE_KEYS.revoked]);

    const cancelled = await boughtPresets('cancel.downloads.test');
    const manager = await merchant(cancelled.base, cancelled.websiteId, ROLES.storeManager);
    const link = (await buyerView(cancelled.buyer, cancelled.order)).downloads?.[0]?.url ?? '';
    const cancel = await manager.fetch(`/api/commerce/orders/${cancelled.order.id}/cancel`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': manager.crumb,
        'idempotency-key': crypto.randomUUID(),
      },
      body: '{}',
    });
    expect(cancel.status, await cancel.clone().text()).toBe(200);
    expect((await download(new Visitor(cancelled.base), link)).status).toBe(410);
  });

  it('a token is unknown on another store, a malformed or traversing path is unknown, a physical line has no link', async () => {
    const { buyer, order } = await boughtPresets('home.downloads.test');
    const url = (await buyerView(buyer, order)).downloads?.[0]?.url ?? '';
    const other = await boughtPresets('other.downloads.test', [{ ...CANDLE, quantity: 1 }]);
    expect((await buyerView(other.buyer, other.order)).downloads).toBeUndefined();
    const visitor = new Visitor(other.base);
    const foreign = await download(visitor, url);
    expect(foreign.status).toBe(404);
    // Written in the store's language and marked, so the browser sets a shopper's own (src/client/shopper-text.ts).
    expect(await foreign.text()).toContain(
      `<h1 data-text="download.unavailable">Download unavailable</h1><p data-text="download.unknown">${EN[DOWNLOAD_MESSAGE_KEYS.unknown]}</p>`,
    );
    for (const path of ['/downloads/abc', '/downloads/..%2F..%2Fo%2Fother', `/downloads/${'0'.repeat(64)}`]) {
      const res = await download(visitor, path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-disposition'), path).toBeNull();
    }
  });
});

describe('the file to deliver in the product editor', () => {
  const form = (extra: Partial<ProductForm>) =>
    productForm('Brush Pack', { productType: ProductType.Digital, price: 1200, ...extra });

  it('is required to publish a digital product, must be a file of the store, and its name and size come from there', async () => {
    const { base, websiteId } = await storeOnHost('editor.downloads.test');
    await putDemoFiles(env.FILES, websiteId);
    const owner = await merchant(base, websiteId, ROLES.storeManager);
    const none = await owner.json<{ fields: Record<string, string> }>(
      'POST',
      '/api/console/products',
      form({ digitalFile: null }),
    );
    expect(none.status).toBe(400);
    expect(none.body.fields.digitalFile).toBe(PRODUCT_MESSAGES.digitalFile);
    const draft = await owner.json(
      'POST',
      '/api/console/products',
      form({ digitalFile: null, status: 'draft', title: 'Draft Pack' }),
    );
    expect(draft.status).toBe(200);
    // Sent without the field (another client), a new digital product is not published either.
    const omitted = await owner.json<{ fields: Record<string, string> }>('POST', '/api/console/products', form({}));
    expect(omitted.body.fields.digitalFile).toBe(PRODUCT_MESSAGES.digitalFile);
    const unknown = await owner.json<{ fields: Record<string, string> }>(
      'POST',
      '/api/console/products',
      form({ digitalFile: { id: 'zzzzzzzdemo0000ffff', name: 'x.pdf', size: 1 } }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.fields.digitalFile).toBe('That file does not exist.');
    const made = await owner.json<{ id: string }>(
      'POST',
      '/api/console/products',
      form({ digitalFile: { id: DEMO_FILES.ebook.id, name: '../../etc/passwd', size: 1 } }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const saved = await owner.json<{ product: { digitalFile: unknown } }>(
      'GET',
      `/api/console/products/${made.body.id}`,
    );
    // A file of the file manager is public until a digital product delivers it: then only a download link serves it
    // (the item's JSON names it), even after a rename.
    const admin = await merchant(base, websiteId, ROLES.admin);
    const uploaded = await admin.fetch('/api/console/files?name=Brushes.pdf', {
      method: 'POST',
      headers: { 'content-type': 'application/pdf', 'x-csrf-token': admin.crumb },
      body: demoPdf(DEMO_FILES.presets),
    });
    const file = (await uploaded.json()) as { id: string; url: string };
    expect((await new Visitor(base).fetch(file.url)).status).toBe(200);
    const attached = await owner.json('PUT', `/api/console/products/${made.body.id}`, {
      ...form({ digitalFile: { id: file.id, name: 'Brushes.pdf', size: 1 } }),
    });
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expect((await new Visitor(base).fetch(file.url)).status).toBe(404);
    expect((await admin.json('PATCH', `/api/console/files/${file.id}`, { name: 'Brush Pack.pdf' })).status).toBe(200);
    expect((await new Visitor(base).fetch(`/files/${file.id}/1/Brush-Pack.pdf`)).status).toBe(404);
    expect((await new Visitor(base).fetch(`/files/${DEMO_FILES.ebook.id}/1/x.pdf`)).status).toBe(404);
    expect(saved.body.product.digitalFile).toEqual({
      id: DEMO_FILES.ebook.id,
      name: DEMO_FILES.ebook.name,
      size: demoPdf(DEMO_FILES.ebook).byteLength,
    });
  });
});
