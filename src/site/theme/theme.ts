/**
 * The default theme's files, bundled as text (wrangler `[[rules]]`), keyed by their path under
 * themes/default/. Publishing a site stores them in KV with its content.
 */
import blockForm from '../../../themes/default/blocks/form.html';
import blockNewsletter from '../../../themes/default/blocks/newsletter.html';
import blockChart from '../../../themes/default/blocks/chart.html';
import blockCode from '../../../themes/default/blocks/code.html';
import blockGallery from '../../../themes/default/blocks/gallery.html';
import blockImage from '../../../themes/default/blocks/image.html';
import blockProducts from '../../../themes/default/blocks/products.html';
import head from '../../../themes/default/head.html';
import layout from '../../../themes/default/layout.html';
import pageAccount from '../../../themes/default/pages/account.html';
import pageBlog from '../../../themes/default/pages/blog.html';
import pageCart from '../../../themes/default/pages/cart.html';
import pageCheckout from '../../../themes/default/pages/checkout.html';
import pageNotFound from '../../../themes/default/pages/not-found.html';
import pageOrderConfirmed from '../../../themes/default/pages/order-confirmed.html';
import pageOrderReceived from '../../../themes/default/pages/order-received.html';
import pagePage from '../../../themes/default/pages/page.html';
import pagePost from '../../../themes/default/pages/post.html';
import pageProduct from '../../../themes/default/pages/product.html';
import pageProducts from '../../../themes/default/pages/products.html';
import pageSearch from '../../../themes/default/pages/search.html';
import pageSubscriptionConfirmed from '../../../themes/default/pages/subscription-confirmed.html';
import partialBlock from '../../../themes/default/partials/block.html';
import partialPagination from '../../../themes/default/partials/pagination.html';
import partialPostCard from '../../../themes/default/partials/post-card.html';
import partialProductAddon from '../../../themes/default/partials/product-addon.html';
import partialProductBlock from '../../../themes/default/partials/product-block.html';
import partialProductCard from '../../../themes/default/partials/product-card.html';
import partialSiteNavItems from '../../../themes/default/partials/site-nav-items.html';
import partialStars from '../../../themes/default/partials/stars.html';
import stylesheet from '../../../themes/default/theme.css';

export type ThemeFiles = Readonly<Record<string, string>>;

export const DEFAULT_THEME: ThemeFiles = {
  'head.html': head,
  'layout.html': layout,
  'pages/account.html': pageAccount,
  'pages/blog.html': pageBlog,
  'pages/cart.html': pageCart,
  'pages/checkout.html': pageCheckout,
  'pages/not-found.html': pageNotFound,
  'pages/order-confirmed.html': pageOrderConfirmed,
  'pages/order-received.html': pageOrderReceived,
  'pages/page.html': pagePage,
  'pages/post.html': pagePost,
  'pages/product.html': pageProduct,
  'pages/products.html': pageProducts,
  'pages/search.html': pageSearch,
  'pages/subscription-confirmed.html': pageSubscriptionConfirmed,
  'partials/block.html': partialBlock,
  'partials/pagination.html': partialPagination,
  'partials/post-card.html': partialPostCard,
  'partials/product-addon.html': partialProductAddon,
  'partials/product-block.html': partialProductBlock,
  'partials/product-card.html': partialProductCard,
  'partials/site-nav-items.html': partialSiteNavItems,
  'partials/stars.html': partialStars,
  'blocks/form.html': blockForm,
  'blocks/newsletter.html': blockNewsletter,
  'blocks/chart.html': blockChart,
  'blocks/image.html': blockImage,
  'blocks/gallery.html': blockGallery,
  'blocks/products.html': blockProducts,
  'blocks/code.html': blockCode,
  'theme.css': stylesheet,
};

const partialsByTheme = new WeakMap<ThemeFiles, Record<string, string>>();

/** Partials and blocks by the name templates apply them with (file name without `.html`); worked out once per theme. */
export function themePartials(files: ThemeFiles): Record<string, string> {
  let partials = partialsByTheme.get(files);
  if (partials === undefined) {
    partials = {};
    for (const [path, source] of Object.entries(files)) {
      const match = /^(?:partials|blocks)\/([\w-]+)\.html$/.exec(path);
      if (match !== null) partials[match[1] as string] = source;
    }
    partialsByTheme.set(files, partials);
  }
  return partials;
}
