/**
 * The product page's main image. When the shopper's choices pick a variant that has its own
 * image, that image replaces the one shown (storefront spec, product detail page).
 */
import { useEffect, useState } from 'react';
import { subscribeSelection } from '../selection';

export interface ProductImageProps {
  itemId: string;
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Variant images by sku. */
  variantImages: Record<string, string>;
}

export default function ProductImage({ itemId, src, alt, width, height, variantImages }: ProductImageProps) {
  const [shown, setShown] = useState(src);
  useEffect(
    () =>
      subscribeSelection(itemId, (selection) => {
        const image = selection.sku === null ? undefined : variantImages[selection.sku];
        if (image !== undefined) setShown(image);
      }),
    [itemId, variantImages],
  );
  return <img className="ProductItem-image" src={shown} alt={alt} width={width} height={height} />;
}
