/**
 * Applying an edit to a website's published content, the one way every route does it: through the
 * website's SiteContent object, with the refusal thrown as the one error and the new version trusted
 * by this isolate at once (so the next page shows the edit, not a copy of the version before it).
 */
import type { Context } from 'hono';
import { MERCHANT_MESSAGES } from '../../accounts/messages';
import type { ContentRefusal, Edit } from '../../durable/site-content';
import { ApiError } from '../../http/errors';
import type { ContentObject } from '../../site/published/catalog';
import type { EditValue } from '../../site/edits/edits';
import { noteVersion } from '../../site/published/store';
import { type AppEnv, storeOf } from '../shared/http';
import { merchantSessionOf } from './merchant-session';

/** The one status for each of SiteContent's refusals. */
const REFUSAL_STATUS = {
  'no-store': 404,
  'not-found': 404,
  invalid: 400,
  'url-taken': 400,
  'over-limit': 400,
  forbidden: 403,
} as const satisfies Record<ContentRefusal, number>;

/** Where a console form shows an edit's refusal: the field it names, or undefined for the form's own message. */
export type RefusalField = (error: string) => string | undefined;

/**
 * Applies `change` to the website as `roles` may: its value and the new content version (null when
 * nothing changed); a refusal is thrown as its status with `{ error }`, plus `fields` when `field`
 * names where to show it. `who` (the merchant's email) names the product and page versions it records.
 */
export async function applyEdit(
  content: ContentObject,
  websiteId: string,
  change: Edit,
  roles: readonly number[],
  field?: RefusalField,
  who: string | null = null,
): Promise<{ value: EditValue; version: number | null }> {
  const outcome = await content.edit(websiteId, change, roles, who);
  if (!outcome.ok) {
    const at = field?.(outcome.message);
    throw new ApiError(REFUSAL_STATUS[outcome.error], outcome.message, {
      extra: at === undefined ? {} : { fields: { [at]: outcome.message } },
    });
  }
  if (outcome.version !== null) noteVersion(websiteId, outcome.version);
  return { value: outcome.value, version: outcome.version };
}

/** Whether a saving edit changed anything (saveItem and the settings' edits always tell). */
export function changedOf(value: EditValue): { changed: boolean } {
  if (value === null || !('changed' in value)) throw new Error('The edit did not tell whether it changed anything');
  return { changed: value.changed };
}

/** Applies `change` to the request's website as the merchant signed in on it (401 without one): the edit's value. */
export async function merchantEdit(c: Context<AppEnv>, change: Edit, field?: RefusalField): Promise<EditValue> {
  const session = await merchantSessionOf(c);
  if (session === null) throw new ApiError(401, MERCHANT_MESSAGES.signIn);
  return (
    await applyEdit(
      storeOf(c).objects.content,
      c.var.site.website.id,
      change,
      session.profile.roles,
      field,
      session.email,
    )
  ).value;
}
