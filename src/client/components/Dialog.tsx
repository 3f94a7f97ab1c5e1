/**
 * A modal dialog: page scroll locked while open, focus moved in and trapped (Tab cycles), Escape
 * closes, and focus goes back to where it was. Used for alerts, the cart's lightbox and the quick
 * view. A dialog opened from another one (the quick view's zoomed picture) takes the keys until it closes.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { asElement, pageDocument, type DomKeyboardEvent } from '../dom';

export interface DialogProps {
  title: string;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  onClose: () => void;
  children: ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

let titleCounter = 0;
/** The open dialogs' title ids, the last opened last: only it answers Escape and Tab. */
const openDialogs: string[] = [];

export default function Dialog({ title, role = 'dialog', className = '', onClose, children }: DialogProps) {
  const panel = useRef<HTMLDivElement>(null);
  const panelElement = () => asElement(panel.current);
  const titleId = useRef(`dialog-title-${++titleCounter}`).current;
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const document = pageDocument();
    if (document === undefined) return;
    const opener = document.activeElement;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    (panelElement()?.querySelector(FOCUSABLE) ?? panelElement())?.focus();
    openDialogs.push(titleId);
    const onKey = (event: DomKeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== titleId) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        close.current();
        return;
      }
      const container = panelElement();
      if (event.key !== 'Tab' || container === null) return;
      const items = Array.from(container.querySelectorAll(FOCUSABLE));
      if (items.length === 0) return;
      const [head, tail] = [items[0], items[items.length - 1]];
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail?.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head?.focus();
      } else if (!container.contains(document.activeElement)) {
        event.preventDefault();
        head?.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      openDialogs.splice(openDialogs.indexOf(titleId), 1);
      root.style.overflow = overflow;
      opener?.focus();
    };
  }, []);

  const dialog = (
    <div className="Dialog-backdrop" onClick={(event) => event.target === event.currentTarget && onClose()}>
      <div
        ref={panel}
        className={`Dialog ${className}`.trim()}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <h2 id={titleId} className="Dialog-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
  // At the end of <body>: inside a sticky ancestor (the product page's details) the backdrop would
  // stack under the sticky header. Dialogs only open in the browser, never in server HTML.
  const body = pageDocument()?.body as Parameters<typeof createPortal>[1] | undefined;
  return body === undefined ? dialog : createPortal(dialog, body);
}

/** An alert with one button (spec §8: 'Unable to Add Item' and the like). */
export function AlertDialog({ title, message, onClose }: { title: string; message: string; onClose: () => void }) {
  return (
    <Dialog title={title} role="alertdialog" className="Dialog--alert" onClose={onClose}>
      <p className="Dialog-message">{message}</p>
      <div className="Dialog-actions">
        <button type="button" onClick={onClose}>
          OK
        </button>
      </div>
    </Dialog>
  );
}
