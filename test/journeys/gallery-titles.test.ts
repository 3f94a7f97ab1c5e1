/**
 * Journey: the gallery's titles (engine spec §3, E28: show-meta, with its basic and title-only variants). The owner
 * opens Design → Gallery and picks what the store's product cards show beside each picture under Titles; after
 * Publish a shopper on /shop sees it. At 1366 px: the full title and price first, then 'Title only' (no price). At
 * 375 px: 'Basic' (the title and price as plain text: the title no longer bold, the price in the secondary colour).
 * A store of its own: the journey changes every product list of the store.
 * Screenshots in test-artifacts/journeys/gallery-titles-*.png.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { META_LABELS, type MetaShown } from '../../src/site/editor/gallery-options';
import { seriousViolations } from '../e2e/axe';
import { ACCOUNTS, JOURNEY_TIMEOUT, openSection, shot, signIn, SLOW, useContexts, useOwnStore } from './support';

const contexts = useContexts();
const store = useOwnStore();

/** The owner, at `width`, chooses `shown` under Design → Gallery → Titles and publishes it. */
async function publishTitles(width: number, shown: MetaShown): Promise<void> {
  const { page, errors } = await contexts.page(width);
  await signIn(page, store.url, ACCOUNTS.owner);
  await openSection(page, 'Design');
  await page.getByRole('tab', { name: 'Gallery' }).click();
  await page.getByLabel('Titles', { exact: true }).selectOption({ label: META_LABELS[shown] });
  await expect.poll(() => page.locator('.StatusLabel', { hasText: 'Unpublished changes' }).count(), SLOW).toBe(1);
  expect(await seriousViolations(page, `design gallery titles at ${width} px`)).toEqual([]);
  await page.getByRole('button', { name: 'Publish' }).click();
  // Exactly 'Published': 'Unpublished changes' also contains the word.
  await page.locator('.StatusLabel', { hasText: /^Published$/ }).waitFor(SLOW);
  await shot(page, `gallery-titles-console-${shown}-${width}`);
  expect(errors).toEqual([]);
}

interface Drawn {
  visible: boolean;
  weight: string;
  colour: string;
}

const drawn = async (locator: ReturnType<Page['locator']>): Promise<Drawn> => ({
  visible: await locator.isVisible(),
  ...(await locator.evaluate((e) => ({ weight: getComputedStyle(e).fontWeight, colour: getComputedStyle(e).color }))),
});

/** A shopper at `width` on /shop: the first product card's title and price as they are drawn. */
async function shopCard(width: number): Promise<{ page: Page; title: Drawn; price: Drawn }> {
  const { page } = await contexts.page(width);
  await page.context().addInitScript("localStorage.setItem('promo-popup:submitted', '1')");
  await page.goto(`${store.url}/shop`);
  const card = page.locator('.ProductList-grid .ProductCard').first();
  await card.waitFor(SLOW);
  return {
    page,
    title: await drawn(card.locator('.ProductCard-title')),
    price: await drawn(card.locator('.ProductCard-price')),
  };
}

describe('journey: the gallery titles the shopper sees', () => {
  it(
    "at 1366 px: the title and price by default, then 'Title only' drops the price",
    async () => {
      const before = await shopCard(1366);
      expect(before.title).toMatchObject({ visible: true, weight: '600' });
      expect(before.price).toMatchObject({ visible: true, colour: before.title.colour });
      await shot(before.page, 'gallery-titles-shop-full-1366');

      await publishTitles(1366, 'title-only');
      const after = await shopCard(1366);
      expect(after.title).toMatchObject({ visible: true, weight: '600' });
      expect(after.price.visible).toBe(false);
      await shot(after.page, 'gallery-titles-shop-title-only-1366');
    },
    JOURNEY_TIMEOUT,
  );

  it(
    "at 375 px: 'Basic' shows the title and price as plain text",
    async () => {
      await publishTitles(375, 'basic');
      const basic = await shopCard(375);
      expect(basic.title).toMatchObject({ visible: true, weight: '400' });
      expect(basic.price.visible).toBe(true);
      // The secondary text colour, where the full meta draws the price in the title's ink.
      expect(basic.price.colour).not.toBe(basic.title.colour);
      await shot(basic.page, 'gallery-titles-shop-basic-375');
      expect(await seriousViolations(basic.page, 'shop with basic titles at 375 px')).toEqual([]);
    },
    JOURNEY_TIMEOUT,
  );
});
