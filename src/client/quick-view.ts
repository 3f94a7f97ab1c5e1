/**
 * Opens a listing card's quick view (src/client/islands/QuickView.tsx) in a React root of its own,
 * hydrates the product page's islands inside it with the entry's loaders (its add reported as the listing's, `plp`),
 * tells the collectors (RecordQuickView), and gives the focus back to the card's button when it closes. Loaded on the
 * first press of a 'Quick View' button, so a listing page's script does not grow.
 */
import { createElement } from 'react';
import type { Root } from 'react-dom/client';
import { announceCensus } from './census-events';
import QuickView from './islands/QuickView';

export type IslandLoaders = Record<string, () => Promise<{ default: (props: never) => unknown }>>;
/** The entry's options for an island's root (what a render error does), passed in so this chunk shares no module with it. */
export type IslandRootOptions = (element: HTMLElement) => { onUncaughtError: (error: unknown) => void };

/** Hydrates each island inside `root` as the entry does the page's; the answer unmounts them. */
async function hydrateWithin(root: Element, loaders: IslandLoaders, options: IslandRootOptions): Promise<() => void> {
  const { hydrateRoot } = await reactDom();
  const roots: Root[] = [];
  await Promise.all(
    [...root.querySelectorAll<HTMLElement>('[data-island]')].map(async (element) => {
      const load = loaders[element.dataset.island ?? ''];
      if (load === undefined) return;
      const Component = (await load()).default as (props: Record<string, unknown>) => null;
      const props = JSON.parse(element.dataset.props ?? '{}') as Record<string, unknown>;
      // The shopper adds from the listing they are on: analytics' product_page is the listing's (plp), not the product page's.
      if (element.dataset.island === 'AddToCartButton') props.reportedPlace = 'plp';
      roots.push(hydrateRoot(element, createElement(Component, props), options(element)));
      element.dataset.hydrated = 'true';
    }),
  );
  // Later than the quick view's own unmount, which runs this: React refuses to unmount a root while it commits another.
  return () =>
    queueMicrotask(() => {
      for (const island of roots) island.unmount();
    });
}

/**
 * React's DOM client as the entry loads it (a dynamic import): a static one here would split it into a shared chunk
 * behind a facade, one more file for every product page.
 */
async function reactDom(): Promise<typeof import('react-dom/client')> {
  const client = await import('react-dom/client');
  // CommonJS: its exports may arrive on the namespace or under `default`, as the entry finds them.
  return client.hydrateRoot === undefined ? (client as unknown as { default: typeof client }).default : client;
}

/** Shows the quick view of the product `button` names (its `data-quick-view` address and `data-title`). */
export async function openQuickView(
  button: HTMLElement,
  loaders: IslandLoaders,
  options: IslandRootOptions,
): Promise<void> {
  const url = new URL(button.dataset.quickView ?? '', location.href);
  if (url.origin !== location.origin) return;
  const { createRoot } = await reactDom();
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  const close = () =>
    queueMicrotask(() => {
      root.unmount();
      container.remove();
      button.focus();
    });
  root.render(
    createElement(QuickView, {
      url: url.pathname,
      title: button.dataset.title ?? '',
      hydrate: (element: Element) => hydrateWithin(element, loaders, options),
      onClose: close,
    }),
  );
  const itemId = button.dataset.itemId;
  if (itemId !== undefined) announceCensus({ kind: 'quick-view', itemId });
}
