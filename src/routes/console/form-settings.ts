/**
 * A form's settings in the console: the success URL a visitor goes to after submitting it (spec S47), checked by
 * the site schema's own piece (src/site/editor/form-settings.ts) and saved in the site's forms through the
 * setFormSuccessUrl edit, so the storefront form redirects there from the next page load.
 *
 *   PUT /api/console/forms/{formId}/settings   { successRedirectUrl }   → { successRedirectUrl }
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, pathIn } from '../shared/contract';
import { Hono } from 'hono';
import { z } from 'zod';
import { formSettingsSchema } from '../../site/editor/form-settings';
import { pageFormProblems } from '../../site/editor/page-form';
import { PRODUCT_MESSAGES } from '../../site/editor/product-form';
import { apiError, readJson, type AppEnv } from '../shared/http';
import { requirePermission } from './merchant-session';
import { merchantEdit } from './site-edits';

const MAX_BODY_BYTES = 4 * 1024;

export const consoleFormSettings = new Hono<AppEnv>();

const CONSOLE = areas.console;

consoleFormSettings.put(pathIn(CONSOLE, api.formSettings), requirePermission('content'), async (c) => {
  const input = formSettingsSchema.safeParse(await readJson(c, z.unknown(), MAX_BODY_BYTES));
  if (!input.success) return apiError(400, PRODUCT_MESSAGES.invalid, { fields: pageFormProblems(input.error) });
  const url = input.data.successRedirectUrl;
  await merchantEdit(c, { kind: 'setFormSuccessUrl', formId: c.req.param('formId'), url });
  return answer(c, api.formSettings, { successRedirectUrl: url });
});
