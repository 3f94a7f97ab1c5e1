/**
 * The merchant console (`/config` and everything under it but the API): one small server-rendered
 * shell that loads the console's own client entry (`src/console/main.tsx`, built separately by
 * scripts/build-client.mjs; no store page loads it). Never cached, never indexed, never counted by
 * analytics. The console signs the merchant in and routes between its sections in the browser.
 */
import { Hono, type Context } from 'hono';
import { htmlDocument, markup, messagePage } from './html-document';
import { NO_STORE } from '../../http/messages';
import { isDevelopment, loadedSite, type AppEnv } from '../shared/http';

export const config = new Hono<AppEnv>();

interface ConsoleAssets {
  script: string | null;
  style: string | null;
}

const NO_ASSETS: ConsoleAssets = { script: null, style: null };

function readConsoleAssets(assets: Fetcher): Promise<ConsoleAssets> {
  return Promise.resolve()
    .then(() => assets.fetch('http://assets.local/build/manifest.json'))
    .then(async (res) => {
      if (!res.ok) return NO_ASSETS;
      const manifest = (await res.json()) as { console?: string | null; consoleStyle?: string | null };
      return { script: manifest.console ?? null, style: manifest.consoleStyle ?? null };
    })
    .catch(() => NO_ASSETS);
}

/** Read once per isolate; in development on every request, since the client may be rebuilt meanwhile. */
let consoleAssets: Promise<ConsoleAssets> | null = null;

function consoleAssetsOf(env: Env): Promise<ConsoleAssets> {
  if (isDevelopment(env)) return readConsoleAssets(env.ASSETS);
  consoleAssets ??= readConsoleAssets(env.ASSETS);
  return consoleAssets;
}

const consolePage = async (c: Context<AppEnv>) => {
  const loaded = await loadedSite(c);
  if (loaded === null) return messagePage(c, 404, NO_STORE);
  const { script, style } = await consoleAssetsOf(c.env);
  const siteTitle = loaded.site.website.siteTitle;
  c.header('cache-control', 'no-store');
  c.header('x-robots-tag', 'noindex, nofollow');
  const stylesheet = style === null ? '' : markup`<link rel="stylesheet" href="${style}">`;
  return htmlDocument(c, {
    title: `${siteTitle} · Console`,
    head: markup`<meta name="robots" content="noindex, nofollow">${stylesheet}`,
    body: markup`<div id="console-root" class="Console" data-site-title="${siteTitle}"><p class="Console-loading" role="status">Loading the console…</p><noscript><p>The console needs JavaScript.</p></noscript></div>`,
    script,
  });
};

config.get('/config', consolePage);
config.get('/config/*', consolePage);
