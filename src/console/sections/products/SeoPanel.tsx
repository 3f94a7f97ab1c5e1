/**
 * A product's search engine listing, Shopify's way: a preview of how a search result shows it, the
 * SEO title and description with what search engines show of them counted, the URL slug, and the
 * picture shared links show. Empty fields fall back to the title, the short description and the
 * first picture, as the storefront does.
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
  socialImage: string;
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
  fields,
  collectionUrl,
  pictures,
  problem,
  onChange,
}: {
  fields: SeoFields;
  collectionUrl: string;
  pictures: readonly ProductImage[];
  problem: (field: string) => string | undefined;
  onChange: (change: Partial<Pick<SeoFields, 'urlId' | 'seoTitle' | 'seoDescription' | 'socialImage'>>) => void;
}) {
  const title = fields.seoTitle.trim() || fields.title.trim() || 'Product title';
  const description = fields.seoDescription.trim() || fields.excerpt.trim();
  const address = `${location.host}${collectionUrl}/p/${fields.urlId || '…'}`;
  const urlError = problem('urlId');
  return (
    <>
      <div className="SeoPreview" role="group" aria-label="Search result preview">
        <p className="SeoPreview-url">{address}</p>
        <p className="SeoPreview-title">{title}</p>
        <p className="SeoPreview-description">{description || 'Add a description to show here.'}</p>
      </div>
      <Counted
        id="product-seo-title"
        label="Page title"
        value={fields.seoTitle}
        shown={SEO_SHOWN.title}
        max={SEO_LIMITS.title}
        placeholder={fields.title}
        error={problem('seoTitle')}
        onChange={(seoTitle) => onChange({ seoTitle })}
      />
      <Counted
        id="product-seo-description"
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
        <label htmlFor="product-url">URL slug</label>
        <input
          id="product-url"
          type="text"
          value={fields.urlId}
          maxLength={100}
          onChange={(event) => onChange({ urlId: event.target.value })}
          {...describedBy('product-url-error', urlError)}
        />
        <p className="Field-hint">
          {fields.urlId === '' ? 'Made from the title when left empty. ' : ''}Lowercase letters, digits and dashes.
        </p>
        <FieldError id="product-url-error" message={urlError} />
      </div>
      <div className="Field">
        <label htmlFor="product-social-image">Social sharing image</label>
        <select
          id="product-social-image"
          value={fields.socialImage}
          onChange={(event) => onChange({ socialImage: event.target.value })}
          {...describedBy('product-social-image-error', problem('socialImage'))}
        >
          <option value="">The first picture</option>
          {pictures.map((picture, i) => (
            <option key={picture.assetUrl} value={picture.assetUrl}>
              Picture {i + 1}
              {picture.altText === '' ? '' : `: ${picture.altText}`}
            </option>
          ))}
          {fields.socialImage !== '' && !pictures.some((picture) => picture.assetUrl === fields.socialImage) && (
            <option value={fields.socialImage}>{fields.socialImage}</option>
          )}
        </select>
        <FieldError id="product-social-image-error" message={problem('socialImage')} />
      </div>
    </>
  );
}
