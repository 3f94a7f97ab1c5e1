/** Who a gift card in the cart or an order is for: the recipient, the message and when it is sent (issue 32). */
import { giftDetailsOf, giftSentBy, sendOnText, type GiftCardDetails } from '../../commerce/gift-cards';
import { ProductType, type ProductTypeCode } from '../../commerce/product';

/** The details of a gift card's entry; null for any other product or a card the buyer keeps. */
export function giftOfEntry(productType: ProductTypeCode, additionalFields: string | null): GiftCardDetails | null {
  return productType === ProductType.GiftCard ? giftDetailsOf(additionalFields) : null;
}

export default function GiftCardRecipient({
  gift,
  locale,
  className,
}: {
  gift: GiftCardDetails | null;
  locale: string;
  className: string;
}) {
  if (gift === null) return null;
  return (
    <dl className={className}>
      <div>
        <dt>To</dt>
        <dd>
          {gift.recipientName} ({gift.recipientEmail})
        </dd>
      </div>
      {gift.message !== '' && (
        <div>
          <dt>Message</dt>
          <dd>{gift.message}</dd>
        </div>
      )}
      <div>
        <dt>Sent</dt>
        <dd>
          {giftSentBy(gift, Date.now()) ? 'by email once paid' : `by email on ${sendOnText(gift.sendOn ?? '', locale)}`}
        </dd>
      </div>
    </dl>
  );
}
