/**
 * Who a gift card in the cart or an order is for: the recipient, the message and when it is sent (issue 32), in the
 * page's language (the purchase texts: the cart, checkout and order pages load them).
 */
import { giftDetailsOf, giftSentBy, sendOnText, type GiftCardDetails } from '../../commerce/gift-cards';
import { ProductType, type ProductTypeCode } from '../../commerce/product';
import { fill } from '../../commerce/storefront-text';
import { usePurchaseText } from '../use-purchase-text';

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
  const text = usePurchaseText();
  if (gift === null) return null;
  return (
    <dl className={className}>
      <div>
        <dt>{text['gift.to']}</dt>
        <dd>
          {gift.recipientName} ({gift.recipientEmail})
        </dd>
      </div>
      {gift.message !== '' && (
        <div>
          <dt>{text['gift.message']}</dt>
          <dd>{gift.message}</dd>
        </div>
      )}
      <div>
        <dt>{text['gift.sent']}</dt>
        <dd>
          {giftSentBy(gift, Date.now())
            ? text['gift.sentOncePaid']
            : fill(text['gift.sentOn'], { date: sendOnText(gift.sendOn ?? '', locale) })}
        </dd>
      </div>
    </dl>
  );
}
