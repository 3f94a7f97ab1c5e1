import { PAGE_LOAD_ID_LENGTH } from '../../beacon/collector-limits';

const ALPHABET = 'useandom-26T198340PX75pxJACKVERYMINDBUSHWOLF_GQZbfghjklqvwyzrict';

/** A random 21-character URL-safe id for one page load (the nanoid alphabet). */
export function newPageLoadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(PAGE_LOAD_ID_LENGTH));
  return Array.from(bytes, (b) => ALPHABET[b & 63]).join('');
}
