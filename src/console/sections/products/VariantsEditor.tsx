/**
 * A product's options (Size, Colour, …) and its variants: for each, a value per option, price, sale
 * price, stock or unlimited, SKU, weight and picture (one of the product's). A table that scrolls sideways on a tablet.
 */
import { MAX_OPTIONS, MAX_VARIANTS } from '../../../site/editor/product-form';
import { describedBy, FieldError } from '../../ui/FieldError';
import type { PickedImage } from '../../ui/PicturesEditor';
import { emptyVariant, type VariantDraft } from './draft';

interface VariantsEditorProps {
  options: string[];
  variants: VariantDraft[];
  currency: string;
  /** Gift cards: every variant is unlimited. */
  stockless: boolean;
  physical: boolean;
  onChange: (options: string[], variants: VariantDraft[]) => void;
  problem: (field: string) => string | undefined;
  /** The product's pictures, from which each variant's is chosen. */
  pictures: readonly PickedImage[];
}

/** A variant's picture, one of the product's (or the one it has from elsewhere, an imported store's). */
function VariantPicture({ index, value, pictures, onChange, error }: { index: number; value: string; pictures: readonly PickedImage[]; onChange: (url: string) => void; error?: string }) {
  const id = `variant-${index}-imageUrl`;
  const name = (picture: PickedImage, i: number) => `Picture ${i + 1}${picture.altText.trim() === '' ? '' : `: ${picture.altText.trim().slice(0, 40)}`}`;
  return (
    <>
      <select id={id} aria-label={`Picture, variant ${index + 1}`} value={value} onChange={(event) => onChange(event.target.value)} {...describedBy(`${id}-error`, error)}>
        <option value="">The product’s first</option>
        {pictures.map((picture, i) => (
          <option key={picture.assetUrl} value={picture.assetUrl}>
            {name(picture, i)}
          </option>
        ))}
        {value !== '' && !pictures.some((picture) => picture.assetUrl === value) && <option value={value}>{value.split('/').pop()}</option>}
      </select>
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

export function VariantsEditor({ options, variants, currency, stockless, physical, onChange, problem, pictures }: VariantsEditorProps) {
  const setVariant = (i: number, change: Partial<VariantDraft>) => onChange(options, variants.map((variant, j) => (j === i ? { ...variant, ...change } : variant)));
  const renameOption = (i: number, name: string) => {
    const old = options[i] ?? '';
    const renamed = options.map((option, j) => (j === i ? name : option));
    onChange(
      renamed,
      variants.map((variant) => {
        const { [old]: value = '', ...rest } = variant.values;
        return { ...variant, values: { ...rest, [name]: value } };
      }),
    );
  };
  const removeOption = (i: number) => {
    const old = options[i] ?? '';
    onChange(
      options.filter((_, j) => j !== i),
      variants.map((variant) => {
        const { [old]: _gone, ...rest } = variant.values;
        return { ...variant, values: rest };
      }),
    );
  };
  const cell = (i: number, field: string) => `variants.${i}.${field}`;
  const input = (i: number, field: string, label: string, value: string, set: (value: string) => void, extra: { inputMode?: 'decimal' | 'numeric'; size?: number } = {}) => {
    const error = problem(cell(i, field));
    const id = `variant-${i}-${field.replace(/\W/g, '-')}`;
    return (
      <td>
        <input id={id} type="text" aria-label={`${label}, variant ${i + 1}`} value={value} size={extra.size ?? 8} inputMode={extra.inputMode} onChange={(event) => set(event.target.value)} {...describedBy(`${id}-error`, error)} />
        <FieldError id={`${id}-error`} message={error} />
      </td>
    );
  };

  return (
    <div className="VariantsEditor">
      <fieldset className="Field">
        <legend>Options</legend>
        <p className="Field-hint">Such as Size or Colour. Each variant has a value for each option.</p>
        {options.map((option, i) => {
          const error = problem(`options.${i}`);
          return (
            <div key={i} className="Field-inline VariantsEditor-option">
              <input type="text" aria-label={`Option ${i + 1} name`} value={option} maxLength={100} onChange={(event) => renameOption(i, event.target.value)} {...describedBy(`option-${i}-error`, error)} />
              <button type="button" className="Button Button--plain" onClick={() => removeOption(i)}>
                Remove option {option === '' ? i + 1 : option}
              </button>
              <FieldError id={`option-${i}-error`} message={error} />
            </div>
          );
        })}
        {options.length < MAX_OPTIONS && (
          <button type="button" className="Button" onClick={() => onChange([...options, ''], variants)}>
            Add option
          </button>
        )}
      </fieldset>
      <div className="DataTable VariantsEditor-table">
        <div className="DataTable-scroll">
          <table>
            <caption className="visually-hidden">Variants</caption>
            <thead>
              <tr>
                {options.map((option, i) => (
                  <th key={i} scope="col">
                    {option === '' ? `Option ${i + 1}` : option}
                  </th>
                ))}
                <th scope="col">Price ({currency})</th>
                <th scope="col">On sale</th>
                <th scope="col">Sale price</th>
                {!stockless && <th scope="col">Unlimited</th>}
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
                  {options.map((option, o) => (
                    <td key={o}>
                      <input
                        type="text"
                        aria-label={`${option === '' ? `Option ${o + 1}` : option}, variant ${i + 1}`}
                        value={variant.values[option] ?? ''}
                        size={8}
                        maxLength={100}
                        onChange={(event) => setVariant(i, { values: { ...variant.values, [option]: event.target.value } })}
                        {...describedBy(`variant-${i}-value-${o}-error`, problem(cell(i, `values.${option}`)))}
                      />
                      <FieldError id={`variant-${i}-value-${o}-error`} message={problem(cell(i, `values.${option}`))} />
                    </td>
                  ))}
                  {input(i, 'price', 'Price', variant.price, (price) => setVariant(i, { price }), { inputMode: 'decimal' })}
                  <td>
                    <input type="checkbox" aria-label={`On sale, variant ${i + 1}`} checked={variant.onSale} onChange={(event) => setVariant(i, { onSale: event.target.checked })} />
                  </td>
                  {input(i, 'salePrice', 'Sale price', variant.salePrice, (salePrice) => setVariant(i, { salePrice }), { inputMode: 'decimal' })}
                  {!stockless && (
                    <td>
                      <input type="checkbox" aria-label={`Unlimited stock, variant ${i + 1}`} checked={variant.unlimited} onChange={(event) => setVariant(i, { unlimited: event.target.checked })} />
                    </td>
                  )}
                  {!stockless && (variant.unlimited ? <td className="Muted">∞</td> : input(i, 'stock', 'Stock', variant.stock, (stock) => setVariant(i, { stock }), { inputMode: 'numeric', size: 5 }))}
                  {input(i, 'sku', 'SKU', variant.sku, (sku) => setVariant(i, { sku }), { size: 10 })}
                  {physical && input(i, 'weightGrams', 'Weight in grams', variant.weightGrams, (weightGrams) => setVariant(i, { weightGrams }), { inputMode: 'numeric', size: 5 })}
                  <td>
                    <VariantPicture index={i} value={variant.imageUrl} pictures={pictures} onChange={(imageUrl) => setVariant(i, { imageUrl })} error={problem(cell(i, 'imageUrl'))} />
                  </td>
                  <td>
                    {variants.length > 1 && (
                      <button type="button" className="Button Button--plain Button--small" onClick={() => onChange(options, variants.filter((_, j) => j !== i))}>
                        Remove<span className="visually-hidden"> variant {i + 1}</span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <FieldError id="variants-error" message={problem('variants') ?? variants.map((_, i) => problem(cell(i, 'values'))).find((p) => p !== undefined)} />
      {variants.length < MAX_VARIANTS && (
        <button type="button" className="Button" onClick={() => onChange(options, [...variants, emptyVariant(options)])}>
          Add variant
        </button>
      )}
    </div>
  );
}
