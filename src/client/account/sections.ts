/**
 * The sections of a signed-in shopper's account page, in the order they show. A section is a
 * component of its own given the session; to add one (e.g. Subscriptions), write its component and
 * add a line here.
 */
import type { ComponentType } from 'react';
import type { AccountSectionProps } from './account-api';
import AddressesSection from './AddressesSection';
import OrdersSection from './OrdersSection';
import SubscriptionsSection from './SubscriptionsSection';

export interface AccountSection {
  id: string;
  title: string;
  Component: ComponentType<AccountSectionProps>;
}

export const ACCOUNT_SECTIONS: readonly AccountSection[] = [
  { id: 'orders', title: 'Orders', Component: OrdersSection },
  { id: 'subscriptions', title: 'Subscriptions', Component: SubscriptionsSection },
  { id: 'addresses', title: 'Addresses', Component: AddressesSection },
];
