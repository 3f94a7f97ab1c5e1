/**
 * Store settings (one file, one workerd, for what used to be two files; issue 30). Issue 33, journeys 1 and 5: store
 * details, policies, the header's settings, the popup, tax and shipping places, the Home checklist. Then the demo
 * store's default shipping.
 */
import { describe, expect, it } from 'vitest';
import { ROLES } from '../../src/site/roles';
import type { Checkout } from '../../src/durable/orders';
import { DEMO_SHIPPING_RATES, DEMO_SITE_ID } from '../../src/site/seed/demo';
import {
  ADDRESS,
  CANDLE,
  CHECKOUT,
  fillCheckout,
  merchant,
  orders,
  shopper,
  startCheckout,
  storeOnHost,
} from './checkout-support';
import { Visitor } from './visitor';

const DETAILS = {
  name: 'Fern & Field',
  logo: { assetUrl: '/images/demo/candle.webp', altText: 'Fern & Field' },
  contactEmail: 'Hello@Fern-Field.com',
  address: { address1: '1 Market St', city: 'Bristol', postalCode: 'BS1 1AA', countryCode: 'gb' },
};

async function page(base: string, path: string): Promise<{ status: number; html: string }> {
  const res = await new Visitor(base).fetch(path);
  return { status: res.status, html: await res.text() };
}

describe('store settings', () => {
  it('need their permissions and the crumb: 401 signed out, 403 for a viewer (details) and a store manager (header)', async () => {
    const { base, websiteId } = await storeOnHost('roles.settings.test');
    const anonymous = await new Visitor(base).open();
    expect((await anonymous.json('GET', '/api/console/settings')).status).toBe(401);
    expect((await anonymous.json('GET', '/api/console/checklist')).status).toBe(401);
    const viewer = await merchant(base, websiteId, ROLES.viewer);
    expect((await viewer.json('PUT', '/api/console/settings/details', DETAILS)).status).toBe(403);
    const store = await merchant(base, websiteId, ROLES.storeManager);
    expect((await store.json('PUT', '/api/console/settings/header', { announcement: 'Hi' })).status).toBe(403);
    const noCrumb = await store.fetch('/api/console/settings/details', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DETAILS),
    });
    expect(noCrumb.status).toBe(403);
  });

  it('saves the store details and policies; the storefront shows the name, logo and policy links, and the policy page', async () => {
    const { base, websiteId } = await storeOnHost('details.settings.test');
    const owner = await merchant(base, websiteId, ROLES.admin);
    expect((await owner.json('PUT', '/api/console/settings/details', DETAILS)).body).toEqual({ changed: true });
    expect((await owner.json('PUT', '/api/console/settings/details', DETAILS)).body).toEqual({ changed: false });
    const policies = {
      refund: '<p>Returns within <strong>30 days</strong>.</p><script>alert(1)</script>',
      privacy: '',
      terms: '',
    };
    expect((await owner.json('PUT', '/api/console/settings/policies', policies)).status).toBe(200);
    const saved = (await owner.json<{ details: unknown; policies: { refund: string } }>('GET', '/api/console/settings'))
      .body;
    expect(saved.details).toMatchObject({ name: 'Fern & Field', contactEmail: 'hello@fern-field.com' });
    expect(saved.policies.refund).toBe('<p>Returns within <strong>30 days</strong>.</p>');

    const home = await page(base, '/');
    expect(home.html).toContain('<img class="site-logo" src="/images/demo/candle.webp" alt="Fern &amp; Field">');
    expect(home.html).toContain('<a href="/policies/refund-policy">Refund policy</a>');
    expect(home.html).not.toContain('/policies/privacy-policy');
    const checkout = await page(base, '/checkout');
    expect(checkout.html).toMatch(/CheckoutPage-policies[\s\S]*href="\/policies\/refund-policy"/);
    const policy = await page(base, '/policies/refund-policy');
    expect(policy.status).toBe(200);
    expect(policy.html).toContain('Returns within <strong>30 days</strong>.');
    expect(policy.html).not.toContain('alert(1)');
    expect((await page(base, '/policies/privacy-policy')).status).toBe(404);
  });

  it('refuses bad details with the field and its message, and keeps the store as it was', async () => {
    const { base, websiteId } = await storeOnHost('invalid.settings.test');
    const owner = await merchant(base, websiteId, ROLES.admin);
    const bad = await owner.json('PUT', '/api/console/settings/details', { ...DETAILS, contactEmail: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'contactEmail: Emails must be formatted as name@example.com' });
    const country = await owner.json('PUT', '/api/console/settings/details', {
      ...DETAILS,
      address: { ...DETAILS.address, countryCode: 'QQ' },
    });
    expect(country.body).toEqual({ error: 'address.countryCode: Choose a country from the list.' });
    const logo = await owner.json('PUT', '/api/console/settings/details', {
      ...DETAILS,
      logo: { assetUrl: 'javascript:alert(1)', altText: '' },
    });
    expect(logo.status).toBe(400);
    const huge = await owner.json('PUT', '/api/console/settings/details', { ...DETAILS, name: 'x'.repeat(9000) });
    expect(huge.status).toBe(413);
    expect((await page(base, '/')).html).toContain('>Studio Goods</a>');
  });

  it("the header's announcement and social links show on every page; its code stays the code-injection roles'", async () => {
    const { base, websiteId } = await storeOnHost('header.settings.test');
    const editor = await merchant(base, websiteId, ROLES.editor);
    const header = {
      announcement: 'Free UK shipping over £50',
      social: [{ network: 'instagram', url: 'https://instagram.com/fern' }],
      html: '',
    };
    expect((await editor.json('PUT', '/api/console/settings/header', header)).status).toBe(200);
    const html = (await page(base, '/shop')).html;
    expect(html).toContain('<p class="announcement-bar">Free UK shipping over £50</p>');
    expect(html).toContain('<a href="https://instagram.com/fern" rel="noopener">Instagram</a>');
    const code = await editor.json('PUT', '/api/console/settings/header', { ...header, html: '<script>x()</script>' });
    expect(code.status).toBe(403);
    expect(code.body).toMatchObject({ fields: { html: expect.stringContaining('code injection') } });
    const owner = await merchant(base, websiteId, ROLES.admin);
    expect((await owner.json('PUT', '/api/console/settings/header', { ...header, html: '<b>Hi</b>' })).status).toBe(
      200,
    );
    // The Design section's header and footer save keeps the settings.
    expect((await owner.json('PUT', '/api/site-header-footer', { header: '<b>Hello</b>', footer: '' })).status).toBe(
      200,
    );
    expect((await page(base, '/')).html).toContain('Free UK shipping over £50');
    const social = await owner.json('PUT', '/api/console/settings/header', {
      ...header,
      social: [{ network: 'instagram', url: 'instagram' }],
    });
    expect(social.body).toEqual({
      error: 'social.0.url: Links must be formatted as http://www.example.com or https://www.example.com',
    });
  });

  it("the footer's text and links show on every page, hostile input refused or cleaned; its code is kept as it is", async () => {
    const { base, websiteId } = await storeOnHost('footer.settings.test');
    const store = await merchant(base, websiteId, ROLES.storeManager);
    expect((await store.json('PUT', '/api/console/settings/footer', { text: 'Hi' })).status).toBe(403);
    const editor = await merchant(base, websiteId, ROLES.editor);
    // Read (and cached) before the save: the save's new site version makes the next read a new page.
    expect((await page(base, '/shop')).html).not.toContain('<div class="site-footer-text">');
    const footer = {
      text: '<p>Made by hand in <strong>Bristol</strong>.</p><script>alert(1)</script><p onclick="x()">Open daily</p>',
      links: [
        { label: 'Shipping & returns', url: '/policies/refund-policy' },
        { label: 'Our journal', url: 'www.example.com/journal' },
        { label: 'Write to us', url: 'mailto:hello@example.com' },
      ],
    };
    expect((await editor.json('PUT', '/api/console/settings/footer', footer)).body).toEqual({ changed: true });
    const saved = await editor.json<{ footer: unknown }>('GET', '/api/console/settings');
    expect(saved.body.footer).toEqual({
      text: '<p>Made by hand in <strong>Bristol</strong>.</p><p>Open daily</p>',
      links: [
        { label: 'Shipping & returns', url: '/policies/refund-policy' },
        { label: 'Our journal', url: 'https://www.example.com/journal' },
        { label: 'Write to us', url: 'mailto:hello@example.com' },
      ],
    });
    const html = (await page(base, '/shop')).html;
    expect(html).toContain(
      '<div class="site-footer-text"><p>Made by hand in <strong>Bristol</strong>.</p><p>Open daily</p></div>',
    );
    expect(html).toContain('<li><a href="https://www.example.com/journal">Our journal</a></li>');
    expect(html).toContain('<li><a href="/policies/refund-policy">Shipping &amp; returns</a></li>');
    expect(html).not.toContain('alert(1)');
    for (const url of ['javascript:alert(1)', 'JavaScript:alert(1)', '//evil.example', 'data:text/html,x', 'x y']) {
      const refused = await editor.json('PUT', '/api/console/settings/footer', {
        ...footer,
        links: [{ label: 'Bad', url }],
      });
      expect(refused.body, url).toEqual({
        error:
          'links.0.url: Links must be formatted as http://www.example.com or https://www.example.com, or a page of this store such as /shipping',
      });
    }
    expect(
      (await editor.json('PUT', '/api/console/settings/footer', { ...footer, links: [{ label: ' ', url: '/shop' }] }))
        .body,
    ).toEqual({ error: "links.0.label: Enter the link's text" });
    // An email or a phone link gets the link editor's own message.
    expect(
      (await editor.json('PUT', '/api/console/settings/footer', { links: [{ label: 'Mail', url: 'mailto:nobody' }] }))
        .body,
    ).toEqual({ error: 'links.0.url: Emails must be formatted as name@example.com' });
    const eleven = Array.from({ length: 11 }, (_, i) => ({ label: `L${i}`, url: '/shop' }));
    expect((await editor.json('PUT', '/api/console/settings/footer', { links: eleven })).status).toBe(400);
    // The demo store's footer code stays; code sent with the settings is not theirs to change (left out).
    expect(html).toContain('<div class="site-footer-content"><p>Studio Goods · 12 Market Street');
    const code = await editor.json('PUT', '/api/console/settings/footer', { ...footer, html: '<script>x()</script>' });
    expect(code.status).toBe(200);
    const kept = (await page(base, '/')).html;
    expect(kept).not.toContain('x()');
    expect(kept).toContain('<div class="site-footer-content"><p>Studio Goods · 12 Market Street');
    // A code block in the text is code, as in any rich text: the code-injection roles'.
    const pre = await editor.json('PUT', '/api/console/settings/footer', { ...footer, text: '<pre>x()</pre>' });
    expect(pre.status).toBe(403);
    expect((await editor.json('PUT', '/api/console/settings/footer', { text: 'x'.repeat(60_000) })).status).toBe(413);
    const owner = await merchant(base, websiteId, ROLES.admin);
    // The header and footer code's own save keeps the footer's settings.
    expect((await owner.json('PUT', '/api/site-header-footer', { header: '', footer: '<i>Code</i>' })).status).toBe(
      200,
    );
    const after = (await page(base, '/')).html;
    expect(after).toContain('<div class="site-footer-content"><i>Code</i></div>');
    expect(after).toContain('Our journal');
  });

  it('turns the home popup off and on, with its text', async () => {
    const { base, websiteId } = await storeOnHost('popup.settings.test');
    const editor = await merchant(base, websiteId, ROLES.editor);
    expect((await page(base, '/')).html).toContain('data-island="PromoPopup"');
    const off = { enabled: false, title: 'Spring sale', body: 'Sign up for 10% off.' };
    expect((await editor.json('PUT', '/api/console/settings/popup', off)).status).toBe(200);
    expect((await page(base, '/')).html).not.toContain('data-island="PromoPopup"');
    expect((await editor.json('PUT', '/api/console/settings/popup', { ...off, enabled: true })).status).toBe(200);
    expect((await page(base, '/')).html).toContain('Spring sale');
    expect((await editor.json('PUT', '/api/console/settings/popup', { ...off, title: ' ' })).body).toEqual({
      error: 'title: Enter a title for the popup',
    });
  });

  it("tax regions and shipping places are the lists' (names read as codes), refused with a clear message otherwise", async () => {
    const { base, websiteId } = await storeOnHost('places.settings.test');
    const store = await merchant(base, websiteId, ROLES.storeManager);
    const tax = await store.json('POST', '/api/commerce/tax-rates', {
      name: 'CA sales tax',
      countryCode: 'US',
      region: 'California',
      ratePercent: '7.25',
    });
    expect(tax.body).toMatchObject({ taxRate: { countryCode: 'US', region: 'CA' } });
    const cal = await store.json('POST', '/api/commerce/tax-rates', {
      name: 'Bad',
      countryCode: 'US',
      region: 'CAL',
      ratePercent: '7.25',
    });
    expect(cal.status).toBe(400);
    expect(cal.body).toEqual({
      error: 'region: CAL is not a state or region of United States: choose one from the list',
    });
    const rate = await store.json('POST', '/api/commerce/shipping-rates', {
      name: 'UK',
      regions: ['gb'],
      method: 'flat',
      amountCents: 500,
    });
    expect(rate.body).toMatchObject({ shippingRate: { regions: ['GB'] } });
    expect(
      (
        await store.json('POST', '/api/commerce/shipping-rates', {
          name: 'X',
          regions: ['ZZ'],
          method: 'flat',
          amountCents: 1,
        })
      ).body,
    ).toEqual({ error: 'regions.0: must be a country: choose one from the list' });
  });

  it('a German merchant taxes Bavaria, picked by name and saved as DE-BY: a Bavarian address pays it, a Berlin one does not', async () => {
    const { base, websiteId } = await storeOnHost('bavaria.settings.test');
    const owner = await merchant(base, websiteId, ROLES.admin);
    const bavaria = { name: 'Bavarian tax', countryCode: 'DE', region: 'Bavaria', ratePercent: '19' };
    expect((await owner.json('POST', '/api/commerce/tax-rates', bavaria)).body).toMatchObject({
      taxRate: { countryCode: 'DE', region: 'BY' },
    });
    const zone = { name: 'Bavaria post', regions: ['de-by'], method: 'flat', amountCents: 490 };
    expect((await owner.json('POST', '/api/commerce/shipping-rates', zone)).body).toMatchObject({
      shippingRate: { regions: ['DE-BY'] },
    });
    const germany = { name: 'Germany post', regions: ['DE'], method: 'flat', amountCents: 690 };
    expect((await owner.json('POST', '/api/commerce/shipping-rates', germany)).status).toBe(201);
    const at = async (region: string, city: string) => {
      const visitor = await shopper(base, [{ ...CANDLE, quantity: 1 }]);
      expect((await startCheckout(visitor)).status).toBe(200);
      return fillCheckout(visitor, {
        shippingAddress: { ...ADDRESS, countryCode: 'DE', region, city, postalCode: '80331' },
      });
    };
    const munich = await at('Bayern', 'München');
    expect(munich.shippingOptions.map((o) => o.name).sort()).toEqual(['Bavaria post', 'Germany post']);
    expect(munich.taxCents).toBe(Math.round(munich.subtotalCents * 0.19));
    const berlin = await at('Berlin', 'Berlin');
    expect(berlin.shippingOptions.map((o) => o.name)).toEqual(['Germany post']);
    expect(berlin.taxCents).toBe(0);
  });

  it('the Home checklist reads what is done from the store: products, shipping, payments chosen, details, policies, a published product', async () => {
    const { base, websiteId } = await storeOnHost('checklist.settings.test', (site) => {
      site.items = site.items.filter((item) => item.structuredContent === undefined);
    });
    const owner = await merchant(base, websiteId, ROLES.admin);
    const before = (await owner.json('GET', '/api/console/checklist')).body;
    expect(before).toEqual({
      product: false,
      shipping: false,
      payments: false,
      details: false,
      policies: false,
      publish: false,
    });
    await owner.json('PUT', '/api/console/payments', { provider: 'local' });
    await owner.json('PUT', '/api/console/settings/details', DETAILS);
    await owner.json('PUT', '/api/console/settings/policies', { refund: '<p>30 days.</p>', privacy: '', terms: '' });
    await owner.json('POST', '/api/commerce/shipping-rates', {
      name: 'UK',
      regions: ['GB'],
      method: 'flat',
      amountCents: 500,
    });
    const after = (await owner.json('GET', '/api/console/checklist')).body;
    expect(after).toEqual({
      product: false,
      shipping: true,
      payments: true,
      details: true,
      policies: true,
      publish: false,
    });
    await owner.json('PUT', '/api/console/settings/policies', { refund: '', privacy: '', terms: '' });
    expect((await owner.json('GET', '/api/console/checklist')).body).toMatchObject({ policies: false });
  });
});

/**
 * The demo store ships without any set-up (issue 32): in development its default rates ('Standard' in the US,
 * 'International' to the countries it delivers to abroad) are there for the checkout and the console, the cheapest
 * option is chosen for the shopper, a country with no rate is refused with the reason, and rates the merchant deletes
 * stay deleted.
 */
describe('demo-shipping', () => {
  const BASE = 'http://shipping.demo-store.test';

  describe("the demo store's default shipping", () => {
    it('offers Standard in the US and International abroad, chosen for the shopper, and names the countries it does not ship to', async () => {
      const visitor = await shopper(BASE, [{ ...CANDLE, quantity: 1 }]);
      expect((await startCheckout(visitor)).status).toBe(200);
      const put = (address: Partial<typeof ADDRESS>) =>
        visitor.json<{ checkout: Checkout }>('PUT', CHECKOUT, {
          email: 'ada@example.com',
          shippingAddress: { ...ADDRESS, ...address },
        });
      const home = (await put({})).body.checkout;
      expect(home.shippingOptions.map((o) => [o.name, o.costCents])).toEqual([['Standard', 500]]);
      expect(home).toMatchObject({ selectedShippingOption: 'shipping-standard', shippingCostCents: 500, problems: {} });
      const london = (await put({ city: 'London', region: '', postalCode: 'SW1A 1AA', countryCode: 'GB' })).body
        .checkout;
      expect(london).toMatchObject({ selectedShippingOption: 'shipping-international', shippingCostCents: 2000 });
      const rio = (await put({ city: 'Rio de Janeiro', region: 'RJ', postalCode: '20040-002', countryCode: 'BR' })).body
        .checkout;
      expect(rio).toMatchObject({
        shippingOptions: [],
        selectedShippingOption: null,
        problems: { shippingOptionId: 'We do not ship to this address.' },
      });

      const store = await merchant(BASE, DEMO_SITE_ID);
      const listed = await store.json<{ shippingRates: { id: string }[] }>('GET', '/api/commerce/shipping-rates');
      expect(listed.body.shippingRates.map((rate) => rate.id)).toEqual(
        DEMO_SHIPPING_RATES.map((rate) => rate.id).sort(),
      );
    });

    it('makes the defaults once: a rate the merchant deleted is not made again', async () => {
      const store = orders(DEMO_SITE_ID);
      await store.seedShippingRates(DEMO_SHIPPING_RATES);
      expect(await store.deleteRate('shipping', 'shipping-international')).toBe(true);
      await store.seedShippingRates(DEMO_SHIPPING_RATES);
      expect((await store.shippingRates()).map((rate) => rate.id)).toEqual(['shipping-standard']);
    });

    it('leaves every other store without rates', async () => {
      expect(await orders('shipping-other-store').shippingRates()).toEqual([]);
    });
  });
});
