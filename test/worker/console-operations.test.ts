/**
 * The console's operations calls (src/routes/console/console-operations.ts) as the console calls them:
 * roles and the crumb, order search and detail, the store currency, form submissions without
 * passwords, the formula-safe CSV export, the merchant's notification email, and analytics sales. Then the console's
 * error reports (what was console-errors.test.ts; one file, one workerd, issue 30).
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it, afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import type { Order } from '../../src/commerce/order';
import type { FormSubmissions } from '../../src/durable/forms';
import { OPERATIONS_MESSAGES } from '../../src/routes/console/console-operations';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { ROLES } from '../../src/site/roles';
import {
  ADDRESS,
  fillCheckout,
  merchant,
  orders,
  placeOrder,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor, type VisitorOptions } from './visitor';
import { api } from '../../src/api';
import { CONSOLE_ERROR_EVENT, MAX_ERROR_REPORT_BYTES } from '../../src/routes/console/console-errors';
import { CRUMB_FAIL_MESSAGE } from '../../src/routes/shared/csrf';
import { DEMO_MERCHANTS, DEMO_SITE_ID } from '../../src/site/seed/demo';

const CAPTCHA = 'local:form_block:0123456789abcdef';

async function orderFor(
  base: string,
  email: string,
  name: { firstName: string; lastName: string } = ADDRESS,
): Promise<Order> {
  const visitor = await shopper(base, [{ itemId: 'p-candle', sku: skuOf('candle'), quantity: 1 }]);
  expect((await startCheckout(visitor)).status).toBe(200);
  await fillCheckout(visitor, { email, shippingAddress: { ...ADDRESS, ...name } });
  const placed = await placeOrder(visitor);
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body.order;
}

/** The demo's form with every field type (a password and a section among them), on /form-fields. */
const FIELD_TYPES_FORM = 'f-field-types';

async function submit(base: string, values: Record<string, unknown>): Promise<void> {
  const visitor = await new Visitor(base).open('/form-fields');
  const { key } = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body;
  const saved = await visitor.json('POST', '/api/form/SaveFormSubmission', {
    key,
    formId: FIELD_TYPES_FORM,
    form: JSON.stringify(values),
    captchaKey: CAPTCHA,
    pagePath: '/form-fields',
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

function forms(websiteId: string) {
  return env.FORMS.get(env.FORMS.idFromName(websiteId));
}

describe('console operations calls', () => {
  it('answers each call only to the roles that may make it, and changes only with the crumb', async () => {
    const { base, websiteId } = await storeOnHost('ops-roles.test');
    expect((await new Visitor(base).json('GET', '/api/console/orders')).status).toBe(401);
    const editor = await merchant(base, websiteId, ROLES.editor);
    expect(await editor.json('GET', '/api/console/orders')).toEqual({
      status: 403,
      body: { error: MERCHANT_MESSAGES.forbidden },
    });
    expect((await editor.json('GET', '/api/console/analytics')).status).toBe(403);
    expect((await editor.json('GET', '/api/console/forms')).status).toBe(200);
    const viewer = await merchant(base, websiteId, ROLES.viewer);
    expect((await viewer.json('GET', '/api/console/analytics?days=30')).status).toBe(200);
    expect(
      (await viewer.json('PUT', '/api/console/forms/f-contact/notification', { enabled: false, recipient: '' })).status,
    ).toBe(403);
    expect((await viewer.json('PUT', '/api/console/store/currency', { currency: 'EUR' })).status).toBe(403);
    const store = await merchant(base, websiteId, ROLES.storeManager);
    const noCrumb = await store.fetch('/api/console/store/currency', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{"currency":"EUR"}',
    });
    expect(noCrumb.status).toBe(403);
    expect((await store.json('GET', '/api/console/analytics?days=91')).status).toBe(400);
  });

  it('finds orders by number or email, pages them and shows one in full', async () => {
    const { base, websiteId } = await storeOnHost('ops-orders.test');
    await standardRules(websiteId);
    const first = await orderFor(base, 'grace@example.com');
    const second = await orderFor(base, 'ada@example.com');
    const store = await merchant(base, websiteId);
    type Page = { orders: Order[]; hasNextPage: boolean };
    const byEmail = await store.json<Page>('GET', '/api/console/orders?q=GRACE');
    expect(byEmail.body.orders.map((o) => o.id)).toEqual([first.id]);
    const byNumber = await store.json<Page>('GET', `/api/console/orders?q=%23${second.orderNumber}`);
    expect(byNumber.body.orders.map((o) => o.id)).toEqual([second.id]);
    expect((await store.json<Page>('GET', '/api/console/orders?q=ada&status=fulfilled')).body.orders).toEqual([]);
    expect((await store.json<Page>('GET', '/api/console/orders?q=%25')).body.orders).toEqual([]);
    expect((await store.json('GET', '/api/console/orders?status=lost')).status).toBe(400);
    const detail = await store.json<{ order: Order }>('GET', `/api/console/orders/${first.id}`);
    expect(detail.body.order).toMatchObject({
      id: first.id,
      email: 'grace@example.com',
      entries: [{ itemId: 'p-candle', quantity: 1 }],
    });
    expect((await store.json('GET', '/api/console/orders/o-missing')).status).toBe(404);

    const analytics = await store.json<{ sales: { orders: number; revenueCents: number }[]; currency: string }>(
      'GET',
      '/api/console/analytics?days=1',
    );
    expect(analytics.body.sales.reduce((sum, s) => sum + s.orders, 0)).toBe(2);
    expect(analytics.body.sales.reduce((sum, s) => sum + s.revenueCents, 0)).toBe(
      first.grandTotalCents + second.grandTotalCents,
    );
  });

  it('finds orders by customer name whatever the case and accents, and by email or number with a status', async () => {
    const { base, websiteId } = await storeOnHost('ops-order-names.test');
    await standardRules(websiteId);
    const jose = await orderFor(base, 'buyer1@example.com', { firstName: 'José', lastName: 'Núñez' });
    const ada = await orderFor(base, 'buyer2@example.com', { firstName: 'Ada', lastName: 'Lovelace' });
    const store = await merchant(base, websiteId);
    const found = async (q: string, status = '') =>
      (
        await store.json<{ orders: Order[] }>(
          'GET',
          `/api/console/orders?q=${encodeURIComponent(q)}${status === '' ? '' : `&status=${status}`}`,
        )
      ).body.orders.map((o) => o.id);
    for (const q of ['jose', 'NUNEZ', 'José Núñez', 'jose nunez', 'Núñ']) expect(await found(q), q).toEqual([jose.id]);
    expect(await found('lovelace')).toEqual([ada.id]);
    expect(await found('ada lovelace', 'paid')).toEqual([ada.id]);
    expect(await found('ada lovelace', 'refunded')).toEqual([]);
    expect(await found('BUYER')).toEqual([ada.id, jose.id]);
    expect(await found(`#${jose.orderNumber}`)).toEqual([jose.id]);
    expect(await found('nunez jose')).toEqual([]);

    // A read cut short by the scan bound (one row here) still hands a cursor on, and the next page finds the rest.
    const bounded = await orders(websiteId).searchOrders('buyer', null, null, 50, 1);
    expect(bounded.orders.map((o) => o.id)).toEqual([ada.id]);
    expect(bounded.nextPageCursor).toBe(String(ada.orderNumber));
    const rest = await orders(websiteId).searchOrders('jose', null, Number(bounded.nextPageCursor), 50, 1);
    expect(rest).toMatchObject({ orders: [{ id: jose.id }], hasNextPage: true });
    const unbounded = await orders(websiteId).searchOrders('nunez', null, null, 50);
    expect(unbounded).toMatchObject({ orders: [{ id: jose.id }], hasNextPage: false, nextPageCursor: null });
  });

  it('changes the store currency through the content object, refusing an unknown code by field', async () => {
    const { base, websiteId } = await storeOnHost('ops-currency.test');
    const store = await merchant(base, websiteId);
    expect(await store.json('PUT', '/api/console/store/currency', { currency: 'ABC' })).toEqual({
      status: 400,
      body: { error: OPERATIONS_MESSAGES.invalidCurrency, fields: { currency: OPERATIONS_MESSAGES.invalidCurrency } },
    });
    expect((await store.json('PUT', '/api/console/store/currency', { currency: 'eur' })).body).toEqual({
      currency: 'EUR',
    });
    expect((await store.json<{ currency: string }>('GET', '/api/console/store')).body.currency).toBe('EUR');
  });

  it('lists submissions without passwords, exports formula-safe CSV and emails the merchant when asked', async () => {
    const { base, websiteId } = await storeOnHost('ops-forms.test');
    await submit(base, { name: ['Before', 'Notice'], email: 'before@example.com', message: 'No email for this one' });
    const owner = await merchant(base, websiteId, ROLES.admin);
    expect(
      await owner.json('PUT', `/api/console/forms/${FIELD_TYPES_FORM}/notification`, {
        enabled: true,
        recipient: 'not-an-email',
      }),
    ).toEqual({
      status: 400,
      body: { error: OPERATIONS_MESSAGES.invalidEmail, fields: { recipient: OPERATIONS_MESSAGES.invalidEmail } },
    });
    expect(
      (await owner.json('PUT', '/api/console/forms/f-nope/notification', { enabled: false, recipient: '' })).status,
    ).toBe(404);
    expect(
      (
        await owner.json('PUT', `/api/console/forms/${FIELD_TYPES_FORM}/notification`, {
          enabled: true,
          recipient: 'owner@example.com',
        })
      ).status,
    ).toBe(200);
    await submit(base, {
      name: ['Eve', 'Formula'],
      email: 'eve@example.com',
      message: '=HYPERLINK("http://evil.example","click"), then more',
      password: 'hunter2-secret',
    });

    const listed = await owner.json<{
      forms: { id: string; submissions: number; notification: { enabled: boolean } }[];
    }>('GET', '/api/console/forms');
    expect(listed.body.forms.find((f) => f.id === FIELD_TYPES_FORM)).toMatchObject({
      submissions: 2,
      notification: { enabled: true, recipient: 'owner@example.com' },
    });
    const table = await owner.json<{ columns: { id: string }[]; rows: { cells: string[] }[] }>(
      'GET',
      `/api/console/forms/${FIELD_TYPES_FORM}/submissions`,
    );
    expect(table.body.columns.map((c) => c.id)).not.toContain('password');
    expect(table.body.columns.map((c) => c.id)).not.toContain('section');
    expect(JSON.stringify(table.body)).not.toContain('hunter2');
    expect(table.body.rows[0]?.cells[0]).toBe('Eve Formula');

    const csv = await owner.fetch(`/api/console/forms/${FIELD_TYPES_FORM}/submissions/export`);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toBe(
      'attachment; filename="Contact-us-submissions.csv"'.replace('Contact-us', await formName(owner)),
    );
    const text = await csv.text();
    const lines = text.split('\r\n');
    expect(lines[0]).toMatch(/^Submitted \(UTC\),Name,Email,/);
    expect(lines).toHaveLength(4);
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click""), then more"`);
    expect(text).not.toContain('hunter2');

    const stub = forms(websiteId);
    await runInDurableObject(stub, async (instance: FormSubmissions) => {
      await instance.alarm();
    });
    const mail = await stub.mailbox();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: 'owner@example.com' });
    expect(mail[0]?.subject).toContain('New submission');
    expect(mail[0]?.text).toContain('Name: Eve Formula');
    expect(mail[0]?.text).not.toContain('hunter2');
  });
});

async function formName(owner: Visitor): Promise<string> {
  const { forms: list } = (await owner.json<{ forms: { id: string; name: string }[] }>('GET', '/api/console/forms'))
    .body;
  return (list.find((f) => f.id === FIELD_TYPES_FORM)?.name ?? '').replace(/[^A-Za-z0-9_-]+/g, '-');
}

/**
 * The console's error reports (engine spec §8, "Errors and logging"; src/routes/console/console-errors.ts): any
 * signed-in merchant's report, with the crumb, is written to the worker's log as one JSON line naming the merchant
 * by account id; no session, no crumb, a body that is not a `frontend_error`, another website's, one over the cap
 * or one past the visitor limit is refused and nothing is logged.
 */
describe('console-errors', () => {
  const VIEWER = DEMO_MERCHANTS.find((account) => account.roles.length === 1 && account.roles[0] === 10);
  const PATH = api.consoleErrorReport.path();

  const report = {
    context_website_id: DEMO_SITE_ID,
    page_path: '/config/team',
    event_occurrence_timestamp: 1_764_000_000_000,
    error_kind: 'error',
    error_message: "Cannot read properties of undefined (reading '0')",
    error_stack: "TypeError: Cannot read properties of undefined (reading '0')\n    at render (console.js:1:2)",
  };

  async function signedIn(options: VisitorOptions = {}): Promise<Visitor> {
    if (VIEWER === undefined) throw new Error('the demo team has no viewer');
    const visitor = await new Visitor('http://localhost', options).open('/config');
    const answer = await visitor.json('POST', '/api/merchant/session', {
      email: VIEWER.email,
      password: VIEWER.password,
    });
    expect(answer.status).toBe(200);
    return visitor;
  }

  /** The console_error lines the worker wrote. */
  function logged(spy: MockInstance): Array<Record<string, unknown>> {
    return spy.mock.calls
      .map(([line]) => line)
      .filter((line): line is string => typeof line === 'string' && line.includes(CONSOLE_ERROR_EVENT))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }

  describe('console error reports', () => {
    let spy: MockInstance;
    beforeEach(() => {
      spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    });
    afterEach(() => spy.mockRestore());

    it("a viewer's report is written to the worker's log as one JSON line, the merchant by id and not by email", async () => {
      const viewer = await signedIn();
      const res = await viewer.send('POST', PATH, report);
      expect(res.status).toBe(204);
      const lines = logged(spy);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toEqual({
        event: 'console_error',
        websiteId: DEMO_SITE_ID,
        merchantId: expect.any(String),
        path: '/config/team',
        kind: 'error',
        message: report.error_message,
        source: null,
        stack: report.error_stack,
        reportedAt: report.event_occurrence_timestamp,
      });
      expect(String(spy.mock.calls.find(([line]) => String(line).includes(CONSOLE_ERROR_EVENT))?.[0])).not.toMatch(
        VIEWER?.email ?? '@',
      );
    });

    it('refuses a visitor without a merchant session, a call without the crumb, and logs nothing', async () => {
      const shopper = await new Visitor().open('/contact');
      expect((await shopper.send('POST', PATH, report)).status).toBe(401);
      const viewer = await signedIn();
      const noCrumb = await viewer.fetch(PATH, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(report),
      });
      expect(noCrumb.status).toBe(403);
      expect(await noCrumb.json()).toMatchObject({ error: CRUMB_FAIL_MESSAGE });
      expect(logged(spy)).toEqual([]);
    });

    it("refuses what is not a frontend_error, another website's report and a body over the cap, and logs nothing", async () => {
      const viewer = await signedIn();
      const { error_kind: _kind, ...noKind } = report;
      expect((await viewer.send('POST', PATH, noKind)).status).toBe(400);
      expect((await viewer.send('POST', PATH, { ...report, extra: 'field' })).status).toBe(400);
      const other = await viewer.json('POST', PATH, { ...report, context_website_id: 'another-site' });
      expect(other).toEqual({ status: 400, body: { error: 'context_website_id: not this website' } });
      const large = JSON.stringify(report).padEnd(MAX_ERROR_REPORT_BYTES + 1, ' ');
      expect((await viewer.send('POST', PATH, large)).status).toBe(413);
      expect(logged(spy)).toEqual([]);
    });

    it('answers 429 past the visitor limit of beacons, and logs nothing', async () => {
      const limited = { limit: async () => ({ success: false }) } as unknown as RateLimit;
      const viewer = await signedIn({ vars: { BEACON_VISITOR_LIMITER: limited } });
      const res = await viewer.send('POST', PATH, report);
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('10');
      expect(logged(spy)).toEqual([]);
    });
  });
});
