/**
 * Browser tests see a payment window end without waiting it out: the development hook
 * (src/routes/pages/dev-payment-windows.ts) runs the orders object's payment-window duty as its alarm
 * would `minutes` from now. The window the merchant set is unchanged.
 */
import type { APIRequestContext } from 'playwright-core';
import { expect } from 'vitest';
import { storeUrl } from './store';

/** Ends the payment windows that end within `minutes` from now; `headers` carry the context's crumb. */
export async function endPaymentWindowsWithin(
  api: APIRequestContext,
  headers: Record<string, string>,
  minutes: number,
): Promise<void> {
  const res = await api.post(`${storeUrl}/dev/orders/payment-windows`, { data: { afterMinutes: minutes }, headers });
  expect(res.status(), await res.text()).toBe(200);
}
