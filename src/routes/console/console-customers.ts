/**
 * The console's customers calls (docs/merchant.md, "Customers"; customerData permission): the list
 * (searched and keyset paged), a customer's profile with their orders and shopper account, an email to a customer
 * (To is always the customer's own address), the CSV export, and the abandoned checkouts. Customers are derived from the orders in the website's
 * CommerceOrders object; accounts come from its SiteUsers object.
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, answerCsv, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import type { CustomerSummary } from '../../api/customers';
import { formatMoney } from '../../commerce/money';
import { CHECKOUT_KEEP_MS } from '../../durable/orders';
import { toCsv } from '../../forms/csv';
import { apiError, type AppEnv, readJson, storeOf } from '../shared/http';
import { CUSTOMER_EMAIL_MESSAGES, customerEmailSchema } from '../../site/editor/customer-email';
import { customersPage, customerWithoutOrders } from './customers-without-orders';
import { LIST_QUERY_MESSAGES, searchQueryOf } from './list-query';
import { requirePermission } from './merchant-session';

export const CUSTOMER_MESSAGES = {
  notFound: 'No orders have this email.',
} as const;

const PAGE_LIMIT = 50;
/** A body of 10,000 characters, each as a 6-byte `\uXXXX` escape, with the subject and the copies. */
const MAX_EMAIL_BODY_BYTES = 64 * 1024;
/** Customers read per call while exporting, and the most one export holds (the most recent that match). */
const EXPORT_PAGE = 500;
const MAX_EXPORT_CUSTOMERS = 10_000;
const CSV_HEADER = ['Email', 'Name', 'Orders', 'Total spent', 'First order (UTC)', 'Last order (UTC)', 'Account'];

function orders(c: Context<AppEnv>) {
  return storeOf(c).objects.orders;
}

async function withAccounts(c: Context<AppEnv>, customers: CustomerSummary[]) {
  const accounts = await storeOf(c).objects.siteUsers.accountsOf(customers.map((x) => x.email));
  return customers.map((customer) => ({ ...customer, account: accounts[customer.email] ?? null }));
}

export const consoleCustomers = new Hono<AppEnv>();

const CONSOLE = areas.console;
const customerData = requirePermission('customerData');

consoleCustomers.get(pathIn(CONSOLE, api.customers), customerData, async (c) => {
  const page = await customersPage(storeOf(c).objects, searchQueryOf(c), c.req.query('cursor'), PAGE_LIMIT);
  if (page === undefined) return apiError(400, LIST_QUERY_MESSAGES.badCursor);
  return answer(c, api.customers, {
    customers: await withAccounts(c, page.customers),
    hasNextPage: page.nextPageCursor !== null,
    nextPageCursor: page.nextPageCursor,
    currency: c.var.site.website.storeCurrency,
  });
});

consoleCustomers.get(pathIn(CONSOLE, api.customersCsv), customerData, async (c) => {
  const query = searchQueryOf(c);
  const currency = c.var.site.website.storeCurrency;
  const found: CustomerSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await customersPage(storeOf(c).objects, query, cursor, EXPORT_PAGE);
    found.push(...(page?.customers ?? []));
    cursor = page?.nextPageCursor ?? undefined;
  } while (cursor !== undefined && found.length < MAX_EXPORT_CUSTOMERS);
  const customers = found.slice(0, MAX_EXPORT_CUSTOMERS);
  const accounts: Record<string, { verified: boolean }> = {};
  for (let i = 0; i < customers.length; i += EXPORT_PAGE) {
    const emails = customers.slice(i, i + EXPORT_PAGE).map((x) => x.email);
    Object.assign(accounts, await storeOf(c).objects.siteUsers.accountsOf(emails));
  }
  const records = customers.map((x) => {
    const account = accounts[x.email];
    return [
      x.email,
      x.name,
      String(x.orders),
      formatMoney(x.spentCents, currency, 'en-US', false),
      x.firstOrderAt === null ? '' : new Date(x.firstOrderAt).toISOString(),
      x.lastOrderAt === null ? '' : new Date(x.lastOrderAt).toISOString(),
      account === undefined ? 'none' : account.verified ? 'verified' : 'not verified',
    ];
  });
  return answerCsv(
    c,
    api.customersCsv,
    toCsv([CSV_HEADER, ...records]),
    `customers-${new Date().toISOString().slice(0, 10)}.csv`,
  );
});

consoleCustomers.get(pathIn(CONSOLE, api.customer), customerData, async (c) => {
  const email = c.req.param('email');
  if (email.length > 320) return apiError(404, CUSTOMER_MESSAGES.notFound);
  const found =
    (await orders(c).customer(email)) ??
    (await customerWithoutOrders(storeOf(c).objects, email).then((customer) =>
      customer === null ? null : { customer, orders: [] },
    ));
  if (found === null) return apiError(404, CUSTOMER_MESSAGES.notFound);
  const accounts = await storeOf(c).objects.siteUsers.accountsOf([found.customer.email]);
  return answer(c, api.customer, {
    customer: found.customer,
    account: accounts[found.customer.email] ?? null,
    orders: found.orders,
    currency: c.var.site.website.storeCurrency,
    emails: await orders(c).customerEmails(found.customer.email),
  });
});

/** The customer's address as the store knows it (case as on their orders), or null for an email it does not know. */
async function knownCustomer(c: Context<AppEnv>, email: string): Promise<string | null> {
  if (email.length > 320) return null;
  const found =
    (await orders(c).customer(email, 1))?.customer ?? (await customerWithoutOrders(storeOf(c).objects, email));
  return found?.email ?? null;
}

consoleCustomers.post(pathIn(CONSOLE, api.emailCustomer), customerData, async (c) => {
  const email = await readJson(c, customerEmailSchema, MAX_EMAIL_BODY_BYTES);
  const to = await knownCustomer(c, c.req.param('email'));
  if (to === null) return apiError(404, CUSTOMER_MESSAGES.notFound);
  const outcome = await orders(c).emailCustomer(to, email);
  if (!outcome.ok) return apiError(429, CUSTOMER_EMAIL_MESSAGES.rateLimited);
  return answer(c, api.emailCustomer, { emails: await orders(c).customerEmails(to) });
});

consoleCustomers.get(pathIn(CONSOLE, api.abandonedCheckouts), customerData, async (c) =>
  answer(c, api.abandonedCheckouts, {
    checkouts: await orders(c).abandonedCheckouts(),
    timeZone: c.var.site.website.timeZone,
    keptHours: CHECKOUT_KEEP_MS / 3_600_000,
  }),
);
