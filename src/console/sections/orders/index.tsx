/**
 * The orders section: the list (newest first, keyset paged, filtered by status, searched by number,
 * customer name or email, exported as CSV with the same filters), the abandoned checkouts, and an order's detail with its fulfilment, cancel and refund actions, all over the
 * merchant's /api/commerce/* calls (src/routes/console/commerce-admin.ts) and /api/console/orders.
 */
import { useState, type FormEvent } from 'react';
import { orderLabel, ORDER_STATUSES, type Order, type OrderStatus } from '../../../commerce/order';
import { api, type OrderPage } from '../../../api';
import type { SectionProps } from '../../section-types';
import { DataTable, FetchStatus, Link, moneyText, StatusLabel, usePaged, type Column } from '../../ui';
import { AbandonedCheckouts } from './AbandonedCheckouts';
import { OrderDetail } from './OrderDetail';
import { dateTimeText, ORDER_STATUS_LABELS, refundLabel } from './format';
import { ABANDONED_PATH, ORDERS_ROOT } from './paths';

/** The customer as the search finds them: the address's name, the email under it. */
function CustomerCell({ name, email }: { name: string; email: string }) {
  return (
    <>
      {name.trim()}
      <br />
      <span className="Muted">{email}</span>
    </>
  );
}

const COLUMNS: Column<Order>[] = [
  {
    key: 'number',
    label: 'Order',
    primary: true,
    render: (o) => <Link to={`${ORDERS_ROOT}/${encodeURIComponent(o.id)}`}>{orderLabel(o)}</Link>,
  },
  { key: 'date', label: 'Date', render: (o) => dateTimeText(o.createdOn) },
  {
    key: 'email',
    label: 'Customer',
    render: (o) =>
      o.shippingAddress === null ? (
        o.email
      ) : (
        <CustomerCell name={`${o.shippingAddress.firstName} ${o.shippingAddress.lastName}`} email={o.email} />
      ),
  },
  {
    key: 'status',
    label: 'Status',
    render: (o) => (
      <>
        <StatusLabel tone={ORDER_STATUS_LABELS[o.status].tone}>{ORDER_STATUS_LABELS[o.status].label}</StatusLabel>
        {refundLabel(o) !== null && <StatusLabel tone="warning">{refundLabel(o)}</StatusLabel>}
      </>
    ),
  },
  { key: 'total', label: 'Total', align: 'end', render: (o) => moneyText(o.grandTotalCents, o.currencyCode) },
];

/** The list's call, or the CSV export's: the same status and search filters either way. */
function ordersPath(status: OrderStatus | '', query: string, route: typeof api.orders | typeof api.ordersCsv): string {
  return route.path({ status: status === '' ? undefined : status, q: query === '' ? undefined : query });
}

function OrderList() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const list = usePaged(ordersPath(status, query, api.orders), (page: OrderPage) => page.orders);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
  };
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Orders</h1>
        <div className="PageHeader-actions">
          <Link className="Button" to={`${ORDERS_ROOT}/${ABANDONED_PATH}`}>
            Abandoned checkouts
          </Link>
          <a className="Button" href={ordersPath(status, query, api.ordersCsv)} download>
            Export CSV
          </a>
        </div>
      </header>
      <form className="Toolbar" role="search" aria-label="Orders" onSubmit={submit}>
        <div className="Field Field--grow">
          <label htmlFor="order-search">Order number, name or email</label>
          <input
            id="order-search"
            type="search"
            value={search}
            maxLength={256}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="Field">
          <label htmlFor="order-status">Status</label>
          <select id="order-status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s].label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="Button">
          Search
        </button>
      </form>
      <FetchStatus fetched={list.fetched} />
      <DataTable
        caption="Orders, newest first"
        columns={COLUMNS}
        rows={list.items}
        rowKey={(o) => o.id}
        hasMore={list.cursor !== null}
        loadingMore={list.loading && list.items.length > 0}
        onLoadMore={() => void list.load(list.cursor)}
        empty={list.loading ? 'Loading orders…' : query !== '' || status !== '' ? 'No orders match.' : 'No orders yet.'}
      />
    </div>
  );
}

export default function OrdersSection({ path }: SectionProps) {
  const id = path[0];
  if (id === ABANDONED_PATH) return <AbandonedCheckouts />;
  return id === undefined ? <OrderList /> : <OrderDetail id={id} />;
}
