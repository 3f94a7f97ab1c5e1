/**
 * Least privilege for customers' personal data (issue 29): every call that reads or exports form
 * submissions, restock sign-ups, mailing-list members, orders or undeliverable emails needs `customerData`, which
 * Viewer and Editor do not hold; where a form's notifications go is an administrator's or a
 * website manager's; and every merchant GET answer is `no-store`. Each role of src/site/roles.ts
 * signs in on a store of its own.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MERCHANT_MESSAGES } from '../../src/accounts/messages';
import { hashPassword } from '../../src/durable/passwords';
import { PERMISSIONS, ROLES } from '../../src/site/roles';
import { storeOnHost } from './checkout-support';
import { Visitor } from './visitor';

const HOST = 'customer-data.test';
const CAPTCHA = 'local:form_block:0123456789abcdef';
const CUSTOMER_EMAIL = 'private.customer@example.com';
/** Fifteen sign-ins (PBKDF2 each) and a call each per route: minutes on a loaded 2-core machine. */
const TIMEOUT = 180_000;

const account = (role: number) => ({ email: `data-role-${role}@example.com`, password: `data-role-${role}-password` });

let base = '';
const signedIn = new Map<number, Visitor>();

/** The personal-data reads: each must answer 403 to a role without `customerData`. */
const PERSONAL_READS = [
  '/api/console/forms/f-contact/submissions',
  '/api/console/forms/f-contact/submissions/export',
  '/api/form/submissions?formId=f-contact',
  '/api/site-users/account/notifications/restock/groups',
  '/api/site-users/account/notifications/restock?productId=p-ceramic-mug&variantId=v14',
  '/api/console/mailing-list/members',
  '/api/console/orders',
  '/api/console/orders/o-missing',
  '/api/commerce/orders',
  '/api/commerce/orders/o-missing',
  '/api/commerce/parked-emails',
];

beforeAll(async () => {
  const store = await storeOnHost(HOST);
  base = store.base;
  const team = env.MERCHANTS.get(env.MERCHANTS.idFromName(store.websiteId));
  for (const role of Object.values(ROLES))
    await team.ensureMember(account(role).email, await hashPassword(account(role).password), [role]);
  for (const role of Object.values(ROLES)) {
    const visitor = await new Visitor(base).open('/contact');
    expect((await visitor.json('POST', '/api/merchant/session', account(role))).status).toBe(200);
    signedIn.set(role, visitor);
  }
  const shopper = await new Visitor(base).open('/contact');
  const { key } = (await shopper.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body;
  const values = { name: 'Private Customer', email: CUSTOMER_EMAIL, message: 'Call me on 555-0100' };
  const saved = await shopper.json('POST', '/api/form/SaveFormSubmission', {
    key,
    formId: 'f-contact',
    form: JSON.stringify(values),
    captchaKey: CAPTCHA,
    pagePath: '/contact',
  });
  expect(saved.status).toBe(200);
}, TIMEOUT);

function as(role: number): Visitor {
  const visitor = signedIn.get(role);
  if (visitor === undefined) throw new Error(`role ${role} is not signed in`);
  return visitor;
}

describe('customer data by role', () => {
  it('is held by administrators, website managers and store managers only', () => {
    expect(PERMISSIONS.customerData).toEqual([ROLES.admin, ROLES.storeManager, ROLES.websiteManager]);
    expect(PERMISSIONS.notifications).toEqual([ROLES.admin, ROLES.websiteManager]);
  });

  it(
    'answers submissions, exports, restock sign-ups, mailing-list members and orders only to roles with customerData',
    async () => {
      for (const path of PERSONAL_READS) expect((await new Visitor(base).json('GET', path)).status, path).toBe(401);
      for (const [name, role] of Object.entries(ROLES)) {
        const allowed = PERMISSIONS.customerData.includes(role);
        for (const path of PERSONAL_READS) {
          const res = await as(role).fetch(path);
          const text = await res.text();
          const expected = !allowed ? 403 : path.endsWith('o-missing') ? 404 : 200;
          expect(res.status, `${name} ${path}`).toBe(expected);
          expect(res.headers.get('cache-control'), `${name} ${path}`).toBe('no-store');
          if (!allowed) {
            expect(JSON.parse(text), `${name} ${path}`).toEqual({ error: MERCHANT_MESSAGES.forbidden });
            expect(text).not.toContain(CUSTOMER_EMAIL);
          }
        }
        if (allowed)
          expect(
            await (await as(role).fetch('/api/console/forms/f-contact/submissions/export')).text(),
            name,
          ).toContain(CUSTOMER_EMAIL);
      }
      // The finding's roles, by name.
      expect((await as(ROLES.viewer).fetch('/api/console/forms/f-contact/submissions/export')).status).toBe(403);
      expect((await as(ROLES.editor).fetch('/api/console/mailing-list/members')).status).toBe(403);
    },
    TIMEOUT,
  );

  it(
    'lets only an administrator or a website manager change where a form’s notifications go',
    async () => {
      for (const [name, role] of Object.entries(ROLES)) {
        const recipient = `attacker-${role}@example.net`;
        const res = await as(role).json('PUT', '/api/console/forms/f-contact/notification', {
          enabled: true,
          recipient,
        });
        const forms = await as(ROLES.admin).json<{ forms: { id: string; notification: { recipient: string } }[] }>(
          'GET',
          '/api/console/forms',
        );
        const stored = forms.body.forms.find((form) => form.id === 'f-contact')?.notification.recipient;
        if (PERMISSIONS.notifications.includes(role)) {
          expect(res.status, name).toBe(200);
          expect(stored, name).toBe(recipient);
        } else {
          expect(res, name).toEqual({ status: 403, body: { error: MERCHANT_MESSAGES.forbidden } });
          expect(stored, name).not.toBe(recipient);
        }
      }
      expect(
        (
          await as(ROLES.editor).json('PUT', '/api/console/forms/f-contact/notification', {
            enabled: true,
            recipient: 'x@example.net',
          })
        ).status,
      ).toBe(403);
    },
    TIMEOUT,
  );

  it('tells the console what each role may open, so it hides the rest', async () => {
    type Can = { can: Record<string, boolean> };
    expect((await as(ROLES.viewer).json<Can>('GET', '/api/merchant/session')).body.can).toMatchObject({
      read: true,
      customerData: false,
      notifications: false,
    });
    expect((await as(ROLES.editor).json<Can>('GET', '/api/merchant/session')).body.can).toMatchObject({
      content: true,
      customerData: false,
      notifications: false,
    });
    expect((await as(ROLES.storeManager).json<Can>('GET', '/api/merchant/session')).body.can).toMatchObject({
      customerData: true,
      notifications: false,
    });
  });
});

describe('merchant answers are never stored', () => {
  it(
    'marks every merchant and console GET no-store, allowed or refused',
    async () => {
      const paths = [
        '/api/console/team',
        '/api/commerce/discounts',
        '/api/commerce/settings',
        '/api/commerce/shipping-rates',
        '/api/console/store',
        '/api/console/forms',
        '/api/console/analytics',
        '/api/console/products',
        '/api/console/pages',
        '/api/console/files',
        '/api/console/mailing-list',
        '/api/site-header-footer',
        '/api/commondata/GetSiteLayout',
        '/api/v1/commerce-preferences/checkout',
        '/api/multilingual/settings',
        '/api/merchant/session',
        ...PERSONAL_READS,
      ];
      for (const path of paths) {
        const owner = await as(ROLES.admin).fetch(path);
        await owner.arrayBuffer();
        expect(owner.status, path).toBeLessThan(500);
        expect(owner.headers.get('cache-control'), path).toBe('no-store');
        const viewer = await as(ROLES.viewer).fetch(path);
        await viewer.arrayBuffer();
        expect(viewer.headers.get('cache-control'), `viewer ${path}`).toBe('no-store');
      }
    },
    TIMEOUT,
  );
});
