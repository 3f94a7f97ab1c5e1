/**
 * The orders section: the list (newest first, keyset paged, filtered by status, searched by number,
 * customer name or email, exported as CSV with the same filters), the abandoned checkouts, and an order's detail with its fulfilment, cancel and refund actions, all over the
 * merchant's /api/commerce/* calls (src/routes/console/commerce-admin.ts) and /api/console/orders.
 */
import { useState } from 'react';
import { api, type Query } from '../../../api';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../../commerce/order';
import { customerName } from '../../../commerce/order-search';
import type { SectionProps } from '../../section-types';
import { DataTable, FetchStatus, LIST_FAILED, Link, SearchToolbar, usePaged, type Column } from '../../ui';
import { AbandonedCheckouts } from './AbandonedCheckouts';
import { ORDER_COLUMN } from './columns';
import { OrderDetail } from './OrderDetail';
import { ORDER_STATUS_LABELS } from './format';
import { ABANDONED_PATH, ORDERS_ROOT } from './paths';

/** The customer as the search finds them: the address's name, the email under it. */
function CustomerCell({ name, email }: { name: string; email: string }) {
  return (
    <>
      {name}
      <br />
      <span className="Muted">{email}</span>
    </>
  );
}

const CUSTOMER_COLUMN: Column<Order> = {
  key: 'email',
  label: 'Customer',
  render: (o) => (o.shippingAddress === null ? o.email : <CustomerCell name={customerName(o)} email={o.email} />),
};

/** An order waiting for payment is a checkout, not listed (src/durable/orders/records.ts, `WAS_PAID`): no filter for it. */
const LISTED_STATUSES = ORDER_STATUSES.filter((s) => s !== 'pending');

const COLUMNS: Column<Order>[] = [
  ORDER_COLUMN.number,
  ORDER_COLUMN.date,
  CUSTOMER_COLUMN,
  ORDER_COLUMN.status,
  ORDER_COLUMN.total,
];

/** The list's filters, and the CSV export's: the same status and search either way. */
function ordersQuery(status: OrderStatus | '', query: string): Query {
  return { status: status === '' ? undefined : status, q: query === '' ? undefined : query };
}

function OrderList() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [query, setQuery] = useState('');
  const list = usePaged(api.orders.at(ordersQuery(status, query)), (page) => page.orders);
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Orders</h1>
        <div className="PageHeader-actions">
          <Link className="Button" to={`${ORDERS_ROOT}/${ABANDONED_PATH}`}>
            Abandoned checkouts
          </Link>
          <a className="Button" href={api.ordersCsv.path(ordersQuery(status, query))} download>
            Export CSV
          </a>
        </div>
      </header>
      <SearchToolbar label="Orders" fieldId="order-search" fieldLabel="Order number, name or email" onSearch={setQuery}>
        <div className="Field">
          <label htmlFor="order-status">Status</label>
          <select id="order-status" value={status} onChange={(e) => setStatus(e.target.value as OrderStatus | '')}>
            <option value="">All orders</option>
            {LISTED_STATUSES.map((s) => (
              <option key={s} value={s}>
                {ORDER_STATUS_LABELS[s].label}
              </option>
            ))}
          </select>
        </div>
      </SearchToolbar>
      <FetchStatus fetched={list.fetched} failed={LIST_FAILED.results} />
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
