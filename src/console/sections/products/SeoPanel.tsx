/**
 * The search engine listing of a product, page or post, Shopify's way, one panel for the three
 * editors: a preview of how a search result shows it, the SEO title and description with what search
 * engines show of them counted, the URL slug, and (for a product) the picture shared links show.
 * Empty fields fall back to the title, the short description and the first picture, as the
 * storefront does.
 */
import { SEO_LIMITS, SEO_SHOWN } from '../../../site/editor/page-seo';
import type { ProductImage } from '../../../site/editor/product-form';
import { describedBy, FieldError } from '../../ui/FieldError';

export interface SeoFields {
  title: string;
  excerpt: string;
  urlId: string;
  seoTitle: string;
  seoDescription: string;
  socialImage?: string;
}

/** A field's description: its hint, and its error when it has one. */
function withHint(hintId: string, errorId: string, error: string | undefined) {
  const described = describedBy(errorId, error);
  return { ...described, 'aria-describedby': [hintId, described['aria-describedby']].filter(Boolean).join(' ') };
}

function Counted({
  id,
  label,
  value,
  shown,
  max,
  multiline = false,
  placeholder,
  error,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  shown: number;
  max: number;
  multiline?: boolean;
  placeholder: string;
  error?: string;
  onChange: (value: string) => void;
}) {
  const count = `${id}-count`;
  const described = describedBy(`${id}-error`, error);
  const props = {
    id,
    value,
    maxLength: max,
    placeholder,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    ...described,
    'aria-describedby': [count, described['aria-describedby']].filter(Boolean).join(' '),
  };
  return (
    <div className="Field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea {...props} rows={3} /> : <input type="text" {...props} />}
      <p id={count} className="Field-hint">
        {value.length} of {shown} characters used
        {value.length > shown ? ': search engines may cut the rest' : ''}
      </p>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function SeoPanel({
  id,
  fields,
  path,
  slugHint = '',
  pictures,
  problem,
  onChange,
}: {
  /** The editor's name ('product', 'page', 'post'): the fields' ids start with it. */
  id: string;
  fields: SeoFields;
  /** The address up to the slug: '/shop/p/', '/', '/blog/'. */
  path: string;
  /** What else a new slug does, after the slug's own rules. */
  slugHint?: string;
  /** A product's pictures, one of which shared links may show; none given: no choice (the item's own picture). */
  pictures?: readonly ProductImage[];
  problem: (field: string) => string | undefined;
  onChange: (change: Partial<Pick<SeoFields, 'urlId' | 'seoTitle' | 'seoDescription' | 'socialImage'>>) => void;
}) {
  const title = fields.seoTitle.trim() || fields.title.trim() || 'Title';
  const description = fields.seoDescription.trim() || fields.excerpt.trim();
  const address = `${location.host}${path}${fields.urlId || '…'}`;
  const urlError = problem('urlId');
  return (
    <>
      <div className="SeoPreview" role="group" aria-label="Search result preview">
        <p className="SeoPreview-url">{address}</p>
        <p className="SeoPreview-title">{title}</p>
        <p className="SeoPreview-description">{description || 'Add a description to show here.'}</p>
      </div>
      <Counted
        id={`${id}-seo-title`}
        label="Page title"
        value={fields.seoTitle}
        shown={SEO_SHOWN.title}
        max={SEO_LIMITS.title}
        placeholder={fields.title}
        error={problem('seoTitle')}
        onChange={(seoTitle) => onChange({ seoTitle })}
      />
      <Counted
        id={`${id}-seo-description`}
        label="Meta description"
        multiline
        value={fields.seoDescription}
        shown={SEO_SHOWN.description}
        max={SEO_LIMITS.description}
        placeholder={fields.excerpt}
        error={problem('seoDescription')}
        onChange={(seoDescription) => onChange({ seoDescription })}
      />
      <div className="Field">
        <label htmlFor={`${id}-url`}>URL slug</label>
        <input
          id={`${id}-url`}
          type="text"
          value={fields.urlId}
          maxLength={100}
          onChange={(event) => onChange({ urlId: event.target.value })}
          {...withHint(`${id}-url-hint`, `${id}-url-error`, urlError)}
        />
        <p id={`${id}-url-hint`} className="Field-hint">
          {fields.urlId === '' ? 'Made from the title when left empty. ' : ''}Lowercase letters, digits and dashes.
          {slugHint === '' ? '' : ` ${slugHint}`}
        </p>
        <FieldError id={`${id}-url-error`} message={urlError} />
      </div>
      {pictures !== undefined && (
        <div className="Field">
          <label htmlFor={`${id}-social-image`}>Social sharing image</label>
          <select
            id={`${id}-social-image`}
            value={fields.socialImage ?? ''}
            onChange={(event) => onChange({ socialImage: event.target.value })}
            {...describedBy(`${id}-social-image-error`, problem('socialImage'))}
          >
            <option value="">The first picture</option>
            {pictures.map((picture, i) => (
              <option key={picture.assetUrl} value={picture.assetUrl}>
                Picture {i + 1}
                {picture.altText === '' ? '' : `: ${picture.altText}`}
              </option>
            ))}
            {fields.socialImage && !pictures.some((picture) => picture.assetUrl === fields.socialImage) && (
              <option value={fields.socialImage}>{fields.socialImage}</option>
            )}
          </select>
          <FieldError id={`${id}-social-image-error`} message={problem('socialImage')} />
        </div>
      )}
    </>
  );
}
