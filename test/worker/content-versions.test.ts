/**
 * Version history in workerd: a product edited twice lists its versions (the one before the first
 * edit too, then each save with who made it), shows one as it was, and is restored to it through the
 * one edit path, so the storefront shows the restored price at once; the newest 20 are kept; a page's
 * saves are versions too; roles, the crumb and unknown versions are refused.
 */
import { describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { ITEM_MESSAGES } from '../../src/durable/site-content';
import { VERSIONS_KEPT } from '../../src/durable/content-versions';
import { DEMO_MERCHANTS } from '../../src/site/demo';
import type { ProductForm } from '../../src/site/editor/product-form';
import { Visitor } from './visitor';

const [OWNER, , EDITOR, VIEWER] = DEMO_MERCHANTS;
const CANDLE = '/api/console/products/p-candle';
const HISTORY = '/api/console/versions/product/p-candle';

interface VersionRow {
  id: number;
  at: number;
  who: string | null;
}

async function signedIn(account: (typeof DEMO_MERCHANTS)[number] | undefined): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  if (account !== undefined)
    expect(
      (await visitor.json('POST', '/api/merchant/session', { email: account.email, password: account.password }))
        .status,
    ).toBe(200);
  return visitor;
}

async function setPrice(merchant: Visitor, cents: number): Promise<void> {
  const { body } = await merchant.json<{ product: ProductForm }>('GET', CANDLE);
  const form = { ...body.product, variants: body.product.variants.map((v) => ({ ...v, price: cents })) };
  expect((await merchant.json('PUT', CANDLE, form)).status).toBe(200);
}

describe('version history', () => {
  it('restores a product edited twice to its first version, and the storefront shows the restored price', async () => {
    const owner = await signedIn(OWNER);
    expect((await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions).toEqual([]);
    await setPrice(owner, 3600);
    await setPrice(owner, 4100);
    expect(await (await owner.fetch('/shop/p/candle')).text()).toContain('$41.00');

    const listed = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
    expect(listed.map((v) => v.who)).toEqual([OWNER?.email, OWNER?.email, null]);
    const [latest, , original] = listed;
    expect(latest?.at).toBeGreaterThan(0);

    const shown = await owner.json<{ title: string; product: ProductForm }>('GET', `${HISTORY}/${original?.id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.title).toBe('Cedar Candle');
    expect(shown.body.product.variants.map((v) => v.price)).toEqual([3200]);

    const restored = await owner.json('POST', `${HISTORY}/${original?.id}/restore`, {});
    expect(restored.status).toBe(200);
    expect(await (await owner.fetch('/shop/p/candle')).text()).toContain('$32.00');
    const form = (await owner.json<{ product: ProductForm }>('GET', CANDLE)).body.product;
    expect(form.variants.map((v) => v.price)).toEqual([3200]);
    // The restore is a save like another: the newest version now.
    const after = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
    expect(after).toHaveLength(4);
    expect(after[0]?.who).toBe(OWNER?.email);
  });

  it(`keeps the newest ${VERSIONS_KEPT} versions of a product`, async () => {
    const owner = await signedIn(OWNER);
    for (let i = 0; i < VERSIONS_KEPT + 3; i++) await setPrice(owner, 1000 + i);
    const listed = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
    expect(listed).toHaveLength(VERSIONS_KEPT);
    const newest = await owner.json<{ product: ProductForm }>('GET', `${HISTORY}/${listed[0]?.id}`);
    expect(newest.body.product.variants[0]?.price).toBe(1000 + VERSIONS_KEPT + 2);
  });

  it('records a page’s saves, and restores one', async () => {
    const editor = await signedIn(EDITOR);
    const charts = (title: string) => ({
      charts: [{ id: null, title, columns: ['Mugs'], rows: [{ label: 'March', values: ['12'] }] }],
    });
    expect((await editor.json('PUT', '/api/console/pages/c-contact/charts', charts('Firings'))).status).toBe(200);
    expect((await editor.json('PUT', '/api/console/pages/c-contact/charts', { charts: [] })).status).toBe(200);
    expect(await (await editor.fetch('/contact')).text()).not.toContain('Firings');
    const history = '/api/console/versions/page/c-contact';
    const listed = (await editor.json<{ versions: VersionRow[] }>('GET', history)).body.versions;
    expect(listed.map((v) => v.who)).toEqual([EDITOR?.email, EDITOR?.email, null]);
    const withChart = listed[1];
    const shown = await editor.json<{ title: string }>('GET', `${history}/${withChart?.id}`);
    expect(shown.body.title).toBe('Contact');
    expect((await editor.json('POST', `${history}/${withChart?.id}/restore`, {})).status).toBe(200);
    expect(await (await editor.fetch('/contact')).text()).toContain('Firings');
  });

  it('refuses the signed-out, roles without the permission, a missing crumb and unknown versions', async () => {
    const [anonymous, editor, viewer, owner] = await Promise.all([
      signedIn(undefined),
      signedIn(EDITOR),
      signedIn(VIEWER),
      signedIn(OWNER),
    ]);
    expect((await anonymous.json<{ error: string }>('GET', HISTORY)).body.error).toBe(MERCHANT_MESSAGES.signIn);
    // A product's history is commerce; a page's is content.
    expect((await editor.json<{ error: string }>('GET', HISTORY)).body.error).toBe(MERCHANT_MESSAGES.forbidden);
    expect((await viewer.json('GET', '/api/console/versions/page/c-contact')).status).toBe(403);
    await setPrice(owner, 2900);
    const [first] = (await owner.json<{ versions: VersionRow[] }>('GET', HISTORY)).body.versions;
    expect((await viewer.json('POST', `${HISTORY}/${first?.id}/restore`, {})).status).toBe(403);
    const noCrumb = await owner.fetch(`${HISTORY}/${first?.id}/restore`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(noCrumb.status).toBe(403);
    for (const path of [`${HISTORY}/999999`, `${HISTORY}/nope`, '/api/console/versions/product/p-nothing/1']) {
      const answer = await owner.json<{ error: string }>('GET', path);
      expect(answer.status).toBe(404);
      expect(answer.body.error).toBe(ITEM_MESSAGES.unknownVersion);
    }
    expect((await owner.json('POST', `${HISTORY}/999999/restore`, {})).status).toBe(404);
  });
});
