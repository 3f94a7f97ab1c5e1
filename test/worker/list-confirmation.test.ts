/**
 * Double opt-in in workerd: a newsletter sign-up while the mailing list asks for double opt-in sends
 * one confirmation email (none again while its link is live); its link confirms the member in the
 * console's listing and answers the store's "You're subscribed" page, again on a second click; an
 * unknown, malformed or expired link answers 404 or 410 with its message.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import type { FormSubmissions } from '../../src/durable/forms';
import { LIST_CONFIRMATION_MESSAGES } from '../../src/routes/pages/list-confirmation';
import type { MailingList } from '../../src/site/editor/mailing-list';
import { ROLES } from '../../src/site/roles';
import { merchant, storeOnHost } from './checkout-support';
import { Visitor } from './visitor';

const MAILING = '/api/console/mailing-list';
type Members = { members: { email: string; status: string }[]; total: number };

function forms(websiteId: string) {
  return env.FORMS.get(env.FORMS.idFromName(websiteId));
}

async function signUp(base: string, email: string): Promise<void> {
  const visitor = await new Visitor(base).open('/');
  const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
  const res = await visitor.json('POST', '/api/form/SaveFormSubmission', {
    key,
    formId: 'block-newsletter',
    form: JSON.stringify({ email }),
    captchaKey: 'local:newsletter_block:0123456789abcdef',
    pagePath: '/',
  });
  expect(res.status).toBe(200);
}

/** Runs the object's alarm (the outbox's delivery) and answers the confirmation emails in its local mailbox for `to`. */
async function confirmationMails(websiteId: string, to: string) {
  const stub = forms(websiteId);
  await runInDurableObject(stub, async (instance: FormSubmissions) => {
    await instance.alarm();
  });
  return (await stub.mailbox()).filter(
    (mail) => mail.to === to && mail.subject.startsWith('Confirm your subscription'),
  );
}

function linkIn(text: string): URL {
  const match = /https?:\/\/\S+\/confirm-subscription\?token=\S+/.exec(text);
  expect(match, text).not.toBeNull();
  return new URL(match?.[0] ?? '');
}

async function visit(visitor: Visitor, url: URL): Promise<{ status: number; html: string }> {
  const res = await visitor.fetch(`${url.pathname}${url.search}`);
  return { status: res.status, html: await res.text() };
}

describe('double opt-in', () => {
  it('emails one confirmation link that confirms the member, idempotently; bad and expired links answer 404 and 410', async () => {
    const { base, websiteId } = await storeOnHost('optin.test');
    const store = await merchant(base, websiteId, ROLES.storeManager);
    const [list] = (await store.json<MailingList>('GET', MAILING)).body.lists;
    expect((await store.json('POST', MAILING, { action: 'connect', listId: list?.id, doubleOptIn: true })).status).toBe(
      200,
    );
    const members = async () => (await store.json<Members>('GET', `${MAILING}/members`)).body;

    await signUp(base, ' Reader@Example.com ');
    await signUp(base, 'reader@example.com');
    expect((await members()).members).toEqual([
      expect.objectContaining({ email: 'reader@example.com', status: 'pending' }),
    ]);
    const mails = await confirmationMails(websiteId, 'reader@example.com');
    expect(mails).toHaveLength(1);
    const link = linkIn(mails[0]?.text ?? '');
    expect(link.origin).toBe(base);

    const shopper = new Visitor(base);
    const first = await visit(shopper, link);
    expect(first.status).toBe(200);
    expect(first.html).toMatch(/<h1>You(&#39;|&#x27;|')re subscribed<\/h1>/);
    expect(first.html).toContain(LIST_CONFIRMATION_MESSAGES.confirmed);
    // The theme's page shell: the store's navigation is around the message.
    expect(first.html).toContain('href="/shop"');
    expect((await members()).members).toEqual([
      expect.objectContaining({ email: 'reader@example.com', status: 'subscribed' }),
    ]);

    const again = await visit(shopper, link);
    expect(again.status).toBe(200);
    expect(again.html).toContain(LIST_CONFIRMATION_MESSAGES.confirmed);
    // Confirmed: signing up again sends nothing more.
    await signUp(base, 'reader@example.com');
    expect(await confirmationMails(websiteId, 'reader@example.com')).toHaveLength(1);

    const unknown = await visit(shopper, new URL(`${base}/confirm-subscription?token=${'0'.repeat(64)}`));
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain(LIST_CONFIRMATION_MESSAGES.invalid);
    for (const query of ['', '?token=', '?token=%3Cscript%3E', `?token=${'a'.repeat(5000)}`]) {
      const bad = await visit(shopper, new URL(`${base}/confirm-subscription${query}`));
      expect(bad.status, query).toBe(404);
      expect(bad.html).toContain(LIST_CONFIRMATION_MESSAGES.invalid);
      expect(bad.html).not.toContain('<script>');
    }

    // An expired link: 410, the member still pending; a sign-up after expiry gets a new link that works.
    await signUp(base, 'late@example.com');
    const [lateMail] = await confirmationMails(websiteId, 'late@example.com');
    const lateLink = linkIn(lateMail?.text ?? '');
    await runInDurableObject(forms(websiteId), async (_instance: FormSubmissions, state) => {
      state.storage.sql.exec(
        'UPDATE list_confirmations SET expires_at = ? WHERE email = ?',
        Date.now() - 1,
        'late@example.com',
      );
    });
    const expired = await visit(shopper, lateLink);
    expect(expired.status).toBe(410);
    expect(expired.html).toContain(LIST_CONFIRMATION_MESSAGES.expired);
    expect((await members()).members).toContainEqual(
      expect.objectContaining({ email: 'late@example.com', status: 'pending' }),
    );
    await signUp(base, 'late@example.com');
    const lateMails = await confirmationMails(websiteId, 'late@example.com');
    expect(lateMails).toHaveLength(2);
    const newLink = linkIn(lateMails[1]?.text ?? '');
    expect(newLink.search).not.toBe(lateLink.search);
    expect((await visit(shopper, newLink)).status).toBe(200);
    expect((await members()).members).toContainEqual(
      expect.objectContaining({ email: 'late@example.com', status: 'subscribed' }),
    );
  });

  it('sends no confirmation without double opt-in', async () => {
    const { base, websiteId } = await storeOnHost('optin-single.test');
    const store = await merchant(base, websiteId, ROLES.storeManager);
    const [list] = (await store.json<MailingList>('GET', MAILING)).body.lists;
    await store.json('POST', MAILING, { action: 'connect', listId: list?.id, doubleOptIn: false });
    await signUp(base, 'single@example.com');
    expect((await store.json<Members>('GET', `${MAILING}/members`)).body.members).toEqual([
      expect.objectContaining({ email: 'single@example.com', status: 'subscribed' }),
    ]);
    expect(await confirmationMails(websiteId, 'single@example.com')).toHaveLength(0);
  });
});
