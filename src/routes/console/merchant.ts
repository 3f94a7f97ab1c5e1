/**
 * The merchant side's calls (engine spec §7): store creation, navigation and layout, commerce
 * preferences, header and footer, languages, address search; plus the merchant halves of restock
 * and form submissions. Every call checks the signed-in merchant's roles (src/site/roles.ts) and
 * every change goes through the website's SiteContent object, which writes the rows it changes
 * and bumps the content version in one step.
 */
import { api } from '../../api';
import { categorySchema, headerFooterSchema, languagesSchema, productCollectionSchema } from '../../api/console-bodies';
import { answer } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { ApiError } from '../../http/errors';
import { z } from 'zod';
import { placesProvider, PlacesUnavailable } from '../../integrations/places';
import { sessionRecordingAnswer } from '../../integrations/session-recording';
import type { EditValue, NavigationItem } from '../../site/edits/edits';
import { sitePath, type Site } from '../../site/model/schema';
import { faultPoint } from '../../faults';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { requirePermission } from './merchant-session';
import { changedOf, merchantEdit } from './site-edits';

const MAX_BODY_BYTES = 64 * 1024;
/** An item with its variants, forms and rich text fits well within this. */
const MAX_ITEM_BYTES = 256 * 1024;
export const MAIN_NAVIGATION = 'main-navigation';

const navigationItemSchema: z.ZodType<NavigationItem> = z.lazy(() =>
  z.object({
    title: z.string().min(1).max(100).optional(),
    url: z
      .string()
      .max(2083)
      .refine(
        (url) => sitePath.safeParse(url).success || /^(?:mailto|tel):\S+$/.test(url),
        'url must be a site path, a mailto: or a tel: link',
      )
      .optional(),
    collectionId: z.string().max(64).optional(),
    externalLink: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'externalLink must be an http(s) address')
      .max(2083)
      .optional(),
    memberAreaId: z.string().max(64).optional(),
    children: z.array(navigationItemSchema).max(50).optional(),
  }),
);
const navigationSchema = z.object({
  fieldName: z.string().max(100),
  templateId: z.string().max(100),
  navigation: z.object({ items: z.array(navigationItemSchema).min(1).max(50) }),
});
const preferencesSchema = z.record(z.string().max(100), z.unknown());
const NAMESPACE = /^[a-z][a-z0-9-]{0,63}$/;

/** The path's websiteId must name the site this host serves (a 404 otherwise). */
function requireSiteNamed(c: Context<AppEnv>): void {
  if (c.var.site.website.id !== c.req.param('websiteId')) throw new ApiError(404, 'Unknown website');
}

/** The id an adding edit made (addProductCollection, addCategory always make one). */
function madeId(value: EditValue): { id: string } {
  if (value === null || !('id' in value)) throw new Error('The edit made no id');
  return { id: value.id };
}

export const merchant = new Hono<AppEnv>();

const read = requirePermission('read');
const commerce = requirePermission('commerce');
const content = requirePermission('content');

merchant.post(api.addProductCollection.pattern, commerce, async (c) => {
  const body = await readJson(c, productCollectionSchema, MAX_BODY_BYTES);
  requireSiteNamed(c);
  return answer(
    c,
    api.addProductCollection,
    madeId(await merchantEdit(c, { kind: 'addProductCollection', input: body })),
  );
});

merchant.delete(api.removeProductCollection.pattern, commerce, async (c) => {
  requireSiteNamed(c);
  await merchantEdit(c, { kind: 'removeCollection', collectionId: c.req.param('collectionId') });
  return answer(c, api.removeProductCollection, { deleted: true });
});

merchant.post(api.addCategory.pattern, commerce, async (c) => {
  const body = await readJson(c, categorySchema, MAX_BODY_BYTES);
  requireSiteNamed(c);
  const value = await merchantEdit(c, { kind: 'addCategory', collectionId: c.req.param('collectionId'), input: body });
  return answer(c, api.addCategory, madeId(value));
});

/** One item (product, post or page item) saved whole: validated by the site schema, its row alone written. */
merchant.put(api.saveItem.pattern, content, async (c) => {
  const body = await readJson(c, z.looseObject({ id: z.string() }), MAX_ITEM_BYTES);
  if (body.id !== c.req.param('itemId')) return apiError(400, 'The item id in the body must be the one in the path.');
  return answer(c, api.saveItem, changedOf(await merchantEdit(c, { kind: 'saveItem', item: body })));
});

merchant.delete(api.removeItem.pattern, content, async (c) => {
  await merchantEdit(c, { kind: 'removeItem', itemId: c.req.param('itemId') });
  return answer(c, api.removeItem, { deleted: true });
});

merchant.get(api.siteLayout.pattern, read, async (c) => {
  const site = c.var.site;
  return answer(c, api.siteLayout, { layout: [{ identifier: MAIN_NAVIGATION, links: site.navigation }] });
});

merchant.post(api.updateNavigation.pattern, content, async (c) => {
  const body = await readJson(c, navigationSchema, MAX_BODY_BYTES);
  await merchantEdit(c, { kind: 'updateNavigation', items: body.navigation.items });
  return answer(c, api.updateNavigation, { updated: true });
});

merchant.get(api.preferences.pattern, read, async (c) => {
  const namespace = c.req.param('namespace');
  if (!NAMESPACE.test(namespace)) return apiError(400, 'Unknown preferences namespace');
  const site = c.var.site;
  const { websiteId: _stored, ...preferences } =
    (site as { commercePreferences?: Record<string, Record<string, unknown>> }).commercePreferences?.[namespace] ?? {};
  // Spec: the response carries the websiteId; the editor's helper strips it on read.
  return answer(c, api.preferences, { websiteId: site.website.id, ...preferences });
});

merchant.put(api.savePreferences.pattern, commerce, async (c) => {
  const namespace = c.req.param('namespace');
  if (!NAMESPACE.test(namespace)) return apiError(400, 'Unknown preferences namespace');
  const { websiteId: _websiteId, ...preferences } = await readJson(c, preferencesSchema, MAX_BODY_BYTES);
  return answer(
    c,
    api.savePreferences,
    changedOf(await merchantEdit(c, { kind: 'setCommercePreferences', namespace, preferences })),
  );
});

merchant.get(api.headerFooter.pattern, read, async (c) => {
  const site = c.var.site;
  return answer(c, api.headerFooter, { header: site.header?.html ?? '', footer: site.footer?.html ?? '' });
});

merchant.put(api.saveHeaderFooter.pattern, content, async (c) => {
  const body = await readJson(c, headerFooterSchema, MAX_BODY_BYTES);
  await merchantEdit(c, { kind: 'setHeaderFooter', input: body });
  return answer(c, api.saveHeaderFooter, { updated: true });
});

function multilingual(site: Site) {
  return site.multilingual ?? { connected: false, languages: [] };
}

merchant.get(api.languageSettings.pattern, read, async (c) => {
  const site = c.var.site;
  return answer(c, api.languageSettings, { primaryLanguage: site.website.language, ...multilingual(site) });
});

merchant.get(api.languageStatus.pattern, read, async (c) => {
  const site = c.var.site;
  const { connected, languages } = multilingual(site);
  return answer(c, api.languageStatus, { connected, languageCount: languages.length });
});

merchant.get(api.languages.pattern, read, async (c) => {
  const site = c.var.site;
  return answer(c, api.languages, { languages: multilingual(site).languages });
});

merchant.put(api.saveLanguages.pattern, content, async (c) => {
  const body = await readJson(c, languagesSchema, MAX_BODY_BYTES);
  await merchantEdit(c, { kind: 'setLanguages', languages: body.languages });
  return answer(c, api.saveLanguages, { languages: [...new Set(body.languages)] });
});

merchant.delete(api.disconnectLanguages.pattern, content, async (c) => {
  await merchantEdit(c, { kind: 'disconnectMultilingual' });
  return answer(c, api.disconnectLanguages, { connected: false });
});

const PLACES_UNAVAILABLE = 'The address service is unavailable. Please try again.';

merchant.get(api.placesAutocomplete.pattern, requirePermission('integrations'), async (c) => {
  const input = c.req.query('input') ?? '';
  if (input.trim() === '' || input.length > 200) return apiError(400, 'input is required (at most 200 characters)');
  try {
    return answer(c, api.placesAutocomplete, {
      predictions: await placesProvider(c.env).autocomplete(input, c.req.query('sessionToken') ?? null),
    });
  } catch (error) {
    if (error instanceof PlacesUnavailable) return apiError(502, PLACES_UNAVAILABLE);
    throw error;
  }
});

merchant.get(api.placeDetails.pattern, requirePermission('integrations'), async (c) => {
  const placeId = c.req.query('placeId') ?? '';
  if (placeId === '' || placeId.length > 300) return apiError(400, 'placeId is required');
  if (c.req.query('productPage') === undefined || c.req.query('productSection') === undefined) {
    return apiError(400, 'productPage and productSection (the tracking context) are required');
  }
  try {
    const details = await placesProvider(c.env).details(placeId, c.req.query('sessionToken') ?? null);
    return details === null ? apiError(404, 'Unknown place') : answer(c, api.placeDetails, details);
  } catch (error) {
    if (error instanceof PlacesUnavailable) return apiError(502, PLACES_UNAVAILABLE);
    throw error;
  }
});

merchant.get(api.sessionRecordingId.pattern, async (c) => {
  await faultPoint('session-recording', 'getId');
  return answer(c, api.sessionRecordingId, sessionRecordingAnswer(c.env));
});

merchant.get(api.formSubmissionsByForm.pattern, requirePermission('customerData'), async (c) => {
  const formId = c.req.query('formId');
  if (formId === undefined || formId === '') return apiError(400, 'formId is required');
  const raw = c.req.query('cursor');
  const cursor = raw === undefined ? null : Number(raw);
  if (cursor !== null && !Number.isSafeInteger(cursor)) return apiError(400, 'cursor is not valid');
  return answer(c, api.formSubmissionsByForm, await storeOf(c).objects.forms.list(formId, cursor));
});
