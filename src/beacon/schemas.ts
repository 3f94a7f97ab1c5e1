/**
 * The shape of every beacon body (spec engine-analytics-editor §3 and §7): census hits, the older
 * tracker's RecordEvent (with the commerce events), the newer tracker's event content, and
 * performance records. Unknown fields are refused so a typo in a collector shows as a 400.
 */
import { z } from 'zod';
import { QUANTITY_MAX, QUANTITY_MIN } from '../commerce/cart';
import { PRODUCT_TYPE_CODES } from '../commerce/product';
import {
  ERROR_REPORT_LIMITS,
  MAX_RECORDS_PER_BATCH,
  PAGE_LOAD_ID_LENGTH,
  SLOWEST_INTERACTIONS,
} from './collector-limits';
import { VITAL_METRICS } from './vitals';

const MAX_URL = 2083;
const text = (max = 200) => z.string().max(max);
const id = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be letters, digits, underscores or dashes (at most 64)');
const count = z.number().int().min(0).max(100_000);
/** A product type code (src/commerce/product.ts). */
const productType = z.literal(PRODUCT_TYPE_CODES);
/** A path on the site, or a URL whose path is taken. */
const pageUrl = z.string().min(1).max(MAX_URL);

/** A JSON text carried in a form field, parsed then validated. */
function jsonField<S extends z.ZodType>(schema: S) {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'data: not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(schema);
}

// ── Census hits (POST /api/census/RecordHit: form-encoded event, data, ss_cvr) ──

export const hitData = z.strictObject({
  websiteId: id,
  templateId: id.optional(),
  websiteLocale: text(35).optional(),
  url: pageUrl,
  title: text(500).optional(),
  /** The page-type code (storefront spec §2). */
  pageType: z.number().int().min(1).max(999),
  itemId: id.optional(),
  collectionId: id.optional(),
  recordType: z.number().int().min(1).max(99).optional(),
  userAgent: text(512).optional(),
  clientDate: z.number().int().positive().optional(),
  viewportWidth: count.optional(),
  viewportHeight: count.optional(),
  screenWidth: count.optional(),
  screenHeight: count.optional(),
  referrer: z.string().max(MAX_URL).optional(),
  memberAccountId: id.optional(),
  memberAccountLocale: text(35).optional(),
  /** The analytics session (engine spec §4): this view starts a visit; that visit is the visitor's first. */
  firstLanding: z.boolean().optional(),
  firstSession: z.boolean().optional(),
});

export const HIT_EVENTS = ['view'] as const;

export const recordHitForm = z.strictObject({
  event: z.enum(HIT_EVENTS),
  data: jsonField(hitData),
  ss_cvr: z.string().max(200).optional(),
});

// ── Census widget calls ──

const widgetFields = {
  websiteId: id.optional(),
  url: pageUrl.optional(),
};

export const buttonForm = z.strictObject({
  ...widgetFields,
  buttonId: id,
  label: text().optional(),
  blockType: z.coerce.number().int().min(-1).max(2000).optional(),
});
export const overlayForm = z.strictObject({
  ...widgetFields,
  overlayId: id,
  action: z.enum(['render', 'open', 'close', 'submit']).default('render'),
});
export const formRenderForm = z.strictObject({ ...widgetFields, formId: id, ss_cvr: z.string().max(200).optional() });
export const quickViewForm = z.strictObject(widgetFields);

// ── Older tracker and commerce events (POST /api/events/RecordEvent: crumb, event, data) ──

const productPage = z.enum(['plp', 'pdp', 'add-on', 'product_block']);

const eventProduct = z.strictObject({
  item_id: id,
  item_type: productType,
  item_title: text(500),
  /** The collection, where the page knows it (a product block's product may live elsewhere). */
  item_collection_id: id.optional(),
  item_collection_name: text(500).optional(),
  /** Unit price in minor units of the store currency, as the cart keeps money. */
  item_price: z.number().int().min(0).max(1e12).optional(),
  item_quantity: z.number().int().min(QUANTITY_MIN).max(QUANTITY_MAX).optional(),
});

const cartEventFields = {
  website_id: id,
  cart_id: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be a cart id')
    .nullable(),
  logged_in: z.boolean().optional(),
  end_user_session_id: id.optional(),
  ss_cvr: z.string().max(200).optional(),
};

export const addToCartEvent = z.strictObject({
  ...cartEventFields,
  page_id: text(200).optional(),
  product_page: productPage,
  product: eventProduct,
  pdp_layout: text(64).optional(),
});

export const removeFromCartEvent = z.strictObject({ ...cartEventFields, product: eventProduct });

export const viewCartEvent = z.strictObject({
  ...cartEventFields,
  items: z.array(z.strictObject({ productType })).max(500),
  number_of_items: count,
  cart_value: z.number().min(0).max(1e12),
  currency_code: z.string().regex(/^[A-Z]{3}$/, 'must be a currency code'),
});

/**
 * Discovery on a product's page (engine spec §7, the visitor analytics client's events): its related
 * products shown (`item_ids`), one of them added from its card (`click_and_add`, `item_id`), the
 * rating summary's anchor to the reviews pressed. `page_id` is the product the page shows.
 */
export const productDiscoveryEvent = z.strictObject({
  website_id: id,
  page_id: id,
  item_ids: z.array(id).min(1).max(50).optional(),
  item_id: id.optional(),
  ss_cvr: z.string().max(200).optional(),
});

/** The older tracker's payload (page visits and other named events). */
export const trackerPayload = z.strictObject({
  pageHash: text(64).optional(),
  pagePath: pageUrl,
  websiteId: id,
  templateId: id.optional(),
  variantId: id.optional(),
  memberAccountId: id.optional(),
  member_locale: text(35).optional(),
  website_locale: text(35).optional(),
  /** The product a product-page visit is about. */
  itemId: id.optional(),
});

export const RECORD_EVENTS = {
  add_to_cart: addToCartEvent,
  remove_from_cart: removeFromCartEvent,
  view_cart: viewCartEvent,
  visit_product_page: trackerPayload,
  visit_product_listing: trackerPayload,
  related_product_display: productDiscoveryEvent,
  click_and_add: productDiscoveryEvent,
  reviews_vitals_anchor_click: productDiscoveryEvent,
} as const;

export type RecordEventName = keyof typeof RECORD_EVENTS;

export const recordEventForm = z.strictObject({
  crumb: z.string().max(64),
  event: z.enum(Object.keys(RECORD_EVENTS) as [RecordEventName, ...RecordEventName[]]),
  data: z.string().max(16_384),
});

// ── Newer tracker (POST /api/v1/clanker/events, validate-event-content/{schemaName}) ──

const eventContentFields = {
  analytics_id: text(64).optional(),
  browser_language: text(35).optional(),
  browser_window_height: count.optional(),
  browser_window_width: count.optional(),
  client_name: text(64).optional(),
  client_version: text(64).optional(),
  marketing_id: text(64).optional(),
  page_host: text(253).optional(),
  page_path: pageUrl,
  page_query_params: z.string().max(MAX_URL).optional(),
  page_referrer_url: z.string().max(MAX_URL).optional(),
  session_id: text(64).optional(),
  enduser_user_agent: text(512).optional(),
  event_occurrence_timestamp: z.number().int().positive(),
  browser_locale: text(35).optional(),
  custom_schema_name: text(64).optional(),
  source_environment: z.enum(['dev', 'qa', 'staging', 'prod']).optional(),
  context_website_id: id,
  destination_url: z.string().max(MAX_URL).optional(),
  member_account_id: id.optional(),
  object_identifier: text(200).optional(),
  resolved_locale: text(35).optional(),
  website_locale: text(35).optional(),
  member_account_locale: text(35).optional(),
};

export const EVENT_SCHEMAS = {
  page_view: z.strictObject(eventContentFields),
  interface_click: z.strictObject({ ...eventContentFields, object_identifier: text(200) }),
  frontend_error: z.strictObject({
    ...eventContentFields,
    error_message: text(1000),
    error_stack: z.string().max(ERROR_REPORT_LIMITS.stackChars).optional(),
    error_source: z.string().max(MAX_URL).optional(),
    error_kind: z.enum(['error', 'unhandledrejection']),
  }),
} as const;

export type EventSchemaName = keyof typeof EVENT_SCHEMAS;

export const clankerEvent = z.strictObject({
  eventSchemaName: z.string().max(64),
  eventContent: z.record(z.string(), z.unknown()),
});

// ── Performance records (POST /api/1/performance/records: a JSON array as text) ──

const duration = z.number().min(0).max(3_600_000);

const pageSpeedData = z.strictObject({
  path: pageUrl,
  pageType: z.number().int().min(1).max(999),
  metrics: z.partialRecord(z.enum(VITAL_METRICS), z.number().min(0).max(3_600_000)),
  /** Connection timings from the navigation entry. */
  connection: z
    .strictObject({ dns: duration, connect: duration, tls: duration, request: duration, response: duration })
    .optional(),
  /** The server's `Server-Timing` entries. */
  server: z
    .array(z.strictObject({ name: text(64), duration }))
    .max(20)
    .optional(),
  /** The slowest interactions' durations, at most 10. */
  interactions: z.array(duration).max(SLOWEST_INTERACTIONS).optional(),
});

const imageData = z.strictObject({
  path: pageUrl,
  images: z
    .array(
      z.strictObject({
        url: z.string().max(MAX_URL),
        visible: z.boolean(),
        loadMs: duration.optional(),
        width: count,
        height: count,
      }),
    )
    .max(50),
});

const userData = z.strictObject({
  path: pageUrl,
  connectionType: text(16).optional(),
  deviceMemory: z.number().min(0).max(1024).optional(),
  hardwareConcurrency: z.number().int().min(0).max(1024).optional(),
  language: text(35).optional(),
});

const a11yData = z.strictObject({
  path: pageUrl,
  reducedMotion: z.boolean(),
  contrast: z.enum(['more', 'less', 'custom', 'no-preference']),
  forcedColors: z.boolean(),
  colorScheme: z.enum(['light', 'dark']),
});

const recordFields = {
  app: text(64),
  pageLoadId: z
    .string()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${PAGE_LOAD_ID_LENGTH}}$`), `must be ${PAGE_LOAD_ID_LENGTH} URL-safe characters`),
  ts: z.number().int().positive(),
  raw: z.boolean(),
};

export const performanceRecord = z.discriminatedUnion('event', [
  z.strictObject({ ...recordFields, event: z.literal('page_speed'), data: pageSpeedData }),
  z.strictObject({ ...recordFields, event: z.literal('image'), data: imageData }),
  z.strictObject({ ...recordFields, event: z.literal('user'), data: userData }),
  z.strictObject({ ...recordFields, event: z.literal('a11y'), data: a11yData }),
]);

export type PerformanceRecord = z.infer<typeof performanceRecord>;

export const performanceRecords = z.array(performanceRecord).min(1).max(MAX_RECORDS_PER_BATCH);
