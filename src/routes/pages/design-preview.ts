/**
 * A store page with the design draft applied (`?design-preview`), for the console's live preview.
 * Only a signed-in merchant whose role may edit the design sees the draft; anyone else gets the
 * published design. Either way such a page is never cached (pages.ts answers it `no-store`).
 */
import type { Context } from 'hono';
import { contentObject } from '../../site/catalog';
import { designOf } from '../../site/design-schema';
import { allows } from '../../site/roles';
import type { Site } from '../../site/schema';
import type { AppEnv } from '../shared/http';
import { merchantSessionOf } from '../console/merchant-session';

export const DESIGN_PREVIEW_PARAM = 'design-preview';

export function isDesignPreview(url: URL): boolean {
  return url.searchParams.has(DESIGN_PREVIEW_PARAM);
}

/** The site to render a preview with: its draft design when the merchant may see it, else the site as published. */
export async function previewSite(c: Context<AppEnv>, site: Site): Promise<Site> {
  // Store pages run without `withSite`; the merchant's session is looked up on the site's team.
  c.set('site', site);
  const session = await merchantSessionOf(c);
  if (session === null || !allows(session.profile.roles, 'content')) return site;
  const draft = await contentObject(c.env, site.website.id).designDraft();
  return draft === null ? site : { ...site, design: designOf(JSON.parse(draft)) };
}
