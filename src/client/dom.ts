/**
 * The few DOM facilities islands use outside React, typed here because islands are also compiled
 * into the worker (which renders them), where the DOM library is not available. In the worker these
 * functions are never reached: they run in effects and event handlers only.
 */
export interface DomElement {
  focus(): void;
  contains(other: unknown): boolean;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): ArrayLike<DomElement>;
  style: { overflow: string };
}

export interface DomKeyboardEvent {
  key: string;
  shiftKey: boolean;
  preventDefault(): void;
}

interface DomDocument {
  cookie: string;
  activeElement: DomElement | null;
  documentElement: DomElement;
  addEventListener(type: 'keydown', listener: (event: DomKeyboardEvent) => void): void;
  removeEventListener(type: 'keydown', listener: (event: DomKeyboardEvent) => void): void;
}

interface DomWindow {
  document?: DomDocument;
  navigator?: { cookieEnabled?: boolean };
  location?: { assign(url: string): void; search: string };
}

const page = globalThis as unknown as DomWindow;

/** The page's document; undefined outside a browser. */
export function pageDocument(): DomDocument | undefined {
  return page.document;
}

export function cookiesEnabled(): boolean {
  return page.navigator?.cookieEnabled !== false;
}

/** The page URL's query string ('?cartToken=…'). */
export function pageQuery(): URLSearchParams {
  return new URLSearchParams(page.location?.search ?? '');
}

export function navigateTo(url: string): void {
  page.location?.assign(url);
}

/** A React ref's element as the DOM element it is in the browser. */
export function asElement(node: unknown): DomElement | null {
  return (node ?? null) as DomElement | null;
}
