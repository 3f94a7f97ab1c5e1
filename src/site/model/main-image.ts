/**
 * The one rule that makes an item's pictures show: the theme (as Squarespace's) draws an item's picture
 * only when the item names its main image (`{.main-image?}`: `mainImageId` or `systemDataId`), and a
 * gallery's pictures (`items`, `{.child-images?}`) likewise. Every item that is stored passes here
 * (parseItem: the console, the API, imports and publishing), so a picture saved by any of them shows
 * on the item's page, in lists, search and the blog, and a removed picture leaves no empty image.
 */

/** How many pictures an item's gallery holds (Shopify allows 250 media; a product page shows a strip of thumbnails). */
export const MAX_ITEM_PICTURES = 20;

interface Named {
  assetUrl?: string | undefined;
  mainImageId?: unknown;
  systemDataId?: unknown;
}

const names = (image: Named) =>
  (typeof image.mainImageId === 'string' && image.mainImageId !== '') ||
  (typeof image.systemDataId === 'string' && image.systemDataId !== '');

/** `image` naming its picture when it has one (`id` when it names none), and naming none without a picture. */
function named<T extends Named>(image: T, id: string): T {
  const { mainImageId: _gone, ...without } = image;
  if (image.assetUrl === undefined || image.assetUrl === '')
    return (image.mainImageId === undefined ? image : without) as T;
  return names(image) ? image : { ...image, mainImageId: id };
}

type Picture = Named & { originalSize?: string | undefined; altText?: string | undefined };

/**
 * The item with its main image and each gallery picture named as the theme needs; an item given only
 * a gallery takes its first picture as its own (what lists, search and the cart show).
 */
export function withMainImage<T extends Picture & { id: string; items?: Picture[] | undefined }>(item: T): T {
  const [first] = item.items ?? [];
  const own =
    (item.assetUrl === undefined || item.assetUrl === '') && first?.assetUrl !== undefined && first.assetUrl !== '';
  const pictured = own
    ? {
        ...item,
        assetUrl: first.assetUrl,
        originalSize: first.originalSize,
        ...(first.altText === undefined ? {} : { altText: first.altText }),
      }
    : item;
  const main = named(pictured, `img-${item.id}`);
  if (item.items === undefined) return main;
  return { ...main, items: item.items.map((image, i) => named(image, `img-${item.id}-${i + 1}`)) };
}
