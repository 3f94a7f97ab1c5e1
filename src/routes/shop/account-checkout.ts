/**
 * Where the checkout meets the shopper's account: a signed-in shopper's new checkout starts with
 * their email and default address filled in, and an order placed while signed in is remembered by
 * the account (its order history lists it whatever email the order was placed with).
 */
import type { Context } from 'hono';
import type { CheckoutOutcome, CheckoutPatch, PlaceOutcome } from '../../durable/orders';
import { type AppEnv, storeOf } from '../shared/http';
import { currentSession } from './site-user-session';

/** The started checkout, or, when it has no email yet and the shopper is signed in, the checkout started again with their details. */
export async function withAccountDetails<Outcome extends CheckoutOutcome>(
  c: Context<AppEnv>,
  started: Outcome,
  restart: (patch: CheckoutPatch) => Promise<Outcome>,
): Promise<Outcome> {
  if (!started.ok || started.value.email !== null) return started;
  const session = await currentSession(c);
  if (session === null) return started;
  const saved =
    started.value.requiresShipping && started.value.shippingAddress === null
      ? (await storeOf(c).objects.siteUsers.addresses(session.userId))[0]
      : undefined;
  const prefilled = await restart({
    email: session.email,
    ...(saved?.isDefault === true ? { shippingAddress: saved.address } : {}),
  });
  return prefilled.ok ? prefilled : started;
}

/** Remembers a placed order in the signed-in shopper's account (nothing for a refusal or a signed-out shopper). */
export async function rememberOrder(c: Context<AppEnv>, outcome: PlaceOutcome): Promise<void> {
  if (!outcome.ok) return;
  const session = await currentSession(c);
  if (session !== null) await storeOf(c).objects.siteUsers.linkOrder(session.userId, outcome.value.order.id);
}
