/**
 * The console's Design, Navigation and Mailing list sections in Chromium, driven as a merchant:
 * a colour and a font changed show in the live preview, publish shows them on the store; the
 * navigation reordered by keyboard and by dragging, a nested link added, the store's folder menu
 * opened on a desktop and in the 375 px menu; the mailing list connected through its dialog; a
 * role without the rights sees no Design section. Axe over every screen; screenshots at 1366 and
 * 768 px in test-artifacts/screenshots/.
 */
import { mkdirSync } from 'node:fs';
import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { colourCss, hexToColour } from '../../src/site/editor/colour';
import { seriousViolations } from './axe';
import { REVIEW_SHOTS, reviewShot, useChromium } from './browser';
import { type MerchantAccount, merchantRequests, merchantSessions } from './merchant-session';
import { storeUrl } from './store';

const browser = useChromium();
const signedInContext = merchantSessions(browser);
const SHOTS = 'test-artifacts/screenshots';
mkdirSync(SHOTS, { recursive: true });
/** The demo team (src/site/seed/demo.ts, which the browser tests cannot import: it bundles the theme's files). */
const OWNER = { email: 'owner@example.com', password: 'studio-goods-owner' };
const VIEWER = { email: 'viewer@example.com', password: 'studio-goods-viewer' };
const GREEN = colourCss(hexToColour('#2f5d50')!);
const DEMO_NAVIGATION = ['Shop', 'Gifts', 'Journal', 'Contact'].map((title, i) => ({
  title,
  link: { type: 'page', value: ['/shop', '/gifts', '/blog', '/contact'][i] },
  children: [],
}));

let context: BrowserContext | undefined;
let pageErrors: string[] = [];
afterEach(async () => {
  await context?.close();
  context = undefined;
  expect(pageErrors).toEqual([]);
  pageErrors = [];
});

/** The console at `path` (its home unless said) for `account`, in a new context given its session kept for the run (merchant-session.ts). */
async function signedIn(account: MerchantAccount, path = '/config'): Promise<Page> {
  context = await signedInContext(account, { viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // A loaded 2-core CI machine can take long over a first console load.
  await page.goto(`${storeUrl}${path}`, { timeout: 90_000 });
  await page.waitForSelector('#console-sidebar', { timeout: 90_000 });
  return page;
}

async function shots(page: Page, name: string): Promise<void> {
  if (!REVIEW_SHOTS) return;
  for (const width of [1366, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await reviewShot(page, `${SHOTS}/console-${name}-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}

const cssVariable = (target: Page | Frame, name: string) =>
  target.evaluate(
    `getComputedStyle(document.documentElement).getPropertyValue(${JSON.stringify(name)}).trim()`,
  ) as Promise<string>;

async function previewFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('iframe.DesignPreview-frame');
  const frame = await handle.contentFrame();
  if (frame === null) throw new Error('no preview frame');
  return frame;
}

/** Waits until the preview, reloaded after a draft save, shows `value` for `name`. */
async function previewShows(page: Page, name: string, value: RegExp): Promise<void> {
  await expect
    .poll(async () => cssVariable(await previewFrame(page), name).catch(() => ''), { timeout: 30_000, interval: 250 })
    .toMatch(value);
}

afterAll(async () => {
  // Leave the shared store as the other browser tests expect it.
  const { api, headers } = await merchantRequests(OWNER);
  try {
    expect((await api.delete(`${storeUrl}/api/console/design`, { data: {}, headers })).status()).toBe(200);
    const navigation = { data: { items: DEMO_NAVIGATION }, headers };
    expect((await api.put(`${storeUrl}/api/console/navigation`, navigation)).status()).toBe(200);
    const disconnect = { data: { action: 'disconnect' }, headers };
    expect((await api.post(`${storeUrl}/api/console/mailing-list`, disconnect)).status()).toBe(200);
    const { files } = (await (await api.get(`${storeUrl}/api/console/files`)).json()) as {
      files: { id: string; name: string }[];
    };
    for (const file of files.filter((f) => f.name === 'price-list.pdf'))
      expect((await api.delete(`${storeUrl}/api/console/files/${file.id}`, { headers })).status()).toBe(200);
  } finally {
    await api.dispose();
  }
}, 120_000);

describe('console: design', () => {
  it('previews a colour and a font live, then publishes them to the store', async () => {
    const page = await signedIn(OWNER);
    await page.click('#console-sidebar >> text=Design');
    await page.waitForSelector('h1:has-text("Design")');
    await previewFrame(page);
    expect(await seriousViolations(page, 'design colours')).toEqual([]);
    await shots(page, 'design');

    const accent = page.locator('fieldset.ColourPicker', {
      has: page.locator('legend', { hasText: 'Accent and links' }),
    });
    // The spec's bound message for a hue out of range, shown instead of applied.
    await accent.locator('label.Segment', { hasText: 'HSL' }).click();
    await accent.locator('label.ColourPicker-field', { hasText: 'H °' }).locator('input').fill('400');
    await expect.poll(() => accent.locator('.FieldError').textContent()).toBe('Hue out of bounds.');
    // The HSV model (engine spec §3) shows the same colour, and refuses a value past 100 %.
    await accent.locator('label.Segment', { hasText: 'HSV' }).click();
    await expect.poll(() => accent.locator('.FieldError').count()).toBe(0);
    await accent.locator('label.ColourPicker-field', { hasText: 'V %' }).locator('input').fill('120');
    await expect
      .poll(() => accent.locator('.FieldError').textContent())
      .toBe('Hue is from 0 to 360, saturation and value from 0 to 100');
    await accent.locator('label.Segment', { hasText: 'HEX' }).click();
    await accent.locator('label.ColourPicker-field', { hasText: 'Hex' }).locator('input').fill('#2f5d50');
    await previewShows(page, '--accent', new RegExp(`^${GREEN.replace(/[()./]/g, '\\$&')}$`));
    await expect.poll(() => page.locator('.StatusLabel', { hasText: 'Unpublished changes' }).count()).toBe(1);

    await page.click('role=tab[name="Fonts"]');
    const headings = page.locator('fieldset.FontBrowser', { has: page.locator('legend', { hasText: 'Headings' }) });
    await headings.locator('button.FilterChip', { hasText: 'Mono' }).click();
    await expect.poll(() => headings.locator('.FontOption-category').allTextContents()).toEqual(['Mono', 'Mono']);
    await headings.locator('button.FilterChip', { hasText: 'All' }).click();
    await headings.locator('input[type="search"]').fill('zzz');
    await expect.poll(() => headings.getByText('No results found').count()).toBe(1);
    await headings.locator('input[type="search"]').fill('slab');
    await headings.locator('label.FontOption', { hasText: 'Antique Slab' }).click();
    await previewShows(page, '--serif', /Superclarendon/);
    expect(await seriousViolations(page, 'design fonts')).toEqual([]);
    await shots(page, 'design-fonts');

    await page.click('role=tab[name="Gallery"]');
    await page.getByLabel('Products per row').fill('11');
    await expect.poll(() => page.getByText('Products per row must be between 1 and 10').count()).toBe(1);
    await page.getByLabel('Products per row').fill('3');
    await previewShows(page, '--grid-columns', /repeat\(3/);
    expect(await seriousViolations(page, 'design gallery')).toEqual([]);

    // Not on the store until published.
    const store = await context!.browser()!.newContext({ viewport: { width: 1366, height: 900 } });
    store.setDefaultTimeout(90_000);
    const shopper = await store.newPage();
    await shopper.goto(`${storeUrl}/shop`);
    expect(await cssVariable(shopper, '--accent')).toBe('#7a3f22');

    await page.click('button:has-text("Publish")');
    // Exactly 'Published': a text match alone also finds 'Unpublished changes', which shows until the publish call answers.
    await page.locator('.StatusLabel', { hasText: /^Published$/ }).waitFor();
    await shopper.goto(`${storeUrl}/shop`);
    expect(await cssVariable(shopper, '--accent')).toBe(GREEN);
    expect(await shopper.evaluate("getComputedStyle(document.querySelector('h1')).fontFamily")).toMatch(
      /Superclarendon/,
    );
    expect(
      await shopper.evaluate(
        "getComputedStyle(document.querySelector('.ProductList-grid')).gridTemplateColumns.split(' ').length",
      ),
    ).toBe(3);
    await store.close();
  }, 360_000);
});

describe('console: navigation', () => {
  it('reorders by keyboard and by dragging, nests a new link, and the store shows the folder menu on desktop and at 375 px', async () => {
    const page = await signedIn(OWNER);
    await page.click('#console-sidebar >> text=Navigation');
    await page.waitForSelector('h1:has-text("Navigation")');
    const titles = () => page.locator('.NavTree .NavRow-title').allTextContents();
    await expect.poll(titles).toEqual(['Shop', 'Gifts', 'Journal', 'Contact']);

    // Keyboard: Contact up one, then Gifts into Shop; the focus stays on the moved link's buttons.
    await page.focus('button[aria-label="Move up: Contact"]');
    await page.keyboard.press('Enter');
    expect(await titles()).toEqual(['Shop', 'Gifts', 'Contact', 'Journal']);
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe('Move up: Contact');
    await page.focus('button[aria-label="Move into the link above: Gifts"]');
    await page.keyboard.press('Enter');
    expect(await page.locator('ul[aria-label="Links under Shop"] .NavRow-title').allTextContents()).toEqual(['Gifts']);
    expect(await page.getByRole('status').filter({ hasText: 'Gifts moved into the link above' }).count()).toBe(1);

    // Drag: Journal onto the top edge of Shop.
    const journal = page.locator('.NavRow', { has: page.locator('.NavRow-title', { hasText: 'Journal' }) });
    const shop = page.locator('.NavRow', { has: page.locator('.NavRow-title', { hasText: /^Shop$/ }) });
    const shopBox = (await shop.boundingBox())!;
    await journal.dragTo(shop, { targetPosition: { x: shopBox.width / 2, y: 3 } });
    expect(await titles()).toEqual(['Journal', 'Shop', 'Gifts', 'Contact']);

    // A new link from the link editor, with its messages, then nested under Contact.
    await page.click('button:has-text("Add link")');
    const dialog = page.locator('dialog.LinkEditor');
    await dialog.getByLabel('Title').fill('Write to us');
    await dialog.locator('label.Segment', { hasText: 'Email' }).click();
    await dialog.getByLabel('Email address').fill('hello@');
    await dialog.locator('button:has-text("Done")').click();
    expect(await dialog.locator('.FieldError').textContent()).toBe('Emails must be formatted as name@example.com');
    await dialog.getByLabel('Email address').fill('hello@example.com');
    expect(await seriousViolations(page, 'link editor')).toEqual([]);
    await dialog.locator('button:has-text("Done")').click();
    await page.click('button[aria-label="Move into the link above: Write to us"]');
    expect(await page.locator('ul[aria-label="Links under Contact"] .NavRow-title').allTextContents()).toEqual([
      'Write to us',
    ]);

    // A File link is chosen in the file manager (here uploaded from the picker), not typed.
    await page.click('button:has-text("Add link")');
    await dialog.getByLabel('Title').fill('Price list');
    await dialog.locator('label.Segment', { hasText: 'File' }).click();
    await dialog.locator('button:has-text("Done")').click();
    expect(await dialog.locator('.FieldError').textContent()).toBe('Please choose a file');
    await dialog.locator('button:has-text("Choose a file")').click();
    const picker = page.locator('dialog.FilePicker');
    await picker.locator('input[type="file"][multiple]').setInputFiles({
      name: 'price-list.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n'),
    });
    await picker.locator('button[aria-label="Choose price-list.pdf"]').first().click();
    await picker.waitFor({ state: 'detached' });
    expect(await dialog.locator('.LinkEditor-file').textContent()).toBe('price-list.pdf');
    expect(await seriousViolations(page, 'link editor with a file')).toEqual([]);
    await dialog.locator('button:has-text("Done")').click();
    await dialog.waitFor({ state: 'detached' });
    await page.click('button[aria-label="Move into the link above: Price list"]');
    expect(await page.locator('ul[aria-label="Links under Contact"] .NavRow-title').allTextContents()).toEqual([
      'Write to us',
      'Price list',
    ]);
    expect(await page.locator('.NavRow', { hasText: 'Price list' }).locator('.NavRow-target').textContent()).toBe(
      'File: price-list.pdf',
    );
    await page.click('button:has-text("Save navigation")');
    await page.waitForSelector('.SaveStatus--saved');
    expect(await seriousViolations(page, 'navigation')).toEqual([]);
    await shots(page, 'navigation');

    // The store on a desktop: Shop is a folder with its own page and Gifts under it.
    const store = await context!.browser()!.newContext({ viewport: { width: 1366, height: 900 } });
    store.setDefaultTimeout(90_000);
    const shopper = await store.newPage();
    await shopper.goto(`${storeUrl}/contact`);
    await shopper.waitForSelector('html[data-islands="hydrated"]');
    const folder = shopper.locator('.site-nav button.site-nav-folder', { hasText: 'Shop' });
    expect(
      (await shopper.locator('.site-nav-list > li > a, .site-nav-list > li > button').allTextContents()).map((text) =>
        text.trim(),
      ),
    ).toEqual(['Journal', 'Shop', 'Contact']);
    expect(await shopper.locator('#site-nav-2').isHidden()).toBe(true);
    await folder.click();
    expect(await folder.getAttribute('aria-expanded')).toBe('true');
    expect(await shopper.locator('#site-nav-2 a', { hasText: 'Gifts' }).isVisible()).toBe(true);
    await reviewShot(shopper, `${SHOTS}/console-storefront-nested-menu-1366.png`);
    await shopper.keyboard.press('Tab');
    await shopper.keyboard.press('Escape');
    expect(await folder.getAttribute('aria-expanded')).toBe('false');
    expect(await shopper.evaluate('document.activeElement?.textContent?.trim()')).toBe('Shop');
    await shopper.locator('.site-nav button.site-nav-folder', { hasText: 'Contact' }).click();
    expect(await shopper.locator('.site-nav a[href="mailto:hello@example.com"]').isVisible()).toBe(true);
    const fileLink = shopper.locator('.site-nav a', { hasText: 'Price list' });
    const fileHref = (await fileLink.getAttribute('href')) ?? '';
    expect(fileHref).toMatch(/^\/files\/[0-9a-z]+\/1\/price-list\.pdf$/);
    const served = await shopper.request.get(`${storeUrl}${fileHref}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    await shopper.mouse.click(1000, 700);
    expect(await shopper.locator('.site-nav a[href="mailto:hello@example.com"]').isHidden()).toBe(true);
    await store.close();

    // At 375 px: the menu button opens the navigation, the folder opens in place.
    const phone = await context!
      .browser()!
      .newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
    phone.setDefaultTimeout(90_000);
    const mobile = await phone.newPage();
    await mobile.goto(`${storeUrl}/contact`);
    await mobile.waitForSelector('html[data-islands="hydrated"]');
    expect(await mobile.locator('#site-nav').isHidden()).toBe(true);
    await mobile.locator('.site-menu-button').click();
    await mobile.locator('.site-nav button.site-nav-folder', { hasText: 'Shop' }).click();
    const gifts = mobile.locator('#site-nav-2 a', { hasText: 'Gifts' });
    expect(await gifts.isVisible()).toBe(true);
    const box = (await gifts.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(await seriousViolations(mobile, 'store menu at 375 px')).toEqual([]);
    await reviewShot(mobile, `${SHOTS}/console-storefront-nested-menu-375.png`);
    await gifts.click();
    await mobile.waitForURL(/\/gifts$/);
    await phone.close();
  }, 360_000);
});

describe('console: mailing list', () => {
  it('connects a list through the dialog: awaiting the automation service, then connected', async () => {
    const page = await signedIn(OWNER);
    await page.click('#console-sidebar >> text=Mailing list');
    await page.waitForSelector('h1:has-text("Mailing list")');
    expect(await page.locator('.StatusLabel').textContent()).toBe('Disconnected');
    await page.click('button:has-text("Connect a list")');
    const dialog = page.locator('dialog');
    await dialog.locator('button:has-text("Connect")').click();
    expect(await dialog.locator('.FieldError').textContent()).toBe('A List must be selected');
    expect(await seriousViolations(page, 'mailing-list dialog')).toEqual([]);
    await shots(page, 'mailing-list-dialog');
    await dialog.getByLabel('List').selectOption({ label: 'Studio news (automation service)' });
    await dialog.locator('button:has-text("Connect")').click();
    await page.waitForSelector('.StatusLabel:has-text("Awaiting connection")');
    expect(await page.getByText('Studio news (automation service) · double opt-in').count()).toBe(1);
    await page.click('button:has-text("Check connection")');
    await page.locator('.StatusLabel', { hasText: /^Connected$/ }).waitFor();
    await page.getByText('No one has signed up yet.').waitFor();

    // A shopper signs up through the store's newsletter block: the sign-up joins the connected list.
    const reader = `reader-${Date.now()}@example.com`;
    const store = await context!.browser()!.newContext({ viewport: { width: 1366, height: 900 } });
    store.setDefaultTimeout(90_000);
    const shopper = await store.newPage();
    await shopper.goto(`${storeUrl}/contact`);
    await shopper.waitForSelector('html[data-islands="hydrated"]');
    await shopper.fill('.NewsletterBlock form input[type="email"]', reader);
    await shopper.click('.NewsletterBlock form button[type="submit"]');
    await expect
      .poll(() => shopper.locator('.NewsletterBlock .SiteForm-submission-message').textContent(), { timeout: 30_000 })
      .toBe('Thank you for signing up.');
    await store.close();
    await page.reload();
    const row = page.locator('.DataTable tr', { hasText: reader });
    await row.waitFor();
    expect(await row.locator('.StatusLabel').textContent()).toBe('Awaiting confirmation');
    expect(await seriousViolations(page, 'mailing list')).toEqual([]);
    await shots(page, 'mailing-list');
    await page.click('button:has-text("Disconnect")');
    await page.locator('.StatusLabel', { hasText: /^Disconnected$/ }).waitFor();
  }, 360_000);
});

describe('console: roles', () => {
  it('shows a viewer no Design, Navigation or Mailing list section, and refuses the address', async () => {
    // The address typed, as the only console load: its sidebar is the one every console screen shows.
    const page = await signedIn(VIEWER, '/config/design');
    await page.waitForSelector('h1:has-text("Design")');
    const sidebar = await page.locator('#console-sidebar a').allTextContents();
    expect(sidebar).not.toContain('Design');
    expect(sidebar).not.toContain('Navigation');
    expect(sidebar).not.toContain('Mailing list');
    expect(await page.getByText('Your role does not allow this.').count()).toBe(1);
    expect(await page.locator('.DesignLayout').count()).toBe(0);
  }, 360_000);
});
