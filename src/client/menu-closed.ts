/**
 * Waits for the header's phone menu (src/client/site-menu.ts) to close, so a dialog that opens by itself
 * (the promo popup) never covers the open menu nor takes its focus. Typed without the DOM library:
 * islands are compiled into the worker too (src/client/dom.ts), where this is never reached.
 */
import { pageDocument } from './dom';

interface MenuButton {
  getAttribute(name: string): string | null;
}

interface AttributeObserver {
  observe(target: MenuButton, options: { attributes: true; attributeFilter: string[] }): void;
  disconnect(): void;
}

type ObserverClass = new (changed: () => void) => AttributeObserver;

/** Calls `then` once the menu is closed (at once when it is, or on a page without one); returns what stops the wait. */
export function whenMenuClosed(then: () => void): () => void {
  const button = pageDocument()?.documentElement.querySelector('[data-site-menu]') as MenuButton | null | undefined;
  const Observer = (globalThis as unknown as { MutationObserver?: ObserverClass }).MutationObserver;
  const isOpen = () => button?.getAttribute('aria-expanded') === 'true';
  if (button == null || Observer === undefined || !isOpen()) {
    then();
    return () => {};
  }
  let later: ReturnType<typeof setTimeout> | undefined;
  const observer = new Observer(() => {
    if (isOpen()) return;
    observer.disconnect();
    // After the event that closed the menu: its Escape would otherwise reach the new dialog and close it at once.
    later = setTimeout(then, 0);
  });
  observer.observe(button, { attributes: true, attributeFilter: ['aria-expanded'] });
  return () => {
    observer.disconnect();
    clearTimeout(later);
  };
}
