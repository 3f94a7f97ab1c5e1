/**
 * The customers section (docs/merchant.md, "Customers"; customerData): everyone who ordered, most
 * recent first, then shoppers with an account or on the mailing list who never ordered ("No orders yet"), searched by name or email as the order search matches (case and accents ignored),
 * "Load more" by cursor, exported as CSV with the same search; a customer's profile at /config/customers/{email}.
 */
import { useState } from 'react';
import { api, type CustomersPage } from '../../../api';
import type { SectionProps } from '../../section-types';
import {
  DataTable,
  FetchStatus,
  LIST_FAILED,
  Link,
  moneyText,
  SearchToolbar,
  StatusLabel,
  usePaged,
  type Column,
} from '../../ui';
import { dateTimeText } from '../orders/format';
import { CustomerProfile } from './CustomerProfile';
import { customerPath } from './paths';

type Row = CustomersPage['customers'][number];

function columns(currency: string): Column<Row>[] {
  return [
    {
      key: 'name',
      label: 'Customer',
      primary: true,
      render: (c) => (
        <>
          <Link to={customerPath(c.email)}>{c.name === '' ? c.email : c.name}</Link>
          {c.name !== '' && (
            <>
              <br />
              <span className="Muted">{c.email}</span>
            </>
          )}
        </>
      ),
    },
    {
      key: 'account',
      label: 'Account',
      wideOnly: true,
      render: (c) =>
        c.account === null ? (
          <span className="Muted">{c.subscribed === true ? 'Newsletter' : 'Guest'}</span>
        ) : (
          <StatusLabel tone={c.account.verified ? 'success' : 'warning'}>
            {c.account.verified ? 'Account' : 'Account, not verified'}
          </StatusLabel>
        ),
    },
    { key: 'orders', label: 'Orders', align: 'end', render: (c) => c.orders },
    { key: 'spent', label: 'Total spent', align: 'end', render: (c) => moneyText(c.spentCents, currency) },
    {
      key: 'last',
      label: 'Last order',
      wideOnly: true,
      render: (c) =>
        c.lastOrderAt === null ? <span className="Muted">No orders yet</span> : dateTimeText(c.lastOrderAt),
    },
  ];
}

function CustomerList() {
  const [query, setQuery] = useState('');
  const q = query === '' ? undefined : query;
  const list = usePaged(api.customers.at({ q }), (page) => page.customers);
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Customers</h1>
        <div className="PageHeader-actions">
          <a className="Button" href={api.customersCsv.path({ q })} download>
            Export CSV
          </a>
        </div>
      </header>
      <SearchToolbar label="Customers" fieldId="customer-search" fieldLabel="Name or email" onSearch={setQuery} />
      <FetchStatus fetched={list.fetched} failed={LIST_FAILED.results} />
      <DataTable
        caption="Customers, most recent order first, then those without orders"
        columns={columns(list.last?.currency ?? 'USD')}
        rows={list.items}
        rowKey={(c) => c.email}
        hasMore={list.cursor !== null}
        loadingMore={list.loading && list.items.length > 0}
        onLoadMore={() => void list.load(list.cursor)}
        empty={
          list.loading
            ? 'Loading customers…'
            : query !== ''
              ? 'No customers match.'
              : 'No customers yet: they appear when they sign up, subscribe to the newsletter or order.'
        }
      />
    </div>
  );
}

export default function CustomersSection({ path }: SectionProps) {
  const email = path[0];
  return email === undefined ? <CustomerList /> : <CustomerProfile email={email} />;
}
