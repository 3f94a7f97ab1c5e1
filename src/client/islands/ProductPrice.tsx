/**
 * A product page's price: the template's price block until a variant is chosen, then that
 * variant's price (its sale price beside the original when on sale) in the store currency, both in
 * the page's language (`useShopperLocale`; the template's block is rewritten by src/client/page-prices.ts). One
 * line either way, so the page does not shift. The SALE mark follows too: shown while the product
 * (before a choice) or the chosen variant is on sale.
 */
import { useEffect, useState } from 'react';
import { formatMoney } from '../../commerce/money';
import { merchantOr } from '../../commerce/storefront-text';
import { useShopperLocale, useShopperText } from '../use-shopper-text';
import { subscribeSelection } from '../selection';

export interface VariantPrice {
  /** Minor units of the store currency. */
  price: number;
  salePrice: number | null;
}

export interface ProductPriceProps {
  itemId: string;
  /** The price block as the template renders it for the whole product. */
  html: string;
  currency: string;
  locale: string;
  variants: Record<string, VariantPrice>;
  /** The store's sale mark ('sale'), shown while the product or the chosen variant is on sale; null for none. */
  saleMark: string | null;
}

function SaleMark({ text }: { text: string | null }) {
  const texts = useShopperText();
  return text === null ? null : <div className="product-mark sale">{merchantOr(text, 'product.sale', texts)}</div>;
}

export default function ProductPrice({
  itemId,
  html,
  currency,
  locale: serverLocale,
  variants,
  saleMark,
}: ProductPriceProps) {
  const locale = useShopperLocale(serverLocale);
  const texts = useShopperText();
  const [sku, setSku] = useState<string | null>(null);
  useEffect(() => subscribeSelection(itemId, (selection) => setSku(selection.variant)), [itemId]);
  const variant = sku === null ? undefined : variants[sku];
  if (variant === undefined) {
    return (
      <>
        <div className="ProductPrice" aria-live="polite" dangerouslySetInnerHTML={{ __html: html }} />
        <SaleMark text={saleMark} />
      </>
    );
  }
  const money = (units: number) => formatMoney(units, currency, locale);
  return (
    <>
      <div className="ProductPrice" aria-live="polite">
        <div className="product-price">
          {variant.salePrice === null ? (
            money(variant.price)
          ) : (
            <>
              <span className="visually-hidden">{texts['product.salePrice']}</span>
              {money(variant.salePrice)} <span className="visually-hidden">{texts['product.originalPrice']}</span>
              <span className="original-price">{money(variant.price)}</span>
            </>
          )}
        </div>
      </div>
      <SaleMark text={variant.salePrice === null ? null : saleMark} />
    </>
  );
}
