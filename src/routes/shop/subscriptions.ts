/**
 * A buyer's subscription, reached with the capability token of its page (the manage link in its
 * emails, no account needed): GET shows it, POST …/cancel cancels it (CSRF-checked, rate-limited,
 * idempotent: a second cancel answers the cancelled subscription). A signed-in shopper's account
 * lists theirs (the first order is one of their account's orders) and cancels, pauses and resumes
 * them the same way, with the account's xsrf header; each change is emailed in the account's language.
 */
import { SUBSCRIPTION_MESSAGES } from '../../commerce/subscriptions';
import { isVerified } from '../../durable/site-users';
import { requireCrumb } from '../shared/csrf';
import { apiError, readJson, storeOf, withSite } from '../shared/http';
import { rateLimit } from '../shared/rate-limit';
import { shopperEmailLocale } from './shopper-locale';
import { accountSession } from './site-user-session';
import { guardedArea } from '../shared/guarded-area';
import { areas } from '../../api/areas';
import { storefrontRoutes as api } from '../../api/storefront';
import { answer, pathIn } from '../shared/contract';
import { BUYER_TOKEN, subscriptionCancelSchema } from '../../api/storefront-bodies';

const MAX_BODY_BYTES = 1024;

const writeLimit = rateLimit((env) => env.CART_RATE_LIMITER, 'subscription');

/** A buyer's subscription by its token, at `areas.subscriptions`: every change needs the crumb and is under the write limit. */
export const subscriptions = guardedArea(requireCrumb, writeLimit);

/** A signed-in shopper's subscriptions, at `areas.accountSubscriptions`: the same guards, then the account's session. */
export const accountSubscriptions = guardedArea(requireCrumb, writeLimit);

subscriptions.get(pathIn(areas.subscriptions, api.subscription), withSite, async (c) => {
  c.header('cache-control', 'no-store');
  const token = c.req.query('token') ?? '';
  const subscription = BUYER_TOKEN.test(token)
    ? await storeOf(c).objects.orders.subscriptionForBuyer(c.req.param('orderId'), token)
    : null;
  return subscription === null
    ? apiError(404, SUBSCRIPTION_MESSAGES.notFound)
    : answer(c, api.subscription, { subscription });
});

subscriptions.post(pathIn(areas.subscriptions, api.cancelSubscription), withSite, async (c) => {
  const { token } = await readJson(c, subscriptionCancelSchema, MAX_BODY_BYTES);
  c.header('cache-control', 'no-store');
  const subscription = await storeOf(c).objects.orders.cancelSubscription(c.req.param('orderId'), token);
  return subscription === null
    ? apiError(404, SUBSCRIPTION_MESSAGES.notFound)
    : answer(c, api.cancelSubscription, { subscription });
});

const SUBSCRIPTION_ID = /^sub_ord_[0-9a-f]{24}$/;

/** The signed-in shopper's subscriptions, newest first (at most 50). */
accountSubscriptions.get(pathIn(areas.accountSubscriptions, api.accountSubscriptions), withSite, async (c) => {
  const session = await accountSession(c);
  const linked = await storeOf(c).objects.siteUsers.linkedOrders(session.userId);
  c.header('cache-control', 'no-store');
  return answer(c, api.accountSubscriptions, {
    subscriptions: await storeOf(c).objects.orders.customerSubscriptions(
      isVerified(session.profile) ? session.email : null,
      linked,
    ),
  });
});

/** Cancel, pause and resume from the account: only the signed-in shopper's own subscriptions (another's is a 404). */
const ACCOUNT_CHANGES = {
  cancel: api.cancelAccountSubscription,
  pause: api.pauseAccountSubscription,
  resume: api.resumeAccountSubscription,
} as const;

for (const action of ['cancel', 'pause', 'resume'] as const) {
  const route = ACCOUNT_CHANGES[action];
  accountSubscriptions.post(pathIn(areas.accountSubscriptions, route), withSite, async (c) => {
    const site = c.var.site;
    const session = await accountSession(c);
    const id = c.req.param('id');
    const linked = await storeOf(c).objects.siteUsers.linkedOrders(session.userId);
    const email = isVerified(session.profile) ? session.email : null;
    const orders = storeOf(c).objects.orders;
    // Its email in the language the shopper reads the store in: the account's, else the site's.
    const locale = shopperEmailLocale(site, session.profile.language);
    const change = {
      cancel: () => orders.cancelCustomerSubscription(id, email, linked, Date.now(), locale),
      pause: () => orders.pauseCustomerSubscription(id, email, linked, Date.now(), locale),
      resume: () => orders.resumeCustomerSubscription(id, email, linked, Date.now(), locale),
    }[action];
    const subscription = SUBSCRIPTION_ID.test(id) ? await change() : null;
    return subscription === null ? apiError(404, SUBSCRIPTION_MESSAGES.notFound) : answer(c, route, { subscription });
  });
}
