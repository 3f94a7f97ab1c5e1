/**
 * Quick add on a listing card (issue 32): Add To Cart on a product with options opens a small dialog
 * with its option selects (focus moved in and trapped, Escape or Cancel closes, focus back on the
 * card's button), the chosen variant's price, and its own Add to cart. The add is the cart's own
 * call; the cart pill's popover says it was added and the card's button says 'Added!' for 2 s.
 * A value no in-stock variant offers with the other choices is marked sold out, as on the product page.
 */
import { useEffect, useRef, useState } from 'react';
import { CART_ALERTS, checkoutUrl, unselectedOptionsMessage } from '../../commerce/cart';
import { formatMoney } from '../../commerce/money';
import { addButtonText, fill, merchantOr } from '../../commerce/storefront-text';
import { addSubscription, addToCart } from '../cart-api';
import { announceCart } from '../cart-events';
import { recordAddToCart } from '../collectors/cart-events';
import Dialog from '../components/Dialog';
import { asElement, navigateTo } from '../dom';
import { fieldValue } from '../field-value';
import type { Purchase } from './AddToCartButton';
import { ADDED_FOR_MS } from './AddToCartButton';
import { chosenVariant, isValueAvailable, type VariantChoice } from './VariantSelects';
import { useShopperLocale, useShopperText } from '../use-shopper-text';

export interface QuickAddProps {
  itemId: string;
  title: string;
  label: string;
  options: { name: string; values: string[] }[];
  variants: VariantChoice[];
  /** Each variant's price now, in minor units of the store currency, by sku. */
  prices: Record<string, number>;
  currency: string;
  locale: string;
  selectText: string;
  purchase: Exclude<Purchase, 'express'>;
}

type Chosen = Record<string, string>;

export default function QuickAdd({
  itemId,
  title,
  label,
  options,
  variants,
  prices,
  currency,
  locale: serverLocale,
  selectText,
  purchase,
}: QuickAddProps) {
  const locale = useShopperLocale(serverLocale);
  const [open, setOpen] = useState(false);
  const text = useShopperText();
  const [chosen, setChosen] = useState<Chosen>({});
  const [adding, setAdding] = useState(false);
  const [message, setMessage] = useState('');
  const [added, setAdded] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const selects = useRef(new Map<string, unknown>());
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const variant = chosenVariant(variants, options, chosen);
  const soldOut = variant !== null && !variant.available;
  const shownPrices = variant === null ? Object.values(prices) : [prices[variant.sku] ?? 0];
  const lowest = Math.min(...shownPrices);
  const lowestText = formatMoney(lowest, currency, locale);
  const price =
    shownPrices.length === 0
      ? ''
      : variant === null && shownPrices.some((p) => p !== lowest)
        ? fill(text['quickAdd.from'], { price: lowestText })
        : lowestText;
  const selectId = (name: string) => `quick-add-${itemId}-${name.replace(/\s+/g, '-')}`;

  const close = () => {
    setOpen(false);
    setMessage('');
  };

  const add = async () => {
    const missing = options.filter((option) => !chosen[option.name]).map((option) => option.name);
    if (variant === null || missing.length > 0) {
      setMessage(unselectedOptionsMessage(missing));
      asElement(selects.current.get(missing[0] ?? ''))?.focus();
      return;
    }
    setAdding(true);
    setMessage('');
    const request = { itemId, sku: variant.sku, quantity: 1, additionalFields: null };
    try {
      if (purchase === 'subscription') {
        const { cartToken } = await addSubscription(request, CART_ALERTS.addItem);
        navigateTo(checkoutUrl.subscription(cartToken));
        return;
      }
      const { shoppingCart, newlyAdded } = await addToCart(request, CART_ALERTS.addItem);
      recordAddToCart(shoppingCart, newlyAdded, 'plp', 1);
      close();
      setChosen({});
      announceCart(shoppingCart, true);
      setAdded(true);
      timer.current = setTimeout(() => setAdded(false), ADDED_FOR_MS);
    } catch (error) {
      setMessage(error instanceof Error ? error.message : CART_ALERTS.addItem);
    } finally {
      setAdding(false);
    }
  };

  return (
    <div className="sqs-add-to-cart-button-wrapper" data-place="plp">
      <button
        type="button"
        className={`sqs-add-to-cart-button sqs-button-element--primary${added ? ' cart-added' : ''}`}
        data-item-id={itemId}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <span className="sqs-add-to-cart-button-inner">
          {added ? text['product.added'] : addButtonText(label, text)}
        </span>
        <span className="visually-hidden">{fill(text['quickAdd.chooseFor'], { title })}</span>
      </button>
      <p className="AddToCart-status visually-hidden" role="status" aria-live="polite">
        {added ? fill(text['quickAdd.added'], { title }) : ''}
      </p>
      {open && (
        <Dialog title={title} className="QuickAdd" onClose={close}>
          <form
            className="QuickAdd-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void add();
            }}
          >
            <p className="QuickAdd-price">{price}</p>
            {options.map((option) => (
              <div className="variant-option" key={option.name}>
                <label className="variant-option-title" htmlFor={selectId(option.name)}>
                  {option.name}
                </label>
                <div className="variant-select-wrapper">
                  <select
                    id={selectId(option.name)}
                    ref={(element) => {
                      selects.current.set(option.name, element);
                    }}
                    value={chosen[option.name] ?? ''}
                    aria-invalid={message !== '' && !chosen[option.name] ? true : undefined}
                    onChange={(event) => {
                      setChosen({ ...chosen, [option.name]: fieldValue(event) });
                      setMessage('');
                    }}
                  >
                    <option value="">
                      {merchantOr(selectText, 'product.select', text).replace('{variantName}', option.name)}
                    </option>
                    {option.values.map((value) => {
                      const available = isValueAvailable(variants, chosen, option.name, value);
                      return (
                        <option key={value} value={value}>
                          {available ? value : fill(text['product.valueSoldOut'], { value })}
                        </option>
                      );
                    })}
                  </select>
                </div>
              </div>
            ))}
            <p className="QuickAdd-message" role="alert">
              {message}
            </p>
            <div className="Dialog-actions">
              <button type="button" className="Dialog-secondary" onClick={close}>
                {text['quickAdd.cancel']}
              </button>
              <button type="submit" disabled={adding || soldOut} aria-busy={adding}>
                {soldOut ? text['product.soldOut'] : adding ? text['product.adding'] : addButtonText(label, text)}
              </button>
            </div>
          </form>
        </Dialog>
      )}
    </div>
  );
}
