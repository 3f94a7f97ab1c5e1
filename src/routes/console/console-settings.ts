/**
 * The console's store settings calls (docs/merchant.md, "Store settings"): the store's details and
 * policies (commerce), the header's and the footer's settings and the home popup (content; the header's
 * raw HTML is the code-injection roles' extra, checked in the SiteContent object; the footer's is saved apart),
 * and the Home checklist, each item read from the store's state, and mounts Commerce → Payments
 * (console-payments.ts) and Commerce → Emails (console-emails.ts). Bodies are the forms' own zod schemas (src/site/editor/store-settings.ts).
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono } from 'hono';
import { DEMO_SITE_ID } from '../../site/seed/demo';
import {
  footerSettingsSchema,
  headerSettingsSchema,
  policiesSchema,
  popupSettingsSchema,
  storeDetailsSchema,
  type Policies,
  type StoreDetails,
  type StoreSettingsAnswer,
} from '../../site/editor/store-settings';
import type { StoreSettingsChange } from '../../site/edits/store-settings';
import type { Site } from '../../site/model/schema';
import { readJson, type AppEnv, storeOf } from '../shared/http';
import { consoleEmails } from './console-emails';
import { consolePayments, paymentsAnswer, storePayments } from './console-payments';
import { requirePermission } from './merchant-session';
import { changedOf, merchantEdit } from './site-edits';

const MAX_BODY_BYTES = 8 * 1024;
/** Three policies of rich text at most 60,000 characters each, as UTF-8. */
const MAX_POLICIES_BYTES = 600 * 1024;

export const consoleSettings = new Hono<AppEnv>();

const CONSOLE = areas.console;
// Commerce → Payments is a store setting too, the owner's.
consoleSettings.route('/', consolePayments);
// So are the messages in the order emails (Commerce → Emails).
consoleSettings.route('/', consoleEmails);

const read = requirePermission('read');
const commerce = requirePermission('commerce');
const content = requirePermission('content');

function detailsOf(site: Site): StoreDetails {
  const stored = site.storeDetails;
  return {
    name: site.website.siteTitle,
    logo: stored?.logo ?? null,
    contactEmail: stored?.contactEmail ?? '',
    address: stored?.address ?? { address1: '', address2: '', city: '', region: '', postalCode: '', countryCode: '' },
  };
}

function policiesOf(site: Site): Policies {
  const stored = site.storeDetails?.policies;
  return { refund: stored?.refund ?? '', privacy: stored?.privacy ?? '', terms: stored?.terms ?? '' };
}

function settingsOf(site: Site): StoreSettingsAnswer {
  return {
    details: detailsOf(site),
    policies: policiesOf(site),
    header: {
      announcement: site.header?.announcement ?? '',
      social: site.header?.social ?? [],
      html: site.header?.html ?? '',
    },
    footer: { text: site.footer?.text ?? '', links: site.footer?.links ?? [] },
    popup:
      site.promoPopup === undefined
        ? { enabled: false, title: '', body: '' }
        : { enabled: site.promoPopup.enabled, title: site.promoPopup.title, body: site.promoPopup.body },
  };
}

consoleSettings.get(pathIn(CONSOLE, api.storeSettings), read, (c) =>
  answer(c, api.storeSettings, settingsOf(c.var.site)),
);

for (const [route, part, permission, schema, maxBytes] of [
  [api.saveStoreDetails, 'details', commerce, storeDetailsSchema, MAX_BODY_BYTES],
  [api.savePolicies, 'policies', commerce, policiesSchema, MAX_POLICIES_BYTES],
  [api.saveHeaderSettings, 'header', content, headerSettingsSchema, 32 * 1024],
  [api.saveFooterSettings, 'footer', content, footerSettingsSchema, 48 * 1024],
  [api.savePopup, 'popup', content, popupSettingsSchema, MAX_BODY_BYTES],
] as const) {
  consoleSettings.put(pathIn(CONSOLE, route), permission, async (c) => {
    const body = await readJson(c, schema, maxBytes);
    const change = { part, [part]: body } as StoreSettingsChange;
    // A refusal (code injection, a schema limit) is shown beside the header's code or as the form's message.
    const value = await merchantEdit(c, { kind: 'setStoreSettings', change }, () =>
      part === 'header' ? 'html' : undefined,
    );
    return answer(c, route, value === null ? { changed: false } : changedOf(value));
  });
}

/** What a new store still needs, each read from its state: never a flag that could drift from it. */
consoleSettings.get(pathIn(CONSOLE, api.checklist), read, async (c) => {
  const site = c.var.site;
  const content = storeOf(c).objects.content;
  const [products, published, shippingRates, saved] = await Promise.all([
    content.productList({
      search: '',
      collectionId: null,
      tag: null,
      category: null,
      stock: null,
      sort: 'newest',
      descending: true,
      offset: 0,
      limit: 1,
      onHand: {},
    }),
    content.firstProducts(1),
    storeOf(c).objects.orders.shippingRates(),
    storeOf(c).objects.orders.paymentSettings(),
  ]);
  // Payments are set up once the owner chose a provider; the development demo is set up from the start.
  const chosen = saved ?? (site.website.id === DEMO_SITE_ID ? await storePayments(c) : null);
  const details = detailsOf(site);
  const policies = policiesOf(site);
  return answer(c, api.checklist, {
    product: products.value.total > 0,
    shipping: shippingRates.length > 0,
    payments: chosen !== null && paymentsAnswer(c.env, site, chosen).ready,
    details: details.contactEmail !== '' && details.address.address1 !== '' && details.address.countryCode !== '',
    policies: Object.values(policies).some((text) => text !== ''),
    publish: published.value.length > 0,
  });
});
