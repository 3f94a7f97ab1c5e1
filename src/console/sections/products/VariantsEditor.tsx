/**
 * A product's options and its variants, as Shopify's editor has them: the merchant names each option
 * and lists its values (Size: S, M, L), and the grid gets one variant per combination (variant-grid.ts:
 * existing combinations keep their price, stock and SKU). Each variant has its price, sale price,
 * stock or unlimited, SKU, weight and picture (one of the product's); "Set every price" changes all
 * prices at once. The grid fits the editor's column at 1366 px and becomes one card per variant on a
 * phone.
 */
import { useState, type ReactNode } from 'react';
import { MAX_OPTIONS, MAX_VARIANTS } from '../../../site/editor/product-form';
import { describedBy, FieldError } from '../../ui/FieldError';
import type { PickedImage } from '../../ui/PicturesEditor';
import { emptyVariant, type VariantDraft } from './draft';
import { generateVariants, optionValuesOf, valuesOf } from './variant-grid';

interface VariantsEditorProps {
  options: string[];
  variants: VariantDraft[];
  currency: string;
  /** Gift cards: every variant is unlimited. */
  stockless: boolean;
  physical: boolean;
  /** Gift cards sell at face value: no sale price to set. */
  saleable: boolean;
  onChange: (options: string[], variants: VariantDraft[]) => void;
  problem: (field: string) => string | undefined;
  /** The product's pictures, from which each variant's is chosen. */
  pictures: readonly PickedImage[];
}

/** A variant's picture, one of the product's (or the one it has from elsewhere, an imported store's). */
function VariantPicture({
  index,
  value,
  pictures,
  onChange,
  error,
}: {
  index: number;
  value: string;
  pictures: readonly PickedImage[];
  onChange: (url: string) => void;
  error?: string;
}) {
  const id = `variant-${index}-imageUrl`;
  const name = (picture: PickedImage, i: number) =>
    `Picture ${i + 1}${picture.altText.trim() === '' ? '' : `: ${picture.altText.trim().slice(0, 40)}`}`;
  return (
    <>
      <select
        id={id}
        aria-label={`Picture, variant ${index + 1}`}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...describedBy(`${id}-error`, error)}
      >
        <option value="">The product’s first</option>
        {pictures.map((picture, i) => (
          <option key={picture.assetUrl} value={picture.assetUrl}>
            {name(picture, i)}
          </option>
        ))}
        {value !== '' && !pictures.some((picture) => picture.assetUrl === value) && (
          <option value={value}>{value.split('/').pop()}</option>
        )}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

export function VariantsEditor({
  options,
  variants,
  currency,
  stockless,
  physical,
  saleable,
  onChange,
  problem,
  pictures,
}: VariantsEditorProps) {
  const [texts, setTexts] = useState(() => optionValuesOf(options, variants).map((option) => option.values.join(', ')));
  const [tooMany, setTooMany] = useState(false);
  const [everyPrice, setEveryPrice] = useState('');
  const setVariant = (i: number, change: Partial<VariantDraft>) =>
    onChange(
      options,
      variants.map((variant, j) => (j === i ? { ...variant, ...change } : variant)),
    );

  /** The grid for `names` with `valueTexts`, from `from` (the variants, their values keyed by `names`). */
  const regenerate = (names: string[], valueTexts: string[], from: VariantDraft[]) => {
    const made = generateVariants(
      names.map((name, i) => ({ name, values: valuesOf(valueTexts[i] ?? '') })),
      from,
      (values, template) => ({
        ...emptyVariant(names),
        values: { ...Object.fromEntries(names.map((name) => [name, ''])), ...values },
        price: template?.price ?? '',
        weightGrams: template?.weightGrams ?? '',
      }),
    );
    setTooMany(made === null);
    if (made === null) return onChange(names, from);
    onChange(names, made.length === 0 ? [emptyVariant(names)] : made);
  };
  const renameOption = (i: number, name: string) => {
    const old = options[i] ?? '';
    onChange(
      options.map((option, j) => (j === i ? name : option)),
      variants.map((variant) => {
        const { [old]: value = '', ...rest } = variant.values;
        return { ...variant, values: { ...rest, [name]: value } };
      }),
    );
  };
  const setValues = (i: number, text: string) => {
    const next = texts.map((t, j) => (j === i ? text : t));
    setTexts(next);
    regenerate(options, next, variants);
  };
  const removeOption = (i: number) => {
    const old = options[i] ?? '';
    const names = options.filter((_, j) => j !== i);
    const next = texts.filter((_, j) => j !== i);
    setTexts(next);
    regenerate(
      names,
      next,
      variants.map((variant) => {
        const { [old]: _gone, ...rest } = variant.values;
        return { ...variant, values: rest };
      }),
    );
  };
  const applyEveryPrice = () => {
    if (everyPrice.trim() === '') return;
    onChange(
      options,
      variants.map((variant) => ({ ...variant, price: everyPrice.trim() })),
    );
  };

  const cell = (i: number, field: string) => `variants.${i}.${field}`;
  const nameOf = (variant: VariantDraft, i: number) =>
    options
      .map((option) => variant.values[option] ?? '')
      .filter((value) => value !== '')
      .join(' / ') || (variants.length === 1 ? 'Default' : `Variant ${i + 1}`);
  const input = (
    i: number,
    field: string,
    label: string,
    value: string,
    set: (value: string) => void,
    inputMode?: 'decimal' | 'numeric',
  ) => {
    const error = problem(cell(i, field));
    const id = `variant-${i}-${field}`;
    return (
      <>
        <input
          id={id}
          className="VariantGrid-input"
          type="text"
          aria-label={`${label}, variant ${i + 1}`}
          value={value}
          inputMode={inputMode}
          onChange={(event) => set(event.target.value)}
          {...describedBy(`${id}-error`, error)}
        />
        <FieldError id={`${id}-error`} message={error} />
      </>
    );
  };
  const td = (label: string, children: ReactNode, className?: string) => (
    <td data-label={label} className={className}>
      {children}
    </td>
  );

  return (
    <div className="VariantsEditor">
      <fieldset className="Field VariantsEditor-options">
        <legend>Options</legend>
        <p className="Field-hint">Such as Size with S, M, L. A variant is made for each combination of values.</p>
        {options.map((option, i) => {
          const error = problem(`options.${i}`);
          const label = option === '' ? `option ${i + 1}` : option;
          return (
            <div key={i} className="VariantsEditor-option">
              <div className="Field">
                <label htmlFor={`option-${i}-name`}>Option name</label>
                <input
                  id={`option-${i}-name`}
                  type="text"
                  value={option}
                  maxLength={100}
                  placeholder="Size"
                  onChange={(event) => renameOption(i, event.target.value)}
                  {...describedBy(`option-${i}-error`, error)}
                />
                <FieldError id={`option-${i}-error`} message={error} />
              </div>
              <div className="Field Field--grow">
                <label htmlFor={`option-${i}-values`}>Values of {label}, separated by commas</label>
                <input
                  id={`option-${i}-values`}
                  type="text"
                  value={texts[i] ?? ''}
                  maxLength={2000}
                  placeholder="S, M, L"
                  onChange={(event) => setValues(i, event.target.value)}
                />
              </div>
              <button type="button" className="Button Button--plain" onClick={() => removeOption(i)}>
                Remove<span className="visually-hidden"> option {label}</span>
              </button>
            </div>
          );
        })}
        {options.length < MAX_OPTIONS && (
          <button
            type="button"
            className="Button"
            onClick={() => {
              setTexts([...texts, '']);
              onChange([...options, ''], variants);
            }}
          >
            Add option
          </button>
        )}
        {tooMany && (
          <p className="FieldError" role="alert">
            Those values make more than {MAX_VARIANTS} variants: remove some.
          </p>
        )}
      </fieldset>
      <div className="VariantsEditor-every">
        <div className="Field">
          <label htmlFor="variants-every-price">Set every price ({currency})</label>
          <input
            id="variants-every-price"
            type="text"
            inputMode="decimal"
            value={everyPrice}
            onChange={(event) => setEveryPrice(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              applyEveryPrice();
            }}
          />
        </div>
        <button type="button" className="Button" onClick={applyEveryPrice} disabled={everyPrice.trim() === ''}>
          Apply to {variants.length} {variants.length === 1 ? 'variant' : 'variants'}
        </button>
      </div>
      <div className="VariantGrid">
        <table>
          <caption className="visually-hidden">Variants</caption>
          <thead>
            <tr>
              <th scope="col">Variant</th>
              <th scope="col">Price ({currency})</th>
              {saleable && <th scope="col">Sale price</th>}
              {!stockless && <th scope="col">Stock</th>}
              <th scope="col">SKU</th>
              {physical && <th scope="col">Weight (g)</th>}
              <th scope="col">Picture</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {variants.map((variant, i) => (
              <tr key={variant.key}>
                <th scope="row" className="VariantGrid-name">
                  {nameOf(variant, i)}
                  <FieldError
                    id={`variant-${i}-values-error`}
                    message={
                      problem(cell(i, 'values')) ??
                      options.map((option) => problem(cell(i, `values.${option}`))).find((p) => p !== undefined)
                    }
                  />
                </th>
                {td(
                  'Price',
                  input(i, 'price', 'Price', variant.price, (price) => setVariant(i, { price }), 'decimal'),
                )}
                {saleable &&
                  td(
                    'Sale price',
                    <div className="VariantGrid-pair">
                      <input
                        type="checkbox"
                        aria-label={`On sale, variant ${i + 1}`}
                        checked={variant.onSale}
                        onChange={(event) => setVariant(i, { onSale: event.target.checked })}
                      />
                      <div>
                        {input(
                          i,
                          'salePrice',
                          'Sale price',
                          variant.salePrice,
                          (salePrice) => setVariant(i, { salePrice }),
                          'decimal',
                        )}
                      </div>
                    </div>,
                  )}
                {!stockless &&
                  td(
                    'Stock',
                    <div className="VariantGrid-pair">
                      <label className="VariantGrid-unlimited" title="Unlimited stock">
                        <input
                          type="checkbox"
                          checked={variant.unlimited}
                          onChange={(event) => setVariant(i, { unlimited: event.target.checked })}
                          aria-label={`Unlimited stock, variant ${i + 1}`}
                        />
                        <span aria-hidden="true">∞</span>
                      </label>
                      <div>
                        {variant.unlimited ? (
                          <span className="Muted">Unlimited</span>
                        ) : (
                          input(i, 'stock', 'Stock', variant.stock, (stock) => setVariant(i, { stock }), 'numeric')
                        )}
                      </div>
                    </div>,
                  )}
                {td(
                  'SKU',
                  input(i, 'sku', 'SKU', variant.sku, (sku) => setVariant(i, { sku })),
                )}
                {physical &&
                  td(
                    'Weight (g)',
                    input(
                      i,
                      'weightGrams',
                      'Weight in grams',
                      variant.weightGrams,
                      (weightGrams) => setVariant(i, { weightGrams }),
                      'numeric',
                    ),
                  )}
                {td(
                  'Picture',
                  <VariantPicture
                    index={i}
                    value={variant.imageUrl}
                    pictures={pictures}
                    onChange={(imageUrl) => setVariant(i, { imageUrl })}
                    error={problem(cell(i, 'imageUrl'))}
                  />,
                )}
                <td className="VariantGrid-remove">
                  {variants.length > 1 && (
                    <button
                      type="button"
                      className="Button Button--plain Button--small"
                      onClick={() =>
                        onChange(
                          options,
                          variants.filter((_, j) => j !== i),
                        )
                      }
                    >
                      Remove<span className="visually-hidden"> {nameOf(variant, i)}</span>
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <FieldError id="variants-error" message={problem('variants')} />
    </div>
  );
}
