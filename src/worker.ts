/**
 * The storefront worker: one Hono app serves every store. Middleware and route areas are mounted
 * here, and Durable Object classes are exported from here for wrangler to bind.
 */
import { Hono, type Context } from 'hono';
import { except } from 'hono/combine';
import { HTTPException } from 'hono/http-exception';
import { ApiError } from './http/errors';
import { NOT_FOUND } from './http/messages';
import { isUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE } from './http/unavailable';
import { errorPage } from './routes/pages/error-page';
import { censusBeacons, clankerBeacons, eventBeacons, performanceBeacons } from './routes/shop/beacons';
import { cart, cartWithSlash, subscriptionCart } from './routes/shop/cart';
import { checkout, checkoutAddress, checkoutOrders } from './routes/shop/checkout';
import { commerceAdmin } from './routes/console/commerce-admin';
import { config } from './routes/pages/config';
import { CONSOLE_API_PATH, consoleApi } from './routes/console/console-api';
import { storeFiles } from './routes/console/console-files';
import { analyticsArea } from './routes/console/dashboard';
import { emailAdmin } from './routes/console/email-admin';
import { formValidation, forms, templateSchemas } from './routes/shop/forms';
import { CONFIRM_SUBSCRIPTION_PATH, listConfirmation } from './routes/pages/list-confirmation';
import { merchant } from './routes/console/merchant';
import { MERCHANT_SESSION_PATH, merchantSession } from './routes/console/merchant-session';
import { restock } from './routes/shop/restock';
import { downloads } from './routes/shop/downloads';
import { accountSubscriptions, subscriptions } from './routes/shop/subscriptions';
import { account, accountLinks } from './routes/shop/account';
import { session } from './routes/shop/session';
import { devMailbox } from './routes/pages/dev-mailbox';
import { devPaymentWindows } from './routes/pages/dev-payment-windows';
import { devOutbox } from './routes/pages/dev-outbox';
import { trackers } from './routes/shop/trackers';
import { devTrackers } from './routes/pages/dev-trackers';
import { crumbs } from './routes/shared/csrf';
import { securityHeaders } from './routes/shared/security-headers';
import { isDevelopment, storeContext, type AppEnv } from './routes/shared/http';
import { servedFromMemory } from './routes/pages/page-cache';
import { images } from './routes/pages/images';
import { readLimit, renderLimit } from './routes/shared/rate-limit';
import { integrations } from './routes/integrations/integrations';
import { inventory } from './routes/console/inventory';
import { search } from './routes/shop/search';
import { localPaymentPages } from './routes/pages/local-payments';
import { pages } from './routes/pages/pages';
import { ordersReceiver, paymentWebhooks } from './routes/integrations/payment-webhooks';
import { SITE_ADMIN_PATH, siteAdmin } from './routes/integrations/site-admin';
import { templateAssets } from './routes/pages/template-assets';
import { withFaults } from './faults';
import { areas } from './api/areas';
import { deliverBeacons } from './durable/beacon-delivery';

export { ShoppingCartObject } from './durable/cart';
export { StockLedger } from './durable/stock';
export { CommerceOrders } from './durable/orders';
export { BeaconStore } from './durable/beacons';
export { FormSubmissions } from './durable/forms';
export { MerchantAccounts } from './durable/merchants';
export { SiteContent } from './durable/site-content';
export { RestockSignups } from './durable/restock';
export { SiteUsers } from './durable/site-users';
export { LocalPaymentLedger } from './durable/local-payments';

const INTERNAL_ERROR = 'Internal server error';

/** What an `HTTPException` thrown without a message reports, by status. */
const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Bad request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: NOT_FOUND,
  405: 'Method not allowed',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
};

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** A shopper's browser asking for a page (not a script calling the API), which an error answers with the store's error page. */
function isPageRequest(c: Context<AppEnv>): boolean {
  const { method, path } = c.req;
  return (
    (method === 'GET' || method === 'HEAD') && !isApiPath(path) && (c.req.header('accept') ?? '').includes('text/html')
  );
}

/** Only unknown API paths reach this: every other GET is a store page (src/routes/pages/pages.ts, rendered by src/storefront/). */
function notFound(c: Context<AppEnv>): Response {
  // Spec: a not-found error carries the missing path.
  if (isApiPath(c.req.path)) return written(c, new ApiError(404, NOT_FOUND, { extra: { path: c.req.path } }));
  return c.text(NOT_FOUND, 404);
}

/** The one error shape: `error`'s status, headers and `{ error, ...extra }`. */
function written(c: Context<AppEnv>, error: ApiError): Response {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return c.json(error.body, error.status);
}

/** The error a thrown `err` answers with: an `ApiError` is itself; an `HTTPException` of Hono's keeps its status and message. */
function asApiError(err: HTTPException): ApiError {
  if (err instanceof ApiError) return err;
  return new ApiError(err.status, err.message || (STATUS_MESSAGES[err.status] ?? 'Request failed'));
}

/**
 * The one `onError`: a thrown `ApiError` (or Hono's own `HTTPException`) is the JSON body of
 * docs/contracts.md with its status and headers; a dependency failing for now is a 503 with
 * Retry-After; anything else (a developer-platform template that does not compile, in production, too)
 * is a 500 whose details go to the log, not to the client. A store page's 503 and a page request's 500
 * are the store's error page (src/routes/pages/error-page.ts).
 */
function errorResponse(err: Error, c: Context<AppEnv>): Response | Promise<Response> {
  if (err instanceof HTTPException) return written(c, asApiError(err));
  if (isUnavailable(err)) {
    console.error('dependency unavailable', err);
    c.header('retry-after', String(RETRY_AFTER_SECONDS));
    c.header('cache-control', 'no-store');
    return isApiPath(c.req.path) ? written(c, new ApiError(503, UNAVAILABLE)) : errorPage(c, 503);
  }
  console.error(err);
  if (isPageRequest(c)) return errorPage(c, 500);
  return written(c, new ApiError(500, INTERNAL_ERROR));
}

/** Exported for test/worker/api-contract.test.ts, which checks the browser contract against `app.routes`. */
export const app = new Hono<AppEnv>();

app.notFound(notFound);
app.onError(errorResponse);
app.use('*', securityHeaders);
app.use('*', storeContext);
// Reads that reach the website's Durable Objects (store pages count theirs in src/routes/pages/pages.ts);
// the site admin's token is checked before any object is read.
app.use('/api/*', except(`${SITE_ADMIN_PATH}/*`, readLimit));
app.use(CONFIRM_SUBSCRIPTION_PATH, readLimit, renderLimit);

const webhooks = paymentWebhooks(ordersReceiver);
app.route('/', webhooks);
app.route(areas.cart, cart);
app.route(`${areas.cart}/`, cartWithSlash);
app.route(areas.subscriptionCart, subscriptionCart);
app.route(areas.commerceAdmin, commerceAdmin);
app.route(areas.parkedEmails, emailAdmin);
app.route(areas.checkout, checkout);
app.route(areas.checkoutAddress, checkoutAddress);
app.route(areas.orders, checkoutOrders);
app.route(areas.subscriptions, subscriptions);
app.route(areas.accountSubscriptions, accountSubscriptions);
app.route(areas.forms, forms);
app.route(areas.formValidation, formValidation);
app.route(areas.templateSchemas, templateSchemas);
app.route('/', listConfirmation);
app.route(MERCHANT_SESSION_PATH, merchantSession);
app.route('/', merchant);
app.route(areas.restock, restock);
app.route('/', downloads);
app.route(areas.account, session);
app.route(areas.account, accountLinks);
app.route(areas.account, account);
app.route(areas.inventory, inventory);
app.route(areas.search, search);
app.route(areas.census, censusBeacons);
app.route(areas.events, eventBeacons);
app.route(areas.clanker, clankerBeacons);
app.route(areas.performance, performanceBeacons);
app.route(areas.trackers, trackers);
app.route(areas.analytics, analyticsArea);
app.route(SITE_ADMIN_PATH, siteAdmin);
app.route('/', crumbs);
app.route(CONSOLE_API_PATH, consoleApi);
app.route('/', storeFiles);
app.all('/api/*', (c) => notFound(c));
app.route('/', config);
app.route('/', images);
app.route('/', templateAssets);
app.route('/', integrations);
app.route('/', localPaymentPages(webhooks));
app.route('/', devMailbox);
app.route('/', devTrackers);
app.route('/', devPaymentWindows);
app.route('/', devOutbox);
app.route('/', pages);

/**
 * A page kept in this isolate's memory is answered before the router and its middleware run (the app, given, answers
 * its address again in the background when it is due); every
 * other request's bindings pass through the fault-injection layer, which is the identity unless a
 * test or the soak benchmark injected faults (src/faults).
 */
export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) =>
    servedFromMemory(request, env, ctx, isDevelopment(env), app) ?? app.fetch(request, withFaults(env), ctx),
  queue: (batch: MessageBatch<unknown>, env: Env) => deliverBeacons(batch, env),
} satisfies ExportedHandler<Env>;
