/** One entry of the cart page: image, title, variant, answers, unit price, quantity input, subtotal, remove. */
import { QUANTITY_MAX, type CartEntry } from '../../commerce/cart';
import type { FormField } from '../../forms/validate';
import { fill } from '../../commerce/storefront-text';
import { fieldValue } from '../field-value';
import { useShopperText } from '../use-shopper-text';
import EntryAnswers from './EntryAnswers';
import GiftCardRecipient, { giftOfEntry } from './GiftCardRecipient';

export interface CartLineItemProps {
  entry: CartEntry;
  money: (cents: number) => string;
  /** A change of this entry is in flight. */
  pending: boolean;
  /** The quantity being typed, if any. */
  draft: string | undefined;
  onType: (text: string) => void;
  onCommit: () => void;
  onRemove: () => void;
  /** Opens the entry's additional-fields form; absent when the product has none. */
  onEdit: (() => void) | null;
  /** The fields of the product's additional-fields form, to show the entry's answers. */
  fields: readonly FormField[] | undefined;
  /** The shopper's locale (a gift card's send date). */
  locale: string;
}

function variantText(entry: CartEntry): string {
  return Object.entries(entry.chosenVariant.attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

export default function CartLineItem({
  entry,
  money,
  pending,
  draft,
  onType,
  onCommit,
  onRemove,
  onEdit,
  fields,
  locale,
}: CartLineItemProps) {
  const quantityId = `cart-quantity-${entry.id}`;
  const text = useShopperText();
  return (
    <li className="CartEntry" data-entry-id={entry.id} aria-busy={pending}>
      {entry.imageUrl !== null && (
        <img className="CartEntry-image" src={entry.imageUrl} alt="" width={96} height={96} />
      )}
      <div className="CartEntry-details">
        <a className="CartEntry-title" href={entry.url}>
          {entry.title}
        </a>
        {variantText(entry) !== '' && <p className="CartEntry-variant">{variantText(entry)}</p>}
        <EntryAnswers json={entry.additionalFields} fields={fields} className="CartEntry-answers" />
        <GiftCardRecipient
          gift={giftOfEntry(entry.productType, entry.additionalFields)}
          locale={locale}
          className="CartEntry-answers CartEntry-gift"
        />
        <p className="CartEntry-price">{fill(text['cart.each'], { price: money(entry.purchasePriceCents) })}</p>
        {onEdit !== null && (
          <button type="button" className="CartEntry-edit" onClick={onEdit}>
            {text['cart.editDetails']}
            <span className="visually-hidden"> for {entry.title}</span>
          </button>
        )}
      </div>
      <div className="CartEntry-quantity">
        <label htmlFor={quantityId}>{text['cart.quantity']}</label>
        <input
          id={quantityId}
          type="number"
          inputMode="numeric"
          // 0 removes the line (the cart page offers its Undo).
          min={0}
          max={QUANTITY_MAX}
          step={1}
          value={draft ?? String(entry.quantity)}
          onChange={(event) => onType(fieldValue(event))}
          onBlur={onCommit}
          // On key up: an alert opened on key down would take the same Enter as a press of its OK.
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          onKeyUp={(event) => event.key === 'Enter' && onCommit()}
        />
      </div>
      <p className="CartEntry-subtotal">{money(entry.purchasePriceCents * entry.quantity)}</p>
      <button type="button" className="CartEntry-remove" onClick={onRemove}>
        {text['cart.remove']}
        <span className="visually-hidden"> {entry.title}</span>
      </button>
    </li>
  );
}
