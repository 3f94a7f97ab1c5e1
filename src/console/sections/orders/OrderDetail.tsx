/** One order: its lines, addresses, totals and timeline, with fulfil (tracking number), and cancel or refund as its state allows (./actions.ts), each explained in its confirm dialog. */
import { useState, type FormEvent } from 'react';
import { api } from '../../../api';
import { giftDetailsOf, giftSentBy, sendOnText } from '../../../commerce/gift-cards';
import { orderTitle, type Order, type OrderEntry } from '../../../commerce/order';
import { ProductType } from '../../../commerce/product';
import {
  cardRefundableCents,
  giftCardRefundableCents,
  giftCardRefundedCents,
  refundedCents,
  refundsOf,
} from '../../../commerce/refunds';
import {
  Breadcrumbs,
  type Column,
  consoleApi,
  DataTable,
  Link,
  describedBy,
  errorMessage,
  FetchStatus,
  FieldError,
  moneyText,
  SaveStatus,
  StatusLabel,
  useConfirm,
  useFetch,
  useSave,
} from '../../ui';
import { actionsHint, orderActions, type OrderAction } from './actions';
import { customerPath } from '../customers/paths';
import { dateTimeText, ORDER_STATUS_LABELS, refundLabel, serverFieldError } from './format';
import { RefundDialog } from './RefundDialog';

const ACTION_LABELS: Record<OrderAction, string> = { cancel: 'Cancel order', refund: 'Refund' };

/** A line's additional fields (the product's form answers, stored as JSON) as label and answer: each by the field's title the order kept, else (an older order) its key. */
function additionalFields(entry: OrderEntry): [string, string][] {
  const gift = entry.productType === ProductType.GiftCard ? giftDetailsOf(entry.additionalFields) : null;
  // A gift card's recipient and message as the shopper's cart names them; when it is sent, the Gift cards card says.
  if (gift !== null) {
    const to: [string, string] = ['To', `${gift.recipientName} (${gift.recipientEmail})`];
    return gift.message === '' ? [to] : [to, ['Message', gift.message]];
  }
  if (entry.additionalFields === null || entry.additionalFields === '') return [];
  try {
    const parsed = JSON.parse(entry.additionalFields) as unknown;
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      return Object.entries(parsed).map(([key, value]) => [
        entry.additionalFieldTitles?.[key] || key,
        Array.isArray(value)
          ? value.join(', ')
          : typeof value === 'object' && value !== null
            ? Object.values(value).join(' ')
            : String(value),
      ]);
    }
  } catch {
    // Not JSON: shown as written.
  }
  return [['Details', entry.additionalFields]];
}

function Timeline({ order }: { order: Order }) {
  const steps: [string, number | null][] = [
    ['Placed', order.createdOn],
    ['Paid', order.paidOn],
    ['Fulfilled', order.fulfilledOn],
    ['Cancelled', order.cancelledOn],
    ['Refunded', order.refundedOn],
  ];
  return (
    <ol className="Timeline">
      {steps
        .filter((step): step is [string, number] => step[1] !== null)
        .map(([label, at]) => (
          <li key={label}>
            <strong>{label}</strong> <time dateTime={new Date(at).toISOString()}>{dateTimeText(at)}</time>
          </li>
        ))}
    </ol>
  );
}

/** An order line's name cell: the product, its options, SKU and additional fields, each on a line. */
function LineName({ entry }: { entry: OrderEntry }) {
  const options = Object.entries(entry.attributes);
  const extra = additionalFields(entry);
  return (
    <>
      <span className="Cell-title">{entry.title}</span>
      {options.length > 0 && (
        <span className="Muted OrderLine-detail">{options.map(([name, value]) => `${name}: ${value}`).join(', ')}</span>
      )}
      <span className="Muted OrderLine-detail">SKU {entry.sku}</span>
      {extra.length > 0 && (
        <dl className="OrderExtra">
          {extra.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </>
  );
}

/** The order's items; on a phone in two columns, as Shopify's admin: each one's quantity and price under it ('2 × $68.00'). */
function Lines({ order }: { order: Order }) {
  const money = (cents: number) => moneyText(cents, order.currencyCode);
  const columns: Column<OrderEntry>[] = [
    { key: 'item', label: 'Item', primary: true, render: (entry) => <LineName entry={entry} /> },
    { key: 'quantity', label: 'Quantity', align: 'end', underNameOnPhone: true, render: (entry) => entry.quantity },
    {
      key: 'price',
      label: 'Price',
      align: 'end',
      underNameOnPhone: true,
      render: (entry) => money(entry.unitPriceCents),
    },
    { key: 'subtotal', label: 'Subtotal', align: 'end', render: (entry) => money(entry.subtotalCents) },
  ];
  return (
    <DataTable
      caption={`Items in ${orderTitle(order).replace(/^Order/, 'order')}`}
      columns={columns}
      rows={order.entries}
      rowKey={(entry) => String(order.entries.indexOf(entry))}
      underNameLine={(entry) => `${entry.quantity} × ${money(entry.unitPriceCents)}`}
    />
  );
}

function Totals({ order }: { order: Order }) {
  const money = (cents: number) => moneyText(cents, order.currencyCode);
  const rows: [string, string][] = [
    ['Subtotal', money(order.subtotalCents)],
    ...(order.discountCents > 0
      ? [
          [
            `Discount${order.coupons.length > 0 ? ` (${order.coupons.join(', ')})` : ''}`,
            `−${money(order.discountCents)}`,
          ] as [string, string],
        ]
      : []),
    [
      'Shipping',
      order.shippingOption === null
        ? money(order.shippingCostCents)
        : `${money(order.shippingCostCents)} · ${order.shippingOption.name}`,
    ],
    [order.taxIncluded ? 'Tax (included)' : 'Tax', money(order.taxCents)],
    ['Total', money(order.grandTotalCents)],
    ...(order.giftCardCents > 0 ? [['Gift card', `−${money(order.giftCardCents)}`] as [string, string]] : []),
    ['Charged', money(order.amountChargedCents)],
    ...(refundsOf(order).length > 0
      ? [
          ['Refunded to card', `−${money(refundedCents(order))}`] as [string, string],
          ...(order.giftCardCents > 0
            ? [['Refunded to gift card', `−${money(giftCardRefundedCents(order))}`] as [string, string]]
            : []),
          ['Net payment', money(order.amountChargedCents - refundedCents(order))] as [string, string],
        ]
      : []),
  ];
  return (
    <dl className="Totals">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The gift cards the order issued: to whom, and when each is emailed (a later send date waits in the outbox until midnight of that day where the shopper bought it; an older order's, UTC's). */
function GiftCards({ order }: { order: Order }) {
  const cards = order.giftCardsSent ?? [];
  if (cards.length === 0) return null;
  return (
    <section className="Card" aria-labelledby="gift-cards-title">
      <h2 id="gift-cards-title">Gift cards</h2>
      <ul className="GiftCardList">
        {cards.map((card, index) => (
          <li key={index}>
            <strong>{moneyText(card.amountCents, order.currencyCode)}</strong> to{' '}
            {card.recipientName === '' ? '' : `${card.recipientName} `}&lt;{card.recipientEmail}&gt;
            <span className="Muted">
              {' · '}
              {card.sendOn === null
                ? 'sent when paid'
                : giftSentBy(card, Date.now())
                  ? `sent on ${sendOnText(card.sendOn)}`
                  : `scheduled for ${sendOnText(card.sendOn)} at 00:00 ${card.timeZone ?? 'UTC'}`}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Each refund: when, how much and which items (and whether they went back into stock). */
function Refunds({ order }: { order: Order }) {
  const refunds = refundsOf(order);
  if (refunds.length === 0) return null;
  return (
    <section className="Card" aria-labelledby="refunds-title">
      <h2 id="refunds-title">Refunds</h2>
      <ol className="RefundList">
        {refunds.map((refund) => (
          <li key={refund.id}>
            <strong>{moneyText(refund.amountCents + refund.giftCardCents, order.currencyCode)}</strong>{' '}
            <time dateTime={new Date(refund.at).toISOString()}>{dateTimeText(refund.at)}</time>
            {refund.giftCardCents > 0 && (
              <span className="Muted">
                {' '}
                ({moneyText(refund.giftCardCents, order.currencyCode)} back on the gift card)
              </span>
            )}
            {refund.lines.length > 0 && (
              <ul>
                {refund.lines.map((line) => (
                  <li key={line.line}>
                    {line.quantity} × {line.title}
                    <span className="Muted">{line.restock ? ' · restocked' : ' · not restocked'}</span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function FulfilForm({ order, onDone }: { order: Order; onDone: (order: Order) => void }) {
  const [trackingNumber, setTrackingNumber] = useState('');
  const [carrier, setCarrier] = useState('');
  const save = useSave();
  const [fields, setFields] = useState<Record<string, string>>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (trackingNumber.trim() === '') {
      setFields({ trackingNumber: 'Enter the tracking number' });
      return;
    }
    setFields({});
    const answer = await save.run(() =>
      consoleApi(api.fulfilOrder.at(order.id), {
        trackingNumber,
        carrier: carrier.trim() === '' ? null : carrier,
      }),
    );
    if (answer !== undefined) onDone(answer.order);
  };
  const trackingError = fields.trackingNumber ?? serverFieldError(save.state, 'trackingNumber');
  return (
    <form className="Card" onSubmit={(e) => void submit(e)} aria-labelledby="fulfil-title" noValidate>
      <h2 id="fulfil-title">Fulfil</h2>
      <div className="Field-row">
        <div className="Field">
          <label htmlFor="tracking-number">Tracking number</label>
          <input
            id="tracking-number"
            type="text"
            value={trackingNumber}
            maxLength={100}
            onChange={(e) => setTrackingNumber(e.target.value)}
            {...describedBy('tracking-number-error', trackingError)}
          />
          <FieldError id="tracking-number-error" message={trackingError} />
        </div>
        <div className="Field">
          <label htmlFor="carrier">Carrier (optional)</label>
          <input
            id="carrier"
            type="text"
            value={carrier}
            maxLength={100}
            onChange={(e) => setCarrier(e.target.value)}
          />
        </div>
      </div>
      <button type="submit" className="Button Button--primary" disabled={save.state.status === 'saving'}>
        Mark as fulfilled
      </button>
      <SaveStatus state={save.state} />
    </form>
  );
}

export function OrderDetail({ id }: { id: string }) {
  const fetched = useFetch(api.consoleOrder.at(id));
  const [changed, setChanged] = useState<Order | null>(null);
  const [refunding, setRefunding] = useState(false);
  const [actionError, setActionError] = useState('');
  const { confirm, close, modal } = useConfirm(false);
  const order = changed ?? fetched.data?.order;
  if (order === undefined) {
    return <FetchStatus fetched={fetched} loading="Loading the order…" />;
  }
  const act = async (action: OrderAction) => {
    if (action === 'refund') {
      setRefunding(true);
      return;
    }
    const money = moneyText(cardRefundableCents(order), order.currencyCode);
    const giftCard =
      giftCardRefundableCents(order) > 0
        ? ` ${moneyText(giftCardRefundableCents(order), order.currencyCode)} goes back onto the gift card that paid part of it.`
        : '';
    const confirmed = await confirm({
      title: `Cancel ${orderTitle(order).replace(/^Order/, 'order')}?`,
      message:
        order.status === 'paid'
          ? refundsOf(order).length === 0
            ? `The order becomes void and its items go back into stock. The payment of ${money} is refunded in full to the customer.${giftCard} This cannot be undone.`
            : `The order becomes void and the items not refunded yet go back into stock. What is left of the payment, ${money}, is refunded to the customer.${giftCard} This cannot be undone.`
          : 'The order becomes void and its reserved items go back into stock. No payment was taken. This cannot be undone.',
      confirmLabel: 'Cancel order',
      cancelLabel: 'Keep order',
      danger: true,
    });
    if (!confirmed) return;
    setActionError('');
    try {
      setChanged((await consoleApi(api.cancelOrder.at(order.id), {})).order);
    } catch (failure) {
      setActionError(errorMessage(failure));
    } finally {
      close();
    }
  };
  const status = ORDER_STATUS_LABELS[order.status];
  const { primary, secondary } = orderActions(order.status);
  const hint = actionsHint(order.status);
  const address = order.shippingAddress;
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Orders', to: '/config/orders' }, { label: orderTitle(order) }]} />
      <header className="PageHeader">
        <h1>{orderTitle(order)}</h1>
        <span className="StatusLabels">
          <StatusLabel tone={status.tone}>{status.label}</StatusLabel>
          {refundLabel(order) !== null && <StatusLabel tone="warning">{refundLabel(order)}</StatusLabel>}
        </span>
        <div className="PageHeader-actions">
          {secondary !== null && (
            <button type="button" className="Button" onClick={() => void act(secondary)}>
              {ACTION_LABELS[secondary]}
            </button>
          )}
          {primary !== null && (
            <button type="button" className="Button Button--primary" onClick={() => void act(primary)}>
              {ACTION_LABELS[primary]}
            </button>
          )}
        </div>
      </header>
      {hint !== null && <p className="Field-hint">{hint}</p>}
      {actionError !== '' && (
        <p className="FieldError" role="alert">
          {actionError}
        </p>
      )}
      <div className="Columns">
        <div>
          <section className="Card" aria-labelledby="lines-title">
            <h2 id="lines-title">Items</h2>
            <Lines order={order} />
            <Totals order={order} />
          </section>
          <GiftCards order={order} />
          <Refunds order={order} />
          {order.status === 'paid' && <FulfilForm order={order} onDone={setChanged} />}
        </div>
        <div>
          <section className="Card" aria-labelledby="customer-title">
            <h2 id="customer-title">Customer</h2>
            <p>
              <Link to={customerPath(order.email)}>{order.email}</Link>
            </p>
            <h3>Shipping address</h3>
            {address === null ? (
              <p className="Muted">No shipping (nothing physical).</p>
            ) : (
              <address>
                {address.firstName} {address.lastName}
                <br />
                {address.address1}
                {address.address2 !== '' && (
                  <>
                    <br />
                    {address.address2}
                  </>
                )}
                <br />
                {address.city} {address.region} {address.postalCode}
                <br />
                {address.countryCode}
                {address.phone !== '' && (
                  <>
                    <br />
                    {address.phone}
                  </>
                )}
              </address>
            )}
            {order.fulfillment !== null && (
              <>
                <h3>Tracking</h3>
                <p>
                  {order.fulfillment.carrier === null ? '' : `${order.fulfillment.carrier}: `}
                  <span className="TrackingNumber">{order.fulfillment.trackingNumber}</span>
                </p>
              </>
            )}
          </section>
          <section className="Card" aria-labelledby="timeline-title">
            <h2 id="timeline-title">Timeline</h2>
            <Timeline order={order} />
            <p className="Muted">
              Payment: {order.payment.provider}, {order.payment.status}
            </p>
          </section>
        </div>
      </div>
      {modal}
      {refunding && (
        <RefundDialog
          order={order}
          onCancel={() => setRefunding(false)}
          onDone={(refunded) => {
            setRefunding(false);
            setChanged(refunded);
          }}
        />
      )}
    </div>
  );
}
