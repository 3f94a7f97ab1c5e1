/**
 * The browser entry: hydrates each `[data-island]` element with its component. React and each
 * island's code load only when such an element is on the page. Also wires the header's menu button,
 * a product list's filter and sort form, and the cards' Quick View buttons (their code loads on the first press).
 */
import { storefrontLanguage } from '../commerce/storefront-languages';
import { accountLanguage, applyPageLanguage, siteLanguage } from './account-language';
import { markAccountLink } from './account-link';
import { mayHaveCart } from './cookies';
import { holdEarlyClicks } from './early-clicks';
import type { RestockFormProps } from './islands/RestockForm';
import { wireListingControls } from './listing-controls';
import { subscribeSelection } from './selection';
import { wireNavFolders, wireSiteMenu } from './site-menu';
import { rememberAccountLanguage } from './visitor-language';

type Loader = () => Promise<{ default: (props: never) => unknown }>;
type IslandRootOptions = { onUncaughtError: (error: unknown) => void };

const LOADERS: Record<string, Loader> = {
  AccountPanel: () => import('./islands/AccountPanel'),
  AddToCartButton: () => import('./islands/AddToCartButton'),
  CartPage: () => import('./islands/CartPage'),
  CartPill: () => import('./islands/CartPill'),
  CheckoutConfirmation: () => import('./islands/CheckoutConfirmation'),
  CheckoutPage: () => import('./islands/CheckoutPage'),
  GiftCardForm: () => import('./islands/GiftCardForm'),
  InstalmentPill: () => import('./islands/InstalmentPill'),
  ProductGallery: () => import('./islands/ProductGallery'),
  ProductImage: () => import('./islands/ProductImage'),
  ProductPrice: () => import('./islands/ProductPrice'),
  PromoPopup: () => import('./islands/PromoPopup'),
  QuantityInput: () => import('./islands/QuantityInput'),
  QuickAdd: () => import('./islands/QuickAdd'),
  RestockForm: () => import('./islands/RestockForm'),
  SiteForm: () => import('./islands/SiteForm'),
  SubscriptionTerms: () => import('./components/SubscriptionTerms'),
  VariantSelects: () => import('./islands/VariantSelects'),
};

/**
 * Islands that render nothing until the shopper does something, hydrated (and their code loaded) only then, so the
 * product page's first view does not carry them. A back-in-stock sign-up shows at once only on a product sold out in
 * every variant; otherwise once a sold-out variant is chosen (the form takes the choice when it starts listening).
 */
const WHEN_NEEDED: Record<string, (props: never) => Promise<void>> = {
  RestockForm: (props: RestockFormProps) =>
    props.soldOut
      ? Promise.resolve()
      : new Promise((resolve) => {
          const stop = subscribeSelection(props.productId, (selection) => {
            if (!selection.soldOut) return;
            stop();
            resolve();
          });
        }),
};

/**
 * An island's root options (the page's and the quick view's, quick-view.ts): an island that throws while rendering
 * (engine spec §8: reported, fallback content shown) is reported as React reports it, to the collectors' error
 * reporter, and shows the server's markup again where React leaves nothing.
 */
function islandRootOptions(element: HTMLElement): IslandRootOptions {
  const serverMarkup = element.innerHTML;
  return {
    onUncaughtError(error) {
      reportError(error);
      element.innerHTML = serverMarkup;
    },
  };
}

type Hydrate = (element: HTMLElement, load: Loader, props: Record<string, unknown>) => Promise<void>;

/** The islands taken for hydration, so each element is hydrated once; the roots, so one that leaves the page unmounts. */
const taken = new WeakSet<HTMLElement>();
const roots = new Map<HTMLElement, { unmount(): void }>();
let reactHydrate: Promise<Hydrate> | undefined;

/** React and an island's hydration, loaded once, on the first island that needs it. */
function loadHydrate(): Promise<Hydrate> {
  reactHydrate ??= Promise.all([import('react-dom/client'), import('react')]).then(([client, react]) => {
    // React ships as CommonJS: its exports may arrive on the namespace or under `default`.
    const hydrateRoot = client.hydrateRoot ?? client.default.hydrateRoot;
    const createElement = react.createElement ?? react.default.createElement;
    return async (element, load, props) => {
      const Component = (await load()).default;
      // Taken out of the page while its code loaded (a template's script swapped it for a copy): the copy is hydrated.
      if (!element.isConnected) {
        taken.delete(element);
        return;
      }
      const root = hydrateRoot(
        element,
        createElement(Component as (p: Record<string, unknown>) => null, props),
        islandRootOptions(element),
      );
      roots.set(element, root);
      element.dataset.hydrated = 'true';
    };
  });
  return reactHydrate;
}

/**
 * Hydrates the islands in `found` not yet taken. The cart pill shows nothing until something is in the cart, so it is
 * hydrated only when the visitor may have a cart or another island (one that can add to the cart) loads React anyway:
 * a page whose only island is the pill then loads no React at all.
 */
async function hydrateIslands(found: readonly HTMLElement[]): Promise<void> {
  const fresh = found.filter((element) => !taken.has(element));
  const pillNeeded =
    reactHydrate !== undefined || mayHaveCart() || fresh.some((element) => element.dataset.island !== 'CartPill');
  const elements = fresh.filter(
    (element) =>
      LOADERS[element.dataset.island ?? ''] !== undefined && (element.dataset.island !== 'CartPill' || pillNeeded),
  );
  if (elements.length === 0) return;
  for (const element of elements) taken.add(element);
  const hydrate = await loadHydrate();
  await Promise.all(
    elements.map(async (element) => {
      const name = element.dataset.island ?? '';
      const load = LOADERS[name] as Loader;
      const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
      const needed = WHEN_NEEDED[name];
      if (needed === undefined) return hydrate(element, load, props);
      // Not awaited: the page counts as hydrated without an island the shopper may never need.
      void needed(props as never).then(() => hydrate(element, load, props));
    }),
  );
}

/**
 * Islands a template's own script puts on the page after the first pass (Tabi no Hana's router sets `main.innerHTML` to
 * a fresh copy of the page) hydrate as they arrive, and a hydrated island taken off the page is unmounted. The quick
 * view hydrates its own (`data-own-islands`, islands/QuickView.tsx).
 */
function hydrateLateIslands(): void {
  new MutationObserver((mutations) => {
    const found: HTMLElement[] = [];
    let removed = false;
    for (const mutation of mutations) {
      removed ||= mutation.removedNodes.length > 0;
      for (const node of mutation.addedNodes) {
        if (!(node instanceof HTMLElement)) continue;
        if (node.dataset.island !== undefined) found.push(node);
        found.push(...node.querySelectorAll<HTMLElement>('[data-island]'));
      }
    }
    if (removed)
      for (const [element, root] of roots)
        if (!element.isConnected) {
          roots.delete(element);
          taken.delete(element);
          root.unmount();
        }
    const late = found.filter((element) => element.closest('[data-own-islands]') === null);
    if (late.length > 0) void hydrateIslands(late);
  }).observe(document.body, { childList: true, subtree: true });
}

holdEarlyClicks();
wireSiteMenu();
markAccountLink();
wireNavFolders();
wireListingControls();
document.addEventListener('click', (event) => {
  const button = (event.target as Element | null)?.closest?.<HTMLElement>('button[data-quick-view]');
  if (button)
    void import('./quick-view').then(({ openQuickView }) => openQuickView(button, LOADERS, islandRootOptions));
});
// Search suggestions load the first time a store search field has the focus, also when the shopper
// reached the field before this script ran (a slow device, the field autofocused).
const suggestFor = (input: Element | null) => {
  if (input instanceof HTMLInputElement && input.matches('form[role="search"] input[name="q"]'))
    void import('./search-suggestions').then(({ wireSearchSuggestions }) => wireSearchSuggestions(input));
};
document.addEventListener('focusin', (event) => suggestFor(event.target as Element | null));
suggestFor(document.activeElement);
// The islands hydrate with the texts the server rendered them with (English); the page then speaks
// the signed-in account's language, else the site's (src/client/shopper-text.ts).
const hydrated = hydrateIslands([...document.querySelectorAll<HTMLElement>('[data-island]')]).then(() => {
  document.documentElement.dataset.islands = 'hydrated';
});
hydrateLateIslands();

void accountLanguage().then(async (language) => {
  // Null: the site's, also when the header's early words set a language this browser kept that the account no longer has.
  applyPageLanguage(language);
  rememberAccountLanguage(language);
  await hydrated;
  // The page was rendered in English and the site's locale: only another language or locale loads the texts catalogue.
  const locale = language ?? siteLanguage;
  if (storefrontLanguage(locale) === 'en' && locale === siteLanguage) return;
  const { showTextIn } = await import('./shopper-text');
  await showTextIn(locale);
});
