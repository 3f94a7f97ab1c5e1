/**
 * Route areas at their prefixes with their guards at the mount (issue 31): a path or method no route of a guarded
 * area answers is the worker's JSON 404 with the path, not the guard's 403 (the guard used to run before the router
 * knew there was no route); a real route of the same area is still refused by its guard.
 */
import { describe, expect, it } from 'vitest';
import { CRUMB_FAIL_MESSAGE } from '../../src/routes/shared/csrf';
import { Visitor } from './visitor';

const json = { 'content-type': 'application/json' };

describe('an unknown path inside a guarded area', () => {
  const unknown: [method: string, path: string][] = [
    ['POST', '/api/commerce/shopping-cart/nothing-here'],
    ['PATCH', '/api/commerce/shopping-cart/entries/e1'],
    ['POST', '/api/3/commerce/cart/nothing-here'],
    ['POST', '/api/form/nothing-here'],
    ['PUT', '/api/form/SaveFormSubmission'],
    ['POST', '/api/rest/forms/nothing-here'],
    ['POST', '/api/commerce/subscriptions/nothing-here'],
    ['DELETE', '/api/site-users/account/subscriptions'],
    ['POST', '/api/census/nothing-here'],
    ['POST', '/api/trackers/nothing-here'],
    ['GET', '/api/console/nothing'],
    ['POST', '/api/commerce/nothing-here'],
    ['DELETE', '/api/commerce/checkout'],
    ['POST', '/api/commerce/checkout/address/nothing-here'],
    ['PUT', '/api/commerce/orders'],
    ['PUT', '/api/site-users/account/session'],
    ['POST', '/api/site-users/account/password-reset/nothing-here'],
    ['PATCH', '/api/site-users/account/addresses/a1'],
  ];

  it.each(unknown)('%s %s answers 404 with the house error shape, before any guard', async (method, path) => {
    // No crumb: a guard that ran first would answer 403.
    const res = await new Visitor('http://store.test').fetch(path, {
      method,
      headers: json,
      body: method === 'GET' ? undefined : '{}',
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'Not found', path });
  });

  it("keeps a real route's guard: a change without the crumb is 403, the console without a session 401", async () => {
    const visitor = new Visitor('http://store.test');
    for (const path of [
      '/api/commerce/shopping-cart/entries',
      '/api/3/commerce/cart/subscription',
      '/api/commerce/subscriptions/o1/cancel',
      '/api/commerce/checkout',
      '/api/commerce/checkout/address/search',
      '/api/commerce/orders',
      '/api/form/FormSubmissionKey',
      '/api/rest/forms/validate/f1',
      '/api/site-users/account/session',
      '/api/site-users/account/signup',
      '/api/site-users/account/addresses',
    ]) {
      const res = await visitor.fetch(path, { method: 'POST', headers: json, body: '{}' });
      expect(res.status, path).toBe(403);
      expect(await res.json(), path).toEqual({ crumbFail: true, error: CRUMB_FAIL_MESSAGE });
    }
    const console = await visitor.fetch('/api/console/products');
    expect(console.status).toBe(401);
  });

  it("lets another area's route under the prefix answer with its own guard (the merchant's census summary, form submissions)", async () => {
    const visitor = new Visitor('http://store.test');
    for (const path of ['/api/census/summary?days=7', '/api/form/submissions?formId=f-contact']) {
      const res = await visitor.fetch(path);
      expect(res.status, path).toBe(401);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
  });
});
