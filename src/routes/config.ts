/**
 * The editor area (`/config`): its own page, outside the store theme, never cached or indexed and
 * never counted by analytics. The merchant signs in here; the dashboard lives at /config/analytics.
 */
import { Hono } from 'hono';
import { htmlDocument, markup, messagePage, raw } from './html-document';
import { NO_STORE } from '../http/messages';
import { isDevelopment, loadedSite, type AppEnv } from './http';
import { PERMISSIONS } from '../site/roles';
import { renderIsland } from '../storefront/islands';
import { clientEntry } from '../storefront/render';

export const config = new Hono<AppEnv>();

config.get('/config', async (c) => {
  const loaded = await loadedSite(c);
  if (loaded === null) return messagePage(c, 404, NO_STORE);
  const script = await clientEntry(c.env.ASSETS, isDevelopment(c.env));
  const title = `${loaded.site.website.siteTitle} · Editor`;
  const island = renderIsland('MerchantConsole', { analyticsRoles: [...PERMISSIONS.analytics] });
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  return htmlDocument(c, {
    title,
    style: loaded.site.theme['theme.css'] ?? '',
    body: markup`<main id="main" class="site-main ConfigPage"><h1>${title}</h1>${raw(island)}</main>`,
    script,
  });
});
