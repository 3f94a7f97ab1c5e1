/**
 * Forms and mailing lists (one file, one workerd, for what used to be two small files): form submissions as shoppers
 * and merchants meet them, and a newsletter sign-up's confirmation.
 */
import { runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { MAX_LIVE_KEYS, MAX_SUBMISSIONS, type FormSubmissions } from '../../src/durable/forms';
import { FORM_MESSAGES } from '../../src/forms/validate';
import { FORM_SUBMIT_MESSAGES as FORM_ERRORS } from '../../src/forms/messages';
import { FORM_BODY_MAX_BYTES } from '../../src/api/storefront-bodies';
import { contentObjects } from '../../src/durable/stubs';
import { DEMO_MERCHANTS, demoSite } from '../../src/site/seed/demo';
import { mapHost, publishSite } from '../../src/site/published/store';
import { allows, ROLES } from '../../src/site/roles';
import { inOneRateWindow } from '../support/rate-window';
import { Visitor } from './visitor';
import { LIST_CONFIRMATION_MESSAGES } from '../../src/routes/pages/list-confirmation';
import type { MailingList } from '../../src/site/editor/mailing-list';
import { merchant, storeOnHost } from './checkout-support';
import { headerWordsScript } from '../../src/storefront/header-words';

/** Site forms in workerd: schema, validation, single-use keys, captcha, saving exactly once, statuses. */
describe('forms', () => {
  /** The demo's form with every field type, on its own page (src/site/seed/demo.ts). */
  const FORM = 'f-field-types';
  const PAGE = '/form-fields';
  const VALID = {
    name: ['Ada', 'Lovelace'],
    email: 'ada@example.com',
    message: 'Hello there',
    phone: ['555', '123', '4567'],
    topic: 'Order',
    interests: ['Ceramics'],
    satisfaction: { Delivery: '2' },
    source: 'newsletter',
    ignored: 'dropped',
  };
  const CAPTCHA = 'local:form_block:0123456789abcdef';

  async function key(visitor: Visitor): Promise<string> {
    const res = await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '');
    expect(res.status).toBe(200);
    return res.body.key;
  }

  function payload(k: string, values: unknown, extra: Record<string, unknown> = {}) {
    return {
      key: k,
      formId: FORM,
      form: JSON.stringify(values),
      captchaKey: CAPTCHA,
      pageTitle: 'Form fields',
      pageId: 'c-form-fields',
      contentSource: 'c',
      pagePath: PAGE,
      ...extra,
    };
  }

  async function stored(formId: string): Promise<{ values: string }[]> {
    const list = await env.FORMS.get(env.FORMS.idFromName('demo')).list(formId, null);
    return list.submissions;
  }

  describe('site forms API', () => {
    it('describes the form block schema', async () => {
      const visitor = new Visitor();
      const schema = await visitor.json<{ fieldTypes: { type: string; attributes: string[] }[] }>(
        'GET',
        '/api/template/GetTemplateSchema?type=form-block',
      );
      expect(schema.body.fieldTypes.map((f) => f.type)).toContain('likert');
      expect(schema.body.fieldTypes.find((f) => f.type === 'phone')?.attributes).toContain('showCountryCode');
      expect((await visitor.json('GET', '/api/template/GetTemplateSchema?type=gallery')).status).toBe(404);
      expect((await visitor.json('GET', '/api/template/GetTemplateSchema')).status).toBe(400);
    });

    it('validates values with errors keyed by field id', async () => {
      const visitor = await new Visitor().open(PAGE);
      const bad = await visitor.json('POST', `/api/rest/forms/validate/${FORM}`, {
        email: 'nope',
        message: 'x'.repeat(501),
      });
      expect(bad).toEqual({
        status: 400,
        body: {
          error: FORM_MESSAGES.formInvalid,
          errors: { name: 'Required', email: FORM_MESSAGES.email, message: 'You have exceeded the character limit.' },
        },
      });
      expect(await visitor.json('POST', `/api/rest/forms/validate/${FORM}`, VALID)).toEqual({
        status: 200,
        body: {},
      });
      expect(await visitor.json('POST', '/api/rest/forms/validate/f-nope', VALID)).toEqual({
        status: 404,
        body: { error: FORM_ERRORS.notConfigured },
      });
    });

    it('saves a submission once with a single-use key, and refuses the key again with 401', async () => {
      const visitor = await new Visitor().open(PAGE);
      const k = await key(visitor);
      const before = (await stored(FORM)).length;
      const saved = await visitor.json<{ success: boolean; submissionId: number }>(
        'POST',
        '/api/form/SaveFormSubmission',
        payload(k, VALID),
      );
      expect(saved.status).toBe(200);
      expect(saved.body.success).toBe(true);
      const all = await stored(FORM);
      expect(all).toHaveLength(before + 1);
      expect(JSON.parse(all[0]?.values ?? '{}')).toEqual({ ...VALID, ignored: undefined });
      expect(await visitor.json('POST', '/api/form/SaveFormSubmission', payload(k, VALID))).toEqual({
        status: 401,
        body: { error: FORM_ERRORS.badKey },
      });
      expect(await visitor.json('POST', '/api/form/SaveFormSubmission', payload('0'.repeat(48), VALID))).toEqual({
        status: 401,
        body: { error: FORM_ERRORS.badKey },
      });
    });

    it('keeps the key when the values fail, so the visitor can correct and resubmit', async () => {
      const visitor = await new Visitor().open(PAGE);
      const k = await key(visitor);
      const failed = await visitor.json<{ errors: Record<string, string> }>(
        'POST',
        '/api/form/SaveFormSubmission',
        payload(k, { ...VALID, email: '' }),
      );
      expect(failed.status).toBe(400);
      expect(failed.body.errors).toEqual({ email: 'Required' });
      expect((await visitor.json('POST', '/api/form/SaveFormSubmission', payload(k, VALID))).status).toBe(200);
    });

    it('needs a captcha for the right action, and reports unparsable fields and unknown forms', async () => {
      const visitor = await new Visitor().open(PAGE);
      const k = await key(visitor);
      const noCaptcha = await visitor.json(
        'POST',
        '/api/form/SaveFormSubmission',
        payload(k, VALID, { captchaKey: null }),
      );
      expect(noCaptcha).toEqual({ status: 400, body: { error: 'Complete CAPTCHA before submitting.' } });
      const wrongAction = await visitor.json(
        'POST',
        '/api/form/SaveFormSubmission',
        payload(k, VALID, { captchaKey: 'local:newsletter_block:0123456789abcdef' }),
      );
      expect(wrongAction.status).toBe(400);
      expect(
        await visitor.json('POST', '/api/form/SaveFormSubmission', { ...payload(k, VALID), form: '{not json' }),
      ).toEqual({ status: 400, body: { error: FORM_ERRORS.unparsable } });
      expect(
        await visitor.json('POST', '/api/form/SaveFormSubmission', { ...payload(k, VALID), formId: 'f-gone' }),
      ).toEqual({ status: 404, body: { error: FORM_ERRORS.notConfigured } });
      const newsletter = await visitor.json('POST', '/api/form/SaveFormSubmission', {
        ...payload(k, { email: 'reader@example.com' }),
        formId: 'block-newsletter',
        captchaKey: 'local:newsletter_block:0123456789abcdef',
      });
      expect(newsletter.status).toBe(200);
    });

    it('saves exactly one of many concurrent submissions with one key', async () => {
      const visitor = await new Visitor().open(PAGE);
      const k = await key(visitor);
      const before = (await stored(FORM)).length;
      const statuses = await Promise.all(
        Array.from(
          { length: 8 },
          async () => (await visitor.send('POST', '/api/form/SaveFormSubmission', payload(k, VALID))).status,
        ),
      );
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 401)).toHaveLength(7);
      expect(await stored(FORM)).toHaveLength(before + 1);
    });

    it('refuses bad bodies with 4xx, needs the crumb, and rate-limits with the spec message', async () => {
      const visitor = await new Visitor('http://form-limits.test').open(PAGE);
      expect((await visitor.send('POST', '/api/form/SaveFormSubmission', '[')).status).toBe(400);
      expect((await visitor.send('POST', '/api/form/SaveFormSubmission', { key: 5 })).status).toBe(400);
      expect((await visitor.fetch('/api/form/FormSubmissionKey', { method: 'POST' })).status).toBe(403);
      const limited = await inOneRateWindow(async () => {
        for (let i = 0; i < 25; i++) {
          const res = await visitor.send('POST', '/api/form/FormSubmissionKey', '');
          if (res.status === 429) return res;
          await res.arrayBuffer();
        }
      });
      expect(await limited?.json()).toEqual({ error: FORM_ERRORS.rateLimited });
    });

    it('never stores a password field, so no role sees it in the submissions listing', async () => {
      const secret = 'hunter2-order-secret';
      const visitor = await new Visitor('http://form-password.test').open(PAGE);
      const saved = await visitor.json(
        'POST',
        '/api/form/SaveFormSubmission',
        payload(await key(visitor), { ...VALID, password: secret }),
      );
      expect(saved.status).toBe(200);
      // Roles without customerData (Editor, Viewer, Reporting) are refused the listing: test/worker/customer-data.test.ts.
      for (const account of DEMO_MERCHANTS.filter((member) => allows(member.roles, 'customerData'))) {
        const merchant = await new Visitor('http://form-password.test').open(PAGE);
        expect(
          (await merchant.json('POST', '/api/merchant/session', { email: account.email, password: account.password }))
            .status,
        ).toBe(200);
        const res = await merchant.fetch(`/api/form/submissions?formId=${FORM}`);
        expect(res.status, account.email).toBe(200);
        const listing = await res.text();
        expect(listing, account.email).toContain('ada@example.com');
        expect(listing, account.email).not.toContain(secret);
        const submission = (JSON.parse(listing) as { submissions: { values: string }[] }).submissions[0];
        expect(Object.keys(JSON.parse(submission?.values ?? '{}') as object), account.email).not.toContain('password');
      }
      expect(JSON.stringify(await stored(FORM))).not.toContain(secret);
    }, 60_000);
  });

  describe("the demo's contact form (issue 32)", () => {
    const CONTACT = {
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      phone: '+1 555 123 4567',
      subject: 'Wholesale',
      message: 'Do you sell to shops?',
    };
    const send = (visitor: Visitor, k: string, values: unknown) =>
      visitor.json<{ error?: string; errors?: Record<string, string> }>('POST', '/api/form/SaveFormSubmission', {
        ...payload(k, values),
        formId: 'f-contact',
        pageTitle: 'Contact',
        pageId: 'c-contact',
        pagePath: '/contact',
      });

    it('saves the five fields it asks for and nothing a client adds', async () => {
      const visitor = await new Visitor().open('/contact');
      const before = (await stored('f-contact')).length;
      const extra = { ...CONTACT, isAdmin: true, password: 'x', interests: ['Ceramics'], ['x'.repeat(90)]: 'y' };
      expect((await send(visitor, await key(visitor), extra)).status).toBe(200);
      const all = await stored('f-contact');
      expect(all).toHaveLength(before + 1);
      expect(JSON.parse(all[0]?.values ?? '{}')).toEqual(CONTACT);
    });

    it("answers a wrong email and a missing name with the field's message, keyed by field", async () => {
      const visitor = await new Visitor().open('/contact');
      const k = await key(visitor);
      expect(await send(visitor, k, { ...CONTACT, name: ' ', email: 'ada@example' })).toEqual({
        status: 400,
        body: { error: FORM_MESSAGES.formInvalid, errors: { name: 'Required', email: FORM_MESSAGES.email } },
      });
      expect((await send(visitor, k, { ...CONTACT, message: 'x'.repeat(2001) })).body.errors).toEqual({
        message: FORM_MESSAGES.tooLong,
      });
      // A phone in one box is text: any shape the shopper writes it in, within the field's length.
      expect((await send(visitor, k, { ...CONTACT, phone: ['555', '123'] })).body.errors).toEqual({
        phone: FORM_MESSAGES.invalid,
      });
    });

    it('refuses a body over the limit with 413 and a call without the crumb with 403, saving nothing', async () => {
      const visitor = await new Visitor().open('/contact');
      const k = await key(visitor);
      const before = (await stored('f-contact')).length;
      const oversized = await visitor.send('POST', '/api/form/SaveFormSubmission', {
        ...payload(k, CONTACT),
        formId: 'f-contact',
        form: JSON.stringify({ ...CONTACT, message: 'x'.repeat(FORM_BODY_MAX_BYTES) }),
      });
      expect(oversized.status).toBe(413);
      await oversized.arrayBuffer();
      const noCrumb = await visitor.fetch('/api/form/SaveFormSubmission', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...payload(k, CONTACT), formId: 'f-contact' }),
      });
      expect(noCrumb.status).toBe(403);
      await noCrumb.arrayBuffer();
      expect(await stored('f-contact')).toHaveLength(before);
      // The key was not used up by either: the shopper's real send still goes through.
      expect((await send(visitor, k, CONTACT)).status).toBe(200);
    });
  });

  /** The demo on its own host with the form's phone, section and flag settings turned off (engine spec §3). */
  async function plainFormsHost(): Promise<string> {
    const site = demoSite();
    site.website = { ...site.website, id: 'plain-forms', formFieldMaxLength: false };
    for (const form of site.forms ?? [])
      form.fields = form.fields.map(({ showCountryCode: _shown, underline: _ruled, ...field }) => field);
    expect(await publishSite(contentObjects(env), site)).toHaveProperty('version');
    await mapHost(env.SITE_CONTENT, 'plain-forms.test', 'plain-forms');
    return 'http://plain-forms.test';
  }

  describe('form field attributes and the maxLength flag (engine spec §3)', () => {
    it('shows the phone country code and the section underline only when set, and the textarea limit only behind formFieldMaxLength', async () => {
      const on = await (await new Visitor().fetch(PAGE)).text();
      expect(on).toContain('name="phone-Country"');
      expect(on).toContain('<span>Country code</span>');
      expect(on).toContain('class="FormField-section FormField-section--underline"');
      expect(on).toContain(`id="${FORM}-message-count"`);

      const visitor = await new Visitor(await plainFormsHost()).open(PAGE);
      const off = await (await visitor.fetch(PAGE)).text();
      expect(off).not.toContain('name="phone-Country"');
      expect(off).toContain('name="phone-Areacode"');
      expect(off).toContain('class="FormField-section"');
      expect(off).not.toContain('class="FormField-section FormField-section--underline"');
      expect(off).not.toContain(`${FORM}-message-count`);
      // Flag off: the server does not hold the message to its 500 characters either; the three-part phone gets its empty country code.
      const long = { ...VALID, message: 'x'.repeat(501), phone: ['555', '123', '4567'] };
      expect(await visitor.json('POST', `/api/rest/forms/validate/${FORM}`, long)).toEqual({ status: 200, body: {} });
      const demoVisitor = await new Visitor().open(PAGE);
      expect((await demoVisitor.json('POST', `/api/rest/forms/validate/${FORM}`, long)).body).toEqual({
        error: FORM_MESSAGES.formInvalid,
        errors: { message: FORM_MESSAGES.tooLong },
      });
    });
  });

  describe('form storage bounds', () => {
    it(`keeps at most ${MAX_LIVE_KEYS} live keys (the oldest go first) and the newest ${MAX_SUBMISSIONS} submissions`, async () => {
      const stub = env.FORMS.get(env.FORMS.idFromName('bounded-forms'));
      await runInDurableObject(stub, async (forms: FormSubmissions, state) => {
        const count = (table: string) =>
          state.storage.sql.exec<{ n: number }>(`SELECT COUNT(*) AS n FROM ${table}`).one().n;
        const first = await forms.issueKey();
        const keys: string[] = [];
        for (let i = 0; i < MAX_LIVE_KEYS + 2; i++) keys.push((await forms.issueKey()).key);
        expect(count('submission_keys')).toBe(MAX_LIVE_KEYS);
        const submission = {
          formId: 'f-contact',
          values: '{"email":"a@example.com"}',
          pageId: null,
          pageTitle: null,
          pagePath: null,
          contentSource: null,
        };
        // The ground's result shape (src/result.ts): a refusal's code and message, the saved id as the value.
        const badKey = { ok: false, error: 'bad-key', message: 'The submission key is unknown, used or expired.' };
        expect(forms.save(first.key, submission)).toEqual(badKey);
        expect(forms.save(keys[0] ?? '', submission)).toEqual(badKey);
        expect(forms.save(keys[2] ?? '', submission)).toEqual({ ok: true, value: expect.any(Number) });

        for (let i = 3; i < keys.length; i++) expect(forms.save(keys[i] ?? '', submission).ok).toBe(true);
        for (let i = 0; i < 5; i++) expect(forms.save((await forms.issueKey()).key, submission).ok).toBe(true);
        expect(count('submissions')).toBe(MAX_SUBMISSIONS);
        const newest = forms.list('f-contact', null).submissions[0];
        expect(newest?.id).toBe(MAX_LIVE_KEYS + 5);
        expect(state.storage.sql.exec<{ id: number }>('SELECT MIN(id) AS id FROM submissions').one().id).toBe(6);
      });
    }, 60_000);
  });
});

/**
 * Double opt-in in workerd: a newsletter sign-up while the mailing list asks for double opt-in sends
 * one confirmation email (none again while its link is live); its link confirms the member in the
 * console's listing and answers the store's "You're subscribed" page, again on a second click; an
 * unknown, malformed or expired link answers 404 or 410 with its message.
 */
describe('list-confirmation', () => {
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
      expect(
        (await store.json('POST', MAILING, { action: 'connect', listId: list?.id, doubleOptIn: true })).status,
      ).toBe(200);
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
        // The one inline script is the page's own (the header's words); the token is never written back as markup.
        expect(bad.html.replace(headerWordsScript(), '')).not.toContain('<script>');
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
});
