import { describe, expect, it } from 'vitest';
import {
  additionalFieldsFormOf,
  customAddButtonText,
  imageDimension,
  itemId,
  itemTitle,
  minorUnitsOf,
  productFieldsForm,
  productPictures,
  productReviews,
  siteFormNamed,
  isProductRecord,
  subscriptionPlanOf,
  variantAttributes,
  variantImageUrl,
  variantSku,
} from './product-fields';

const SHIRT = {
  id: 'p1',
  title: 'Linen Shirt',
  assetUrl: '/img/shirt.jpg',
  originalSize: '1200x900',
  structuredContent: {
    productType: 1,
    useCustomAddButtonText: true,
    customAddButtonText: 'Pre-order',
    additionalFieldsFormId: 'f1',
    subscriptionPlan: { billingPeriod: { value: 1, unit: 'MONTH' }, numBillingCycles: 0 },
    variants: [{ sku: 'S-1', onSale: 1, attributes: { Size: 'M', Count: 2 }, image: { assetUrl: '/img/m.jpg' } }],
  },
};

describe('product fields read from the template form', () => {
  it('reads the item and its picture', () => {
    expect(itemId(SHIRT)).toBe('p1');
    expect(itemTitle(SHIRT)).toBe('Linen Shirt');
    expect([imageDimension(SHIRT, 0), imageDimension(SHIRT, 1)]).toEqual([1200, 900]);
    expect(imageDimension({}, 0)).toBe(0);
    expect(productPictures(SHIRT)).toEqual([{ src: '/img/shirt.jpg', alt: '' }]);
    expect(productPictures({ ...SHIRT, items: [{ assetUrl: '/a.jpg', altText: 'A' }, { assetUrl: '' }] })).toEqual([
      { src: '/a.jpg', alt: 'A' },
    ]);
  });

  it('reads a variant with the template language’s semantics', () => {
    const [variant] = SHIRT.structuredContent.variants;
    expect(variantSku(variant)).toBe('S-1');
    expect(variantAttributes(variant)).toEqual({ Size: 'M', Count: '2' });
    expect(variantAttributes({ attributes: ['x'] })).toEqual({});
    expect(variantImageUrl(variant)).toBe('/img/m.jpg');
    expect(variantImageUrl({})).toBe('');
  });

  it('reads the merchant’s button text, form and plan only where they are set', () => {
    expect(customAddButtonText(SHIRT)).toBe('Pre-order');
    expect(
      customAddButtonText({ structuredContent: { useCustomAddButtonText: false, customAddButtonText: 'x' } }),
    ).toBeNull();
    expect(additionalFieldsFormOf(SHIRT)).toEqual({ own: null, formId: 'f1' });
    expect(subscriptionPlanOf(SHIRT)?.billingPeriod.unit).toBe('MONTH');
  });

  it("finds a product's form once: its own, else the site form it names by id, else none", () => {
    const site = [{ id: 'f0' }, { id: 'f1', name: 'Engraving' }];
    const own = { id: 'own', name: 'Own' };
    expect(productFieldsForm(SHIRT, site)).toEqual({ id: 'f1', name: 'Engraving' });
    const withOwn = { ...SHIRT, structuredContent: { ...SHIRT.structuredContent, additionalFieldsForm: own } };
    expect(productFieldsForm(withOwn, site)).toBe(own);
    expect(productFieldsForm(SHIRT, [{ id: 'f0' }])).toBeNull();
    expect(productFieldsForm({ id: 'p2', structuredContent: {} }, site)).toBeNull();
    expect(siteFormNamed(site, null)).toBeUndefined();
    expect(siteFormNamed(site, '')).toBeUndefined();
  });

  it('turns template money into minor units of the currency, 0 when it is not an amount', () => {
    expect(minorUnitsOf({ value: '12.50', currency: 'USD' }, 'USD')).toBe(1250);
    expect(minorUnitsOf({ value: '3200' }, 'JPY')).toBe(3200);
    expect(minorUnitsOf(undefined, 'USD')).toBe(0);
  });

  it('reads reviews and the record type', () => {
    expect(productReviews({ reviews: [{ author: 'Ana', rating: '5', text: 'Soft' }] })).toEqual([
      { author: 'Ana', rating: 5, text: 'Soft' },
    ]);
    expect(productReviews(SHIRT)).toBeNull();
    expect(isProductRecord({ recordType: 11 })).toBe(true);
    expect(isProductRecord({ recordType: 1 })).toBe(false);
  });
});
