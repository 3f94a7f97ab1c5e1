/**
 * The console's routes live in the address bar: `/config/<section>/<rest…>`. Moving between screens
 * pushes history (Back works) and tells the shell, which renders the section for the new path.
 */
import { useEffect, useState } from 'react';

export const CONSOLE_ROOT = '/config';
const NAVIGATED = 'console:navigated';

export function navigate(to: string): void {
  if (to === `${location.pathname}${location.search}`) return;
  history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** Replaces the current address without a new history entry (a list's filters, a new item's id). */
export function replaceLocation(to: string): void {
  history.replaceState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATED));
}

/** The current path and query, following navigation and Back/Forward. */
export function useLocation(): { pathname: string; search: string } {
  const read = () => ({ pathname: location.pathname, search: location.search });
  const [where, setWhere] = useState(read);
  useEffect(() => {
    const update = () => setWhere(read());
    window.addEventListener('popstate', update);
    window.addEventListener(NAVIGATED, update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener(NAVIGATED, update);
    };
  }, []);
  return where;
}

/** A path under /config split into its section id and the rest (`/config/products/p-1` → products, ['p-1']). */
export function consolePath(pathname: string): { sectionId: string | null; rest: string[] } {
  const parts = pathname.slice(CONSOLE_ROOT.length).split('/').filter((part) => part !== '').map(decodeURIComponent);
  return { sectionId: parts[0] ?? null, rest: parts.slice(1) };
}
