/** The quantity input of a product (spec §5: min 1, max 9999, step 1, initial 1, size 4). */
import { useState } from 'react';
import { QUANTITY_MAX, QUANTITY_MIN } from '../../commerce/cart';
import { fieldValue } from '../field-value';
import { updateSelection } from '../selection';

export interface QuantityInputProps {
  itemId: string;
  label: string;
}

export function clampQuantity(value: number): number {
  if (!Number.isFinite(value)) return QUANTITY_MIN;
  return Math.min(QUANTITY_MAX, Math.max(QUANTITY_MIN, Math.trunc(value)));
}

export default function QuantityInput({ itemId, label }: QuantityInputProps) {
  const [value, setValue] = useState('1');
  const inputId = `quantity-${itemId}`;
  return (
    <div className="product-quantity-input" data-item-id={itemId}>
      <label className="quantity-label" htmlFor={inputId}>
        {label}:
      </label>
      <input
        id={inputId}
        type="number"
        size={4}
        min={QUANTITY_MIN}
        max={QUANTITY_MAX}
        step={1}
        value={value}
        onChange={(event) => {
          setValue(fieldValue(event));
          updateSelection(itemId, { quantity: clampQuantity(Number(fieldValue(event))) });
        }}
        onBlur={() => setValue(String(clampQuantity(Number(value))))}
      />
    </div>
  );
}
