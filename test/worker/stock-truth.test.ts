/** Stock has one truth: the ledger's on-hand count, what the console shows and edits, and holds that always end. */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { stockLedger } from '../../src/durable/stubs';

describe('stock ledger holds', () => {
  it('keeps a transferred reservation only until its expiry, then the alarm releases the units', async () => {
    const ledger = stockLedger(env, 'stock-truth-transfer');
    const now = Date.now();
    expect(await ledger.reserve('checkout:c1', [{ sku: 'SKU-T', quantity: 3, stock: 5 }], 60_000, now)).toMatchObject({ ok: true });
    await ledger.transfer('checkout:c1', 'order:o1', now + 1);
    expect(await ledger.reservations(now)).toEqual([{ owner: 'order:o1', sku: 'SKU-T', quantity: 3, expiresOn: now + 1 }]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await runDurableObjectAlarm(ledger);
    expect(await ledger.reservations(0)).toEqual([]);
    expect(await ledger.available({ 'SKU-T': 5 })).toEqual({ 'SKU-T': 5 });
  });
});
