/** A customer's profile: what they ordered and spent, their shopper account, and their orders, each linking to the order. */
import { api } from '../../../api';
import type { Order } from '../../../commerce/order';
import { Breadcrumbs, DataTable, FetchStatus, moneyText, StatusLabel, useFetch, type Column } from '../../ui';
import { ORDER_COLUMN } from '../orders/columns';
import { dateTimeText } from '../orders/format';
import { CustomerEmails } from './CustomerEmail';
import { CUSTOMERS_ROOT } from './paths';

const ORDER_COLUMNS: Column<Order>[] = [
  ORDER_COLUMN.number,
  ORDER_COLUMN.date,
  ORDER_COLUMN.status,
  ORDER_COLUMN.total,
];

export function CustomerProfile({ email }: { email: string }) {
  const fetched = useFetch(api.customer.at(email));
  const answer = fetched.data;
  if (answer === undefined) return <FetchStatus fetched={fetched} loading="Loading the customer…" />;
  const { customer, account, orders, currency, emails } = answer;
  const title = customer.name === '' ? customer.email : customer.name;
  return (
    <div className="Page">
      <Breadcrumbs items={[{ label: 'Customers', to: CUSTOMERS_ROOT }, { label: title }]} />
      <header className="PageHeader">
        <h1>{title}</h1>
      </header>
      <dl className="Figures">
        <div className="Card">
          <dt>Total spent</dt>
          <dd>{moneyText(customer.spentCents, currency)}</dd>
        </div>
        <div className="Card">
          <dt>Orders</dt>
          <dd>{customer.orders}</dd>
        </div>
        <div className="Card">
          <dt>First order</dt>
          <dd className="Figures-date">
            {customer.firstOrderAt === null ? 'No orders yet' : dateTimeText(customer.firstOrderAt)}
          </dd>
        </div>
      </dl>
      <div className="Columns">
        <section className="Card" aria-labelledby="customer-orders-title">
          <h2 id="customer-orders-title">Orders</h2>
          <DataTable
            caption={`Orders of ${title}, newest first`}
            columns={ORDER_COLUMNS}
            rows={orders}
            rowKey={(o) => o.id}
            empty="No orders yet."
          />
          {customer.orders > orders.length && (
            <p className="Muted">
              The newest {orders.length} of {customer.orders} orders are shown.
            </p>
          )}
        </section>
        <section className="Card" aria-labelledby="customer-contact-title">
          <h2 id="customer-contact-title">Contact</h2>
          <p>
            <a href={`mailto:${customer.email}`}>{customer.email}</a>
          </p>
          <CustomerEmails to={customer.email} sent={emails} />
          <h3>Account</h3>
          {account === null ? (
            <p className="Muted">
              {customer.orders === 0 ? 'No shopper account.' : 'No shopper account: orders placed as a guest.'}
            </p>
          ) : (
            <p>
              <StatusLabel tone={account.verified ? 'success' : 'warning'}>
                {account.verified ? 'Account, email verified' : 'Account, email not verified'}
              </StatusLabel>
            </p>
          )}
          {customer.subscribed === true && (
            <>
              <h3>Newsletter</h3>
              <p>Subscribed to the mailing list.</p>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
