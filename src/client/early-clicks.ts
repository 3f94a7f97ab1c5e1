/**
 * Add To Cart pressed before its island has hydrated (a slow network or a loaded machine: its code
 * is still loading) is not lost: the press is held on the island's element, shown as waiting, and
 * the button adds once it hydrates (`takeEarlyClick`). A press after hydration starts is React's
 * own (it replays events for a root that is hydrating). No React here: the entry uses it on every
 * page. Typed by hand, as src/client/dom.ts does: islands are also compiled into the worker.
 */
interface IslandElement {
  closest(selector: string): IslandElement | null;
  dataset: Record<string, string | undefined>;
  setAttribute(name: string, value: string): void;
  removeAttribute(name: string): void;
}

interface ClickDocument {
  addEventListener(type: 'click', listener: (event: { target: unknown }) => void, capture: boolean): void;
}

const BUTTON = '[data-island="AddToCartButton"] .sqs-add-to-cart-button';

/** Listens for presses of Add To Cart buttons whose island has not hydrated yet. */
export function holdEarlyClicks(): void {
  const page = (globalThis as { document?: ClickDocument }).document;
  page?.addEventListener(
    'click',
    (event) => {
      const target = event.target as Partial<IslandElement> | null;
      const island = typeof target?.closest === 'function' ? target.closest(BUTTON)?.closest('[data-island]') : null;
      if (island === null || island === undefined || island.dataset.hydrated === 'true') return;
      island.dataset.earlyClick = 'true';
      island.setAttribute('aria-busy', 'true');
    },
    true,
  );
}

/** Whether the island holding `element` was pressed before it hydrated; the press is taken (once). */
export function takeEarlyClick(element: unknown): boolean {
  const island = (element as IslandElement).closest('[data-island]');
  if (island === null || island.dataset.earlyClick !== 'true') return false;
  delete island.dataset.earlyClick;
  island.removeAttribute('aria-busy');
  return true;
}
