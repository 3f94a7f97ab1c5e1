/**
 * The console's operations calls (docs/merchant.md, "Console"): order search and detail, the store
 * currency, forms with their submissions, CSV export and notification email, and the analytics
 * dashboard's figures with the store's sales. Each is behind its merchant permission (401/403, the
 * crumb on changes, no-store answers): orders and submissions need `customerData`, the notification
 * address `notifications`; rates, discounts, settings and restock sends use the existing
 * /api/commerce/* and restock calls.
 */
import { api } from '../../api';
import { areas } from '../../api/areas';
import { answer, answerCsv, pathIn } from '../shared/contract';
import { Hono, type Context } from 'hono';
import { ApiError } from '../../http/errors';
import { currencySchema, notificationSchema } from '../../api/console-bodies';
import { hourOf, HOUR_MS } from '../../beacon/aggregate';
import { ORDER_MESSAGES, ORDER_STATUSES, type OrderStatus } from '../../commerce/order';
import { toCsv } from '../../forms/csv';
import { storedValues, submissionCells, submissionColumns } from '../../forms/submission-table';
import { isValidEmail } from '../../forms/validate';
import { siteFormById, siteForms, type SiteForm } from '../../site/model/lookup';
import { summaryFor } from './dashboard';
import { apiError, readJson, type AppEnv, storeOf } from '../shared/http';
import { merchantEdit } from './site-edits';
import { cursorOf, searchQueryOf } from './list-query';
import { requirePermission } from './merchant-session';

export const OPERATIONS_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  unknownForm: 'That form does not exist.',
  invalidCurrency: 'Choose a three-letter currency code such as USD',
} as const;

const MAX_BODY_BYTES = 4 * 1024;
const PAGE_LIMIT = 50;

/** Currencies the store may sell in: those the runtime can format (ISO 4217, as Intl knows them). */
const CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

function orders(c: Context<AppEnv>) {
  return storeOf(c).objects.orders;
}

function submissions(c: Context<AppEnv>) {
  return storeOf(c).objects.forms;
}

function formOf(c: Context<AppEnv>): SiteForm {
  const form = siteFormById(c.var.site, c.req.param('formId') ?? '');
  if (form === undefined) throw new ApiError(404, OPERATIONS_MESSAGES.unknownForm);
  return form;
}

export const consoleOperations = new Hono<AppEnv>();

const CONSOLE = areas.console;
const commerce = requirePermission('commerce');
const customerData = requirePermission('customerData');
const read = requirePermission('read');
const notifications = requirePermission('notifications');
const analytics = requirePermission('analytics');

consoleOperations.get(pathIn(CONSOLE, api.orders), customerData, async (c) => {
  const status = c.req.query('status') || null;
  if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status))
    return apiError(400, `status must be one of ${ORDER_STATUSES.join(', ')}`);
  const query = searchQueryOf(c);
  const cursor = cursorOf(c);
  const store = orders(c);
  const page =
    query === ''
      ? await store.orders(status as OrderStatus | null, cursor, PAGE_LIMIT)
      : await store.searchOrders(query, status as OrderStatus | null, cursor, PAGE_LIMIT);
  return answer(c, api.orders, page);
});

consoleOperations.get(pathIn(CONSOLE, api.consoleOrder), customerData, async (c) => {
  const order = await orders(c).order(c.req.param('id'));
  return order === null ? apiError(404, ORDER_MESSAGES.notFound) : answer(c, api.consoleOrder, { order });
});

consoleOperations.get(pathIn(CONSOLE, api.store), commerce, async (c) =>
  answer(c, api.store, { currency: c.var.site.website.storeCurrency, settings: await orders(c).settings() }),
);

consoleOperations.put(pathIn(CONSOLE, api.storeCurrency), commerce, async (c) => {
  const { currency } = await readJson(c, currencySchema, MAX_BODY_BYTES);
  if (!CURRENCIES.has(currency))
    return apiError(400, OPERATIONS_MESSAGES.invalidCurrency, {
      fields: { currency: OPERATIONS_MESSAGES.invalidCurrency },
    });
  await merchantEdit(c, { kind: 'setStoreCurrency', currency });
  return answer(c, api.storeCurrency, { currency });
});

consoleOperations.get(pathIn(CONSOLE, api.forms), read, async (c) => {
  const store = submissions(c);
  const [counts, notifications] = await Promise.all([store.counts(), store.notifications()]);
  const forms = siteForms(c.var.site).map((form) => ({
    id: form.id,
    name: form.name,
    kind: form.kind,
    successRedirectUrl: form.successRedirectUrl,
    submissions: counts[form.id] ?? 0,
    notification: notifications[form.id] ?? { enabled: false, recipient: '' },
  }));
  return answer(c, api.forms, { forms });
});

consoleOperations.put(pathIn(CONSOLE, api.formNotification), notifications, async (c) => {
  const form = formOf(c);
  const body = await readJson(c, notificationSchema, MAX_BODY_BYTES);
  if ((body.enabled || body.recipient !== '') && !isValidEmail(body.recipient)) {
    return apiError(400, OPERATIONS_MESSAGES.invalidEmail, {
      fields: { recipient: OPERATIONS_MESSAGES.invalidEmail },
    });
  }
  return answer(c, api.formNotification, { notification: await submissions(c).setNotification(form.id, body) });
});

consoleOperations.get(pathIn(CONSOLE, api.submissions), customerData, async (c) => {
  const form = formOf(c);
  const columns = submissionColumns(form.fields);
  const page = await submissions(c).list(form.id, cursorOf(c));
  const rows = page.submissions.map((s) => ({
    id: s.id,
    submittedAt: s.submittedAt,
    pagePath: s.pagePath,
    cells: submissionCells(columns, storedValues(s.values)),
  }));
  return answer(c, api.submissions, {
    form: { id: form.id, name: form.name },
    columns,
    rows,
    hasNextPage: page.hasNextPage,
    nextPageCursor: page.nextPageCursor,
  });
});

/** A name safe in a Content-Disposition filename: letters, digits, '-' and '_'. */
function fileNameOf(name: string): string {
  return (
    name
      .replace(/[^A-Za-z0-9_-]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'form'
  );
}

consoleOperations.get(pathIn(CONSOLE, api.submissionsExport), customerData, async (c) => {
  const form = formOf(c);
  const columns = submissionColumns(form.fields);
  const all = await submissions(c).all(form.id);
  const header = ['Submitted (UTC)', ...columns.map((column) => column.title), 'Page'];
  const records = all.map((s) => [
    new Date(s.submittedAt).toISOString(),
    ...submissionCells(columns, storedValues(s.values)),
    s.pagePath ?? '',
  ]);
  return answerCsv(c, api.submissionsExport, toCsv([header, ...records]), `${fileNameOf(form.name)}-submissions.csv`);
});

consoleOperations.get(pathIn(CONSOLE, api.analytics), analytics, async (c) => {
  const { days, summary } = await summaryFor(c);
  const sales = await orders(c).salesByHour(summary.fromHour * HOUR_MS, (hourOf(Date.now()) + 1) * HOUR_MS);
  return answer(c, api.analytics, {
    days,
    currency: c.var.site.website.storeCurrency,
    timeZone: c.var.site.website.timeZone,
    summary,
    sales,
  });
});
