/**
 * The console's routes live in the address bar: `/config/<section>/<rest…>`. Moving between screens
 * pushes history (Back works) and tells the shell, which renders the section for the new path. A
 * screen with unsaved changes guards leaving it (ui/useUnsavedChanges.ts).
 */
import { useEffect, useState } from 'react';

export const CONSOLE_ROOT = '/config';
const NAVIGATED = 'console:navigated';

/** Asked before the console moves to another screen (an editor with unsaved changes): true lets it go. */
type LeaveGuard = () => Promise<boolean>;
/**
 * The questions of everything on screen with unsaved changes (an editor, each settings card, an open
 * dialog), in the order they were set. They all ask the same question (ui/useUnsavedChanges.ts), so
 * leaving asks the first one once; while any is set, closing or reloading the tab asks the browser's own.
 */
const leaveGuards: LeaveGuard[] = [];

function onBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers show the question only when returnValue is set.
  event.returnValue = '';
}

function leaveFreely(): void {
  leaveGuards.length = 0;
  window.removeEventListener('beforeunload', onBeforeUnload);
}

/**
 * Adds a question asked before leaving the current screen and gives back the function that removes it;
 * null removes them all (what had unsaved changes was saved or deleted, and the screen moves on).
 */
export function guardLeaving(guard: LeaveGuard | null): () => void {
  if (guard === null) {
    leaveFreely();
    return () => {};
  }
  if (leaveGuards.length === 0) window.addEventListener('beforeunload', onBeforeUnload);
  leaveGuards.push(guard);
  return () => {
    const at = leaveGuards.indexOf(guard);
    if (at === -1) return;
    leaveGuards.splice(at, 1);
    if (leaveGuards.length === 0) window.removeEventListener('beforeunload', onBeforeUnload);
  };
}

/** Whether the screen may be left: asks its first guard, if it has one. */
export function mayLeave(): Promise<boolean> {
  const guard = leaveGuards[0];
  return guard === undefined ? Promise.resolve(true) : guard();
}

const here = () => `${location.pathname}${location.search}`;
/** The address of the screen shown: Back and Forward have already changed location.href when they are heard. */
let shown = typeof location === 'undefined' ? '' : here();

function moved(): void {
  shown = here();
  window.dispatchEvent(new Event(NAVIGATED));
}

export function navigate(to: string): void {
  if (to === here()) return;
  void mayLeave().then((leave) => {
    if (!leave) return;
    leaveFreely();
    history.pushState(null, '', to);
    moved();
  });
}

/** Replaces the current address without a new history entry (a list's filters, a new item's id). */
export function replaceLocation(to: string): void {
  history.replaceState(null, '', to);
  moved();
}

// Back and Forward: a guarded screen puts its address back while the merchant is asked, and moves on only if they leave.
if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => {
    if (leaveGuards.length === 0) return moved();
    const there = here();
    history.pushState(null, '', shown);
    void mayLeave().then((leave) => {
      if (!leave) return;
      leaveFreely();
      history.pushState(null, '', there);
      moved();
    });
  });
}

/** The current path and query, following navigation and Back/Forward (which the popstate listener above passes on). */
export function useLocation(): { pathname: string; search: string } {
  const read = () => ({ pathname: location.pathname, search: location.search });
  const [where, setWhere] = useState(read);
  useEffect(() => {
    const update = () => setWhere(read());
    window.addEventListener(NAVIGATED, update);
    return () => window.removeEventListener(NAVIGATED, update);
  }, []);
  return where;
}

/** A path under /config split into its section id and the rest (`/config/products/p-1` → products, ['p-1']). */
export function consolePath(pathname: string): { sectionId: string | null; rest: string[] } {
  const parts = pathname
    .slice(CONSOLE_ROOT.length)
    .split('/')
    .filter((part) => part !== '')
    .map(decodeURIComponent);
  return { sectionId: parts[0] ?? null, rest: parts.slice(1) };
}
