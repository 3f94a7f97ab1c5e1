/**
 * The console's customers calls (docs/merchant.md, "Customers"): the list, a profile, an email to a customer, the
 * CSV export and the abandoned checkouts, with their answers. Customers are derived from the orders (src/durable/orders/customers.ts).
 */
import type { z } from 'zod';
import type { Order } from '../commerce/order';
import type { customerEmailSchema, SentCustomerEmail } from '../site/editor/customer-email';
import type { KeysetPage } from './console-answers';
import { areas } from './areas';
import { route, type CsvFile } from './route';

const CONSOLE = areas.console;

/** A customer, derived from their orders (src/durable/orders/customers.ts): one per email, case ignored. */
export interface CustomerSummary {
  email: string;
  /** The name on their latest order's address ('' without one). */
  name: string;
  orders: number;
  /** Paid and fulfilled orders' totals less their refunds. */
  spentCents: number;
  /** Null for a shopper who signed up or subscribed to the newsletter but never ordered ("No orders yet"). */
  firstOrderAt: number | null;
  lastOrderAt: number | null;
  lastOrderNumber: number | null;
  /** On the store's mailing list (told only for those who never ordered). */
  subscribed?: boolean;
}

/** Their shopper account, when the email has one. */
export interface CustomerAccount {
  verified: boolean;
}

export interface CustomersPage extends KeysetPage {
  customers: (CustomerSummary & { account: CustomerAccount | null })[];
  currency: string;
}

export interface CustomerAnswer {
  customer: CustomerSummary;
  account: CustomerAccount | null;
  orders: Order[];
  currency: string;
  /** The emails the store's merchants wrote to them (Email customer), newest first. */
  emails: SentCustomerEmail[];
}

/** A checkout with an email that never became an order (as long as checkouts are kept). */
export interface AbandonedCheckout {
  cartId: string;
  email: string;
  items: { title: string; quantity: number; options: string }[];
  totalCents: number | null;
  currencyCode: string | null;
  updatedAt: number;
}

export interface AbandonedCheckoutsAnswer {
  checkouts: AbandonedCheckout[];
  /** The store's time zone (IANA), in which the console shows the times. */
  timeZone: string;
  /** How long a checkout is kept after its last activity. */
  keptHours: number;
}

export const customerRoutes = {
  customers: route('GET', `${CONSOLE}/customers`).answers<CustomersPage>(),
  customer: route('GET', `${CONSOLE}/customers/:email`).answers<CustomerAnswer>(),
  emailCustomer: route('POST', `${CONSOLE}/customers/:email/emails`)
    .sends<z.input<typeof customerEmailSchema>>()
    .answers<{ emails: SentCustomerEmail[] }>(),
  customersCsv: route('GET', `${CONSOLE}/customers.csv`).answers<CsvFile>(),
  abandonedCheckouts: route('GET', `${CONSOLE}/abandoned-checkouts`).answers<AbandonedCheckoutsAnswer>(),
};
