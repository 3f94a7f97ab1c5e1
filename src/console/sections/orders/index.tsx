/**
 * The orders section: the list (newest first, keyset paged, filtered by status, searched by number
 * or email) and an order's detail with its fulfilment, cancel and refund actions, all over the
 * merchant's /api/commerce/* calls (src/routes/commerce-admin.ts) and /api/console/orders.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ORDER_STATUSES, type Order, type OrderStatus } from '../../../commerce/order';
import type { SectionProps } from '../../section-types';
import { consoleApi, DataTable, FetchStatus, Link, moneyText, StatusLabel, type Column, type FetchState } from '../../ui';
import { OrderDetail } from './OrderDetail';
import { dateTimeText, ORDER_STATUS_LABELS } from './format';

interface OrderPage {
  orders: Order[];
  hasNextPage: boolean;
  nextPageCursor: string | null;
}

export const ORDERS_ROOT = '/config/orders';

const COLUMNS: Column<Order>[] = [
  { key: 'number', label: 'Order', primary: true, render: (o) => <Link to={`${ORDERS_ROOT}/${encodeURIComponent(o.id)}`}>#{o.orderNumber}</Link> },
  { key: 'date', label: 'Date', render: (o) => dateTimeText(o.createdOn) },
  { key: 'email', label: 'Customer', render: (o) => o.email },
  { key: 'status', label: 'Status', render: (o) => <StatusLabel tone={ORDER_STATUS_LABELS[o.status].tone}>{ORDER_STATUS_LABELS[o.status].label}</StatusLabel> },
  { key: 'total', label: 'Total', align: 'end', render: (o) => moneyText(o.grandTotalCents, o.currencyCode) },
];

function OrderList() {
  const [status, setStatus] = useState<OrderStatus | ''>('');
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [orders, setOrders] = useState<Order[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [state, setState] = useState<FetchState>('pending');
  const [failure, setFailure] = useState<{ error: unknown; after: string | null } | null>(null);

  const load = useCallback(
    async (after: string | null) => {
      setState('pending');
      const params = new URLSearchParams();
      if (status !== '') params.set('status', status);
      if (query !== '') params.set('q', query);
      if (after !== null) params.set('cursor', after);
      try {
        const page = await consoleApi<OrderPage>('GET', `/api/console/orders?${params.toString()}`);
        setOrders((before) => (after === null ? page.orders : [...before, ...page.orders]));
        setCursor(page.hasNextPage ? page.nextPageCursor : null);
        setFailure(null);
        setState('success');
      } catch (error) {
        setFailure({ error, after });
        setState('failed');
      }
    },
    [status, query],
  );
  useEffect(() => {
    void load(null);
  }, [load]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQuery(search.trim());
  };
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Orders</h1>
      </header>
      <form className="Toolbar" role="search" aria-label="Orders" onSubmit={submit}>
        <div className="Field Field--grow">
          <label htmlFor="order-search">Order number or email</label>
          <input id="order-search" type="search" value={search} maxLength={256} onChange={(e) => setSearch(e.target.value)} />
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
      <FetchStatus fetched={{ state, error: failure?.error, reload: () => void load(failure?.after ?? null) }} />
      <DataTable
        caption="Orders, newest first"
        columns={COLUMNS}
        rows={orders}
        rowKey={(o) => o.id}
        hasMore={cursor !== null}
        loadingMore={state === 'pending' && orders.length > 0}
        onLoadMore={() => void load(cursor)}
        empty={state === 'pending' ? 'Loading orders…' : query !== '' || status !== '' ? 'No orders match.' : 'No orders yet.'}
      />
    </div>
  );
}

export default function OrdersSection({ path }: SectionProps) {
  const id = path[0];
  return id === undefined ? <OrderList /> : <OrderDetail id={id} />;
}
