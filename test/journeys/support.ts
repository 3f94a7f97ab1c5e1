/**
 * What the journeys share: their preamble (Chromium, contexts at a width closed after each test, a store of the
 * file's own where a journey changes the whole store), a merchant's calls for setting a journey up (a product of its
 * own, a shipping rate), the console opened with the team's sessions kept for the run (test/e2e/merchant-session.ts),
 * its sections opened from the sidebar (behind the menu button on a phone) and its screens saved, a shopper paying at
 * checkout with the local test card, and the screenshots in test-artifacts/journeys/ (with E2E_SCREENSHOTS=1). Each
 * journey runs at a desktop and a phone width.
 */
import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { startLocalStore } from '../../scripts/local-store.mjs';
import { blankProductForm, blankVariant, type ProductForm } from '../../src/site/editor/product-form';
import { reviewShot, useChromium } from '../e2e/browser';
import { merchantRequests, merchantSession } from '../e2e/merchant-session';
import { seeTextAfter, watchTexts } from '../e2e/pages';

export const WIDTHS = [1366, 375] as const;

/**
 * Runs `visit` at both widths side by side, each width in contexts of its own (`contexts.page(width)`), for a journey
 * whose widths share nothing of the store's that the other changes: most of a visit is waiting for the store and the
 * page's timers, so the two overlap. Both run to their end (a failed width's pages stay open to be saved), and a
 * failure's message starts with its width ('at 375 px: …').
 */
export async function atBothWidths(visit: (width: (typeof WIDTHS)[number]) => Promise<void>): Promise<void> {
  const settled = await Promise.allSettled(WIDTHS.map(visit));
  const [first, ...others] = settled.flatMap((result, i) => {
    if (result.status === 'fulfilled') return [];
    const error = result.reason instanceof Error ? result.reason : new Error(String(result.reason));
    error.message = `at ${WIDTHS[i]} px: ${error.message}`;
    return [error];
  });
  if (first === undefined) return;
  for (const other of others) first.message += `\n\n${other.message}`;
  throw first;
}

/**
 * For widths run side by side whose visits each read a store-wide figure, change it and check it moved by their own
 * change (a refund count): the sections given to the function answered run one at a time, in the order asked, so the
 * other width's change never falls between a read and its check. A section that fails lets the next one run.
 */
export function oneAtATime(): <T>(section: () => Promise<T>) => Promise<T> {
  let queue: Promise<unknown> = Promise.resolve();
  return (section) => {
    const ran = queue.then(section);
    queue = ran.catch(() => undefined);
    return ran;
  };
}

/** The demo team's accounts (src/site/seed/demo.ts, which Node cannot import: its theme is .html modules). */
export const ACCOUNTS = {
  owner: { email: 'owner@example.com', password: 'studio-goods-owner' },
  store: { email: 'store@example.com', password: 'studio-goods-store' },
  editor: { email: 'editor@example.com', password: 'studio-goods-editor' },
};
export const SUCCESS_CARD = '4242424242424242';
/** A loaded 2-core machine can take many seconds for a first checkout call or a section's first load. */
export const SLOW = { timeout: 60_000 };
export const JOURNEY_TIMEOUT = 300_000;
const ARTIFACTS = 'test-artifacts/journeys';
const RATE = { name: 'Journey Courier', regions: [], method: 'flat', amountCents: 500 };

/** A run's own suffix, so titles, codes and emails never meet another test's. */
export const RUN = Date.now().toString(36);

type MerchantCalls = { api: APIRequestContext; headers: Record<string, string> };

/** Browser contexts opened by a test, and the store manager's calls it made, to be closed after it. */
export class Contexts {
  private opened: BrowserContext[] = [];
  /** The store manager's calls by store, made once a test (merchantApi). */
  readonly merchantCalls = new Map<string, Promise<MerchantCalls>>();
  constructor(private readonly browser: () => Browser) {}

  async open(width: number): Promise<BrowserContext> {
    const context = await this.browser().newContext({ viewport: { width, height: width < 600 ? 812 : 900 } });
    this.opened.push(context);
    return context;
  }

  async page(width: number): Promise<{ page: Page; errors: string[] }> {
    const page = await (await this.open(width)).newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    return { page, errors };
  }

  async closeAll(): Promise<void> {
    const calls = [...this.merchantCalls.values()];
    this.merchantCalls.clear();
    await Promise.all([
      ...this.opened.map((context) => context.close()),
      ...calls.map((made) =>
        made.then(
          ({ api }) => api.dispose(),
          () => undefined,
        ),
      ),
    ]);
    this.opened = [];
  }
}

/**
 * Closes `page` as a person closing the tab would and answers the browser's own question by staying; returns
 * the question's kind ('beforeunload'). The page is then closed without asking: a context closed over a page
 * whose "leave?" question was answered "stay" takes the whole Chromium down now and then (a CI run's journey
 * ended with "Browser closed"; a probe of 40 such closes crashed it within 2 and 17), and with it every later
 * test of the worker.
 */
export async function closeTabAsked(page: Page): Promise<string> {
  const asked = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => void dialog.dismiss().then(() => resolve(dialog.type()))),
  );
  await page.close({ runBeforeUnload: true });
  const kind = await asked;
  await page.close();
  return kind;
}

/** A journey file's preamble: its test worker's Chromium, and the contexts each test opens, closed after it. */
export function useContexts(): Contexts {
  const contexts = new Contexts(useChromium());
  afterEach(() => contexts.closeAll());
  return contexts;
}

/**
 * A store of the file's own (`wrangler dev`, the demo store fresh), for a journey that changes what every page of the
 * demo store shows (its name, popup, payments, tax): the test worker's store stays as the other files expect it.
 * Its `url` is set once it has started, before the file's tests.
 */
export function useOwnStore(): { readonly url: string } {
  const own = { url: '' };
  let store: { url: string; stop: () => void } | undefined;
  beforeAll(async () => {
    store = await startLocalStore();
    own.url = store.url;
  }, 300_000);
  afterAll(() => store?.stop());
  return own;
}

export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  // From the top: a full-page shot taken scrolled down paints a sticky header in the middle of the page.
  await page.evaluate('window.scrollTo(0, 0)');
  await reviewShot(page, `${ARTIFACTS}/${name}.png`, { fullPage: true });
}

async function ok(res: { status(): number; text(): Promise<string> }): Promise<void> {
  expect(res.status(), await res.text()).toBeLessThan(300);
}

/**
 * The store manager's calls, as the console makes them (its session and crumb), with the session kept for the run
 * (test/e2e/merchant-session.ts): a request context once a test and store, no browser context and no sign-in.
 */
export function merchantApi(contexts: Contexts, storeUrl: string): Promise<MerchantCalls> {
  let calls = contexts.merchantCalls.get(storeUrl);
  if (calls === undefined) {
    calls = merchantRequests(ACCOUNTS.store, storeUrl);
    contexts.merchantCalls.set(storeUrl, calls);
  }
  return calls;
}

/** The store ships: a flat rate is added unless the merchant already has one (other test files add their own). */
export async function ensureShipping(contexts: Contexts, storeUrl: string): Promise<void> {
  const { api, headers } = await merchantApi(contexts, storeUrl);
  const rates = await api.get(`${storeUrl}/api/commerce/shipping-rates`);
  await ok(rates);
  const { shippingRates } = (await rates.json()) as { shippingRates: unknown[] };
  if (shippingRates.length === 0)
    await ok(await api.post(`${storeUrl}/api/commerce/shipping-rates`, { data: RATE, headers }));
}

/** A physical product of one variant, created as the console's product form does; its id and address. */
export async function createProduct(
  contexts: Contexts,
  storeUrl: string,
  title: string,
  priceCents: number,
  stock: number,
): Promise<{ id: string; path: string }> {
  const { api, headers } = await merchantApi(contexts, storeUrl);
  const form: ProductForm = {
    ...blankProductForm('c-shop'),
    title,
    status: 'published',
    description: 'Made for a journey test.',
    images: [{ assetUrl: '/images/demo/candle.webp', originalSize: '800x800', altText: title }],
    variants: [{ ...blankVariant(), price: priceCents, stock }],
  };
  const created = await api.post(`${storeUrl}/api/console/products`, { data: form, headers });
  await ok(created);
  const { id, fullUrl } = (await created.json()) as { id: string; fullUrl: string };
  return { id, path: fullUrl };
}

/** Deletes a journey's product again, as the console's Delete does. */
export async function deleteProduct(contexts: Contexts, storeUrl: string, id: string): Promise<void> {
  const { api, headers } = await merchantApi(contexts, storeUrl);
  await ok(await api.delete(`${storeUrl}/api/console/products/${id}`, { headers }));
}

/**
 * A shopper's cart holding `quantity` of a one-variant product, added by the storefront's own calls in the page's
 * context (the product's variant from the stock call, the crumb, then `POST /api/commerce/shopping-cart/entries`, as
 * the product page's button sends it), for a journey whose shopper's step is the checkout that follows, not the product
 * page: the page's load and hydration are spared. Journeys whose shopper chooses on the product page add with
 * `addToCart`.
 */
export async function cartHolding(page: Page, storeUrl: string, itemId: string, quantity = 1): Promise<void> {
  const api = page.context().request;
  const stock = await api.get(`${storeUrl}/api/commerce/inventory/stock/?itemId=${encodeURIComponent(itemId)}`);
  await ok(stock);
  const variants = ((await stock.json()) as { results: { sku: string }[] }).results;
  expect(variants, `cartHolding is for a product of one variant: ${itemId}`).toHaveLength(1);
  expect((await api.get(`${storeUrl}/api/crumb`)).status()).toBe(204);
  const crumb = (await page.context().cookies(storeUrl)).find((cookie) => cookie.name === 'crumb')?.value ?? '';
  const added = await api.post(`${storeUrl}/api/commerce/shopping-cart/entries`, {
    data: { itemId, sku: variants[0]?.sku, quantity },
    headers: { 'X-CSRF-Token': crumb },
  });
  await ok(added);
}

/** A shopper on a product page, with the islands ready. */
export async function openProduct(page: Page, storeUrl: string, path: string): Promise<void> {
  await page.goto(`${storeUrl}${path}`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
}

const ADD_BUTTON = '.ProductItem-form .sqs-add-to-cart-button';

/** Adds `quantity` from the product page; the button's answer ('Added!' or the alert's text). */
export async function addToCart(page: Page, itemId: string, quantity: number): Promise<string> {
  const button = page.locator(ADD_BUTTON);
  await expect.poll(() => button.textContent(), SLOW).toBe('Add To Cart');
  await page.fill(`#quantity-${itemId}`, String(quantity));
  const said = await watchTexts(page, ADD_BUTTON);
  await button.click();
  const alert = page.locator('[role="alertdialog"]');
  await expect.poll(async () => (await alert.count()) > 0 || (await said.texts()).includes('Added!'), SLOW).toBe(true);
  return (await alert.count()) > 0 ? ((await alert.locator('.Dialog-message').textContent()) ?? '') : 'Added!';
}

/** Adds one with the product page's button as it stands (a product with one left shows no quantity field). */
export async function addOneToCart(page: Page): Promise<void> {
  const button = page.locator(ADD_BUTTON);
  await expect.poll(() => button.textContent(), SLOW).toBe('Add To Cart');
  await seeTextAfter(page, ADD_BUTTON, 'Added!', () => button.click());
}

/** The checkout hydrated with its cart loaded: these journeys type into a ready page (checkout-typed-early types before). */
async function checkoutLoaded(page: Page): Promise<void> {
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await page.locator('.CheckoutLine-name').first().waitFor(SLOW);
}

/** Types the rest of a US shopper's address after the first name and leaves the postal code, which sends it for shipping options. */
export async function fillUsAddressAfterFirstName(page: Page): Promise<void> {
  await page.fill('#checkout-lastName', 'Lovelace');
  await page.fill('#checkout-address1', '1 Main Street');
  await page.fill('#checkout-city', 'Springfield');
  await page.fill('#checkout-region', 'IL');
  await page.fill('#checkout-postalCode', '62701');
  await page.locator('#checkout-postalCode').blur();
}

/** From the checkout page with the cart loaded: address, the first (cheapest) shipping option and the card filled in. */
export async function fillCheckout(page: Page, email: string): Promise<void> {
  await checkoutLoaded(page);
  await page.fill('#checkout-email', email);
  await page.fill('#checkout-firstName', 'Ada');
  await fillUsAddressAfterFirstName(page);
  const option = page.locator('.Checkout-option input').first();
  await option.waitFor(SLOW);
  const price = (await page.locator('.Checkout-option-price').first().textContent()) ?? '';
  // The cheapest option comes chosen with the options (the server's answer to the address), priced in the summary at once.
  expect(await option.isChecked()).toBe(true);
  await expect.poll(() => page.locator('.CheckoutTotals-shipping').textContent(), SLOW).toBe(price);
  await page.fill('#checkout-cardNumber', SUCCESS_CARD);
}

/** Places the order and waits for the order confirmed page. */
export async function placeOrder(page: Page): Promise<void> {
  await page.click('.Checkout-button');
  await page.waitForURL(/\/commerce\/orders\/[A-Za-z0-9_-]+\?token=[0-9a-f]+$/, SLOW);
  await page.waitForSelector('.OrderConfirmation-number', SLOW);
  expect(await page.locator('h1').textContent()).toBe('Order confirmed');
}

export async function goToCheckout(page: Page, storeUrl: string, title: string): Promise<void> {
  await page.goto(`${storeUrl}/checkout`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await expect.poll(() => page.locator('.CheckoutLine-name').first().textContent(), SLOW).toBe(title);
}

/**
 * A signed-out visitor switches the store to the language named `label` ('Français (France)') on the account page, by
 * keyboard, as the French journeys start; the page then speaks it (`<html lang>`, the option's locale).
 */
export async function chooseLanguage(page: Page, storeUrl: string, label: string): Promise<void> {
  await page.goto(`${storeUrl}/account`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  const language = page.locator('#visitor-language');
  await language.waitFor(SLOW);
  await language.focus();
  const [locale] = await language.selectOption({ label });
  await expect.poll(() => page.evaluate('document.documentElement.lang'), SLOW).toBe(locale);
}

/**
 * The console for `account` at `screen` (its home unless a journey goes straight to an order or a settings screen),
 * once the sidebar is there: the page's context is given the account's session kept for the run
 * (test/e2e/merchant-session.ts) and its crumb, not signed in through the form. The journeys are about what the
 * merchant does once in; signing in itself is tested by console-catalog, console-operations and
 * sign-in-not-validated. Opening the screen at once, rather than the home first and then the screen, spares a whole
 * console load (its scripts, data and hydration) that no journey looked at.
 */
export async function signIn(
  page: Page,
  storeUrl: string,
  account: { email: string; password: string },
  screen = '/config',
): Promise<void> {
  await page.context().addCookies((await merchantSession(account, storeUrl)).cookies);
  await page.goto(`${storeUrl}${screen}`);
  await page.waitForSelector('nav[aria-label="Console"] a', { state: 'attached', ...SLOW });
}

/**
 * Does `action` (a save's click or Enter) and resolves with how that save ended: the text the status at `selector`
 * showed after this save's own 'Saving…', watched from before the action. A console status keeps the last save's
 * 'Saved' (or refusal) until the next save starts, so a poll after the action can take that for this save's outcome
 * and read the store before it has saved.
 */
export async function saveOutcome(page: Page, selector: string, action: () => Promise<unknown>): Promise<string> {
  const shown = await watchTexts(page, selector);
  await action();
  const outcome = async () => {
    const texts = await shown.texts();
    const saving = texts.lastIndexOf('Saving…');
    return saving === -1 ? undefined : texts[saving + 1];
  };
  await expect.poll(outcome, SLOW).toBeDefined();
  return (await outcome()) ?? '';
}

/**
 * Saves a console card with its button (named exactly `button`), as the merchant does, and expects this save's own
 * outcome to be 'Saved': the status of the button's own form, watched from before the click (saveOutcome). Never
 * poll a `.SaveStatus` for 'Saved' after the click: it still shows the previous save's 'Saved' (or another card's)
 * until this save starts, so the poll can pass before anything is stored.
 */
export async function save(page: Page, button: string): Promise<void> {
  const click = page.getByRole('button', { name: button, exact: true });
  const form = await click.evaluate(
    (element) => {
      const own = element.closest('form');
      const by = own?.getAttribute('aria-labelledby');
      const label = own?.getAttribute('aria-label');
      return by ? `form[aria-labelledby="${by}"]` : label ? `form[aria-label="${label}"]` : null;
    },
    undefined,
    SLOW,
  );
  if (form === null)
    throw new Error(`save: the button '${button}' is in no form named by aria-labelledby or aria-label`);
  expect(await saveOutcome(page, `${form} .SaveStatus`, () => click.click())).toBe('Saved');
}

/**
 * From the checkout page with the cart loaded: the shopper's email and a Bristol address, typed as a UK shopper types
 * it; leaving the postcode asks for the shipping options.
 */
export async function fillUkAddress(page: Page, email: string): Promise<void> {
  await checkoutLoaded(page);
  await page.fill('#checkout-email', email);
  await page.selectOption('#checkout-countryCode', 'GB');
  await page.fill('#checkout-firstName', 'Ada');
  await page.fill('#checkout-lastName', 'Lovelace');
  await page.fill('#checkout-address1', '1 Queen Street');
  await page.fill('#checkout-city', 'Bristol');
  await page.fill('#checkout-postalCode', 'BS1 4RN');
  await page.locator('#checkout-postalCode').blur();
}

/**
 * Opens, in the development mailbox of the store at `storeUrl`, the newest email to `to` (whose subject contains
 * `subject`, when given), reloading until it has arrived.
 */
export async function openEmail(page: Page, storeUrl: string, to: string, subject?: string): Promise<void> {
  await page.goto(`${storeUrl}/dev/mailbox?to=${encodeURIComponent(to)}`);
  const entry = page.locator('ol[aria-label="Emails"] a', subject === undefined ? {} : { hasText: subject }).first();
  await expect
    .poll(async () => {
      if ((await entry.count()) > 0) return true;
      await page.reload();
      return false;
    }, SLOW)
    .toBe(true);
  await entry.click();
}

/**
 * A shopper of the journey's own (never the shared demo account, whose language and cart another file would inherit):
 * signed up through /account's form, verified from the link the development mailbox shows, and signed in.
 */
export async function signUpShopper(page: Page, storeUrl: string, email: string, password: string): Promise<void> {
  await page.goto(`${storeUrl}/account`);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  // The panel shows 'Loading…' until its session read answers, then the sign-in form and its 'Create account': a wait
  // on the store, bounded as the others here are (clean55's failure ran out on this click's 30-s default, 4 s in).
  await page.locator('.AccountPanel-switch .AccountPanel-link').click(SLOW);
  await page.fill('#signup-email', email, SLOW);
  await page.fill('#signup-password', password);
  await page.click('.AccountPanel-form button[type="submit"]');
  await page.locator('.AccountPanel-status').filter({ hasText: /\S/ }).waitFor(SLOW);
  await openEmail(page, storeUrl, email);
  // The email's page, once its navigation has come: its link.
  await page.locator('pre a').first().click(SLOW);
  await page.waitForSelector('html[data-islands="hydrated"]', SLOW);
  await expect.poll(() => page.inputValue('#signin-email'), SLOW).toBe(email);
  await page.fill('#signin-password', password);
  await page.click('.SignInForm button[type="submit"]');
  await page.locator('.AccountPanel-email').waitFor(SLOW);
}

/** The sidebar's links, opened by the menu button first where the screen hides it. */
export async function openSidebar(page: Page): Promise<void> {
  const menu = page.locator('.Topbar-menu');
  if ((await menu.isVisible()) && (await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
  await page.locator('nav[aria-label="Console"]').waitFor({ state: 'visible', ...SLOW });
}

export async function sidebarLinks(page: Page): Promise<string[]> {
  await openSidebar(page);
  const links = (await page.locator('nav[aria-label="Console"] a').allInnerTexts()).map((text) => text.trim());
  const menu = page.locator('.Topbar-menu');
  if (await menu.isVisible()) await menu.click();
  return links;
}

/** Opens a console section from the sidebar, as a merchant would, and waits for its heading. */
export async function openSection(page: Page, label: string): Promise<void> {
  await openSidebar(page);
  await page.locator('nav[aria-label="Console"] a', { hasText: label }).first().click();
  await page.waitForSelector(`h1:text-is("${label}")`, SLOW);
}
