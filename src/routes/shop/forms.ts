/**
 * Site forms (storefront spec §7, §8): the form block schema, validation, single-use submission
 * keys and saving submissions into the website's FormSubmissions object. Statuses are the ones the
 * form widget expects: 401 bad or reused key, 404 unknown form, 429 rate limit, 400 with errors by
 * field; the same field rules as the browser (`src/forms/validate.ts`).
 */
import { Hono, type Context } from 'hono';
import { ApiError } from '../../http/errors';
import { FORM_FIELD_TYPES, FORM_MESSAGES, pickFormValues, validateForm, type FormValues } from '../../forms/validate';
import { captchaVerifier } from '../../integrations/captcha';
import { FORM_SUBMIT_MESSAGES } from '../../forms/messages';
import { submissionNotice } from '../../forms/notification';
import { siteFormById, type SiteForm } from '../../site/model/lookup';
import { requireCrumb } from '../shared/csrf';
import { confirmationRequest } from '../pages/list-confirmation';
import { demoShipping } from './demo-shipping';
import { apiError, readJson, type AppEnv, withSite, storeOf } from '../shared/http';
import { nestsDeeperThan } from '../shared/json-depth';
import { shopperEmailLocale } from './shopper-locale';
import { rateLimit } from '../shared/rate-limit';
import { guardedArea } from '../shared/guarded-area';
import { areas } from '../../api/areas';
import { storefrontRoutes as api } from '../../api/storefront';
import { answer, pathIn } from '../shared/contract';
import { FORM_BODY_MAX_BYTES, formSubmissionSchema, formValuesSchema } from '../../api/storefront-bodies';

/** The values object, then a field's list or parts (`FieldValue`): nothing a form sends nests deeper. */
const MAX_FIELDS_DEPTH = 2;

/** Editable attributes per field type (engine spec §3), the form block's schema. */
const FIELD_ATTRIBUTES: Partial<Record<(typeof FORM_FIELD_TYPES)[number], string[]>> = {
  textarea: ['maxLength'],
  phone: ['showCountryCode'],
  section: ['underline'],
  radio: ['options'],
  checkbox: ['options'],
  select: ['options'],
  likert: ['options'],
  hidden: ['key', 'value'],
};

/** The site's form `formId`; a 404 when the site has no such form. */
function formOf(c: Context<AppEnv>, formId: string): SiteForm {
  const form = siteFormById(c.var.site, formId);
  if (form === undefined) throw new ApiError(404, FORM_SUBMIT_MESSAGES.notConfigured);
  return form;
}

/** The values to store: password fields are checked like any field but never kept, so no one can read them back. */
function storedValues(form: SiteForm, values: FormValues): FormValues {
  const passwords = new Set(form.fields.filter((field) => field.type === 'password').map((field) => field.id));
  return Object.fromEntries(Object.entries(values).filter(([id]) => !passwords.has(id)));
}

/** A 400 with the whole-form message and each failing field's own, unless the values pass. */
function checkValues(form: SiteForm, values: FormValues): void {
  const errors = validateForm(form.fields, values);
  if (Object.keys(errors).length > 0) apiError(400, FORM_MESSAGES.formInvalid, { errors });
}

/** Submission keys and submissions, at `areas.forms`: every call needs the crumb and is under the form limit. */
export const forms = guardedArea(
  requireCrumb,
  rateLimit((env) => env.FORM_RATE_LIMITER, 'form', FORM_SUBMIT_MESSAGES.rateLimited),
);

/** Checking a form's values without sending it, at `areas.formValidation`: every call needs the crumb. */
export const formValidation = guardedArea(requireCrumb);

/** The form block's schema, at `areas.templateSchemas`. */
export const templateSchemas = new Hono<AppEnv>();

templateSchemas.get(pathIn(areas.templateSchemas, api.templateSchema), (c) => {
  const type = c.req.query('type');
  if (type === undefined || type === '') return apiError(400, 'type is required');
  if (type !== 'form-block' && type !== 'form') return apiError(404, `Unknown template type '${type.slice(0, 40)}'`);
  return answer(c, api.templateSchema, {
    type: 'form-block',
    fieldTypes: FORM_FIELD_TYPES.map((fieldType) => ({
      type: fieldType,
      attributes: ['title', 'required', ...(FIELD_ATTRIBUTES[fieldType] ?? [])],
    })),
  });
});

formValidation.post(pathIn(areas.formValidation, api.validateForm), withSite, async (c) => {
  const values = await readJson(c, formValuesSchema, FORM_BODY_MAX_BYTES);
  const form = formOf(c, c.req.param('formId'));
  checkValues(form, pickFormValues(form.fields, values));
  return answer(c, api.validateForm, {});
});

forms.post(pathIn(areas.forms, api.formSubmissionKey), withSite, async (c) => {
  const { key } = await storeOf(c).objects.forms.issueKey();
  c.header('cache-control', 'no-store');
  return answer(c, api.formSubmissionKey, { key });
});

forms.post(pathIn(areas.forms, api.saveFormSubmission), withSite, demoShipping, async (c) => {
  const body = await readJson(c, formSubmissionSchema, FORM_BODY_MAX_BYTES);
  const form = formOf(c, body.formId);
  const site = c.var.site;
  if (nestsDeeperThan(body.form, MAX_FIELDS_DEPTH)) return apiError(400, FORM_SUBMIT_MESSAGES.unparsable);
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.form);
  } catch {
    return apiError(400, FORM_SUBMIT_MESSAGES.unparsable);
  }
  const shape = formValuesSchema.safeParse(parsed);
  if (!shape.success) return apiError(400, FORM_SUBMIT_MESSAGES.unparsable);

  const siteKey = site.website.captchaSettings?.siteKey;
  if (siteKey !== undefined && siteKey !== '') {
    const token = body.captchaKey ?? '';
    if (token === '' || !(await captchaVerifier(c.env).verify(token, form.captchaAction, siteKey)))
      return apiError(400, FORM_MESSAGES.captcha);
  }
  const values = pickFormValues(form.fields, shape.data);
  checkValues(form, values);

  const kept = storedValues(form, values);
  const pagePath = body.pagePath ?? null;
  const email = values.email;
  const connection = site.mailingList?.connection;
  // A newsletter sign-up joins the store's mailing list while it is connected (not while it awaits its service or is disconnected).
  const member =
    form.kind === 'newsletter' && typeof email === 'string' && connection?.state === 'connected'
      ? {
          listId: connection.listId,
          email: email.trim().toLowerCase(),
          status: connection.doubleOptIn ? ('pending' as const) : ('subscribed' as const),
        }
      : null;
  const confirmation =
    member?.status === 'pending' ? await confirmationRequest(c, site.website.siteTitle, member.email) : null;
  const saved = await storeOf(c).objects.forms.save(
    body.key,
    {
      formId: form.id,
      values: JSON.stringify(kept),
      pageId: body.pageId ?? null,
      pageTitle: body.pageTitle ?? null,
      pagePath,
      contentSource: body.contentSource ?? null,
    },
    submissionNotice(site.website.siteTitle, form, kept, pagePath),
    member,
    confirmation,
  );
  if (!saved.ok) return apiError(401, FORM_SUBMIT_MESSAGES.badKey); // 'bad-key', the one refusal
  // The promo popup's promise: a newsletter sign-up gets a single-use welcome code by email, when the merchant enables it.
  if (form.kind === 'newsletter' && typeof email === 'string')
    await storeOf(c).objects.orders.issueWelcomeCode(
      email.trim(),
      site.website.siteTitle,
      shopperEmailLocale(site, body.locale),
    );
  return answer(c, api.saveFormSubmission, { success: true, submissionId: saved.value });
});
