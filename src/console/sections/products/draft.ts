/**
 * A product while it is being edited: the form of src/site/editor/product-form.ts with the amounts
 * as the text the merchant typed, turned into minor units (and checked) when it is saved.
 */
import { pricedWithoutVariants, variantNeverRunsOut } from '../../../commerce/product';
import {
  blankProductForm,
  blankVariant,
  PRODUCT_MESSAGES,
  productProblems,
  type ProductForm,
  type VariantForm,
} from '../../../site/editor/product-form';
import { moneyInput, parseMoneyInput } from '../../ui/money';

export interface VariantDraft extends Omit<VariantForm, 'price' | 'salePrice' | 'stock' | 'weightGrams'> {
  /** Stable React key for a row. */
  key: string;
  price: string;
  salePrice: string;
  stock: string;
  weightGrams: string;
  /** The on-hand count the stock field was last shown or saved with: the server sets the count only when the field differs (src/routes/console/inventory.ts). */
  stockShown?: number;
}

export interface ProductDraft extends Omit<ProductForm, 'variants' | 'price' | 'salePrice'> {
  variants: VariantDraft[];
  price: string;
  salePrice: string;
}

let keys = 0;
export const newKey = () => `row-${++keys}`;

export function emptyVariant(options: readonly string[]): VariantDraft {
  return { ...blankVariant(options), key: newKey(), price: '', salePrice: '', stock: '0', weightGrams: '' };
}

export function newProductDraft(collectionId: string): ProductDraft {
  return { ...blankProductForm(collectionId), variants: [emptyVariant([])], price: '', salePrice: '' };
}

export function draftOf(form: ProductForm, currency: string): ProductDraft {
  const money = (units: number) => (units === 0 ? '' : moneyInput(units, currency));
  return {
    ...form,
    price: money(form.price),
    salePrice: money(form.salePrice),
    variants: form.variants.map((variant) => ({
      ...variant,
      key: newKey(),
      price: moneyInput(variant.price, currency),
      salePrice: money(variant.salePrice),
      stock: String(variant.stock),
      weightGrams: variant.weightGrams === null ? '' : String(variant.weightGrams),
    })),
  };
}

/** The form to send, or the problems by field (the amounts' and productProblems'). */
export function formOf(
  draft: ProductDraft,
  currency: string,
): { form: ProductForm } | { problems: Record<string, string> } {
  const problems: Record<string, string> = {};
  const money = (text: string, field: string, optional: boolean): number => {
    if (optional && text.trim() === '') return 0;
    const units = parseMoneyInput(text, currency);
    if (units === null) problems[field] = PRODUCT_MESSAGES.price;
    return units ?? 0;
  };
  const withoutVariants = pricedWithoutVariants(draft.productType);
  const variants: VariantForm[] = withoutVariants
    ? []
    : draft.variants.map(({ key: _key, ...variant }, i) => {
        const stock = Number(variant.stock.trim() === '' ? '0' : variant.stock);
        const unlimited = variantNeverRunsOut(variant, draft.productType);
        if (!unlimited && (!Number.isInteger(stock) || stock < 0))
          problems[`variants.${i}.stock`] = PRODUCT_MESSAGES.stock;
        const weight = variant.weightGrams.trim() === '' ? null : Number(variant.weightGrams);
        if (weight !== null && (!Number.isInteger(weight) || weight < 0))
          problems[`variants.${i}.weightGrams`] = 'Enter a whole number of grams.';
        return {
          ...variant,
          price: money(variant.price, `variants.${i}.price`, false),
          salePrice: money(variant.salePrice, `variants.${i}.salePrice`, !variant.onSale),
          unlimited,
          stock: Number.isInteger(stock) && stock >= 0 ? stock : 0,
          weightGrams: weight !== null && Number.isInteger(weight) && weight >= 0 ? weight : null,
        };
      });
  const form: ProductForm = {
    ...draft,
    variants,
    options: withoutVariants ? [] : draft.options,
    digitalFile: draft.digitalFile ?? null,
    price: withoutVariants ? money(draft.price, 'price', false) : 0,
    salePrice: withoutVariants ? money(draft.salePrice, 'salePrice', !draft.onSale) : 0,
  };
  const all = { ...productProblems(form), ...problems };
  return Object.keys(all).length > 0 ? { problems: all } : { form };
}
