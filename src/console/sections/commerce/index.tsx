/**
 * The commerce settings section: store settings (currency, minimum order, tax display, stock
 * hold, welcome code), shipping rates, tax rates, discount codes and the commerce-preferences
 * namespaces, each its own screen under /config/commerce/<part>.
 */
import type { SectionProps } from '../../section-types';
import { Link } from '../../ui';
import { Discounts } from './Discounts';
import { Preferences } from './Preferences';
import { ShippingRates, TaxRates } from './Rates';
import { StoreSettingsForm } from './StoreSettings';

export const COMMERCE_ROOT = '/config/commerce';

const PARTS = [
  { id: '', label: 'Store', Screen: StoreSettingsForm },
  { id: 'shipping', label: 'Shipping rates', Screen: ShippingRates },
  { id: 'taxes', label: 'Tax rates', Screen: TaxRates },
  { id: 'discounts', label: 'Discount codes', Screen: Discounts },
  { id: 'preferences', label: 'Preferences', Screen: Preferences },
] as const;

export default function CommerceSection({ path }: SectionProps) {
  const current = PARTS.find((part) => part.id === (path[0] ?? '')) ?? PARTS[0];
  const Screen = current.Screen;
  return (
    <div className="Page">
      <header className="PageHeader">
        <h1>Commerce · {current.label}</h1>
      </header>
      <nav className="SubNav" aria-label="Commerce settings">
        <ul>
          {PARTS.map((part) => (
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
      <Screen />
    </div>
  );
}
