/**
 * A page's SEO fields, Shopify's "Search engine listing": the title and description search engines
 * show, which the storefront writes into the page's <title> and <meta name="description"> (empty:
 * the page's own title, and no description). Search engines show about 60 and 160 characters of
 * them; the caps only bound what is stored.
 */
export const SEO_LIMITS = { title: 100, description: 320 } as const;
/** What the console counts against (Shopify's "of 70 characters used"). */
export const SEO_SHOWN = { title: 60, description: 160 } as const;
