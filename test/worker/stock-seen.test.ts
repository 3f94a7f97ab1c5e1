/** What an isolate heard of the stock ledger (src/durable/stock-seen.ts): it refuses only while fresh, and stays bounded. */
import { afterEach, describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from '../../src/commerce/checkout-totals';
import {
  forgetSeenStock,
  heardShort,
  noteAvailable,
  placeUnlessHeardShort,
  SEEN_TTL_MS,
} from '../../src/durable/stock-seen';

const line = (sku: string, quantity = 1, stock: number | null = 10) => ({ sku, quantity, stock });

afterEach(() => forgetSeenStock());

describe('stock heard at the edge', () => {
  it('refuses a line heard short until the answer is SEEN_TTL_MS old; the newest answer wins; unlimited lines never', () => {
    noteAvailable('w', { A: 0, B: 3 }, 1000);
    expect(heardShort('w', [line('A'), line('B', 3), line('B', 4), line('U', 1, null)], 1000)).toEqual([
      { sku: 'A', available: 0 },
      { sku: 'B', available: 3 },
    ]);
    expect(heardShort('other', [line('A')], 1000)).toEqual([]);
    expect(heardShort('w', [line('A')], 1000 + SEEN_TTL_MS)).toEqual([]);
    noteAvailable('w', { A: 2 }, 1500);
    expect(heardShort('w', [line('A')], 1600)).toEqual([]);
  });

  it('keeps at most 4,096 skus, the oldest heard forgotten first', () => {
    const now = Date.now();
    noteAvailable('w', { first: 0 }, now);
    noteAvailable('w', Object.fromEntries(Array.from({ length: 4096 }, (_, i) => [`sku-${i}`, 0])), now);
    expect(heardShort('w', [line('first')], now)).toEqual([]);
    expect(heardShort('w', [line('sku-0'), line('sku-4095')], now)).toHaveLength(2);
  });

  it('answers a placement heard short without placing it, and hears a placement refused for stock', async () => {
    let placed = 0;
    const refusal = {
      status: 409 as const,
      body: { error: CHECKOUT_MESSAGES.reservationLost, unavailable: [{ sku: 'A', available: 0 }] },
    };
    const place = async () => {
      placed++;
      return refusal;
    };
    expect(await placeUnlessHeardShort('w', [line('A')], place)).toEqual(refusal);
    expect(await placeUnlessHeardShort('w', [line('A')], place)).toEqual(refusal);
    expect(placed).toBe(1);
  });
});
