/**
 * A store page with the design draft applied (`?design-preview`), for the console's live preview.
 * Only a signed-in merchant whose role may edit the design sees the draft; anyone else gets the
 * published design. Either way such a page is never cached (pages.ts answers it `no-store`).
 */
import type { Context } from 'hono';
import { designOf } from '../../site/theme/design-schema';
import { allows } from '../../site/roles';
import type { Site } from '../../site/model/schema';
import { type AppEnv, loadedSite, storeOf } from '../shared/http';
import { merchantSessionOf } from '../console/merchant-session';

export const DESIGN_PREVIEW_PARAM = 'design-preview';

export function isDesignPreview(url: URL): boolean {
  return url.searchParams.has(DESIGN_PREVIEW_PARAM);
}

/** The draft design this request may preview: the request's site's, when its merchant's role may edit the design; else null. */
export async function previewDesign(c: Context<AppEnv>): Promise<Site['design'] | null> {
  const session = await merchantSessionOf(c);
  const loaded = await loadedSite(c);
  if (session === null || loaded === null || !allows(session.profile.roles, 'content')) return null;
  const draft = await storeOf(c).objects.content.designDraft();
  return draft === null ? null : designOf(JSON.parse(draft));
}
