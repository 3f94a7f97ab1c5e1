/**
 * Abandoned checkouts (docs/merchant.md, "Customers"): checkouts with an email that never became an
 * order, newest first, with their items, total and last activity in the store's time zone. They last
 * as long as the checkout retention keeps them, which the page says.
 */
import { api, type AbandonedCheckout } from '../../../api';
import { Breadcrumbs, DataTable, FetchStatus, moneyText, useFetch, type Column } from '../../ui';
import { knownTimeZone } from '../../../site/editor/zoned-time';
import { TimeZoneProblem } from '../../ui/TimeZoneProblem';
import { storeTimeText } from './format';
import { ORDERS_ROOT } from './paths';

function columns(timeZone: string): Column<AbandonedCheckout>[] {
  return [
    {
      key: 'email',
      label: 'Email',
      primary: true,
      render: (c) => (
        <>
          {c.email}
          <span className="Muted AbandonedTime"> {storeTimeText(c.updatedAt, timeZone)}</span>
        </>
      ),
    },
    {
      key: 'items',
      label: 'Items',
      render: (c) =>
        c.items.length === 0 ? (
          <span className="Muted">—</span>
        ) : (
          c.items.map((item, i) => (
            <span key={`${item.title}-${i}`} className="AbandonedItem">
              {item.quantity} × {item.title}
              {item.options !== '' && <span className="Muted"> ({item.options})</span>}
            </span>
          ))
        ),
    },
    {
      key: 'total',
      label: 'Total',
      align: 'end',
      render: (c) => (c.totalCents === null || c.currencyCode === null ? '—' : moneyText(c.totalCents, c.currencyCode)),
    },
    { key: 'updated', label: 'Last activity', wideOnly: true, render: (c) => storeTimeText(c.updatedAt, timeZone) },
  ];
}

export function AbandonedCheckouts() {
  const fetched = useFetch(api.abandonedCheckouts.at());
  const answer = fetched.data;
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Orders', to: ORDERS_ROOT }, { label: 'Abandoned checkouts' }]} />
      <header className="PageHeader">
        <h1>Abandoned checkouts</h1>
      </header>
      {answer === undefined ? (
        <FetchStatus fetched={fetched} loading="Loading abandoned checkouts…" />
      ) : (
        <>
          <p className="Field-hint">
            Shoppers who entered their email at checkout and left without ordering, newest first. A checkout is kept{' '}
            {answer.keptHours} hours after its last activity.{' '}
            {knownTimeZone(answer.timeZone)
              ? `Times are in the store’s time zone (${answer.timeZone}).`
              : 'Times are in UTC.'}
          </p>
          <TimeZoneProblem timeZone={answer.timeZone} />
          <DataTable
            caption="Abandoned checkouts, newest first"
            columns={columns(answer.timeZone)}
            rows={answer.checkouts}
            rowKey={(c) => c.cartId}
            empty="No abandoned checkouts."
          />
        </>
      )}
    </div>
  );
}
