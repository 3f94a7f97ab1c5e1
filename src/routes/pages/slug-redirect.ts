/**
 * A store path that shows nothing but whose product, post or page moved to a new URL slug answers 301
 * to where it lives now (src/durable/content-redirects.ts keeps the moves), its query string kept.
 */
import type { Context } from 'hono';
import { type AppEnv, storeOf } from '../shared/http';

/** The 301 to the new address of `path`, or null when it never moved. */
export async function slugRedirect(c: Context<AppEnv>, path: string): Promise<Response | null> {
  const { value: to } = await storeOf(c).objects.content.redirectFor(path);
  if (to === null) return null;
  // Not kept by browsers: the merchant may give the old slug to something else later.
  return c.body(null, 301, { location: `${to}${new URL(c.req.url).search}`, 'cache-control': 'no-store' });
}
