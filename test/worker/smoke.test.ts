/** The worker answers as a client sees it: through its fetch handler, inside workerd. */
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const ORIGIN = 'http://store.test';

describe('worker smoke', () => {
  it('serves the demo store home page', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('<title>Shop · Studio Goods</title>');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const res = await exports.default.fetch(`${ORIGIN}/api/nope`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ error: 'Not found', path: '/api/nope' });
  });
});
