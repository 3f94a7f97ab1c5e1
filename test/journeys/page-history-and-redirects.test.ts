/**
 * Journey: safe editing and moved addresses (issue 33, journeys 4 and 9), at 1366 and 375 px side by side. The
 * owner rewrites a page's text in /config → Pages, opens its History, picks the earlier
 * version by keyboard, reads its text and restores it: the editor and the shopper's page show that
 * text again. Then the manager gives a product a new URL slug in its search engine listing: a shopper
 * following the old link lands on the new address. Last, the owner writes a blog post's search engine
 * listing in the panel products and pages have, and the shopper's tab shows its SEO title. Screenshots in test-artifacts/journeys/moved-*.png.
 */
import { describe, expect, it } from 'vitest';
import { storeUrl } from '../e2e/store';
import {
  atBothWidths,
  createProduct,
  deleteProduct,
  JOURNEY_TIMEOUT,
  openProduct,
  openSection,
  RUN,
  saveOutcome,
  shot,
  signIn,
  SLOW,
  useContexts,
  ACCOUNTS,
} from './support';

const contexts = useContexts();

/** Pages are content and products commerce: the owner has both. */
const FIRST_TEXT = 'Open every Saturday from ten.';
const POST_SEO_TITLE = 'Ash glazes, a studio diary';
const SECOND_TEXT = 'Closed for the kiln firing this month.';

describe('page history, moved addresses and post SEO', () => {
  it(
    'restores a page’s earlier version, and a product’s old link leads to its new slug (1366 and 375 px)',
    async () => {
      await atBothWidths(async (width) => {
        const title = `Opening hours ${RUN} ${width}`;
        const slug = `opening-hours-${RUN}-${width}`;
        const product = await createProduct(contexts, storeUrl, `Journey Vase ${RUN} ${width}`, 4200, 3);
        const { page, errors } = await contexts.page(width);
        await signIn(page, storeUrl, ACCOUNTS.owner);
        // The page and its first text, made through the console's own calls.
        const api = page.context().request;
        const headers = {
          'X-CSRF-Token': (await page.context().cookies()).find((c) => c.name === 'crumb')?.value ?? '',
        };
        const created = await api.post(`${storeUrl}/api/console/pages`, { data: { title, urlId: slug }, headers });
        expect(created.status()).toBe(201);
        const pageId = ((await created.json()) as { id: string }).id;
        const stored = (await (await api.get(`${storeUrl}/api/console/pages/${pageId}`)).json()) as Record<
          string,
          unknown
        >;
        const { id: _id, fullUrl: _url, inNavigation: _nav, ...form } = stored;
        const firstSave = await api.put(`${storeUrl}/api/console/pages/${pageId}`, {
          data: { ...form, body: `<p>${FIRST_TEXT}</p>` },
          headers,
        });
        expect(firstSave.status()).toBe(200);
        const postTitle = `Glaze notes ${RUN} ${width}`;
        const postSlug = `glaze-notes-${RUN}-${width}`;
        const post = await api.post(`${storeUrl}/api/console/posts`, {
          data: {
            collectionId: 'c-blog',
            title: postTitle,
            urlId: postSlug,
            body: '<p>Ash and iron.</p>',
            excerpt: '',
            tags: [],
            categories: [],
            status: 'published',
            publishOn: Date.now() - 60_000,
            assetUrl: null,
          },
          headers,
        });
        expect(post.status()).toBe(201);
        const postId = ((await post.json()) as { id: string }).id;
        try {
          await openSection(page, 'Pages');
          await page.locator('a', { hasText: title }).click();
          await page.waitForSelector(`h1:text-is("${title}")`, SLOW);

          // The manager rewrites the text and saves.
          const text = page.locator('#page-body .RichText-content, .RichText-content').first();
          await expect.poll(() => text.innerText(), SLOW).toContain(FIRST_TEXT);
          await text.click();
          await page.keyboard.press('ControlOrMeta+a');
          await page.keyboard.type(SECOND_TEXT);
          expect(
            await saveOutcome(page, '.PostActions .SaveStatus', () =>
              page.getByRole('button', { name: 'Save', exact: true }).click(),
            ),
          ).toBe('Saved');
          await expect.poll(async () => (await fetch(`${storeUrl}/${slug}`)).text(), SLOW).toContain(SECOND_TEXT);

          // History: the earlier version, chosen by keyboard, read, then restored.
          await page.locator('.PageHeader button', { hasText: 'History' }).click();
          await page.waitForSelector('dialog[open] h2:text("Version history")', SLOW);
          const versions = page.locator('dialog[open] .VersionList input[type="radio"]');
          await expect.poll(() => versions.count(), SLOW).toBe(3);
          await versions.nth(1).focus();
          await page.keyboard.press('Space');
          await page.waitForSelector(`dialog[open] .VersionView :text("${FIRST_TEXT}")`, SLOW);
          await shot(page, `moved-page-history-${width}`);
          await page.locator('dialog button', { hasText: 'Restore this version' }).click();
          await page.waitForSelector('dialog[open]', { state: 'detached', ...SLOW });
          await expect.poll(() => text.innerText(), SLOW).toContain(FIRST_TEXT);

          const shopper = await contexts.page(width);
          await shopper.page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
          await shopper.page.goto(`${storeUrl}/${slug}`);
          expect(await shopper.page.locator('main').innerText()).toContain(FIRST_TEXT);
          expect(await shopper.page.locator('main').innerText()).not.toContain(SECOND_TEXT);
          await shot(shopper.page, `moved-page-restored-${width}`);

          // A new URL slug for the product: its old link still leads to it.
          const newSlug = `journey-vase-renamed-${RUN}-${width}`;
          await openSection(page, 'Products');
          await page.locator('#products-search').fill(`Journey Vase ${RUN} ${width}`);
          await page.press('#products-search', 'Enter');
          await expect.poll(() => page.locator('tbody tr').count(), SLOW).toBe(1);
          await page.locator('tbody tr a', { hasText: `Journey Vase ${RUN} ${width}` }).click();
          await page.waitForSelector(`h1:text("Journey Vase ${RUN} ${width}")`, SLOW);
          await page.fill('#product-url', newSlug);
          await page.locator('.SaveBar button', { hasText: 'Save' }).click();
          await page.waitForSelector('.SaveBar :text("Saved")', SLOW);
          await openProduct(shopper.page, storeUrl, product.path);
          await shopper.page.waitForURL(`${storeUrl}/shop/p/${newSlug}`, SLOW);
          expect(await shopper.page.locator('main').innerText()).toContain('$42.00');
          await shot(shopper.page, `moved-product-${width}`);
          // A post's search engine listing, in the same panel as the product's: the shopper's tab reads it.
          await openSection(page, 'Blog posts');
          await page.locator('a', { hasText: postTitle }).click();
          await page.waitForSelector(`h1:text-is("${postTitle}")`, SLOW);
          await page.fill('#post-seo-title', POST_SEO_TITLE);
          await page.fill('#post-seo-description', 'Ash, iron and a long firing.');
          await expect.poll(() => page.locator('.SeoPreview-title').textContent()).toBe(POST_SEO_TITLE);
          await shot(page, `moved-post-seo-${width}`);
          expect(
            await saveOutcome(page, '.PostActions .SaveStatus', () =>
              page.getByRole('button', { name: 'Save', exact: true }).click(),
            ),
          ).toBe('Saved');
          await shopper.page.goto(`${storeUrl}/blog/${postSlug}`);
          expect(await shopper.page.title()).toMatch(new RegExp(`^${POST_SEO_TITLE} · `));
          expect(errors).toEqual([]);
          expect(shopper.errors).toEqual([]);
        } finally {
          await deleteProduct(contexts, storeUrl, product.id);
          await api.delete(`${storeUrl}/api/console/pages/${pageId}`, { headers });
          await api.delete(`${storeUrl}/api/console/posts/${postId}`, { headers });
        }
      });
    },
    JOURNEY_TIMEOUT,
  );
});
