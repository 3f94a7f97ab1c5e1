/**
 * Malformed, truncated, oversized, wrongly typed and hostile bodies and query strings against every
 * API path: always a 4xx JSON error (or a 2xx where the input happens to be acceptable), never a 5xx.
 * A bounded number of cases drawn with a fixed seed, so a run takes the same requests every time: every
 * path gets a few inputs, and every input goes to at least one path (docs/testing.md, "Steady under load").
 */
import { describe, expect, it } from 'vitest';
import { DEMO_MERCHANTS } from '../../src/site/seed/demo';
import { prng } from '../../scripts/prng';
import { demoStoreOfFile } from './fixtures';

const WRITES: [string, string][] = [
  ['POST', '/api/commerce/shopping-cart/entries'],
  ['PUT', '/api/commerce/shopping-cart/entries/abc'],
  ['PUT', '/api/commerce/shopping-cart/entries/abc/additionalFields'],
  ['DELETE', '/api/commerce/shopping-cart/entries/abc'],
  ['POST', '/api/3/commerce/cart/subscription'],
  ['POST', '/api/rest/forms/validate/f-contact'],
  ['POST', '/api/form/FormSubmissionKey'],
  ['POST', '/api/form/SaveFormSubmission'],
  ['POST', '/api/site-users/account/notifications/restock'],
  ['POST', '/api/site-users/account/session'],
  ['DELETE', '/api/site-users/account/session'],
  ['POST', '/api/site-users/account/locale'],
  ['POST', '/api/content-service/product/1.1/websites/{website}/products'],
  ['POST', '/api/content-service/product/1.1/websites/{website}/products/c-shop/categories'],
  ['POST', '/api/widget/UpdateNavigation'],
  ['PUT', '/api/v1/commerce-preferences/checkout'],
  ['PUT', '/api/site-header-footer'],
  ['PUT', '/api/multilingual/languages'],
  ['POST', '/api/site-users/account/notifications/restock/send'],
  ['POST', '/api/site-users/account/notifications/restock/send/all'],
  ['POST', '/api/merchant/session'],
  ['POST', '/api/console/products'],
  ['PUT', '/api/console/products/p-candle'],
  ['POST', '/api/console/products/bulk'],
  ['POST', '/api/console/catalog/c-shop/names'],
  ['POST', '/api/console/team/invitations'],
  ['PUT', '/api/console/team/m-x'],
  ['POST', '/api/console/team/invitations/accept'],
];

const READS = [
  '/api/commerce/shopping-cart',
  '/api/commerce/inventory/stock/',
  '/api/template/GetTemplateSchema',
  '/api/site-users/account/notifications/restock',
  '/api/site-users/account/notifications/restock/groups',
  '/api/form/submissions',
  '/api/google-maps/places/autocomplete',
  '/api/google-maps/places/details',
  '/api/commondata/GetSiteLayout',
  '/api/v1/commerce-preferences/checkout',
  '/api/multilingual/settings',
  '/api/console/products',
  '/api/console/catalog/c-shop/names',
  '/api/console/team',
];

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

const BODIES: [string, string][] = [
  ['', 'application/json'],
  ['{', 'application/json'],
  ['{"itemId": "p-candle", "sku":', 'application/json'],
  ['null', 'application/json'],
  ['[]', 'application/json'],
  ['123', 'application/json'],
  ['"text"', 'application/json'],
  ['{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}', 'application/json'],
  [
    '{"itemId": {"$gt": ""}, "sku": [1, 2], "quantity": {"valueOf": 1}, "email": 5, "password": null}',
    'application/json',
  ],
  ['{"itemId": "p-candle", "sku": "SQ1021", "quantity": 1e308}', 'application/json'],
  [
    '{"quantity": -1, "qty": "NaN", "languages": [null], "header": 7, "navigation": {"items": [{}]}}',
    'application/json',
  ],
  [
    JSON.stringify({
      itemId: '<script>alert(1)</script>',
      sku: '\u0000\u202e',
      title: '𝔘'.repeat(3000),
      email: `${'a'.repeat(300)}@x.com`,
    }),
    'application/json',
  ],
  [nested(5000), 'application/json'],
  ['a=1&b=2&itemId=p-candle', 'application/x-www-form-urlencoded'],
  ['just text', 'text/plain'],
  ['\uFFFD\uFFFE', 'application/json'],
  ['{"x": "' + 'y'.repeat(200_000) + '"}', 'application/json'],
];

async function expectHandled(res: Response, what: string): Promise<void> {
  expect(res.status, what).toBeLessThan(500);
  if (res.status >= 400) {
    const body = (await res.json().catch(() => null)) as { error?: unknown } | null;
    expect(typeof body?.error, what).toBe('string');
  } else {
    await res.arrayBuffer();
  }
}

/** The seed of both tests' draws: a failure's message names the path and input, the same in every run. */
const SEED = 7;

/**
 * `perPath` distinct inputs for each of `paths` paths, drawn with the seed; path i's first is input i mod the inputs'
 * count, so every input is sent once there are at least as many paths as inputs.
 */
function draws<T>(paths: number, inputs: readonly T[], perPath: number): T[][] {
  const random = prng(SEED);
  return Array.from({ length: paths }, (_, i) => {
    const picked = new Set([i % inputs.length]);
    while (picked.size < Math.min(perPath, inputs.length)) picked.add(Math.floor(random() * inputs.length));
    return [...picked].map((j) => inputs[j] as T);
  });
}

describe('API input fuzzing', () => {
  /** The demo store of this file's own, whose owner sends every path its inputs. */
  const demo = demoStoreOfFile('fuzz');

  it('answers every malformed body on every write path with a 4xx JSON error, never a 5xx', async () => {
    const owner = await demo.signedIn(DEMO_MERCHANTS[0]);
    const cases = draws(WRITES.length, BODIES, 3);
    expect(new Set(cases.flat()).size).toBe(BODIES.length);
    for (const [i, [method, pattern]] of WRITES.entries()) {
      const path = pattern.replace('{website}', demo.websiteId);
      for (const [body, type] of cases[i] ?? []) {
        const res = await owner.fetch(path, {
          method,
          headers: { 'content-type': type, 'x-csrf-token': owner.cookies.get('crumb') ?? '' },
          body,
        });
        await expectHandled(res, `${method} ${path} ${body.slice(0, 40)}`);
      }
    }
  }, 120_000);

  it('answers hostile query strings on every read path without a 5xx', async () => {
    const owner = await demo.signedIn(DEMO_MERCHANTS[0]);
    const junk = [
      '%',
      '%zz',
      '%00',
      '<script>',
      'a'.repeat(3000),
      '\u202e',
      '[]',
      '{"a":1}',
      '-1',
      '1e309',
      'NaN',
      '__proto__',
    ];
    const cases = draws(READS.length, junk, 2);
    expect(new Set(cases.flat()).size).toBe(junk.length);
    for (const [i, path] of READS.entries()) {
      for (const value of cases[i] ?? []) {
        const query = [
          'itemId',
          'cursor',
          'type',
          'formId',
          'productId',
          'variantId',
          'input',
          'placeId',
          'mock',
          'cartToken',
        ]
          .map((k) => `${k}=${value}`)
          .join('&');
        const res = await owner.fetch(`${path}?${query}`);
        await expectHandled(res, `${path}?${query.slice(0, 60)}`);
      }
    }
  }, 120_000);
});
