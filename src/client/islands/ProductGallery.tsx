/**
 * The product page's gallery: the main picture with thumbnails below it (arrow keys move between
 * them), a zoomed view in a dialog (click the picture, or Enter on it), and the chosen variant's
 * own picture shown as soon as the variant selects name that variant (sold out or not).
 */
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import Dialog from '../components/Dialog';
import { asElement } from '../dom';
import { subscribeSelection } from '../selection';

export interface GalleryImage {
  src: string;
  alt: string;
}

export interface ProductGalleryProps {
  itemId: string;
  title: string;
  /** Every picture has the product's size; the first is the main one. */
  images: readonly GalleryImage[];
  width: number;
  height: number;
  /** Index into `images` of each variant's own picture, by sku. */
  variantImages: Record<string, number>;
}

export default function ProductGallery({ itemId, title, images, width, height, variantImages }: ProductGalleryProps) {
  const [shown, setShown] = useState(0);
  const [zoomed, setZoomed] = useState(false);
  const thumbs = useRef<unknown[]>([]);
  useEffect(
    () =>
      subscribeSelection(itemId, (selection) => {
        const index = selection.variant === null ? undefined : variantImages[selection.variant];
        if (index !== undefined) setShown(index);
      }),
    [itemId, variantImages],
  );
  const image = images[shown] ?? images[0];
  if (image === undefined) return null;
  const count = images.length;

  const moveTo = (index: number) => {
    const next = (index + count) % count;
    setShown(next);
    asElement(thumbs.current[next])?.focus();
  };
  const onThumbKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      moveTo(index + step);
    } else if (event.key === 'Home' || event.key === 'End') {
      event.preventDefault();
      moveTo(event.key === 'Home' ? 0 : count - 1);
    }
  };

  return (
    <div className="ProductGallery">
      <button
        type="button"
        className="ProductGallery-main"
        onClick={() => setZoomed(true)}
        aria-label={`Zoom: ${image.alt}`}
        aria-haspopup="dialog"
      >
        <img
          className="ProductItem-image"
          src={image.src}
          alt={image.alt}
          width={width}
          height={height}
          fetchPriority="high"
        />
        <span className="ProductGallery-zoom" aria-hidden="true" />
      </button>
      {count > 1 && (
        <div className="ProductGallery-thumbs" role="group" aria-label={`${title}: pictures`}>
          {images.map((thumb, index) => (
            <button
              key={thumb.src}
              ref={(element) => {
                thumbs.current[index] = element;
              }}
              type="button"
              className="ProductGallery-thumb"
              aria-label={`Picture ${index + 1} of ${count}: ${thumb.alt}`}
              aria-pressed={index === shown}
              tabIndex={index === shown ? 0 : -1}
              onClick={() => setShown(index)}
              onKeyDown={(event) => onThumbKey(event, index)}
            >
              <img src={thumb.src} alt="" width={width} height={height} loading="lazy" decoding="async" />
            </button>
          ))}
        </div>
      )}
      {zoomed && (
        <Dialog title={title} className="ProductGallery-dialog" onClose={() => setZoomed(false)}>
          <img className="ProductGallery-large" src={image.src} alt={image.alt} width={width} height={height} />
          <div className="ProductGallery-dialog-actions">
            {count > 1 && (
              <>
                <button
                  type="button"
                  className="Dialog-secondary"
                  onClick={() => setShown((shown - 1 + count) % count)}
                >
                  Previous picture
                </button>
                <span className="ProductGallery-position" aria-live="polite">
                  {shown + 1} / {count}
                </span>
                <button type="button" className="Dialog-secondary" onClick={() => setShown((shown + 1) % count)}>
                  Next picture
                </button>
              </>
            )}
            <button type="button" className="ProductGallery-close" onClick={() => setZoomed(false)}>
              Close
            </button>
          </div>
        </Dialog>
      )}
    </div>
  );
}
