/**
 * Faults (issue 22) in workerd: each dependency fails, hangs or loses its answer at the worst
 * moment, through the fault-injection layer (src/faults), and the store loses nothing and does
 * nothing twice. Every test clears its faults, so a failure cannot leak into the next one.
 */
import { runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EmailOutbox, MAX_ATTEMPTS, RETRY_BASE_MS, retryDelay } from '../../src/durable/email-outbox';
import { clearFaults, injectedFaults, injectFaults } from '../../src/faults';
import { RETRY_AFTER_SECONDS, UNAVAILABLE } from '../../src/http/unavailable';
import { ROLES } from '../../src/site/roles';
import { SITE_VERSION_TTL_MS } from '../../src/site/published/store';
import {
  CARD,
  ENTRIES,
  fillCheckout,
  merchant,
  orders,
  paymentLedger,
  placeOrder,
  setStock,
  shopper,
  skuOf,
  standardRules,
  startCheckout,
  stock,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

afterEach(() => {
  clearFaults();
  vi.restoreAllMocks();
});

/** Until this isolate no longer trusts the site version it read last (and reads KV again). */
const versionTrustEnds = () => new Promise((resolve) => setTimeout(resolve, SITE_VERSION_TTL_MS + 100));

const MUG = { itemId: 'p-ceramic-mug', sku: skuOf('ceramic-mug'), quantity: 1 };

describe('a dependency that is down', () => {
  it('answers API calls with 503 JSON and Retry-After while KV fails, and works again once it is back', async () => {
    const { base } = await storeOnHost('kv-down.example');
    const visitor = await new Visitor(base).open('/cart');
    await versionTrustEnds();
    injectFaults([{ target: 'kv', mode: 'fail' }]);
    const res = await visitor.fetch('/api/commerce/shopping-cart');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    expect(await res.json()).toEqual({ error: UNAVAILABLE });
    clearFaults();
    expect((await visitor.fetch('/api/commerce/shopping-cart')).status).toBe(200);
  });

  it('serves the last good copy of a store page while content storage fails, and a 503 page where it has none', async () => {
    const { base } = await storeOnHost('content-down.example');
    const visitor = new Visitor(base);
    const good = await visitor.fetch('/blog');
    expect(good.status).toBe(200);
    const goodHtml = await good.text();
    // The copy is kept after the answer is sent; wait for it as a later visitor would.
    await expect
      .poll(async () => (await visitor.fetch('/blog')).headers.get('x-page-cache'), { timeout: 20_000 })
      .toBe('hit');

    // A memory hit is answered before the app for a moment after; past it, the app reads the content.
    await versionTrustEnds();
    injectFaults([
      { target: 'kv', mode: 'fail' },
      { target: 'durable-object', mode: 'fail', name: 'SITE_CONTENT' },
    ]);
    const stale = await visitor.fetch('/blog');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-page-cache')).toBe('stale-if-error');
    expect(stale.headers.get('cache-control')).toBe('no-store');
    expect(await stale.text()).toBe(goodHtml);

    const never = await visitor.fetch('/about-nothing-here');
    expect(never.status).toBe(503);
    expect(never.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
    const neverHtml = await never.text();
    expect(neverHtml).toContain(UNAVAILABLE);
    // The store could not be read: nothing to count its view under.
    expect(neverHtml).not.toContain('data-census');
    expect(injectedFaults()['kv:fail']).toBeGreaterThan(0);
  });

  it("counts the 503 page of a store it could read as the error page (101), with its pages' collector script", async () => {
    const { base } = await storeOnHost('error-page.example', (site) => {
      site.website.language = 'en-GB';
    });
    const visitor = new Visitor(base);
    expect((await visitor.fetch('/blog')).status).toBe(200);
    // The site stays read (this isolate's copy of its version); the page's own reads fail.
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'CONTENT' }]);
    const res = await visitor.fetch('/nothing-kept-here');
    expect(res.status).toBe(503);
    expect(res.headers.get('cache-control')).toBe('no-store');
    // The collectors are the store's own script, which every store page's CSP allows, and they post to the store.
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self'[;\s].*connect-src 'self'/);
    const html = await res.text();
    expect(html).toContain(UNAVAILABLE);
    expect(html).toContain(
      '<script type="module" src="/build/collectors.js" data-census data-website-id="error-page-example" ' +
        'data-template-id="default" data-website-locale="en-GB" data-page-type="101"></script>',
    );
    // What that script sends is a view the store records (200 and the census cookie; a page it never records gets 204).
    const data = {
      websiteId: 'error-page-example',
      url: `${base}/nothing-kept-here`,
      pageType: 101,
      title: UNAVAILABLE,
    };
    const hit = await visitor.fetch('/api/census/RecordHit', {
      method: 'POST',
      body: new URLSearchParams({ event: 'view', data: JSON.stringify(data) }),
    });
    expect(hit.status).toBe(200);
    expect(visitor.cookies.has('ss_cvr')).toBe(true);
    clearFaults();

    // A store that does not track visitors loads no collectors on its error page either.
    const quiet = await storeOnHost('error-page-quiet.example', (site) => {
      site.websiteSettings.analytics = { tracking: false, restrictiveCookiePolicy: false };
    });
    const other = new Visitor(quiet.base);
    expect((await other.fetch('/blog')).status).toBe(200);
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'CONTENT' }]);
    const untracked = await other.fetch('/nothing-kept-here');
    expect(untracked.status).toBe(503);
    expect(await untracked.text()).not.toContain('data-census');
  });

  it('turns a Durable Object outage into 503 JSON, never a raw exception', async () => {
    const { base } = await storeOnHost('carts-down.example', (site) => setStock(site, 'ceramic-mug', 10));
    const visitor = await new Visitor(base).open('/cart');
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'CARTS' }]);
    const res = await visitor.json('POST', ENTRIES, MUG);
    expect(res).toEqual({ status: 503, body: { error: UNAVAILABLE } });
  });

  it('counts a captcha service that hangs as a failed check, and an address search that fails as 502', async () => {
    const visitor = await new Visitor().open('/contact');
    const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
    injectFaults([{ target: 'captcha', mode: 'hang', delayMs: 50 }]);
    const values = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hi' };
    const saved = await visitor.json('POST', '/api/form/SaveFormSubmission', {
      key,
      formId: 'f-contact',
      form: JSON.stringify(values),
      captchaKey: 'local:form_block:0123456789abcdef',
    });
    expect(saved.status).toBe(400);

    const { base, websiteId } = await storeOnHost('places-down.example');
    const editor = await merchant(base, websiteId, ROLES.editor);
    injectFaults([{ target: 'places', mode: 'fail' }]);
    expect((await editor.json('GET', '/api/google-maps/places/autocomplete?input=market')).status).toBe(502);
    injectFaults([{ target: 'session-recording', mode: 'fail' }]);
    const recording = await editor.fetch('/api/commerce/fullstory/getId');
    expect(recording.status).toBe(503);
    expect(recording.headers.get('retry-after')).toBe(String(RETRY_AFTER_SECONDS));
  });
});

describe('an unexpected exception (a bug of ours)', () => {
  it("answers a shopper's page request with the store's error page (101, styled, no details, never cached), and API callers with the JSON error", async () => {
    const { base } = await storeOnHost('page-bug.example', (site) => {
      site.website.siteTitle = 'Bug & Co';
    });
    const visitor = new Visitor(base);
    expect((await visitor.fetch('/blog')).status).toBe(200);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The site stays read (this isolate's copy of its version); the page's own read throws what no outage throws.
    injectFaults([{ target: 'durable-object', mode: 'bug', name: 'CONTENT' }]);
    const page = await visitor.fetch('/nothing-kept-here', { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.status).toBe(500);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.headers.get('content-security-policy')).toMatch(/script-src 'self'[;\s].*connect-src 'self'/);
    const html = await page.text();
    expect(html).toContain('<h1 data-text="error.failed">Something went wrong</h1>');
    expect(html).toContain('<title data-title-text="error.failed">Something went wrong · Bug &amp; Co</title>');
    expect(html).toContain('<a class="site-title" href="/">Bug &amp; Co</a>');
    // The store's own stylesheet, allowed by its hash.
    expect(html).toMatch(/<style>[^<]*\.site-header \{/);
    expect(html).toContain('<a class="Button" href="/nothing-kept-here" data-text="error.tryAgain">Try again</a>');
    expect(html).toContain('data-census data-website-id="page-bug-example"');
    expect(html).toContain('data-page-type="101"');
    expect(html).not.toMatch(/TypeError|injected bug|at \S+ \(/);
    expect(errors).toHaveBeenCalled();
    // Try again asks for the same address, its query included, and never names another host.
    const sorted = await visitor.fetch('//elsewhere.example/list?sort=title', { headers: { accept: 'text/html' } });
    expect(sorted.status).toBe(500);
    expect(await sorted.text()).toContain(
      '<a class="Button" href="/elsewhere.example/list?sort=title" data-text="error.tryAgain">Try again</a>',
    );

    // A script asking for the same page, and every API call, keep the JSON error shape, whatever they accept.
    const script = await visitor.fetch('/nothing-kept-here', { headers: { accept: 'application/json' } });
    expect(script.status).toBe(500);
    expect(await script.json()).toEqual({ error: 'Internal server error' });
    clearFaults();
    await visitor.open('/cart');
    injectFaults([{ target: 'durable-object', mode: 'bug', name: 'CARTS' }]);
    const api = await visitor.fetch(ENTRIES, {
      method: 'POST',
      headers: { accept: 'text/html', 'content-type': 'application/json', 'x-csrf-token': visitor.crumb },
      body: JSON.stringify(MUG),
    });
    expect(api.status).toBe(500);
    expect(api.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await api.json()).toEqual({ error: 'Internal server error' });
  });
});

describe("the error pages in the store's language", () => {
  it("writes a French store's 500 and 503 pages in French, marked for the shopper's own language", async () => {
    const { base } = await storeOnHost('erreur.example', (site) => {
      site.website.language = 'fr-FR';
    });
    const visitor = new Visitor(base);
    expect((await visitor.fetch('/blog')).status).toBe(200);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const html = { accept: 'text/html,application/xhtml+xml' };
    injectFaults([{ target: 'durable-object', mode: 'bug', name: 'CONTENT' }]);
    const failed = await (await visitor.fetch('/rien-ici', { headers: html })).text();
    clearFaults();
    injectFaults([{ target: 'durable-object', mode: 'fail', name: 'CONTENT' }]);
    const unavailable = await (await visitor.fetch('/rien-ici', { headers: html })).text();
    errors.mockRestore();
    expect(failed).toContain('<html lang="fr-FR">');
    expect(failed).toContain('<a class="skip-link" href="#main" data-text="nav.skip">Aller au contenu</a>');
    expect(failed).toContain('<h1 data-text="error.failed">Une erreur s’est produite</h1>');
    expect(failed).toContain('<title data-title-text="error.failed">Une erreur s’est produite · ');
    expect(failed).toContain('<a class="Button" href="/rien-ici" data-text="error.tryAgain">Réessayer</a>');
    expect(failed).toContain('data-text="error.home">Page d’accueil</a>');
    expect(unavailable).toContain(
      '<h1 data-text="error.unavailable">La boutique est brièvement indisponible. Veuillez réessayer dans un instant.</h1>',
    );
    expect(failed + unavailable).not.toMatch(/Something went wrong|Try again|Home page|Skip to content|briefly/);
  });
});

describe('an answer lost after the work was done (a Durable Object reset), and the client retrying', () => {
  it('adds to the cart once for one idempotency key, even for the first add whose cart cookie was lost', async () => {
    const { base } = await storeOnHost('lost-add.example', (site) => setStock(site, 'ceramic-mug', 10));
    const visitor = await new Visitor(base).open('/shop');
    injectFaults([{ target: 'durable-object', mode: 'lose-response', name: 'CARTS', times: 1 }]);
    const add = () =>
      visitor.fetch(ENTRIES, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-csrf-token': visitor.crumb,
          'idempotency-key': 'add-0001-tote',
        },
        body: JSON.stringify(MUG),
      });
    const lost = await add();
    expect(lost.status).toBe(503);
    expect(visitor.cookies.has('cart') || visitor.cookies.has('__Host-cart')).toBe(false);
    const retried = await add();
    expect(retried.status).toBe(200);
    const cart = (await retried.json()) as { shoppingCart: { entries: { quantity: number }[] } };
    expect(cart.shoppingCart.entries.map((e) => e.quantity)).toEqual([1]);
    // The same key again, and a new key: one more unit only for the new key.
    expect(((await (await add()).json()) as typeof cart).shoppingCart.entries.map((e) => e.quantity)).toEqual([1]);
    const more = await visitor.fetch(ENTRIES, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': visitor.crumb,
        'idempotency-key': 'add-0002-tote',
      },
      body: JSON.stringify(MUG),
    });
    expect(((await more.json()) as typeof cart).shoppingCart.entries.map((e) => e.quantity)).toEqual([2]);
    const plain = await visitor.json('POST', ENTRIES, { ...MUG });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    const bad = await visitor.fetch(ENTRIES, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-csrf-token': visitor.crumb,
        'idempotency-key': 'no spaces allowed',
      },
      body: JSON.stringify(MUG),
    });
    expect(bad.status).toBe(400);
  });

  it('places one order and takes one charge when the placement answer is lost and the shopper retries with the same key', {
    timeout: 90_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('lost-order.example', (site) => setStock(site, 'ceramic-mug', 5));
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ itemId: 'p-ceramic-mug', sku: skuOf('ceramic-mug'), quantity: 2 }]);
    expect((await startCheckout(visitor)).status).toBe(200);
    await fillCheckout(visitor);
    const chargesBefore = (await paymentLedger().captured()).count;
    injectFaults([{ target: 'durable-object', mode: 'lose-response', name: 'ORDERS.place', times: 1 }]);
    const key = crypto.randomUUID();
    const lost = await placeOrder(visitor, CARD.ok, key);
    expect(lost.status).toBe(503);
    const retried = await placeOrder(visitor, CARD.ok, key);
    expect(retried.status).toBe(201);
    expect(retried.body.order.status).toBe('paid');
    const list = await orders(websiteId).orders(null, null);
    expect(list.orders).toHaveLength(1);
    expect((await paymentLedger().captured()).count).toBe(chargesBefore + 1);
    expect(await stock(websiteId).available({ [skuOf('ceramic-mug')]: 5 })).toEqual({ [skuOf('ceramic-mug')]: 3 });
  });

  it('saves a form submission once when its answer is lost: the retried key is refused and nothing is saved twice', async () => {
    const { base, websiteId } = await storeOnHost('lost-form.example');
    const visitor = await new Visitor(base).open('/contact');
    const key = (await visitor.json<{ key: string }>('POST', '/api/form/FormSubmissionKey', '')).body.key;
    const values = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Hi' };
    const body = {
      key,
      formId: 'f-contact',
      form: JSON.stringify(values),
      captchaKey: 'local:form_block:0123456789abcdef',
    };
    injectFaults([{ target: 'durable-object', mode: 'lose-response', name: 'FORMS.save', times: 1 }]);
    expect((await visitor.json('POST', '/api/form/SaveFormSubmission', body)).status).toBe(503);
    expect((await visitor.json('POST', '/api/form/SaveFormSubmission', body)).status).toBe(401);
    expect(await env.FORMS.get(env.FORMS.idFromName(websiteId)).count('f-contact')).toBe(1);
  });

  it('holds nothing when a checkout start loses its answer and is retried, and sells once when the order is placed', {
    timeout: 120_000,
  }, async () => {
    const { base, websiteId } = await storeOnHost('lost-reserve.example', (site) => setStock(site, 'ceramic-mug', 4));
    await standardRules(websiteId);
    const visitor = await shopper(base, [{ itemId: 'p-ceramic-mug', sku: skuOf('ceramic-mug'), quantity: 3 }]);
    injectFaults([{ target: 'durable-object', mode: 'lose-response', name: 'ORDERS.start', times: 1 }]);
    expect((await startCheckout(visitor)).status).toBe(503);
    expect((await startCheckout(visitor)).status).toBe(200);
    expect(await stock(websiteId).available({ [skuOf('ceramic-mug')]: 4 })).toEqual({ [skuOf('ceramic-mug')]: 4 });
    await fillCheckout(visitor);
    expect((await placeOrder(visitor)).status).toBe(201);
    expect(await stock(websiteId).available({ [skuOf('ceramic-mug')]: 4 })).toEqual({ [skuOf('ceramic-mug')]: 1 });
  });

  it('emails each restock sign-up once when the send loses its answer and the merchant sends again', async () => {
    const stub = env.RESTOCK.get(env.RESTOCK.idFromName('lost-restock'));
    const item = { productId: 'p-lost', variantId: 'v-lost' };
    for (const email of ['a@example.com', 'b@example.com'])
      await stub.signUp({ ...item, email, joinMailingList: false, language: null, productTitle: 'Lost Mug' });
    injectFaults([{ target: 'durable-object', mode: 'lose-response', name: 'RESTOCK.send', times: 1 }]);
    const { withFaults } = await import('../../src/faults');
    const faulty = withFaults(env);
    const wrapped = faulty.RESTOCK.get(faulty.RESTOCK.idFromName('lost-restock'));
    await expect(wrapped.send(item.productId, item.variantId, 'http://localhost/shop/p/lost')).rejects.toThrow('reset');
    expect(await wrapped.send(item.productId, item.variantId, 'http://localhost/shop/p/lost')).toEqual({ queued: 0 });
    await runDurableObjectAlarm(stub);
    expect((await stub.mailbox()).map((m) => m.to).sort()).toEqual(['a@example.com', 'b@example.com']);
  });
});

describe('the email outbox', () => {
  function outboxIn(name: string) {
    const stub = env.ORDERS.get(env.ORDERS.idFromName(name));
    return <T>(work: (outbox: EmailOutbox) => T | Promise<T>) =>
      runInDurableObject(stub, (_instance, state) => work(new EmailOutbox(state.storage.sql, env, name)));
  }
  const message = { to: 'ada@example.com', subject: 'Order #1001 confirmed', text: 'Thanks' };

  it('queues one message per event, however often the event is retried', async () => {
    const inOutbox = outboxIn('outbox-events');
    expect(await inOutbox((o) => o.queue(message, 'order:1:confirmed', 0))).toBe(true);
    expect(await inOutbox((o) => o.queue(message, 'order:1:confirmed', 0))).toBe(false);
    expect(await inOutbox((o) => o.pending())).toBe(1);
  });

  it('retries an unreachable provider with exponential back-off, then parks the message with its error for the merchant', async () => {
    const inOutbox = outboxIn('outbox-down');
    await inOutbox((o) => o.queue(message, 'order:2:confirmed', 0));
    injectFaults([{ target: 'email', mode: 'fail' }]);
    let now = 0;
    const delays: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await inOutbox((o) => o.deliver(now))).toBe(false);
      const next = await inOutbox((o) => o.nextAttemptAt());
      if (next === null) break;
      delays.push(next - now);
      now = next;
    }
    expect(delays.slice(0, 4)).toEqual([RETRY_BASE_MS, 2 * RETRY_BASE_MS, 4 * RETRY_BASE_MS, 8 * RETRY_BASE_MS]);
    expect(Math.max(...delays)).toBe(retryDelay(MAX_ATTEMPTS));
    expect(await inOutbox((o) => o.pending())).toBe(0);
    const parked = await inOutbox((o) => o.parked());
    expect(parked).toHaveLength(1);
    expect(parked[0]).toMatchObject({ to: message.to, attempts: MAX_ATTEMPTS });
    expect(parked[0]?.lastError).toContain('email provider unavailable');
    expect(injectedFaults()['email:fail']).toBe(MAX_ATTEMPTS);

    clearFaults();
    const id = parked[0]?.id ?? 0;
    expect(await inOutbox((o) => o.retryParked(id, now))).toBe(true);
    expect(await inOutbox((o) => o.deliver(now))).toBe(true);
    expect(await inOutbox((o) => o.mailbox())).toEqual([message]);
  });

  it('never delivers a message twice when the provider took it but the answer was lost', async () => {
    const inOutbox = outboxIn('outbox-lost');
    await inOutbox((o) => o.queue(message, 'order:3:confirmed', 0));
    injectFaults([{ target: 'email', mode: 'lose-response', times: 1 }]);
    expect(await inOutbox((o) => o.deliver(0))).toBe(false);
    expect(await inOutbox((o) => o.deliver(RETRY_BASE_MS))).toBe(true);
    expect(await inOutbox((o) => o.mailbox())).toEqual([message]);
  });

  it('keeps its messages across a reset of the object', async () => {
    const id = env.ORDERS.idFromName('outbox-reset');
    await runInDurableObject(env.ORDERS.get(id), (_instance, state) =>
      new EmailOutbox(state.storage.sql, env, 'reset').queue(message, 'order:4:confirmed', 0),
    );
    await expect(runInDurableObject(env.ORDERS.get(id), (_instance, state) => state.abort('deploy'))).rejects.toThrow(
      'deploy',
    );
    expect(
      await runInDurableObject(env.ORDERS.get(id), (_instance, state) =>
        new EmailOutbox(state.storage.sql, env, 'reset').pending(),
      ),
    ).toBe(1);
  });

  it('shows parked emails to merchants with the commerce permission, and retries them on request', async () => {
    const { base, websiteId } = await storeOnHost('parked-emails.example');
    await runInDurableObject(orders(websiteId), async (_instance, state) => {
      const outbox = new EmailOutbox(state.storage.sql, env, 'parked');
      outbox.queue(message, 'order:5:confirmed', 0);
      injectFaults([{ target: 'email', mode: 'fail' }]);
      for (let now: number | null = 0; now !== null; now = outbox.nextAttemptAt()) await outbox.deliver(now);
      clearFaults();
    });
    const editor = await merchant(base, websiteId, ROLES.editor);
    expect((await editor.json('GET', '/api/commerce/parked-emails')).status).toBe(403);
    const manager = await merchant(base, websiteId, ROLES.storeManager);
    const listed = await manager.json<{ parked: { source: string; id: number; to: string; lastError: string }[] }>(
      'GET',
      '/api/commerce/parked-emails',
    );
    expect(listed.status).toBe(200);
    expect(listed.body.parked).toHaveLength(1);
    expect(listed.body.parked[0]).toMatchObject({ source: 'orders', to: message.to });
    expect(listed.body.parked[0]?.lastError).toContain('unavailable');
    const id = listed.body.parked[0]?.id ?? 0;
    expect((await manager.json('POST', `/api/commerce/parked-emails/orders/${id}/retry`, {})).status).toBe(200);
    expect((await manager.json('POST', `/api/commerce/parked-emails/orders/${id}/retry`, {})).status).toBe(404);
    expect((await manager.json<{ parked: unknown[] }>('GET', '/api/commerce/parked-emails')).body.parked).toEqual([]);
  });
});

describe('an alarm that throws', () => {
  it('is retried, and the object stays usable meanwhile', { timeout: 120_000 }, async () => {
    const { websiteId } = await storeOnHost('alarm-throws.example');
    const store = orders(websiteId);
    await store.setSettings({ ...(await store.settings()), welcomeDiscount: { enabled: true, percent: 10 } });
    // The welcome email's alarm is due at once; the runtime runs it, it throws, and the runtime retries it. The email
    // itself is sent as it is queued, not by the alarm.
    injectFaults([{ target: 'alarm', mode: 'fail', name: 'CommerceOrders', times: 2 }]);
    expect(await store.issueWelcomeCode('reader@example.com', 'Alarm Store')).toEqual({ issued: true });
    await expect.poll(() => injectedFaults()['alarm:fail'] ?? 0, { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    expect((await store.settings()).welcomeDiscount.enabled).toBe(true);
    await expect
      .poll(async () => (await store.mailbox()).map((m) => m.to), { timeout: 45_000, interval: 500 })
      .toEqual(['reader@example.com']);
    await expect.poll(() => injectedFaults()['alarm:fail'] ?? 0, { timeout: 45_000, interval: 500 }).toBe(2);
  });
});
