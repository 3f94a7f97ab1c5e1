/**
 * The rooms of `src/`: each folder (or top-level module) with its job and the rooms it may import.
 * This table is the one source: test/architecture.test.ts enforces it and docs/architecture.md's
 * "Rooms" table is written from it (`npm run docs:architecture`). Rows run from the entry points
 * down to the ground; a room may import only rooms below it.
 */

/** A room: a folder under `src/`, or a module at its top (`worker` for src/worker.ts). */
export interface Room {
  readonly room: string;
  readonly job: string;
  /** The rooms its production modules may import besides its own (tests may reach wherever they test). */
  readonly mayImport: readonly string[];
  /** Rooms of `mayImport` of which only these modules may be imported (paths from the repository root; a folder ends in `/`). */
  readonly only?: Readonly<Record<string, readonly string[]>>;
}

/** Modules of ours that import nothing of ours but each other: anything may depend on them. */
export const GROUND = ['values', 'html', 'result', 'ids', 'fingerprint'] as const;

/** Everything below the HTTP layer that the routes put together. */
const BELOW_ROUTES = [
  'storefront',
  'durable',
  'api',
  'integrations',
  'beacon',
  'site',
  'accounts',
  'commerce',
  'forms',
  'cookies',
  'http',
  'faults',
  ...GROUND,
];

/** The engine's public API, and the default formatter table the storefront extends. */
const ENGINE_API = 'src/engine/index.ts';
const ENGINE_FORMATTERS = 'src/engine/plugins/index.ts';

/** Site modules the browser code may import: the roles table, the editor helpers and the pure picture rules. */
export const BROWSER_SAFE_SITE = [
  'src/site/roles.ts',
  'src/site/editor/',
  'src/site/model/main-image.ts',
  'src/site/model/image-url.ts',
];

export const ROOMS: readonly Room[] = [
  {
    room: 'worker',
    job: 'the Hono app: error handling, security headers, mounts the route areas at their prefixes (`api/areas.ts`), exports the Durable Object classes',
    mayImport: ['routes', 'durable', 'api', 'http', 'faults'],
    only: { api: ['src/api/areas.ts'] },
  },
  {
    room: 'console',
    job: 'the merchant console at `/config` (docs/merchant.md), browser code with its own entry (`main.tsx`): shell, router, one folder per section under `sections/`, shared pieces in `ui/`; nothing imports it',
    mayImport: ['client', 'beacon', 'site', 'api', 'accounts', 'commerce', 'forms', ...GROUND],
    only: { beacon: ['src/beacon/aggregate.ts', 'src/beacon/vitals.ts'], site: BROWSER_SAFE_SITE },
  },
  {
    room: 'routes',
    job: "one Hono sub-app per URL area, its guards inside it: HTTP only (formats, status codes, caching, cookies, bodies), in folders by job: `pages/` (store pages, the page cache, hand-built HTML documents, static and development pages), `shop/` (the shoppers' API: cart, checkout, accounts, forms, restock, search, beacons), `console/` (the merchants' API, its guards and `site-edits.ts`), `integrations/` (payment webhooks, the site admin, third-party callbacks), `shared/` (`http.ts`, CSRF, cookies, rate limits, security headers, sign-in)",
    mayImport: BELOW_ROUTES,
  },
  {
    room: 'storefront',
    job: 'what a store page is and how it renders: `page-context.ts` (path → page kind → context, a table of page kinds), `render.ts` (the theme with our engine, head streamed before body, the client entry, the theme fingerprint, the dev error panel), `islands.tsx` (widget formatters that server-render React islands), `trusted-markup.ts` and `content-security.ts` (what a rendered document may run, and its CSP), `structured-data.ts`, `developer-platform/` (docs/templates.md)',
    mayImport: ['client', 'integrations', 'site', 'engine', 'commerce', 'forms', ...GROUND],
    only: { engine: [ENGINE_API, ENGINE_FORMATTERS] },
  },
  {
    room: 'durable',
    job: "Durable Object classes (SQLite-backed, RPC methods); `stubs.ts` names every object (`cartStub(env, websiteId, cartId)`, `stockLedger(env, websiteId)`, …) for routes, objects and the local payment provider (`paymentsOf`), the only module that makes a stub (the site modules that read or publish content, below this room, are given the content object: `contentObject(env, websiteId)`, or `contentObjects(env)` where they find the website themselves); `migrations.ts` is how every object makes and changes its tables (numbered steps per schema part, applied once each in one transaction as the object starts, the count kept in `schema_migrations`; a part's first step accepts a store written before the helper); `orders.ts` is the commerce object's list of RPC methods over `orders/`, one module per concern (checkout, placing, payment, fulfilment, refunds, gift cards, discounts, subscriptions, renewals, emails, order records, settings, the alarm), plain functions over its `OrdersContext` and layered so no two import each other; `site-content.ts` is the content object's list of RPC methods over `site-content/` likewise (its edits of items and of the shell, imports, publishing and the alarm, page and product versions, addresses, and its tables: schema, rows, shoppers' reads, search, the console's reads), plain functions over its `ContentContext`; `cart.ts` is the cart object's list of RPC methods over `cart/` likewise (the shopper's changes of its lines, the checkout's read and prices, a placement's claim, expiry, and `context.ts`: its tables and the stored cart kept in memory), plain functions over its `CartContext`; `stock.ts` is the stock ledger's list of RPC methods over `stock/` likewise (counts and available, history, reservations and the expiry alarm, sales and restocks, the console's levels, telling the restock sign-ups, its schema), plain functions over its `StockContext`; a method that may refuse answers the ground's `result.ts` (`{ ok: true, value } | { ok: false, error: <domain code>, message }`), the calling route choosing the HTTP status per code (the cart's changes, the commerce object's order actions, placing an order and a checkout step's refusal (`REFUSAL_STATUS` in `routes/shop/checkout.ts`; HTTP status literals in the commerce object's code: 32 before, 2 after, docs/contracts.md), the team's changes and the content object's edits (`REFUSAL_STATUS` in `routes/console/site-edits.ts`)); `serial-queue.ts` runs an object's changes one at a time; `beacon-delivery.ts` is the beacon queue's consumer, delivering beacons to their website's store (one call per website and batch, idempotent by beacon id)",
    mayImport: ['integrations', 'beacon', 'site', 'api', 'accounts', 'commerce', 'forms', 'http', 'faults', ...GROUND],
  },
  {
    room: 'client',
    job: 'the browser: islands, components, the hydration entry, collectors',
    mayImport: ['beacon', 'api', 'accounts', 'commerce', 'forms', 'cookies', ...GROUND],
    only: {
      beacon: [
        'src/beacon/collector-limits.ts',
        'src/beacon/eligibility.ts',
        'src/beacon/vitals.ts',
        'src/beacon/cookies.ts',
        'src/beacon/pixel-events.ts',
        'src/beacon/pixel-purchase.ts',
        'src/beacon/session-recording.ts',
      ],
    },
  },
  {
    room: 'api',
    job: "the browser-to-worker contract (`index.ts`): every route the store's pages (`storefront.ts`) and the console (`console.ts`) call, by name, with its method, path and body and answer types; the zod schemas the routes validate bodies with; imported by browser code, so of the site only what the console may import",
    mayImport: ['beacon', 'site', 'accounts', 'commerce', 'forms', ...GROUND],
    only: { site: BROWSER_SAFE_SITE },
  },
  {
    room: 'integrations',
    job: 'third-party services behind interfaces with local implementations (payments, email, captcha, address search, instalments, CDN purge)',
    mayImport: ['beacon', 'commerce', 'forms', 'faults', ...GROUND],
  },
  {
    room: 'beacon',
    job: "analytics: beacon schemas, recording and cookie rules, limits, hourly aggregation (the dashboard is the console's analytics section)",
    mayImport: ['site', 'commerce', 'http', ...GROUND],
  },
  {
    room: 'site',
    job: "the site, by concern: `model/` (what a published site is: the zod schemas, the content limits and their messages, rich text, pictures, code injection, index collections, public paths, forms by id), `published/` (publishing and loading a website's content from its object (`store.ts`), item reads by page and by version, the page tags an edit purges), `edits/` (merchant edits to a site: content, tags and categories, store settings), `theme/` (the bundled default theme and what a stored theme or design may be), `transfer/` (whole stores and product CSV files in and out), `seed/` (the demo store and a new, empty store); `roles.ts` (who may do what) and `editor/` (the console's form rules, shared with the browser)",
    mayImport: ['engine', 'commerce', 'forms', ...GROUND],
    only: { engine: [ENGINE_API] },
  },
  {
    room: 'engine',
    job: 'the template engine: pure TypeScript, no Workers, DOM or Node APIs (it imports no package); `index.ts` is its public API',
    mayImport: [...GROUND],
  },
  {
    room: 'accounts',
    job: 'the sign-in messages (visitor and merchant), password rules, order history rows and the account emails, shared by browser and server',
    mayImport: ['commerce', ...GROUND],
  },
  {
    room: 'commerce',
    job: "pure domain rules shared by server and browser, each written once: product rules, money in minor units and `formatMoney`, instalments, the cart's shape and totals, what an add means, the checkout's rules (addresses, shipping, tax, discounts, gift cards, subscriptions, totals, the order's shape)",
    mayImport: [...GROUND],
  },
  {
    room: 'forms',
    job: "form field rules, captcha action names and the spec's form messages, the fields' and the submit's (`messages.ts`, which the storefront catalogue's English reads), shared by browser and server",
    mayImport: [...GROUND],
  },
  {
    room: 'cookies',
    job: "the store's cookie names (`__Host-` in production), shared by the worker and the page script",
    mayImport: [],
  },
  {
    room: 'http',
    job: 'HTTP mechanics with no route in them (size-capped, validated request bodies, the 503 answer) and the answers about a request itself (`messages.ts`: no store here, not found)',
    mayImport: [...GROUND],
  },
  {
    room: 'faults',
    job: 'fault injection for tests and benchmarks: wrappers every integration and storage access passes through, the identity unless a test switched faults on',
    mayImport: [],
  },
  {
    room: 'values',
    job: "ground: the template language's value semantics (truthiness, conversions, equality, paths) with `memoizeText`, and the template data's codes and the editor's vocabularies, each once (`enumerations.ts`: block, collection, record, slice types, …, engine spec §3)",
    mayImport: [...GROUND],
  },
  {
    room: 'html',
    job: 'ground: HTML text escaping and the `markup` template for hand-built HTML',
    mayImport: [...GROUND],
  },
  {
    room: 'ids',
    job: 'ground: random identifiers and tokens as hex (WebCrypto) and comparing tokens in constant time',
    mayImport: [...GROUND],
  },
  {
    room: 'fingerprint',
    job: 'ground: a short, stable fingerprint of a text (FNV-1a) for cache keys, ETags and seed checks',
    mayImport: [...GROUND],
  },
  {
    room: 'result',
    job: "ground: what a step that may refuse answers, the Durable Objects' methods and the site's edits alike: the value, or a domain error code with the message the user reads (`refused(code, message)`); the route that calls one chooses the HTTP status per code",
    mayImport: [...GROUND],
  },
];

/** Arrows that are allowed although the table would refuse them, each with its reason. Keep this short. */
export const KNOWN_EXCEPTIONS: readonly { readonly arrow: string; readonly reason: string }[] = [
  {
    arrow: 'src/engine/plugins/commerce.ts -> src/commerce/product.ts',
    reason:
      'the engine\'s commerce formatters apply the product rules the cart and the browser use, so a template never disagrees with them about "sold out" or "on sale"',
  },
  {
    arrow: 'src/engine/plugins/content.ts -> src/commerce/product.ts',
    reason: 'the same product rules, for the content formatters',
  },
  {
    arrow: 'src/commerce/product.ts -> src/site/editor/content-status.ts',
    reason: "a product's status is the content status every item has (posts and pages too): one rule",
  },
  {
    arrow: 'src/commerce/storefront-text/en-forms.ts -> src/forms/messages.ts',
    reason:
      "the catalogue's English form texts are the spec's form messages the field rules and the form routes give: one definition",
  },
  {
    arrow: 'src/http/unavailable.ts -> src/commerce/storefront-text/en-system-pages.ts',
    reason:
      "the API's 503 message is the English of the store's 503 page, which the catalogue translates: one definition",
  },
];

/** The room of a module path (`src/routes/pages/pages.ts` → `routes`, `src/worker.ts` → `worker`). */
export function roomOf(file: string): string {
  const [top, name] = file.split('/');
  if (top !== 'src' || name === undefined) return top as string;
  return name.replace(/\.tsx?$/, '');
}
