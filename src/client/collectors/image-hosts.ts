/** Which images the performance collector measures (engine spec §9: image hosts are recognised): the page's own and the image CDN's. */

export const IMAGE_CDN_HOST = 'images.squarespace-cdn.com';

/** Whether an image loaded from `src` (an absolute address; '' when it has none) counts in the image metrics of a page on `pageHost`. */
export function isMeasuredImage(src: string, pageHost: string): boolean {
  if (src === '') return false;
  const { host } = new URL(src);
  return host === pageHost || host === IMAGE_CDN_HOST;
}
