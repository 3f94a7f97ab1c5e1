/**
 * Discovery on a product's page, for the visitor analytics (engine spec §7, RecordEvent): its
 * related products once their section comes into view (`related_product_display`), an add from
 * a related product's card (`click_and_add`), and the rating summary's link to the reviews
 * (`reviews_vitals_anchor_click`). The theme shows reviews as a section, not a tab, so no
 * `reviews_tab_click` is ever sent.
 */
import { recordCommerceEvent } from './commerce';
import type { PageInfo } from './page';

const RELATED = '.ProductItem-related';
const RELATED_CARD = `${RELATED} .ProductCard[data-item-id]`;
const ADD_BUTTON = '.sqs-add-to-cart-button';
const REVIEWS_ANCHOR = 'a.RatingSummary';

export function startDiscoveryEvents(page: PageInfo): void {
  if (page.itemId === null) return;
  const fields = { website_id: page.websiteId, page_id: page.itemId };
  const related = document.querySelector(RELATED);
  const itemIds = [...document.querySelectorAll(RELATED_CARD)]
    .map((card) => card.getAttribute('data-item-id') ?? '')
    .slice(0, 50);
  if (related !== null && itemIds.length > 0) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      seen.disconnect();
      recordCommerceEvent('related_product_display', { ...fields, item_ids: itemIds });
    });
    seen.observe(related);
  }
  document.addEventListener(
    'click',
    (event) => {
      const target = event.target as Element | null;
      if (target?.closest?.(REVIEWS_ANCHOR)) recordCommerceEvent('reviews_vitals_anchor_click', fields);
      const card = target?.closest?.(ADD_BUTTON)?.closest(RELATED_CARD);
      const itemId = card?.getAttribute('data-item-id');
      if (itemId) recordCommerceEvent('click_and_add', { ...fields, item_id: itemId });
    },
    { capture: true },
  );
}
