import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { render } from '../index';
import { renderReference } from '../../../test/support/reference-engine';

const productList = JSON.parse(
  readFileSync(new URL('../../../bench/workloads/product-list.json', import.meta.url), 'utf8'),
) as {
  items: unknown[];
};

describe('commerce formatters', () => {
  it('agree with the reference engine on every product of the product-list workload', () => {
    const formatters = [
      'product-price',
      'product-status',
      'product-scarcity',
      'variants-select',
      'quantity-input',
      'add-to-cart-btn',
      'from-price',
      'normal-price',
      'sale-price',
      'product-restock-notification',
      'product-quick-view',
      'subscription-price',
      'product-checkout',
    ];
    const predicates = ['has-variants?', 'on-sale?', 'sold-out?', 'varied-prices?'];
    const template =
      formatters.map((f) => `{@|${f}}`).join('\n') + predicates.map((p) => `{.${p}}Y{.or}N{.end}`).join('');
    const mismatches: string[] = [];
    for (const [i, item] of productList.items.entries()) {
      for (const extra of [{}, { featureFlags: { useCLDRMoneyFormat: true } }]) {
        const data = { ...(item as object), ...extra, localizedStrings: {}, websiteSettings: { storeSettings: {} } };
        const ours = render(template, data).html;
        const theirs = renderReference(template, data);
        if (ours !== theirs) mismatches.push(`item ${i} ${JSON.stringify(extra)}\n ours   ${ours}\n theirs ${theirs}`);
      }
    }
    expect(mismatches.slice(0, 3).join('\n')).toBe('');
  });

  it('prices anything but a product of type -1 as a one-time product, as the reference does', () => {
    const price = (value: unknown) => render('{v|product-price}', { v: value }).html.replace(/\s+/g, ' ');
    const zero = ' <div class="product-price"> <span class="sqs-money-native">0.00</span> </div>';
    for (const value of ['text', 3, [], {}, { structuredContent: { productType: 7 } }]) expect(price(value)).toBe(zero);
    expect(price({ structuredContent: { productType: -1 } })).toBe(' <div class="product-price"> </div>');
  });

  it('prices an item of missing, 0 or unknown productType at 0.00 in the money span, as the reference does', () => {
    for (const structuredContent of [{}, { productType: 0 }, { productType: 9 }, undefined]) {
      const data = structuredContent === undefined ? {} : { structuredContent };
      const ours = render('{@|product-price}', data).html;
      expect(ours).toContain('<span class="sqs-money-native">0.00</span>');
      expect(ours).toBe(renderReference('{@|product-price}', data));
    }
  });

  it('summarises form answers, likert included', () => {
    const fields = [
      { type: 'name', rawTitle: 'Name', values: { First: 'Ada', Last: 'Lovelace' } },
      { type: 'likert', rawTitle: 'Mood', values: { Service: '2', Price: '-1', Odd: '9' } },
      { type: 'text', rawTitle: 'Empty', value: '' },
    ];
    const template = '{.repeated section fields}{@|summary-form-field}{.end}';
    expect(render(template, { fields }).html).toBe(renderReference(template, { fields }));
  });
});
