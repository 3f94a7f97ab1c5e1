/**
 * Gallery options (engine spec §3, §4, §9): the design with its presets (slideshow shows
 * thumbnails; carousel, grid and stacked hide them; grid and stacked stop autoplay), numbers within
 * their bounds, and the rest. The store's product grid follows the columns, spacing and image shape.
 */
import { useEffect, useId, useState } from 'react';
import { ASPECT_RATIOS, META_POSITIONS, type Design } from '../../../site/editor/design';
import {
  GALLERY_BOUNDS,
  GALLERY_DEFAULTS,
  GALLERY_DESIGNS,
  META_LABELS,
  META_SHOWN,
  metaShown,
  withDesign,
  withMetaShown,
  type GalleryDesign,
  type GalleryOptions,
  type MetaShown,
} from '../../../site/editor/gallery-options';
import { describedBy, FieldError } from '../../ui/FieldError';

type Gallery = Design['gallery'];
type NumberKey = keyof typeof GALLERY_BOUNDS;
/** The meta's three keys are one choice (`Titles`), the rest of the booleans a box each. */
type MetaKey = 'show-meta' | 'show-meta-basic' | 'show-meta-only-title';
type FlagKey = Exclude<
  { [K in keyof GalleryOptions]: GalleryOptions[K] extends boolean ? K : never }[keyof GalleryOptions],
  MetaKey
>;

const NUMBER_LABELS: Record<NumberKey, string> = {
  'autoplay-duration': 'Autoplay delay (seconds)',
  'thumbnail-strip-height': 'Thumbnail strip height (px)',
  'thumbnail-strip-margin': 'Thumbnail strip margin (px)',
  'thumbnails-per-row': 'Products per row',
  padding: 'Spacing (px)',
  'max-width': 'Maximum column width (px)',
};

const FLAG_LABELS: Record<FlagKey, string> = {
  'auto-crop': 'Crop images to the aspect ratio',
  'show-meta-on-hover': 'Show titles on hover',
  thumbnails: 'Thumbnails',
  'square-thumbs': 'Square thumbnails',
  autoplay: 'Autoplay',
  controls: 'Controls',
  indicators: 'Indicators',
  lightbox: 'Lightbox',
  newWindow: 'Open links in a new window',
  transparentBackground: 'Transparent background',
};

export function boundMessage(key: NumberKey): string {
  const [min, max] = GALLERY_BOUNDS[key];
  return `${NUMBER_LABELS[key]} must be between ${min} and ${max}`;
}

const titleCase = (text: string) =>
  text.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => (dash === '' ? c.toUpperCase() : ` ${c}`));

function NumberOption({
  name,
  value,
  onChange,
}: {
  name: NumberKey;
  value: number;
  onChange: (value: number) => void;
}) {
  const id = useId();
  const [text, setText] = useState(String(value));
  const [error, setError] = useState<string | undefined>(undefined);
  useEffect(() => {
    setText(String(value));
    setError(undefined);
  }, [value]);
  const [min, max] = GALLERY_BOUNDS[name];
  return (
    <div className="Field">
      <label htmlFor={id}>{NUMBER_LABELS[name]}</label>
      <input
        id={id}
        type="number"
        min={min}
        max={max}
        step={1}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          const n = Number(event.target.value);
          const whole = name !== 'thumbnails-per-row' || Number.isInteger(n);
          if (event.target.value.trim() === '' || !Number.isFinite(n) || n < min || n > max || !whole)
            setError(boundMessage(name));
          else {
            setError(undefined);
            onChange(n);
          }
        }}
        {...describedBy(`${id}-error`, error)}
      />
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function GalleryOptionsEditor({ value, onChange }: { value: Gallery; onChange: (gallery: Gallery) => void }) {
  const id = useId();
  const set = <K extends keyof Gallery>(key: K, option: Gallery[K]) => onChange({ ...value, [key]: option });
  return (
    <div className="GalleryOptions">
      <div className="Field-row">
        <div className="Field">
          <label htmlFor={`${id}-design`}>Design</label>
          <select
            id={`${id}-design`}
            value={value.design}
            onChange={(event) =>
              onChange(withDesign(value as GalleryOptions, event.target.value as GalleryDesign) as Gallery)
            }
          >
            {GALLERY_DESIGNS.map((design) => (
              <option key={design} value={design}>
                {titleCase(design)}
              </option>
            ))}
          </select>
        </div>
        <div className="Field">
          <label htmlFor={`${id}-aspect`}>Aspect ratio</label>
          <select
            id={`${id}-aspect`}
            value={value['aspect-ratio']}
            onChange={(event) => set('aspect-ratio', event.target.value as Gallery['aspect-ratio'])}
          >
            {(Object.keys(ASPECT_RATIOS) as Gallery['aspect-ratio'][]).map((ratio) => (
              <option key={ratio} value={ratio}>
                {titleCase(ratio)} ({ASPECT_RATIOS[ratio]})
              </option>
            ))}
          </select>
        </div>
        <div className="Field">
          <label htmlFor={`${id}-shown`}>Titles</label>
          <select
            id={`${id}-shown`}
            value={metaShown(value)}
            onChange={(event) => onChange(withMetaShown(value, event.target.value as MetaShown))}
          >
            {META_SHOWN.map((shown) => (
              <option key={shown} value={shown}>
                {META_LABELS[shown]}
              </option>
            ))}
          </select>
        </div>
        <div className="Field">
          <label htmlFor={`${id}-meta`}>Title position</label>
          <select
            id={`${id}-meta`}
            value={value['meta-position']}
            onChange={(event) => set('meta-position', event.target.value as Gallery['meta-position'])}
          >
            {META_POSITIONS.map((position) => (
              <option key={position} value={position}>
                {titleCase(position)}
              </option>
            ))}
          </select>
        </div>
        <div className="Field">
          <label htmlFor={`${id}-align`}>Active alignment</label>
          <select
            id={`${id}-align`}
            value={value['active-alignment']}
            onChange={(event) => set('active-alignment', event.target.value as Gallery['active-alignment'])}
          >
            {(['center', 'left', 'right'] as const).map((alignment) => (
              <option key={alignment} value={alignment}>
                {titleCase(alignment)}
              </option>
            ))}
          </select>
        </div>
        <div className="Field">
          <label htmlFor={`${id}-lightbox`}>Lightbox theme</label>
          <select
            id={`${id}-lightbox`}
            value={value.lightboxTheme}
            onChange={(event) => set('lightboxTheme', event.target.value as Gallery['lightboxTheme'])}
          >
            <option value="dark">Dark</option>
            <option value="light">Light</option>
          </select>
        </div>
      </div>
      <div className="Field-row">
        {(Object.keys(NUMBER_LABELS) as NumberKey[]).map((key) => (
          <NumberOption key={key} name={key} value={value[key]} onChange={(n) => set(key, n)} />
        ))}
      </div>
      <fieldset className="GalleryOptions-flags">
        <legend>Options</legend>
        {(Object.keys(FLAG_LABELS) as FlagKey[]).map((key) => (
          <label key={key} className="Field-inline Checkbox">
            <input type="checkbox" checked={value[key]} onChange={(event) => set(key, event.target.checked)} />
            {FLAG_LABELS[key]}
          </label>
        ))}
      </fieldset>
      <button type="button" className="Button" onClick={() => onChange({ ...GALLERY_DEFAULTS } as Gallery)}>
        Reset gallery options to defaults
      </button>
    </div>
  );
}
