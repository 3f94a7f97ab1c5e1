/** The signed-in shopper's orders: number, date, status, total, what was in it and where to track it. */
import { useEffect, useState } from 'react';
import { ORDER_STATUS_LABELS, type AccountOrder } from '../../accounts/order-history';
import { formatMoney } from '../../commerce/money';
import { orderTitle } from '../../commerce/order';
import { fill } from '../../commerce/storefront-text';
import { sayIn } from '../../commerce/storefront-text/say-in';
import { responseFailure } from '../api';
import { storefrontRoutes as api } from '../../api/storefront';
import { OrderDownloads } from '../components/OrderDownloads';
import { usePurchaseText } from '../use-purchase-text';
import { accountCall, type AccountSectionProps } from './account-api';

const LOAD_FAILED = 'Unable to load your orders. Please reload the page.';

export default function OrdersSection({ session }: AccountSectionProps) {
  const [orders, setOrders] = useState<AccountOrder[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const locale = session.language ?? 'en-US';
  const text = usePurchaseText();

  useEffect(() => {
    let live = true;
    void (async () => {
      const res = await accountCall(api.accountOrders.at(), undefined, session.xsrfToken).catch(() => null);
      if (!live) return;
      if (res?.ok !== true) return setError(res === null ? LOAD_FAILED : await responseFailure(res, LOAD_FAILED));
      setOrders((await res.json()).orders);
    })();
    return () => {
      live = false;
    };
  }, [session.xsrfToken]);

  if (error !== null)
    return (
      <p role="alert" className="AccountPanel-error">
        {error}
      </p>
    );
  if (orders === null) return <p aria-busy="true">Loading your orders…</p>;
  if (orders.length === 0) {
    return (
      <p className="AccountOrders-empty">
        You have not placed any orders yet. <a href="/shop">Start shopping</a>
      </p>
    );
  }
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <ol className="AccountOrders">
      {orders.map((order) => (
        <li key={order.id} className="AccountOrder">
          <div className="AccountOrder-head">
            <h3 className="AccountOrder-number">{orderTitle(order)}</h3>
            <span className={`AccountOrder-status AccountOrder-status--${order.status}`}>
              {sayIn(text, ORDER_STATUS_LABELS[order.status])}
            </span>
          </div>
          <p className="AccountOrder-meta">
            <time dateTime={new Date(order.createdOn).toISOString()}>{date.format(order.createdOn)}</time>
            <span aria-hidden="true"> · </span>
            <span className="AccountOrder-total">{formatMoney(order.grandTotalCents, order.currencyCode, locale)}</span>
          </p>
          <ul className="AccountOrder-lines">
            {order.entries.map((entry, index) => (
              <li key={index}>
                {entry.quantity} × {entry.title}
                {Object.keys(entry.attributes).length > 0 && (
                  <span className="AccountOrder-options"> ({Object.values(entry.attributes).join(', ')})</span>
                )}
              </li>
            ))}
          </ul>
          <OrderDownloads downloads={order.downloads} locale={locale} />
          {order.tracking !== null && (
            <p className="AccountOrder-tracking">
              {order.tracking.url === null ? (
                <>
                  {fill(text['account.trackingNumber'], { number: order.tracking.number })}
                  {order.tracking.carrier !== null && ` (${order.tracking.carrier})`}
                </>
              ) : (
                <a href={order.tracking.url} target="_blank" rel="noopener noreferrer">
                  {fill(text['account.trackPackage'], {
                    carrier: order.tracking.carrier ?? '',
                    number: order.tracking.number,
                  })}
                </a>
              )}
            </p>
          )}
        </li>
      ))}
    </ol>
  );
}
