/**
 * The customers who never ordered (docs/merchant.md, "Customers"): shoppers with an account (SiteUsers) and the
 * store's mailing-list subscribers (FormSubmissions) whose email has no paid order, by email, after everyone who
 * ordered. The customers list pages on to them with a cursor `p:{email}` (the last email read), and a search
 * matches them as it matches the rest (personMatcher), reading at most PEOPLE_SCAN emails a call.
 */
import type { CustomerSummary } from '../../api/customers';
import { personMatcher } from '../../commerce/order-search';
import type { WebsiteObjects } from '../../durable/stubs';

const PEOPLE_CURSOR = 'p:';
const EMAIL_MAX = 320;
/** Emails a search reads from each source in one call (the objects' own cap). */
const PEOPLE_SCAN = 1000;

/** The list's cursor: an order number while those who ordered are paged, then `p:{email}`; undefined when it is neither. */
export function customersCursor(raw: string | undefined): number | { after: string } | null | undefined {
  if (raw === undefined || raw === '') return null;
  if (raw.startsWith(PEOPLE_CURSOR)) {
    const after = raw.slice(PEOPLE_CURSOR.length);
    return after.length <= EMAIL_MAX ? { after } : undefined;
  }
  const cursor = Number(raw);
  return Number.isSafeInteger(cursor) ? cursor : undefined;
}

/** A person who never ordered, as a customer row: no orders, nothing spent, no order dates. */
function personSummary(email: string, subscribed: boolean): CustomerSummary {
  return {
    email,
    name: '',
    orders: 0,
    spentCents: 0,
    firstOrderAt: null,
    lastOrderAt: null,
    lastOrderNumber: null,
    subscribed,
  };
}

/** Up to `limit` people after `after` who never ordered and match `query`, and the cursor on (null: none left). */
export async function customersWithoutOrders(
  objects: WebsiteObjects,
  query: string,
  after: string,
  limit: number,
): Promise<{ customers: CustomerSummary[]; nextPageCursor: string | null }> {
  const read = Math.min(query === '' ? limit + 1 : PEOPLE_SCAN, PEOPLE_SCAN);
  const [accounts, subscribers] = await Promise.all([
    objects.siteUsers.accountEmails(after, read),
    objects.forms.subscriberEmails(after, read),
  ]);
  // The first `read` of both sources together, in email order: each is among the first `read` of its own.
  const emails = [...new Set([...accounts.map((a) => a.email), ...subscribers])].sort().slice(0, read);
  const ordered = new Set(emails.length === 0 ? [] : await objects.orders.emailsWithOrders(emails));
  const subscribed = new Set(subscribers);
  const matches = personMatcher(query);
  const found: CustomerSummary[] = [];
  let last: string | null = null;
  for (const email of emails) {
    const person = personSummary(email, subscribed.has(email));
    if (!ordered.has(email) && matches(person)) {
      if (found.length === limit) return { customers: found, nextPageCursor: `${PEOPLE_CURSOR}${last}` };
      found.push(person);
    }
    last = email;
  }
  const more = emails.length === read && last !== null;
  return { customers: found, nextPageCursor: more ? `${PEOPLE_CURSOR}${last}` : null };
}

/** One person who never ordered, by email, or null when they have no account and are not subscribed. */
export async function customerWithoutOrders(objects: WebsiteObjects, email: string): Promise<CustomerSummary | null> {
  const lower = email.toLowerCase();
  const [accounts, subscribers] = await Promise.all([
    objects.siteUsers.accountsOf([lower]),
    objects.forms.subscribersOf([lower]),
  ]);
  const isSubscribed = subscribers.includes(lower);
  return accounts[lower] !== undefined || isSubscribed ? personSummary(lower, isSubscribed) : null;
}

/**
 * A page of the customers list: those who ordered (the orders object's keyset pages), then, once they run out,
 * those who never did; undefined for a cursor that is neither kind.
 */
export async function customersPage(
  objects: WebsiteObjects,
  query: string,
  rawCursor: string | undefined,
  limit: number,
): Promise<{ customers: CustomerSummary[]; nextPageCursor: string | null } | undefined> {
  const cursor = customersCursor(rawCursor);
  if (cursor === undefined) return undefined;
  if (cursor !== null && typeof cursor !== 'number') return customersWithoutOrders(objects, query, cursor.after, limit);
  const page = await objects.orders.customers(query, cursor, limit);
  if (page.nextPageCursor !== null) return page;
  const room = limit - page.customers.length;
  const rest = await customersWithoutOrders(objects, query, '', Math.max(room, 1));
  if (room === 0)
    return { customers: page.customers, nextPageCursor: rest.customers.length > 0 ? PEOPLE_CURSOR : null };
  return { customers: [...page.customers, ...rest.customers], nextPageCursor: rest.nextPageCursor };
}
