/**
 * The commerce settings section: the store (its details, currency, minimum order, tax display, stock
 * hold, welcome code), policies, the order emails' messages, payments (the owner's), shipping rates,
 * tax rates, discount codes and the commerce preferences, each its own screen under /config/commerce/<part>.
 * The header and the home popup are the content roles' (Navigation, header and footer).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import type { ConsoleSession, SectionProps } from '../../section-types';
import { Link } from '../../ui';
import { Discounts } from './Discounts';
import { EmailMessagesForm } from './EmailMessages';
import { PaymentsForm } from './Payments';
import { Preferences } from './Preferences';
import { ShippingRates, TaxRates } from './Rates';
import { StoreDetailsForm } from './StoreDetails';
import { StoreSettingsForm } from './StoreSettings';

import { COMMERCE_ROOT } from './paths';

export { COMMERCE_ROOT };

/** The policies' rich-text editor (TipTap, the posts' chunk) loads only when Policies opens, not with every commerce screen. */
const PoliciesForm = lazy(() => import('./PoliciesForm').then((module) => ({ default: module.PoliciesForm })));

function Policies({ session }: { session: ConsoleSession }) {
  return (
    <Suspense fallback={<p role="status">Loading the policies…</p>}>
      <PoliciesForm session={session} />
    </Suspense>
  );
}

function Store({ session }: { session: ConsoleSession }) {
  return (
    <>
      <StoreDetailsForm session={session} />
      <StoreSettingsForm />
    </>
  );
}

const PARTS: readonly {
  id: string;
  label: string;
  Screen: ComponentType<{ session: ConsoleSession }>;
  /** Listed only for the roles that may open it. */
  permission?: 'payments';
}[] = [
  { id: '', label: 'Store', Screen: Store },
  { id: 'policies', label: 'Policies', Screen: Policies },
  { id: 'emails', label: 'Emails', Screen: EmailMessagesForm },
  { id: 'payments', label: 'Payments', Screen: PaymentsForm, permission: 'payments' },
  { id: 'shipping', label: 'Shipping rates', Screen: ShippingRates },
  { id: 'taxes', label: 'Tax rates', Screen: TaxRates },
  { id: 'discounts', label: 'Discount codes', Screen: Discounts },
  { id: 'preferences', label: 'Preferences', Screen: Preferences },
];

export default function CommerceSection({ path, session }: SectionProps) {
  const current = PARTS.find((part) => part.id === (path[0] ?? '')) ?? (PARTS[0] as (typeof PARTS)[number]);
  const Screen = current.Screen;
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Commerce · {current.label}</h1>
      </header>
      <nav className="SubNav" aria-label="Commerce settings">
        <ul>
          {PARTS.filter((part) => part.permission === undefined || session.can[part.permission]).map((part) => (
            <li key={part.id}>
              <Link
                to={part.id === '' ? COMMERCE_ROOT : `${COMMERCE_ROOT}/${part.id}`}
                aria-current={part.id === current.id ? 'page' : undefined}
              >
                {part.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Screen session={session} />
    </div>
  );
}
