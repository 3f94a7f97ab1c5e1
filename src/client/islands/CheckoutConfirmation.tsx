/**
 * The buyer's order after checkout: order confirmed (202), order received while the payment is
 * still pending (207), subscription confirmed (206) with its billing period and number of cycles.
 * The order is read with the capability token of the page's URL; the page itself carries nothing
 * of the buyer's. While a payment is pending the page asks again every few seconds and moves to
 * the confirmation once it is paid. A read that got no answer (the connection, a 429, a server
 * error) is asked again a few times before the page says it could not load the order: the order
 * exists and may be paid, so one lost request must not leave the buyer without it.
 */
import { useEffect, useState } from 'react';
import { countryName } from '../../commerce/address';
import { fill } from '../../commerce/storefront-text';
import { formatMoney } from '../../commerce/money';
import { giftSentBy, sendOnText, type GiftCardSent } from '../../commerce/gift-cards';
import { paymentReference } from '../../commerce/order';
import { subscriptionBilling } from '../../commerce/subscription-text';
import type { SubscriptionPlan } from '../../commerce/subscriptions';
import type { StorefrontText } from '../../commerce/storefront-text/en';
import { CHECKOUT_FAILURES, CheckoutError, loadOrder, type Order } from '../checkout-api';
import { reportPurchase } from '../collectors/pixel';
import SubscriptionManage from '../components/SubscriptionManage';
import { navigateTo, pageQuery } from '../dom';
import { useShopperLocale } from '../use-shopper-text';
import { usePurchaseText } from '../use-purchase-text';
import { OrderDownloads } from '../components/OrderDownloads';
import { CheckoutLines, CheckoutTotals, orderLine, type AnswerForms } from './CheckoutOrderSummary';

export type ConfirmationKind = 'order-confirmed' | 'order-received' | 'subscription-confirmed';

export interface CheckoutConfirmationProps {
  kind: ConfirmationKind;
  orderId: string;
  locale: string;
  forms: AnswerForms;
}

const PENDING_POLL_MS = 3000;
const READ_RETRY_MS = 2000;
export const READ_RETRIES = 5;

/** Whether a failed read is asked again: no answer, a 429 or a server error, up to READ_RETRIES in a row; a 404 (wrong token) is final. */
export function readAgain(error: unknown, failuresInARow: number): boolean {
  if (!(error instanceof CheckoutError) || failuresInARow > READ_RETRIES) return false;
  return error.status === 0 || error.status === 429 || error.status >= 500;
}

/** The order received page (207) of an order's confirmation URL: the buyer's page while the payment is pending. */
export function receivedUrl(order: Order): string {
  const { search } = new URL(order.confirmationUrl, 'https://store.invalid');
  return `/commerce/orders/${encodeURIComponent(order.id)}/received${search}`;
}

type State = { kind: 'loading' } | { kind: 'ready'; order: Order } | { kind: 'failed'; message: string };

/** The gift cards the order sent: to whom and when, in the shopper's language; a card the buyer sent to themselves shows its code (issue 32). */
function GiftCardsSent({ order, money, locale }: { order: Order; money: (cents: number) => string; locale: string }) {
  const text = usePurchaseText();
  const cards = order.giftCardsSent ?? [];
  if (cards.length === 0) return null;
  const sentText = (card: GiftCardSent): string => {
    const values = {
      amount: money(card.amountCents),
      who: `${card.recipientName === '' ? '' : `${card.recipientName} `}(${card.recipientEmail})`,
    };
    if (card.sendOn === null) return fill(text['order.giftCardSent'], values);
    const date = sendOnText(card.sendOn, locale);
    return fill(text[giftSentBy(card, Date.now()) ? 'order.giftCardSentOn' : 'order.giftCardWillBeSentOn'], {
      ...values,
      date,
    });
  };
  // The code is in bold: the sentence's words either side of it.
  const [beforeCode = '', afterCode = ''] = text['order.giftCardYours'].split('{code}');
  return (
    <section className="OrderConfirmation-section" aria-labelledby="order-gift-cards">
      <h2 id="order-gift-cards">{text['order.giftCards']}</h2>
      <ul className="OrderConfirmation-gift-cards">
        {cards.map((card, index) => (
          <li key={index} className="OrderConfirmation-gift-card">
            {card.code !== null ? (
              <>
                {fill(beforeCode, { amount: money(card.amountCents), email: card.recipientEmail })}
                <strong className="OrderConfirmation-gift-code">{card.code}</strong>
                {fill(afterCode, { amount: money(card.amountCents), email: card.recipientEmail })}
              </>
            ) : (
              sentText(card)
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Address({ order }: { order: Order }) {
  const text = usePurchaseText();
  const a = order.shippingAddress;
  if (a === null) return null;
  return (
    <section className="OrderConfirmation-section" aria-labelledby="order-shipping">
      <h2 id="order-shipping">{text['order.shippingTo']}</h2>
      <address className="OrderConfirmation-address">
        {a.firstName} {a.lastName}
        <br />
        {a.address1}
        {a.address2 !== '' && (
          <>
            <br />
            {a.address2}
          </>
        )}
        <br />
        {[a.city, a.region, a.postalCode].filter((part) => part !== '').join(' ')}
        <br />
        {countryName(a.countryCode)}
      </address>
      {order.shippingOption !== null && (
        <p className="OrderConfirmation-shipping-option">
          {fill(text['order.shippingMethod'], { name: order.shippingOption.name })}
        </p>
      )}
    </section>
  );
}

/** 'Billed every month, 12 payments in all. Active. Next charge: December 4, 2026.' from the catalogue, in the page's language. */
export function subscriptionLine(
  text: StorefrontText,
  subscription: SubscriptionPlan & { nextBillingOn: number | null },
  locale: string,
): string {
  const billing = `${subscriptionBilling(text, subscription)}.`;
  if (subscription.nextBillingOn === null) return billing;
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(subscription.nextBillingOn);
  return `${billing} ${fill(text['subscription.active'], { date })}`;
}

export default function CheckoutConfirmation({
  kind,
  orderId,
  locale: serverLocale,
  forms,
}: CheckoutConfirmationProps) {
  const locale = useShopperLocale(serverLocale);
  const [state, setState] = useState<State>({ kind: 'loading' });
  const text = usePurchaseText();

  useEffect(() => {
    const token = pageQuery().get('token') ?? '';
    let timer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let purchaseReported = false;
    const read = () =>
      loadOrder(orderId, token)
        .then(({ order }) => {
          failures = 0;
          setState({ kind: 'ready', order });
          const pending = order.status === 'pending';
          if (pending && kind !== 'order-received') navigateTo(receivedUrl(order));
          else if (pending) timer = setTimeout(read, PENDING_POLL_MS);
          else if (kind === 'order-received' && order.status !== 'cancelled') navigateTo(order.confirmationUrl);
          else if (kind !== 'order-received' && order.status !== 'cancelled' && !purchaseReported) {
            purchaseReported = true;
            reportPurchase(order);
          }
        })
        .catch((error: unknown) => {
          // The page keeps what it shows (loading, or the pending order) while it asks again.
          if (readAgain(error, ++failures)) timer = setTimeout(read, READ_RETRY_MS);
          else
            setState({
              kind: 'failed',
              message: error instanceof CheckoutError ? error.message : CHECKOUT_FAILURES.order,
            });
        });
    void read();
    return () => {
      if (timer !== undefined) clearTimeout(timer);
    };
  }, [orderId, kind]);

  if (state.kind === 'loading') {
    return (
      <div className="OrderConfirmation" aria-busy="true">
        <p className="OrderConfirmation-loading">{text['checkout.loading']}</p>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="OrderConfirmation" role="alert">
        <p>{state.message}</p>
      </div>
    );
  }
  const { order } = state;
  const money = (cents: number) => formatMoney(cents, order.currencyCode, locale);
  const pending = order.status === 'pending';
  const [before = '', after = ''] = text['order.thanks'].split('{email}');
  return (
    <div className="OrderConfirmation">
      <div className="OrderConfirmation-lead" aria-live="polite">
        {order.orderNumber === null ? (
          <p className="OrderConfirmation-reference">
            {text['order.reference']} <strong>{paymentReference(order.id)}</strong>
          </p>
        ) : (
          <p className="OrderConfirmation-number">
            {text['order.number']} <strong>#{order.orderNumber}</strong>
          </p>
        )}
        {pending ? (
          <p>{text['order.pending']}</p>
        ) : order.status === 'cancelled' && order.paidOn === null ? (
          <p className="OrderConfirmation-unpaid">
            {text['order.unpaid']} <a href="/checkout">{text['order.tryAgain']}</a>
          </p>
        ) : order.status === 'cancelled' || order.status === 'refunded' ? (
          <p>This order was {order.status}.</p>
        ) : (
          <p>
            {before}
            <strong>{order.email}</strong>
            {after}
          </p>
        )}
        {/* On the subscription's own page its panel below says this, kept current (a cancelled one has no next payment). */}
        {order.subscription !== null && kind !== 'subscription-confirmed' && (
          <p className="OrderConfirmation-subscription">{subscriptionLine(text, order.subscription, locale)}</p>
        )}
      </div>
      <section className="OrderConfirmation-section" aria-labelledby="order-items">
        <h2 id="order-items">{text['order.items']}</h2>
        <CheckoutLines
          lines={order.entries.map((entry, index) => orderLine(entry, index, forms))}
          money={money}
          locale={locale}
        />
        <OrderDownloads downloads={order.downloads} locale={locale} />
        <CheckoutTotals money={money} totals={{ ...order, requiresShipping: order.shippingOption !== null }} />
        {order.paidOn !== null && order.amountChargedCents > 0 && (
          <p className="OrderConfirmation-charged">
            {fill(text['order.charged'], { amount: money(order.amountChargedCents) })}
          </p>
        )}
        {order.giftCard != null && (
          <p className="OrderConfirmation-gift-balance">
            {fill(text['order.giftCardLeft'], {
              code: order.giftCard.code,
              amount: money(order.giftCard.remainingCents),
            })}
          </p>
        )}
      </section>
      <GiftCardsSent order={order} money={money} locale={locale} />
      {kind === 'subscription-confirmed' && (
        <SubscriptionManage orderId={order.id} token={pageQuery().get('token') ?? ''} locale={locale} />
      )}
      <Address order={order} />
      <p>
        <a href="/">{text['checkout.continue']}</a>
      </p>
    </div>
  );
}
