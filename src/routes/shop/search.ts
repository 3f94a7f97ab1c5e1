/**
 * Search suggestions while a shopper types (issue 32): `GET /api/search/suggestions?q=` answers the
 * first few products the store's search finds for the words so far (the same stemmed FTS5 index as
 * /search), each with its title, address, picture and price ('from' when its variants differ) in the
 * store currency and language. The same for every visitor, so shared caches may keep it a minute.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { formatMoney, toMinorUnits } from '../../commerce/money';
import { currencyOf, fromPrice, hasVariedPrices, inProductCollection, type MoneyValue } from '../../commerce/product';
import type { Item } from '../../site/model/schema';
import { apiError, type AppEnv, storeOf, withSite } from '../shared/http';
import { areas } from '../../api/areas';
import { storefrontRoutes as api } from '../../api/storefront';
import type { Suggestion } from '../../api/storefront-answers';
import { answer, pathIn } from '../shared/contract';

export const SUGGESTIONS = 6;
const MAX_QUERY = 100;

const query = z.object({ q: z.string().trim().max(MAX_QUERY, `Search for at most ${MAX_QUERY} characters.`) });

function suggestion(item: Item, currency: string, locale: string): Suggestion {
  const money = fromPrice(item) as MoneyValue;
  const units = toMinorUnits(money.value, currencyOf(money)) ?? 0;
  const price = formatMoney(units, currency, locale);
  return {
    title: item.title,
    url: item.fullUrl,
    image: item.assetUrl ?? null,
    price: hasVariedPrices(item) ? `from ${price}` : price,
  };
}

/** Search suggestions, at `areas.search`. */
export const search = new Hono<AppEnv>();

search.get(pathIn(areas.search, api.searchSuggestions), withSite, async (c) => {
  const parsed = query.safeParse({ q: c.req.query('q') ?? '' });
  if (!parsed.success) return apiError(400, parsed.error.issues[0]?.message ?? 'Bad query');
  const site = c.var.site;
  const { value } = await storeOf(c).objects.content.search(parsed.data.q, SUGGESTIONS, true);
  const items = value
    .map((json) => JSON.parse(json) as Item)
    .filter((item) => inProductCollection(item, site.collections));
  const { storeCurrency, language } = site.website;
  c.header('Cache-Control', 'public, max-age=60');
  return answer(c, api.searchSuggestions, {
    query: parsed.data.q,
    suggestions: items.map((item) => suggestion(item, storeCurrency, language)),
  });
});
