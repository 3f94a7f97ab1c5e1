/**
 * The system stylesheet `{squarespace-headers}` writes before the template's own, as Squarespace
 * writes its base CSS: responsive media, and the styles our own page markup needs where a template
 * has no file for a page (cart, checkout, account, search, a product without `.item`, …). Those
 * are our default theme's rules (themes/default/theme.css, their one home), scoped under the class
 * of the element our markup renders in (a system page, a commerce widget, a dialog), so they
 * never reach the template's own markup.
 */
import { DEFAULT_THEME } from '../../site/theme/theme';
import { COMMERCE_CLASS, FLOATING_CART_CLASS } from './commerce';

/** The class of the element our own page markup renders in, where our layout has `.site-main`. */
export const SYSTEM_PAGE_CLASS = 'sf-system-page';

const WRAPPER = `.${SYSTEM_PAGE_CLASS}`;

/** The element our islands' dialogs open in, at the end of `<body>` (src/client/components/Dialog.tsx). */
const DIALOG = '.Dialog-backdrop';

/** Where our theme's rules apply: our system pages, our commerce widgets inside the template's own markup (commerce.ts), and our dialogs. */
const INSIDE = `:is(${WRAPPER},.${COMMERCE_CLASS},${DIALOG})`;

/**
 * Squarespace's base rules: pictures and videos never wider than their box, in proportion, its
 * screen-reader-only classes (the "Sale Price:" labels of `{@|product-price}`) hidden from sight,
 * and its floating cart (commerce.ts) pinned to the viewport's lower right corner, where it covers
 * none of a template's header controls, under our dialogs. Our markup's text has the root's size, as
 * the platform's widgets carry sizes of their own: templates often zero the body's font size (the
 * inline-block gap trick: PMS, The Circuit Gym), which would hide our selects' and cart's text.
 */
const BASE =
  'img,video{max-width:100%;height:auto}' +
  `${INSIDE}{font-size:1rem}` +
  '.visually-hidden,.v6-visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}' +
  `.${FLOATING_CART_CLASS}{position:fixed;right:16px;bottom:16px;z-index:29;box-shadow:0 2px 10px rgba(0,0,0,.18);border-radius:999px}` +
  // Its after-add popover opens above it (below the pill it would leave the viewport); narrow screens pin it to the top.
  `@media (min-width:40rem){.${FLOATING_CART_CLASS} .${COMMERCE_CLASS} .CartPill-popover{top:auto;bottom:calc(100% + .5rem)}}`;

/** Splits on `separator` outside parentheses and quotes. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/** The index of the `}` closing the block whose `{` is at `open`, outside quotes. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  let quote = '';
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (quote !== '') {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/**
 * One selector of our theme in the system stylesheet: `:root` (our custom properties) stays, our
 * page's `html` and `.site-main` become the wrapper, the universal selector takes in the wrapper
 * too (its `box-sizing`: the wrapper is `.site-main`, width 100% with padding), the rest of our
 * layout (`body`, the header and footer, the skip link) is left out, and everything else applies
 * inside the wrapper only.
 */
function scopedSelector(selector: string): string | null {
  const trimmed = selector.trim();
  if (trimmed === ':root') return trimmed;
  const own = /^(?:html|\.site-main)(?![\w-])/.exec(trimmed);
  if (own !== null) return WRAPPER + trimmed.slice(own[0].length);
  if (/^\*(?:::[\w-]+)?$/.test(trimmed)) return `${INSIDE}${trimmed.slice(1)},${INSIDE} ${trimmed}`;
  if (/^(?:body|\.site-|\.skip-link)/.test(trimmed)) return null;
  if (trimmed.startsWith(DIALOG) && !/^[\w-]/.test(trimmed.slice(DIALOG.length))) return trimmed;
  return `${INSIDE} ${trimmed}`;
}

/** `css`'s rules scoped by `scopedSelector`, inside `@media` too; other at-rules (keyframes) as they are. */
function scoped(css: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = css.indexOf('{', at);
    if (open < 0) return out;
    const prelude = css.slice(at, open).trim();
    const close = blockEnd(css, open);
    const body = css.slice(open + 1, close);
    at = close + 1;
    if (prelude.startsWith('@media')) {
      const inner = scoped(body);
      if (inner !== '') out += `${prelude}{${inner}}`;
    } else if (prelude.startsWith('@')) {
      out += `${prelude}{${body}}`;
    } else {
      const selectors = splitTop(prelude, ',')
        .map(scopedSelector)
        .filter((s) => s !== null);
      if (selectors.length > 0) out += `${selectors.join(',')}{${body.trim()}}`;
    }
  }
}

let systemCss: string | undefined;

/** The system stylesheet, worked out once from the bundled default theme. */
export function developerPlatformSystemCss(): string {
  systemCss ??= BASE + scoped((DEFAULT_THEME['theme.css'] ?? '').replace(/\/\*[\s\S]*?\*\//g, ''));
  return systemCss;
}
