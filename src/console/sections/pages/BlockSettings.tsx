/**
 * One block's settings as a small form, by its type (src/site/editor/page-blocks.ts): the text in
 * the rich-text editor, an image or a gallery with the pictures editor (upload, file manager or
 * address; alt text), the product or form it shows, a products grid's collection, tag, count and
 * columns, a newsletter's heading, a chart's dataset in the chart dataset editor, a code block's
 * source (read-only without the code-injection permission).
 */
import { useState } from 'react';
import { api } from '../../../api';
import type { PageBlock, PageBlockOf } from '../../../site/editor/page-blocks';
import { MAX_CODE_BLOCK, MAX_GALLERY_IMAGES, PRODUCTS_GRID } from '../../../site/editor/page-blocks';
import { draftOf } from '../../../site/editor/chart';
import type { ConsoleSession } from '../../section-types';
import { describedBy, FieldError, useFetch } from '../../ui';
import { PicturesEditor, type PickedImage } from '../../ui/PicturesEditor';
import { RichTextEditor } from '../posts/RichTextEditor';
import { DatasetDialog, NEW_CHART } from './ChartDialog';

export interface BlockSettingsProps<T extends PageBlock['type']> {
  block: PageBlockOf<T>;
  onChange: (block: PageBlockOf<T>) => void;
  session: ConsoleSession;
  /** The save's message for a field of this block ('assetUrl', 'images'), if any. */
  problem: (field: string) => string | undefined;
}

const picked = (image: { assetUrl: string; altText?: string | undefined; originalSize?: string | undefined }) => ({
  assetUrl: image.assetUrl,
  altText: image.altText ?? '',
  originalSize: image.originalSize ?? '',
});
/** A picked picture as a block stores it: a size the editor could not measure is left out. */
const stored = (picture: PickedImage) => ({
  assetUrl: picture.assetUrl,
  altText: picture.altText.trim(),
  ...(/^\d+x\d+$/.test(picture.originalSize) ? { originalSize: picture.originalSize } : {}),
});

function TextField({
  id,
  label,
  value,
  onChange,
  max,
  problem,
  multiline = false,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  max: number;
  problem?: string | undefined;
  multiline?: boolean;
}) {
  const props = {
    id,
    value,
    maxLength: max,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    ...describedBy(`${id}-error`, problem),
  };
  return (
    <div className="Field">
      <label htmlFor={id}>{label}</label>
      {multiline ? <textarea rows={3} {...props} /> : <input {...props} />}
      <FieldError id={`${id}-error`} message={problem} />
    </div>
  );
}

function TextSettings({ block, onChange, session }: BlockSettingsProps<'html'>) {
  return (
    <RichTextEditor
      id={`${block.id}-html`}
      label="Text"
      value={block.html ?? ''}
      onChange={(html) => onChange({ ...block, html })}
      session={session}
    />
  );
}

function ImageSettings({ block, onChange, session, problem }: BlockSettingsProps<'image'>) {
  const pictures = block.assetUrl === '' ? [] : [picked(block)];
  return (
    <>
      <PicturesEditor
        id={`${block.id}-image`}
        pictures={pictures}
        max={1}
        canUpload={session.can.content}
        problem={(name) => (name === 'images' || name === 'images.0' ? problem('assetUrl') : undefined)}
        onChange={(change) => {
          const [first] = change(pictures);
          const { altText: _alt, originalSize: _size, ...rest } = block;
          onChange(first === undefined ? { ...rest, assetUrl: '' } : { ...rest, ...stored(first) });
        }}
      />
      <TextField
        id={`${block.id}-caption`}
        label="Caption"
        value={block.caption ?? ''}
        max={500}
        onChange={(caption) => onChange({ ...block, caption })}
      />
    </>
  );
}

function GallerySettings({ block, onChange, session, problem }: BlockSettingsProps<'gallery'>) {
  const pictures = block.images.map(picked);
  return (
    <>
      <TextField
        id={`${block.id}-title`}
        label="Heading (optional)"
        value={block.title ?? ''}
        max={200}
        onChange={(title) => onChange({ ...block, title })}
      />
      <PicturesEditor
        id={`${block.id}-images`}
        pictures={pictures}
        max={MAX_GALLERY_IMAGES}
        canUpload={session.can.content}
        problem={(name) => problem(name)}
        onChange={(change) => onChange({ ...block, images: change(pictures).map(stored) })}
      />
    </>
  );
}

function ProductSettings({ block, onChange, problem }: BlockSettingsProps<'product'>) {
  const products = useFetch(api.products.at({ sort: 'title' }));
  const id = `${block.id}-product`;
  return (
    <>
      <div className="Field">
        <label htmlFor={id}>Product</label>
        <select
          id={id}
          value={block.productId}
          onChange={(event) => onChange({ ...block, productId: event.target.value })}
          {...describedBy(`${id}-error`, problem('productId'))}
        >
          <option value="">{products.data === undefined ? 'Loading the products…' : 'Choose a product'}</option>
          {(products.data?.products ?? []).map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-error`} message={problem('productId')} />
      </div>
      <div className="Field">
        <label htmlFor={`${block.id}-button`}>Button</label>
        <select
          id={`${block.id}-button`}
          value={block.buttonType ?? 'cart'}
          onChange={(event) =>
            onChange({ ...block, buttonType: event.target.value === 'express' ? 'express' : 'cart' })
          }
        >
          <option value="cart">Add to cart</option>
          <option value="express">Buy now (straight to checkout)</option>
        </select>
      </div>
    </>
  );
}

function FormSettings({ block, onChange, problem }: BlockSettingsProps<'form'>) {
  const forms = useFetch(api.forms.at());
  const id = `${block.id}-form`;
  return (
    <>
      <TextField
        id={`${block.id}-title`}
        label="Heading (optional)"
        value={block.title ?? ''}
        max={200}
        onChange={(title) => onChange({ ...block, title })}
      />
      <div className="Field">
        <label htmlFor={id}>Form</label>
        <select
          id={id}
          value={block.formId}
          onChange={(event) => onChange({ ...block, formId: event.target.value })}
          {...describedBy(`${id}-error`, problem('formId'))}
        >
          <option value="">{forms.data === undefined ? 'Loading the forms…' : 'Choose a form'}</option>
          {(forms.data?.forms ?? [])
            .filter((form) => form.kind === 'form')
            .map((form) => (
              <option key={form.id} value={form.id}>
                {form.name}
              </option>
            ))}
        </select>
        <FieldError id={`${id}-error`} message={problem('formId')} />
      </div>
    </>
  );
}

function NewsletterSettings({ block, onChange }: BlockSettingsProps<'newsletter'>) {
  return (
    <>
      <TextField
        id={`${block.id}-title`}
        label="Heading"
        value={block.title ?? ''}
        max={200}
        onChange={(title) => onChange({ ...block, title })}
      />
      <TextField
        id={`${block.id}-description`}
        label="Description"
        value={block.description ?? ''}
        max={1000}
        multiline
        onChange={(description) => onChange({ ...block, description })}
      />
    </>
  );
}

function ChartSettings({ block, onChange, problem }: BlockSettingsProps<'chart'>) {
  const [editing, setEditing] = useState((block.columns ?? []).length === 0);
  const columns = block.columns ?? [];
  const rows = block.rows ?? [];
  return (
    <>
      <p className="Muted">
        {block.title || 'No title yet'} · {columns.length} {columns.length === 1 ? 'column' : 'columns'}, {rows.length}{' '}
        {rows.length === 1 ? 'row' : 'rows'}
      </p>
      <button type="button" className="Button Button--small" onClick={() => setEditing(true)}>
        Edit data
      </button>
      <FieldError id={`${block.id}-dataset-error`} message={problem('columns')} />
      {editing && (
        <DatasetDialog
          editing={{ title: block.title ?? '', draft: columns.length === 0 ? NEW_CHART : draftOf({ columns, rows }) }}
          onCancel={() => setEditing(false)}
          onDone={async (title, dataset) => {
            onChange({ ...block, title, ...dataset });
            setEditing(false);
          }}
        />
      )}
    </>
  );
}

function CodeSettings({ block, onChange, session, problem }: BlockSettingsProps<'code'>) {
  const id = `${block.id}-code`;
  const allowed = session.can.codeInjection;
  return (
    <div className="Field">
      <label htmlFor={id}>Code (HTML, served as written)</label>
      <textarea
        id={id}
        className="CodeInput"
        rows={6}
        spellCheck={false}
        value={block.code}
        maxLength={MAX_CODE_BLOCK}
        readOnly={!allowed}
        onChange={(event) => onChange({ ...block, code: event.target.value })}
        {...describedBy(`${id}-error`, problem('code'))}
      />
      {!allowed && <p className="Field-hint">Only an administrator or a website manager may change code blocks.</p>}
      <FieldError id={`${id}-error`} message={problem('code')} />
    </div>
  );
}

function ProductsSettings({ block, onChange, problem }: BlockSettingsProps<'products'>) {
  const listed = useFetch(api.pages.at());
  const field = (name: string) => `${block.id}-${name}`;
  const numberOf = (text: string, fallback: number) => (/^\d+$/.test(text) ? Number(text) : fallback);
  return (
    <>
      <div className="Field">
        <label htmlFor={field('title')}>Heading</label>
        <input
          id={field('title')}
          value={block.title ?? ''}
          maxLength={200}
          onChange={(event) => onChange({ ...block, title: event.target.value })}
        />
      </div>
      <div className="Field">
        <label htmlFor={field('collection')}>Collection</label>
        <select
          id={field('collection')}
          value={block.collectionId}
          onChange={(event) => onChange({ ...block, collectionId: event.target.value })}
          {...describedBy(`${field('collection')}-error`, problem('collectionId'))}
        >
          <option value="">{listed.data === undefined ? 'Loading the collections…' : 'Choose a collection'}</option>
          {(listed.data?.productCollections ?? []).map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.title}
            </option>
          ))}
        </select>
        <FieldError id={`${field('collection')}-error`} message={problem('collectionId')} />
      </div>
      <div className="Field">
        <label htmlFor={field('tag')}>Only products tagged</label>
        <input
          id={field('tag')}
          value={block.tag ?? ''}
          maxLength={50}
          aria-describedby={`${field('tag')}-hint`}
          onChange={(event) => onChange({ ...block, tag: event.target.value })}
        />
        <p id={`${field('tag')}-hint`} className="Field-hint">
          Empty: every product of the collection, newest first.
        </p>
      </div>
      <div className="Field">
        <label htmlFor={field('count')}>How many</label>
        <input
          id={field('count')}
          type="number"
          min={1}
          max={PRODUCTS_GRID.maxCount}
          value={block.count}
          onChange={(event) => onChange({ ...block, count: numberOf(event.target.value, block.count) })}
          {...describedBy(`${field('count')}-error`, problem('count'))}
        />
        <FieldError id={`${field('count')}-error`} message={problem('count')} />
      </div>
      <div className="Field">
        <label htmlFor={field('columns')}>Columns on wide screens</label>
        <select
          id={field('columns')}
          value={block.columns}
          onChange={(event) => onChange({ ...block, columns: Number(event.target.value) })}
        >
          {[2, 3, 4].map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}

/** The settings form of `block`, by its type. */
export function BlockSettings(props: BlockSettingsProps<PageBlock['type']>) {
  const { block } = props;
  const as = <T extends PageBlock['type']>() => props as unknown as BlockSettingsProps<T>;
  switch (block.type) {
    case 'html':
      return <TextSettings {...as<'html'>()} />;
    case 'image':
      return <ImageSettings {...as<'image'>()} />;
    case 'gallery':
      return <GallerySettings {...as<'gallery'>()} />;
    case 'product':
      return <ProductSettings {...as<'product'>()} />;
    case 'products':
      return <ProductsSettings {...as<'products'>()} />;
    case 'form':
      return <FormSettings {...as<'form'>()} />;
    case 'newsletter':
      return <NewsletterSettings {...as<'newsletter'>()} />;
    case 'chart':
      return <ChartSettings {...as<'chart'>()} />;
    case 'code':
      return <CodeSettings {...as<'code'>()} />;
  }
}
