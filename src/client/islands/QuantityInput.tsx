/**
 * The quantity input of a product (spec §5: min 1, max 9999, step 1, initial 1, size 4). A quantity
 * that cannot be bought (0, −2, 2.5, 12000, text) stays as typed and gets the spec's message when
 * the input is left; the add-to-cart button refuses it with the same message.
 */
import { useState } from 'react';
import { parseQuantity, QUANTITY_MAX, QUANTITY_MIN } from '../../commerce/cart';
import { merchantOr } from '../../commerce/storefront-text';
import { useShopperText } from '../use-shopper-text';
import { fieldValue } from '../field-value';
import { updateSelection } from '../selection';

export interface QuantityInputProps {
  itemId: string;
  label: string;
}

export default function QuantityInput({ itemId, label }: QuantityInputProps) {
  const text = useShopperText();
  const [value, setValue] = useState('1');
  const [shown, setShown] = useState<string | null>(null);
  const inputId = `quantity-${itemId}`;
  const problemId = `${inputId}-problem`;
  const problemOf = (text: string) => {
    const parsed = parseQuantity(text);
    return 'error' in parsed ? parsed.error : null;
  };
  return (
    <div className="product-quantity-input" data-item-id={itemId}>
      <label className="quantity-label" htmlFor={inputId}>
        {merchantOr(label, 'product.quantity', text)}:
      </label>
      <input
        id={inputId}
        type="number"
        size={4}
        min={QUANTITY_MIN}
        max={QUANTITY_MAX}
        step={1}
        value={value}
        aria-invalid={shown !== null}
        aria-describedby={shown !== null ? problemId : undefined}
        onChange={(event) => {
          const text = fieldValue(event);
          const parsed = parseQuantity(text);
          setValue(text);
          if (shown !== null) setShown(problemOf(text));
          updateSelection(
            itemId,
            'error' in parsed
              ? { quantityProblem: parsed.error }
              : { quantity: parsed.quantity, quantityProblem: null },
          );
        }}
        onBlur={() => setShown(problemOf(value))}
      />
      {shown !== null && (
        <p id={problemId} className="product-quantity-problem" role="alert">
          {shown}
        </p>
      )}
    </div>
  );
}
