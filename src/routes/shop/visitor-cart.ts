/**
 * The visitor's cart as the browser holds it: the `CART` cookie (`__Host-CART` in production), the
 * cart's bearer token and so HttpOnly, beside the `HasCart` flag the page script reads to know a cart
 * is worth loading (spec §4), as `SiteUserSession` sits beside `SiteUserInfo`; the cart object it
 * names, and how it follows a visitor's account when they sign in. The cart API and the sign-in
 * session share it.
 */
import type { Context } from 'hono';
import { DEFAULT_CURRENCY } from '../../commerce/money';
import type { CartHead } from '../../durable/cart';
import type { VisitorSession } from '../../durable/site-users';
import { CART_ID } from '../../api/checkout-bodies';
import type { Site } from '../../site/model/schema';
import { deleteStoreCookie, readStoreCookie, setStoreCookie } from '../shared/cookies';
import { type AppEnv, storeOf } from '../shared/http';
import { currentSession } from './site-user-session';

const CART_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;

/**
 * The cart id the visitor's cookie holds. A cookie set before the flag existed (readable, no flag) is
 * set again HttpOnly with its flag: the page script still sees such a cookie and loads the cart, and
 * that load is what upgrades it (pages themselves set no cookie: they are cached for everyone).
 */
export function cartIdFrom(c: Context<AppEnv>): string | null {
  const value = readStoreCookie(c, 'cart');
  if (value === undefined || !CART_ID.test(value)) return null;
  if (readStoreCookie(c, 'cartFlag') === undefined) setCartCookie(c, value);
  return value;
}

export function setCartCookie(c: Context<AppEnv>, cartId: string): void {
  const options = { sameSite: 'Lax', maxAge: CART_COOKIE_MAX_AGE } as const;
  setStoreCookie(c, 'cart', cartId, { ...options, httpOnly: true });
  setStoreCookie(c, 'cartFlag', '1', options);
}

export function deleteCartCookie(c: Context<AppEnv>): void {
  deleteStoreCookie(c, 'cart');
  deleteStoreCookie(c, 'cartFlag');
}

export function currencyOf(site: Site): string {
  return site.website.storeCurrency || DEFAULT_CURRENCY;
}

export function cartHead(site: Site, cartId: string): CartHead {
  return { cartId, websiteId: site.website.id, currencyCode: currencyOf(site) };
}

/** The cart the visitor's cookie names, or null when they have none. */
export function visitorCart(c: Context<AppEnv>) {
  const cartId = cartIdFrom(c);
  return cartId === null ? null : storeOf(c).objects.cart(cartId);
}

/** Whether the account's cart is still one to shop with: a cart that was ordered (or is gone) no longer follows the account. */
async function openAccountCart(c: Context<AppEnv>, cartId: string | null): Promise<boolean> {
  if (cartId === null) return false;
  const cart = await storeOf(c).objects.cart(cartId).read();
  return cart !== null && cart.orderId === null;
}

/** A signed-in visitor's new cart becomes their account's cart (it follows them to other devices). */
export async function adoptIntoAccount(c: Context<AppEnv>, cartId: string): Promise<void> {
  const session = await currentSession(c);
  if (session !== null && session.profile.cartId !== cartId && !(await openAccountCart(c, session.profile.cartId)))
    await storeOf(c).objects.siteUsers.setCart(session.userId, cartId);
}

/** On sign-in the cart follows the account: its own cart if it has one still open, else the one the visitor filled. */
export async function cartOnSignIn(c: Context<AppEnv>, session: VisitorSession): Promise<void> {
  const filled = cartIdFrom(c);
  if (await openAccountCart(c, session.profile.cartId)) setCartCookie(c, session.profile.cartId ?? '');
  else if (filled !== null || session.profile.cartId !== null)
    await storeOf(c).objects.siteUsers.setCart(session.userId, filled);
}
