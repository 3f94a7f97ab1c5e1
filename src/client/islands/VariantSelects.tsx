/**
 * One select per product option ('Select {name}' until chosen). A value no in-stock variant offers
 * with the other choices made is marked sold out but can still be chosen (so its back-in-stock
 * sign-up can be reached); the chosen variant goes to the add-to-cart button, the price and the
 * sign-up through the shared selection.
 */
import { useState } from 'react';
import { fieldValue } from '../field-value';
import { fill, merchantOr } from '../../commerce/storefront-text';
import { updateSelection } from '../selection';
import { useShopperText } from '../use-shopper-text';

export interface VariantChoice {
  sku: string;
  attributes: Record<string, string>;
  available: boolean;
}

export interface VariantSelectsProps {
  itemId: string;
  options: { name: string; values: string[] }[];
  variants: VariantChoice[];
  selectText: string;
}

type Chosen = Record<string, string>;

function matches(variant: VariantChoice, chosen: Chosen, except?: string): boolean {
  return Object.entries(chosen).every(
    ([name, value]) => name === except || value === '' || variant.attributes[name] === value,
  );
}

export function chosenVariant(
  variants: readonly VariantChoice[],
  options: VariantSelectsProps['options'],
  chosen: Chosen,
) {
  if (options.some((o) => !chosen[o.name])) return null;
  return variants.find((v) => matches(v, chosen)) ?? null;
}

export function isValueAvailable(
  variants: readonly VariantChoice[],
  chosen: Chosen,
  name: string,
  value: string,
): boolean {
  return variants.some((v) => v.available && v.attributes[name] === value && matches(v, chosen, name));
}

export default function VariantSelects({ itemId, options, variants, selectText }: VariantSelectsProps) {
  const [chosen, setChosen] = useState<Chosen>({});
  const text = useShopperText();
  const choose = (name: string, value: string) => {
    const next = { ...chosen, [name]: value };
    setChosen(next);
    const variant = chosenVariant(variants, options, next);
    updateSelection(itemId, {
      sku: variant?.available ? variant.sku : null,
      variant: variant?.sku ?? null,
      missing: options.filter((o) => !next[o.name]).map((o) => o.name),
      soldOut: variant !== null && !variant.available,
    });
  };
  return (
    <div className="product-variants" data-item-id={itemId}>
      {options.map((option) => {
        const id = `variant-${itemId}-${option.name}`;
        const placeholder = merchantOr(selectText, 'product.select', text).replace('{variantName}', option.name);
        return (
          <div className="variant-option" key={option.name}>
            <label className="variant-option-title" htmlFor={id}>
              {option.name}:
            </label>
            <div className="variant-select-wrapper">
              <select
                id={id}
                data-variant-option-name={option.name}
                value={chosen[option.name] ?? ''}
                onChange={(e) => choose(option.name, fieldValue(e))}
              >
                <option value="">{placeholder}</option>
                {option.values.map((value) => {
                  const available = isValueAvailable(variants, chosen, option.name, value);
                  return (
                    <option key={value} value={value} data-sold-out={available ? undefined : 'true'}>
                      {available ? value : fill(text['product.valueSoldOut'], { value })}
                    </option>
                  );
                })}
              </select>
            </div>
          </div>
        );
      })}
    </div>
  );
}
