/**
 * The shopper's changes to the cart's entries: add (idempotent by key), a new quantity, a removal and new
 * additional-fields answers, each refused past the stock the route last heard of, the per-order limit, the quantity
 * limit, the entry limit, or when the cart is an order's or claimed; and the answers as the cart API sends them.
 */
import type { CartChanged, CartEntryAdded, CartEntryUpdated } from '../../api/storefront-answers';
import { jsonText } from '../../api/route';
import {
  CART_MESSAGES,
  MAX_CART_ENTRIES,
  notEnoughStockMessage,
  perOrderMessage,
  QUANTITY_MAX,
  type StoredEntry,
} from '../../commerce/cart';
import { entryFromLine, type CartLine } from '../../commerce/cart-line';
import { randomHex } from '../../ids';
import { refused, type Result } from '../../result';
import { current, purchased } from './claims';
import {
  appliedAdd,
  type CartContext,
  deleteEntry,
  entries,
  meta as storedMeta,
  recordAdd,
  snapshot,
  writeEntry,
  writeMeta,
} from './context';
import { touch } from './expiry';
import { type CartAnswer, type CartError, type CartFailure, type CartHead, CART_TTL_MS, type Meta } from './model';

/** The cart and the entry `entryId` of it, as the API answers an add. */
function added(self: CartContext, meta: Meta, entryId: string): CartAnswer<CartEntryAdded> {
  const cart = snapshot(self, meta);
  return {
    ok: true,
    value: jsonText<CartEntryAdded>({ shoppingCart: cart, newlyAdded: cart.entries.find((e) => e.id === entryId) }),
  };
}

/** The cart and the entry `entryId` of it, as the API answers an entry's change. */
function updated(self: CartContext, meta: Meta, entryId: string): CartAnswer<CartEntryUpdated> {
  const cart = snapshot(self, meta);
  return {
    ok: true,
    value: jsonText<CartEntryUpdated>({
      shoppingCart: cart,
      updatedEntry: cart.entries.find((e) => e.id === entryId),
    }),
  };
}

/** Quantity of `sku` across the cart's entries, with `entryId`'s quantity replaced by `quantity`. */
function skuTotal(self: CartContext, sku: string, entryId: string | null, quantity: number): number {
  let total = entryId === null ? quantity : 0;
  for (const entry of entries(self)) {
    if (entry.chosenVariant.sku !== sku) continue;
    total += entry.id === entryId ? quantity : entry.quantity;
  }
  return total;
}

/** Quantity of product `itemId` across the cart's entries (any variant or answers), with `entryId`'s quantity replaced by `quantity`. */
function itemTotal(self: CartContext, itemId: string, entryId: string | null, quantity: number): number {
  let total = entryId === null ? quantity : 0;
  for (const entry of entries(self)) {
    if (entry.itemId === itemId) total += entry.id === entryId ? quantity : entry.quantity;
  }
  return total;
}

/**
 * Why `total` units of a sku (the cart holding `inCart` of them besides this change) cannot be had when `available`
 * are (null: the sku is not counted): the spec's message with how many are left; null when they can.
 */
function shortOf(total: number, available: number | null, inCart: number): CartFailure | null {
  if (available === null || total <= available) return null;
  return refused('not-enough-stock', notEnoughStockMessage(available, inCart));
}

/** A product sold one per order (`line.perOrder`) refused past its limit, counted over every entry of the product. */
function overLimit(
  self: CartContext,
  itemId: string,
  title: string,
  perOrder: number | null,
  entryId: string | null,
  quantity: number,
): CartFailure | null {
  if (perOrder === null || itemTotal(self, itemId, entryId, quantity) <= perOrder) return null;
  return refused('per-order-limit', perOrderMessage(title, perOrder));
}

/**
 * Adds `quantity` of a line, of whose sku `available` units are available (null: not counted); the same variant
 * with the same additional fields grows its entry. An add repeated with the same `idempotencyKey` (a retry after a
 * lost answer) changes nothing and answers as the first did.
 */
export function add(
  self: CartContext,
  head: CartHead,
  line: CartLine,
  quantity: number,
  additionalFields: string | null,
  available: number | null,
  idempotencyKey: string | null = null,
): Promise<CartAnswer<CartEntryAdded>> {
  return self.changes.run(async () => {
    const meta = (await current(self)) ?? { ...head, created: Date.now() };
    const applied = appliedAdd(self, idempotencyKey);
    if (applied !== null) return added(self, meta, applied);
    const ordered = purchased(self);
    if (ordered !== null) return ordered;
    const existing = entries(self).find(
      (e) => e.chosenVariant.sku === line.sku && e.additionalFields === additionalFields,
    );
    const newQuantity = (existing?.quantity ?? 0) + quantity;
    // Past the quantity limit, a variant with less stock than that says so: the limit is not what stops the shopper.
    if (newQuantity > QUANTITY_MAX)
      return line.stock !== null && newQuantity > line.stock
        ? refused('not-enough-stock', CART_MESSAGES.notEnoughStock)
        : refused('quantity-out-of-range', CART_MESSAGES.quantityOutOfRange);
    if (existing === undefined && entries(self).length >= MAX_CART_ENTRIES)
      return refused('too-many-entries', CART_MESSAGES.cartMaxEntries);
    const limited = overLimit(self, line.itemId, line.title, line.perOrder, existing?.id ?? null, newQuantity);
    if (limited !== null) return limited;
    const total = skuTotal(self, line.sku, existing?.id ?? null, newQuantity);
    const short = shortOf(total, available, total - quantity);
    if (short !== null) return short;

    const entry: StoredEntry =
      existing === undefined
        ? entryFromLine(line, randomHex(12), newQuantity, additionalFields)
        : { ...existing, quantity: newQuantity };
    // A new cart's meta is written once, already touched: its expiry alarm is set below.
    const fresh = storedMeta(self) === null;
    if (fresh) writeMeta(self, { ...meta, touchedAt: Date.now() });
    writeEntry(self, entry);
    recordAdd(self, idempotencyKey, entry.id, Date.now());
    if (fresh) await self.ctx.storage.setAlarm(Date.now() + CART_TTL_MS);
    else await touch(self);
    return added(self, meta, entry.id);
  });
}

/** The entry a shopper's change is to, with the cart's meta: refused when either is gone or the cart is an order's. */
async function entryToChange(
  self: CartContext,
  entryId: string,
): Promise<Result<{ meta: Meta; entry: StoredEntry }, CartError>> {
  const meta = await current(self);
  const entry = entries(self).find((e) => e.id === entryId);
  if (meta === null || entry === undefined) return refused('entry-not-found', CART_MESSAGES.entryNotFound);
  return purchased(self) ?? { ok: true, value: { meta, entry } };
}

/**
 * Sets an entry's quantity; `available` is what the ledger has available of its sku (null: not counted, or not
 * asked as the quantity does not grow), `perOrder` the product's limit per order (null: none).
 */
export function setQuantity(
  self: CartContext,
  entryId: string,
  quantity: number,
  available: number | null,
  perOrder: number | null = null,
): Promise<CartAnswer<CartEntryUpdated>> {
  return self.changes.run(async () => {
    const found = await entryToChange(self, entryId);
    if (!found.ok) return found;
    const { meta, entry } = found.value;
    if (quantity > entry.quantity) {
      const sku = entry.chosenVariant.sku;
      const failure =
        overLimit(self, entry.itemId, entry.title, perOrder, entryId, quantity) ??
        shortOf(skuTotal(self, sku, entryId, quantity), available, skuTotal(self, sku, entryId, 0));
      if (failure !== null) return failure;
    }
    writeEntry(self, { ...entry, quantity });
    await touch(self);
    return updated(self, meta, entryId);
  });
}

export function removeEntry(self: CartContext, entryId: string): Promise<CartAnswer> {
  return self.changes.run(async () => {
    const found = await entryToChange(self, entryId);
    if (!found.ok) return found;
    deleteEntry(self, entryId);
    await touch(self);
    return { ok: true, value: jsonText<CartChanged>({ shoppingCart: snapshot(self, found.value.meta) }) };
  });
}

/** Replaces an entry's additional-fields answers (the entry must still be that item and sku). */
export function setAdditionalFields(
  self: CartContext,
  entryId: string,
  itemId: string,
  sku: string,
  additionalFields: string | null,
): Promise<CartAnswer<CartEntryUpdated>> {
  return self.changes.run(async () => {
    const meta = storedMeta(self);
    const entry = entries(self).find((e) => e.id === entryId);
    if (meta === null || entry === undefined || entry.itemId !== itemId || entry.chosenVariant.sku !== sku) {
      return refused('entry-not-found', CART_MESSAGES.entryNotFound);
    }
    writeEntry(self, { ...entry, additionalFields });
    await touch(self);
    return updated(self, meta, entryId);
  });
}
