/**
 * What worker tests set up again and again, defined once: a merchant signed in to the console, and the console's
 * product form (a published physical product in the demo shop, every field blank) with its variants.
 */
import { expect } from 'vitest';
import { blankProductForm, blankVariant, type ProductForm, type VariantForm } from '../../src/site/editor/product-form';
import { Visitor } from './visitor';

/** A visitor who has opened a page (so holds a crumb) and, given an account, signed in to the console with it. */
export async function signedIn(account: { email: string; password: string } | undefined): Promise<Visitor> {
  const visitor = await new Visitor().open('/contact');
  if (account !== undefined)
    expect(
      (await visitor.json('POST', '/api/merchant/session', { email: account.email, password: account.password }))
        .status,
    ).toBe(200);
  return visitor;
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
