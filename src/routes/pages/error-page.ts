/**
 * The store's error page (page type 101): what a shopper's page request gets when the store cannot answer it, a
 * dependency failing for now (503) or an unexpected exception (500). Where this request found its store, the page
 * wears the store's stylesheet and title and loads the collectors as its store pages do, so its views are counted
 * under 101 (the collector script is the site's own, which the CSP allows); where the store could not be read, it is a
 * plain page. Never cached, and never the error's details (they go to the log).
 */
import type { Context } from 'hono';
import { PageType } from '../../commerce/page-types';
import { storefrontLanguage } from '../../commerce/storefront-text';
import { EN, type StorefrontText } from '../../commerce/storefront-text/en';
import { loadStorefrontText } from '../../commerce/storefront-text/load';
import type { LoadedSite } from '../../site/published/store';
import { clientEntry, errorPageStylesheet } from '../../storefront/render';
import { isDevelopment, loadedSite, type AppEnv } from '../shared/http';
import { htmlDocument, markup } from './html-document';

/** The texts of each page (the 500's heading is the spec's 'Something went wrong', §8; the 503's the API's message). */
const PAGE_TEXTS = {
  500: { heading: 'error.failed', detail: 'error.failedDetail' },
  503: { heading: 'error.unavailable', detail: null },
} as const;

/**
 * The page for `status`, written in the store's language (never cached, so no other visitor reads it); its texts are
 * marked (`data-text`) and the page loads the client entry, so a shopper's own language is set as on the store's pages.
 */
export async function errorPage(c: Context<AppEnv>, status: 500 | 503): Promise<Response> {
  c.header('cache-control', 'no-store');
  const loaded = await loadedSite(c).catch(() => null);
  const language = loaded?.site.website.language ?? 'en';
  const text = loaded === null ? EN : await loadStorefrontText(storefrontLanguage(language));
  const content = errorContent(c, status, text);
  const message = text[PAGE_TEXTS[status].heading];
  if (loaded === null) return htmlDocument(c, { title: message, body: markup`<main>${content}</main>` }, status);
  const { site } = loaded;
  return htmlDocument(
    c,
    {
      title: `${message} · ${site.website.siteTitle}`,
      titleText: PAGE_TEXTS[status].heading,
      lang: language,
      style: errorPageStylesheet(site),
      body: markup`<a class="skip-link" href="#main" data-text="nav.skip">${text['nav.skip']}</a>
<header class="site-header"><a class="site-title" href="/">${site.website.siteTitle}</a></header>
<main id="main" class="site-main" tabindex="-1">${content}</main>${census(loaded)}`,
      script: await clientEntry(c.env.ASSETS, isDevelopment(c.env)),
    },
    status,
  );
}

function errorContent(c: Context<AppEnv>, status: 500 | 503, text: StorefrontText) {
  const { heading, detail } = PAGE_TEXTS[status];
  // The same address again, its query included (a sorted or filtered list stays so); one leading slash, so the link
  // never names another host (`//host/…`).
  const asked = new URL(c.req.url);
  const again = `/${asked.pathname.replace(/^\/+/, '')}${asked.search}`;
  return markup`<section class="NotFound EmptyState EmptyState--page">
<p class="NotFound-code" aria-hidden="true">${String(status)}</p>
<h1 data-text="${heading}">${text[heading]}</h1>${detail === null ? '' : markup`<p data-text="${detail}">${text[detail]}</p>`}
<p class="NotFound-links"><a class="Button" href="${again}" data-text="error.tryAgain">${text['error.tryAgain']}</a> <a class="Button Button--secondary" href="/" data-text="error.home">${text['error.home']}</a></p>
</section>`;
}

/** The collector script of an error page, as themes/default/layout.html writes it with page type 101; nothing where the store does not track visitors. */
function census({ site }: LoadedSite) {
  if (!site.websiteSettings.analytics.tracking) return '';
  const { id, language } = site.website;
  return markup`<script type="module" src="/build/collectors.js" data-census data-website-id="${id}" data-template-id="default" data-website-locale="${language}" data-page-type="${PageType.Error}"></script>`;
}
