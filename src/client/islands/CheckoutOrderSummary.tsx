/**
 * The order as the checkout and the order pages show it: each line with its variant and additional
 * fields (engraving and the like), then subtotal, shipping, tax, discount, gift card and total, all
 * in the store currency.
 */
import type { CartEntry } from '../../commerce/cart';
import type { OrderEntry } from '../checkout-api';
import type { AdditionalFieldsFormDefinition } from '../components/AdditionalFieldsForm';
import EntryAnswers from '../components/EntryAnswers';
import GiftCardRecipient, { giftOfEntry } from '../components/GiftCardRecipient';
import type { GiftCardDetails } from '../../commerce/gift-cards';
import type { FormField } from '../../forms/validate';
import { usePurchaseText } from '../use-purchase-text';

/** One line as the summary shows it, from a checkout's cart entry or an order's entry. */
export interface SummaryLine {
  key: string;
  title: string;
  quantity: number;
  attributes: Record<string, string>;
  /** The additional fields' answers (JSON by field id) and the product's form that names them. */
  additionalFields: string | null;
  answerFields: readonly FormField[] | undefined;
  /** Who a gift card is for; null for other lines. */
  gift: GiftCardDetails | null;
  totalCents: number;
  imageUrl: string | null;
}

/** Each product's additional-fields form by item id: how the answers are named. */
export type AnswerForms = Readonly<Record<string, AdditionalFieldsFormDefinition>>;

export function cartLine(entry: CartEntry, forms: AnswerForms): SummaryLine {
  return {
    key: entry.id,
    title: entry.title,
    quantity: entry.quantity,
    attributes: entry.chosenVariant.attributes,
    additionalFields: entry.additionalFields,
    answerFields: forms[entry.itemId]?.fields,
    gift: giftOfEntry(entry.productType, entry.additionalFields),
    totalCents: entry.purchasePriceCents * entry.quantity,
    imageUrl: entry.imageUrl,
  };
}

export function orderLine(entry: OrderEntry, index: number, forms: AnswerForms): SummaryLine {
  return {
    key: `${entry.sku}-${index}`,
    title: entry.title,
    quantity: entry.quantity,
    attributes: entry.attributes,
    additionalFields: entry.additionalFields,
    answerFields: forms[entry.itemId]?.fields,
    gift: giftOfEntry(entry.productType, entry.additionalFields),
    totalCents: entry.subtotalCents,
    imageUrl: null,
  };
}

export interface OrderTotals {
  subtotalCents: number;
  /** null while no shipping option is chosen yet; absent from orders that ship nothing. */
  shippingCostCents: number | null;
  requiresShipping: boolean;
  taxCents: number;
  discountCents: number;
  giftCardCents: number;
  grandTotalCents: number;
}

function variantText(line: SummaryLine): string {
  return Object.entries(line.attributes)
    .map(([name, value]) => `${name}: ${value}`)
    .join(', ');
}

export function CheckoutLines({
  lines,
  money,
  locale = 'en-US',
}: {
  lines: readonly SummaryLine[];
  money: (cents: number) => string;
  locale?: string;
}) {
  const text = usePurchaseText();
  return (
    <ul className="CheckoutLines" aria-label={text['checkout.lines']}>
      {lines.map((line) => (
        <li key={line.key} className="CheckoutLine">
          {line.imageUrl !== null && (
            <img className="CheckoutLine-image" src={line.imageUrl} alt="" width={56} height={56} />
          )}
          <div className="CheckoutLine-details">
            <p className="CheckoutLine-title">
              <span className="CheckoutLine-name">{line.title}</span>{' '}
              <span className="CheckoutLine-quantity">× {line.quantity}</span>
            </p>
            {variantText(line) !== '' && <p className="CheckoutLine-variant">{variantText(line)}</p>}
            <EntryAnswers json={line.additionalFields} fields={line.answerFields} className="CheckoutLine-answers" />
            <GiftCardRecipient gift={line.gift} locale={locale} className="CheckoutLine-answers CheckoutLine-gift" />
          </div>
          <p className="CheckoutLine-total">{money(line.totalCents)}</p>
        </li>
      ))}
    </ul>
  );
}

/** `due`: the checkout, where what the gift card leaves for the card is still to pay (an order page says what was charged instead). */
export function CheckoutTotals({
  totals,
  money,
  due = false,
}: {
  totals: OrderTotals;
  money: (cents: number) => string;
  due?: boolean;
}) {
  const text = usePurchaseText();
  return (
    <dl className="CheckoutTotals">
      <dt>{text['totals.subtotal']}</dt>
      <dd className="CheckoutTotals-subtotal">{money(totals.subtotalCents)}</dd>
      {totals.requiresShipping && (
        <>
          <dt>{text['totals.shipping']}</dt>
          <dd className="CheckoutTotals-shipping">
            {totals.shippingCostCents === null
              ? text['totals.afterAddress']
              : totals.shippingCostCents === 0
                ? text['totals.free']
                : money(totals.shippingCostCents)}
          </dd>
        </>
      )}
      <dt>{text['totals.tax']}</dt>
      <dd className="CheckoutTotals-tax">{money(totals.taxCents)}</dd>
      {totals.discountCents > 0 && (
        <>
          <dt>{text['totals.discount']}</dt>
          <dd className="CheckoutTotals-discount">−{money(totals.discountCents)}</dd>
        </>
      )}
      {totals.giftCardCents > 0 && (
        <>
          <dt>{text['totals.giftCard']}</dt>
          <dd className="CheckoutTotals-gift-card">−{money(totals.giftCardCents)}</dd>
        </>
      )}
      <dt className="CheckoutTotals-total-label">{text['totals.total']}</dt>
      <dd className="CheckoutTotals-total">{money(totals.grandTotalCents)}</dd>
      {due && totals.giftCardCents > 0 && (
        <>
          <dt>{text['totals.due']}</dt>
          <dd className="CheckoutTotals-due">{money(totals.grandTotalCents - totals.giftCardCents)}</dd>
        </>
      )}
    </dl>
  );
}
