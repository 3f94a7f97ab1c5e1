/**
 * What may name a path of this site, and an image (an item's or variant's `assetUrl`): a site path, a file-manager
 * upload or an https URL. Templates print it into `src`, `srcset` and style attributes, some of them
 * unescaped (the engine's `image` formatters), so no character that could leave an attribute or a
 * CSS `url()` is allowed. Plain regular expressions, shared by the site schema and the console's
 * product form (which runs in the browser, without zod).
 */

/** A path on this site. It may not start with `//` or `/\`: browsers read both as another host. */
export const SITE_PATH = /^\/(?![/\\])[\w\-./?=&%]*$/;
/** A file-manager upload (`fileUrl`, src/site/editor/files.ts): its name is URL-encoded, which keeps `!~*'()`. */
const FILE_IMAGE = /^\/files\/[\w-]+\/\d+\/[\w\-.!~*'()%]+(?:\?w=\d+)?$/;
/** An image on another https host (an imported store's CDN): no quotes, spaces, brackets or `;`. */
const HTTPS_IMAGE = /^https:\/\/[\w-]+(?:\.[\w-]+)*(?::\d{1,5})?(?:\/[\w\-./~%+=:@?&#!$*]*)?$/;

export const MAX_IMAGE_URL = 2083;
/** What the console says of an address that is not one. */
export const IMAGE_ADDRESS_MESSAGE = 'Enter an image address starting with / or https://.';
export const IMAGE_URL_MESSAGE =
  'must be an image address: a path on this site starting with a single /, a file from the file manager or an https:// URL';

export function isImageUrl(url: string): boolean {
  return url.length <= MAX_IMAGE_URL && (SITE_PATH.test(url) || FILE_IMAGE.test(url) || HTTPS_IMAGE.test(url));
}
