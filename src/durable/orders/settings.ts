/** The store's checkout settings and its shipping and tax rates, as the merchant sets them; the payment window. */
import { DEFAULT_SETTINGS, type StoreSettings } from '../../commerce/checkout-totals';
import type { ShippingRate } from '../../commerce/shipping';
import type { TaxRate } from '../../commerce/tax';
import { randomHex } from '../../ids';
import { kept, type OrdersContext } from './context';

// ---- settings, rates, discounts (merchant) ----

/** The store's settings (kept in memory once read: `kept`, context.ts). */
export function currentSettings(self: OrdersContext): StoreSettings {
  const rows = kept(self);
  if (rows.settings !== undefined) return { ...rows.settings };
  const row = self.sql.exec<{ data: string }>('SELECT data FROM settings WHERE id = 1').toArray()[0];
  const settings =
    row === undefined ? DEFAULT_SETTINGS : { ...DEFAULT_SETTINGS, ...(JSON.parse(row.data) as Partial<StoreSettings>) };
  rows.settings = settings;
  return { ...settings };
}

/** Forgets the kept settings and rates: called by every write of them. */
function forgetKept(self: OrdersContext): void {
  const rows = kept(self);
  delete rows.settings;
  delete rows.shipping;
  delete rows.tax;
}

/** Replaces the settings; a setting left out keeps its default (settings added later, such as `addressSearch`). */
export function setSettings(
  self: OrdersContext,
  settings: Partial<StoreSettings> & Omit<StoreSettings, 'addressSearch'>,
): StoreSettings {
  const complete = { ...DEFAULT_SETTINGS, ...settings };
  forgetKept(self);
  self.sql.exec('INSERT OR REPLACE INTO settings (id, data) VALUES (1, ?)', JSON.stringify(complete));
  return complete;
}

export function shippingRatesOf(self: OrdersContext): ShippingRate[] {
  const rows = kept(self);
  rows.shipping ??= ratesOf<ShippingRate>(self, 'shipping');
  return [...rows.shipping];
}

export function taxRatesOf(self: OrdersContext): TaxRate[] {
  const rows = kept(self);
  rows.tax ??= ratesOf<TaxRate>(self, 'tax');
  return [...rows.tax];
}

export function ratesOf<T>(self: OrdersContext, kind: 'shipping' | 'tax'): T[] {
  return self.sql
    .exec<{ data: string }>('SELECT data FROM rates WHERE kind = ? ORDER BY id', kind)
    .toArray()
    .map((r) => JSON.parse(r.data) as T);
}

/** Creates (id null) or replaces a rate; false when the id names no rate. */
export function saveRate(
  self: OrdersContext,
  kind: 'shipping' | 'tax',
  id: string | null,
  rate: Omit<ShippingRate, 'id'> | Omit<TaxRate, 'id'>,
): { id: string } | null {
  if (id !== null && self.sql.exec('SELECT 1 FROM rates WHERE kind = ? AND id = ?', kind, id).toArray().length === 0)
    return null;
  const rateId = id ?? `${kind}-${randomHex(6)}`;
  forgetKept(self);
  self.sql.exec(
    'INSERT OR REPLACE INTO rates (kind, id, data) VALUES (?, ?, ?)',
    kind,
    rateId,
    JSON.stringify({ id: rateId, ...rate }),
  );
  return { id: rateId };
}

/** A store's default shipping rates, made once: rates the merchant deleted afterwards stay deleted. */
export function seedShippingRates(self: OrdersContext, rates: readonly ShippingRate[]): void {
  forgetKept(self);
  self.ctx.storage.transactionSync(() => {
    if (self.sql.exec("INSERT OR IGNORE INTO seeded (name) VALUES ('shipping') RETURNING name").toArray().length === 0)
      return;
    for (const rate of rates)
      self.sql.exec(
        'INSERT OR IGNORE INTO rates (kind, id, data) VALUES (?, ?, ?)',
        'shipping',
        rate.id,
        JSON.stringify(rate),
      );
  });
}

/** Starting settings (the demo's), made once while the store has none: a merchant's later change stays. */
export function seedSettings(self: OrdersContext, settings: Partial<StoreSettings>): void {
  forgetKept(self);
  self.ctx.storage.transactionSync(() => {
    if (self.sql.exec("INSERT OR IGNORE INTO seeded (name) VALUES ('settings') RETURNING name").toArray().length === 0)
      return;
    if (self.sql.exec('SELECT 1 FROM settings WHERE id = 1').toArray().length > 0) return;
    self.sql.exec(
      'INSERT INTO settings (id, data) VALUES (1, ?)',
      JSON.stringify({ ...DEFAULT_SETTINGS, ...settings }),
    );
  });
}

export function deleteRate(self: OrdersContext, kind: 'shipping' | 'tax', id: string): boolean {
  forgetKept(self);
  return self.sql.exec('DELETE FROM rates WHERE kind = ? AND id = ? RETURNING id', kind, id).toArray().length > 0;
}

/** The payment window: how long units are reserved for a payment, an authentication step included (the store's `reservationMinutes`). */
export function paymentWindowMs(self: OrdersContext): number {
  return currentSettings(self).reservationMinutes * 60_000;
}
