/**
 * What worker tests set up again and again, defined once: a merchant signed in to the console, a demo store of a
 * file's own with its team, and the console's product form (a published physical product in the demo shop, every field blank) with its variants.
 */
import { beforeAll, expect } from 'vitest';
import { blankProductForm, blankVariant, type ProductForm, type VariantForm } from '../../src/site/editor/product-form';
import { demoStoreWithTeam } from './demo-on-host';
import { Visitor } from './visitor';

/** A merchant's sign-in. */
type Account = { email: string; password: string };

/**
 * A visitor of the store at `origin` (the demo store at localhost unless given) who has opened a page (so holds a
 * crumb) and, given an account, signed in to the console with it.
 */
export async function signedIn(account: Account | undefined, origin = 'http://localhost'): Promise<Visitor> {
  const visitor = await new Visitor(origin).open('/contact');
  if (account !== undefined)
    expect(
      (await visitor.json('POST', '/api/merchant/session', { email: account.email, password: account.password }))
        .status,
    ).toBe(200);
  return visitor;
}

/**
 * The demo store with its team as website `{area}-store` at `store.{area}.test`, made before the file's tests: for a
 * file whose tests work on one store one after another, as they would on the demo store at localhost, without sharing
 * it (the worker-shared project's rule, test/worker/shared-files.ts).
 */
export function demoStoreOfFile(area: string): {
  readonly origin: string;
  readonly websiteId: string;
  signedIn(account: Account | undefined): Promise<Visitor>;
} {
  const store = {
    origin: '',
    websiteId: '',
    signedIn: (account: Account | undefined) => signedIn(account, store.origin),
  };
  beforeAll(async () => {
    Object.assign(store, await demoStoreWithTeam(area, 'store'));
  });
  return store;
}

/** A variant as the product form sends it: limited stock, no sale, no SKU, weight or picture unless given. */
export function variantForm(
  values: Record<string, string>,
  price: number,
  stock: number,
  extra: Partial<VariantForm> = {},
): VariantForm {
  return { ...blankVariant(), values, price, stock, ...extra };
}

/** The product form as the console sends it for a new product: published at once in the demo shop, everything else blank. */
export function productForm(title: string, extra: Partial<ProductForm> = {}): ProductForm {
  return { ...blankProductForm('c-shop'), title, status: 'published', ...extra };
}
