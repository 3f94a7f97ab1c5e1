/**
 * Quick view (the spec's RecordQuickView, E82): a listing card's 'Quick View' opens the product in a
 * dialog labelled by its name. Its content is the product page's own gallery, price, stock state and
 * form, read from that (edge-cached) page and hydrated with the same islands, so the price, the
 * variants, the quantity, Add To Cart and sold out are the product page's, in the page's language; a link leads to the page.
 * Loaded only when a shopper opens it (src/client/quick-view.ts).
 */
import { useEffect, useRef, useState } from 'react';
import Dialog from '../components/Dialog';
import { showAddedContentInPageLanguage } from '../shopper-text';
import { useShopperText } from '../use-shopper-text';

export interface QuickViewProps {
  /** The product page's address on this store. */
  url: string;
  title: string;
  /** Hydrates the islands inside `root`; the returned function unmounts them. */
  hydrate: (root: Element) => Promise<() => void>;
  onClose: () => void;
}

/** What the product page shows of the product, without its heading (the dialog's title), breadcrumb, body and tags. */
export function productPart(pageHtml: string): string | null {
  const page = new DOMParser().parseFromString(pageHtml, 'text/html');
  const article = page.querySelector('article.ProductItem');
  if (article === null) return null;
  for (const extra of article.querySelectorAll(
    '.ProductItem-nav, .ProductItem-title, .ProductItem-body, .ProductItem-tags',
  ))
    extra.remove();
  article.removeAttribute('class');
  article.classList.add('QuickView-product');
  return article.outerHTML;
}

const FIRST_CHOICE = '.ProductItem-form select, .ProductItem-form input, .ProductItem-form button:not([disabled])';

type State = { kind: 'loading' } | { kind: 'ready'; html: string } | { kind: 'failed' };

export default function QuickView({ url, title, hydrate, onClose }: QuickViewProps) {
  const text = useShopperText();
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let current = true;
    setState({ kind: 'loading' });
    fetch(url, { credentials: 'same-origin', headers: { accept: 'text/html' } })
      .then(async (response) => {
        const html = response.ok ? productPart(await response.text()) : null;
        if (current) setState(html === null ? { kind: 'failed' } : { kind: 'ready', html });
      })
      .catch(() => current && setState({ kind: 'failed' }));
    return () => {
      current = false;
    };
  }, [url, attempt]);

  useEffect(() => {
    const root = content.current;
    if (state.kind !== 'ready' || root === null) return;
    let unmount: (() => void) | null = null;
    let current = true;
    const opening = document.activeElement;
    // The product page's fixed texts and prices were written in the site's language: the page's, as on the page itself.
    showAddedContentInPageLanguage();
    void hydrate(root).then((done) => {
      if (!current) return done();
      unmount = done;
      // The product's first choice takes the focus, unless the shopper has already moved it.
      if (document.activeElement === opening) root.querySelector<HTMLElement>(FIRST_CHOICE)?.focus();
    });
    return () => {
      current = false;
      unmount?.();
    };
  }, [state, hydrate]);

  return (
    <Dialog title={title} className="QuickView" onClose={onClose}>
      <p className="QuickView-status" role="status" aria-live="polite">
        {state.kind === 'loading' ? text['quickView.loading'] : ''}
      </p>
      {state.kind === 'failed' && (
        <div className="QuickView-failed" role="alert">
          <p>{text['quickView.failed']}</p>
          <button type="button" className="Dialog-secondary" onClick={() => setAttempt(attempt + 1)}>
            {text['quickView.tryAgain']}
          </button>
        </div>
      )}
      {state.kind === 'ready' && (
        // Its islands are hydrated by `hydrate`, not by the entry's watch for islands that appear later.
        <div
          ref={content}
          className="QuickView-content"
          data-own-islands=""
          dangerouslySetInnerHTML={{ __html: state.html }}
        />
      )}
      <div className="QuickView-actions">
        <a className="QuickView-full" href={url}>
          {text['quickView.fullDetails']}
        </a>
        <button type="button" className="Dialog-secondary" onClick={onClose}>
          {text['quickView.close']}
        </button>
      </div>
    </Dialog>
  );
}
