/**
 * The editor area (`/config`): its own page, outside the store theme, never cached or indexed and
 * never counted by analytics. The merchant signs in here; the dashboard lives at /config/analytics.
 */
import { Hono } from 'hono';
import { escapeHtml } from '../engine/index';
import { renderIsland } from './islands';
import { isDevelopment, NO_STORE, siteFor, type AppEnv } from './http';
import { clientEntry } from './pages';
import { PERMISSIONS } from '../site/roles';

export const config = new Hono<AppEnv>();

config.get('/config', async (c) => {
  const loaded = await siteFor(c);
  if (loaded === null) return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${NO_STORE}</title></head><body><main><h1>${NO_STORE}</h1></main></body></html>`, 404);
  const script = await clientEntry(c.env.ASSETS, isDevelopment(c.env));
  const title = `${escapeHtml(loaded.site.website.siteTitle)} · Editor`;
  const island = renderIsland('MerchantConsole', { analyticsRoles: [...PERMISSIONS.analytics] });
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  return c.html(
    `<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title>` +
      `<style>${loaded.site.theme['theme.css'] ?? ''}</style></head><body><main id="main" class="site-main ConfigPage"><h1>${title}</h1>${island}</main>` +
      (script === null ? '' : `<script type="module" src="${script}"></script>`) +
      '</body></html>',
  );
});
