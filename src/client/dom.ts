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

interface DomScript {
  src: string;
  async: boolean;
  text: string;
  onload: (() => void) | null;
  onerror: (() => void) | null;
  setAttribute(name: string, value: string): void;
}

interface DomContainer extends DomElement {
  clientWidth: number;
  innerHTML: string;
  appendChild(node: unknown): void;
  querySelectorAll(selector: string): ArrayLike<
    DomElement & {
      text: string;
      src: string;
      attributes: ArrayLike<{ name: string; value: string }>;
      replaceWith(node: unknown): void;
    }
  >;
}

interface DomDocument {
  cookie: string;
  head: { appendChild(node: unknown): void };
  body: unknown;
  createElement(tag: 'script'): DomScript;
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

/** A React ref's element as a container the page script fills (captcha, post-submit HTML). */
export function asContainer(node: unknown): DomContainer | null {
  return (node ?? null) as DomContainer | null;
}

/** Loads a script once per URL. */
const scripts = new Map<string, Promise<void>>();

export function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src);
  if (loading === undefined) {
    loading = new Promise<void>((resolve, reject) => {
      const document = pageDocument();
      if (document === undefined) return reject(new Error('No document'));
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => reject(new Error(`Could not load ${src}`));
      document.head.appendChild(script);
    });
    scripts.set(src, loading);
  }
  return loading;
}

/** Sets a container's HTML and runs the scripts in it (HTML inserted this way does not run them by itself). */
export function setHtmlAndRunScripts(container: DomContainer, html: string): void {
  const document = pageDocument();
  container.innerHTML = html;
  if (document === undefined) return;
  for (const old of Array.from(container.querySelectorAll('script'))) {
    const script = document.createElement('script');
    for (const attribute of Array.from(old.attributes)) script.setAttribute(attribute.name, attribute.value);
    script.text = old.text;
    old.replaceWith(script);
  }
}
