/**
 * The Home checklist of a store being set up (Shopify's "set up your store"): each item read from the
 * store's state by `GET /api/console/checklist` (never a stored flag that could drift) and linked to
 * where it is done.
 */
import type { ChecklistAnswer } from '../site/editor/store-settings';
import { api } from '../api';
import { CONSOLE_ROOT } from './router';
import { Link, Loaded, useFetch } from './ui';

const ITEMS: readonly { id: keyof ChecklistAnswer; label: string; hint: string; to: string | null }[] = [
  {
    id: 'details',
    label: 'Add your store details',
    hint: 'Name, logo, contact email and address.',
    to: `${CONSOLE_ROOT}/commerce`,
  },
  { id: 'product', label: 'Add a product', hint: 'Its pictures, price and stock.', to: `${CONSOLE_ROOT}/products/new` },
  {
    id: 'shipping',
    label: 'Set shipping rates',
    hint: 'Where you ship and what it costs.',
    to: `${CONSOLE_ROOT}/commerce/shipping`,
  },
  {
    id: 'payments',
    label: 'Set up payments',
    hint: 'Who takes the payments: Stripe with your keys, or the test provider while you try the store.',
    to: `${CONSOLE_ROOT}/commerce/payments`,
  },
  {
    id: 'policies',
    label: 'Publish your policies',
    hint: 'Refund, privacy and terms, linked in the footer and at checkout.',
    to: `${CONSOLE_ROOT}/commerce/policies`,
  },
  {
    id: 'publish',
    label: 'Publish a product',
    hint: 'A draft stays hidden; shoppers see a product once it is published.',
    to: `${CONSOLE_ROOT}/products`,
  },
];

export function SetupChecklist() {
  const fetched = useFetch(api.checklist.at());
  return (
    <section className="Card SetupChecklist" aria-labelledby="setup-title">
      <Loaded fetched={fetched} loading="Loading the checklist…">
        {(done) => {
          const count = ITEMS.filter((item) => done[item.id]).length;
          return (
            <>
              <header className="SetupChecklist-header">
                <h2 id="setup-title">Set up your store</h2>
                <p className="Muted">
                  {count} of {ITEMS.length} done
                </p>
              </header>
              <progress
                className="SetupChecklist-progress"
                max={ITEMS.length}
                value={count}
                aria-label="Set-up progress"
              />
              <ul className="SetupChecklist-items">
                {ITEMS.map((item) => (
                  <li key={item.id} className={done[item.id] ? 'is-done' : undefined} data-item={item.id}>
                    <span className="SetupChecklist-mark" aria-hidden="true">
                      {done[item.id] ? '✓' : ''}
                    </span>
                    <span className="SetupChecklist-text">
                      {item.to === null ? <strong>{item.label}</strong> : <Link to={item.to}>{item.label}</Link>}
                      <span className="visually-hidden">{done[item.id] ? ' (done)' : ' (to do)'}</span>
                      <span className="Muted"> {item.hint}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </>
          );
        }}
      </Loaded>
    </section>
  );
}
