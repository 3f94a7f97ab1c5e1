/**
 * The store's error page (page type 101): what a shopper's page request gets when the store cannot answer it, a
 * dependency failing for now (503) or an unexpected exception (500). Where this request found its store, the page
 * wears the store's stylesheet and title and loads the collectors as its store pages do, so its views are counted
 * under 101 (the collector script is the site's own, which the CSP allows); where the store could not be read, it is a
 * plain page. Never cached, and never the error's details (they go to the log).
 */
import type { Context } from 'hono';
import { PageType } from '../../commerce/page-types';
import type { LoadedSite } from '../../site/store';
import { errorPageStylesheet } from '../../storefront/render';
import { loadedSite, type AppEnv } from '../shared/http';
import { htmlDocument, markup } from './html-document';

/** The 500 page's texts (its heading is the spec's 'Something went wrong', §8). */
export const ERROR_PAGE = {
  failed: 'Something went wrong',
  failedDetail: 'This page could not be shown. Please try again in a moment.',
  tryAgain: 'Try again',
  home: 'Home page',
} as const;

export async function errorPage(
  c: Context<AppEnv>,
  status: 500 | 503,
  message: string,
  detail = '',
): Promise<Response> {
  c.header('cache-control', 'no-store');
  const loaded = await loadedSite(c).catch(() => null);
  const again = new URL(c.req.url).pathname;
  const content = markup`<section class="NotFound EmptyState EmptyState--page">
<p class="NotFound-code" aria-hidden="true">${String(status)}</p>
<h1>${message}</h1>${detail === '' ? '' : markup`<p>${detail}</p>`}
<p class="NotFound-links"><a class="Button" href="${again}">${ERROR_PAGE.tryAgain}</a> <a class="Button Button--secondary" href="/">${ERROR_PAGE.home}</a></p>
</section>`;
  if (loaded === null) return htmlDocument(c, { title: message, body: markup`<main>${content}</main>` }, status);
  const { site } = loaded;
  return htmlDocument(
    c,
    {
      title: `${message} · ${site.website.siteTitle}`,
      style: errorPageStylesheet(site),
      body: markup`<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><a class="site-title" href="/">${site.website.siteTitle}</a></header>
<main id="main" class="site-main" tabindex="-1">${content}</main>${census(loaded)}`,
    },
    status,
  );
}

/** The collector script of an error page, as themes/default/layout.html writes it with page type 101; nothing where the store does not track visitors. */
function census({ site }: LoadedSite) {
  if (!site.websiteSettings.analytics.tracking) return '';
  const { id, language } = site.website;
  return markup`<script type="module" src="/build/collectors.js" data-census data-website-id="${id}" data-template-id="default" data-website-locale="${language}" data-page-type="${PageType.Error}"></script>`;
}
