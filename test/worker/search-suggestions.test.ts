/** Search suggestions while typing (issue 32): products only, by the stemmed index, priced in the store currency, capped, validated. */
import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';

const suggest = (q: string) =>
  exports.default.fetch(`http://localhost/api/search/suggestions?q=${encodeURIComponent(q)}`);
const titles = async (q: string) =>
  ((await (await suggest(q)).json()) as { suggestions: { title: string }[] }).suggestions.map((s) => s.title);

describe('search suggestions', () => {
  it('suggests products for the words typed so far, plurals and prefixes included, with address, picture and price', async () => {
    const res = await suggest('shir');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const body = (await res.json()) as { query: string; suggestions: unknown[] };
    expect(body.query).toBe('shir');
    expect(body.suggestions[0]).toEqual({
      title: 'Linen Shirt',
      url: '/shop/p/linen-shirt',
      image: '/images/demo/linen-shirt.webp',
      price: '$68.00',
    });
    expect(await titles('shirts')).toEqual(['Linen Shirt']);
    expect(await titles('ceramic mugs')).toEqual(['Ceramic Mug']);
    expect(await titles('notebook')).toContain('Field Notes');
    expect(await titles('planters')).toEqual(['Terracotta Planter']);
  });

  it('gives a "from" price for products whose variants differ, never posts, at most six', async () => {
    const planter = ((await (await suggest('planter')).json()) as { suggestions: { price: string }[] }).suggestions[0];
    expect(planter?.price).toBe('from $16.00');
    // 'coffee' is also a journal post: suggestions are products only.
    expect(await titles('coffee')).toEqual(['Coffee Subscription']);
    expect((await titles('gift')).length).toBeLessThanOrEqual(6);
  });

  it('suggests nothing for a single letter, and refuses an overlong query with 400', async () => {
    expect(await titles('a')).toEqual([]);
    expect(await titles('')).toEqual([]);
    const long = await suggest('x'.repeat(101));
    expect(long.status).toBe(400);
    expect(await long.json()).toEqual({ error: 'Search for at most 100 characters.' });
  });
});
