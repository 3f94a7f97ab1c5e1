import { describe, expect, it } from 'vitest';
import { CHECKOUT_MESSAGES } from './checkout-totals';
import { fill, languageName, merchantOr, STOREFRONT_LANGUAGES, storefrontLanguage } from './storefront-text';
import { EN } from './storefront-text/en';
import { EN_FORMS } from './storefront-text/en-forms';
import { EN_PAGE } from './storefront-text/en-page';
import { EN_PURCHASE } from './storefront-text/en-purchase';
import { EN_SYSTEM_PAGES } from './storefront-text/en-system-pages';
import { loadStorefrontText } from './storefront-text/load';
import { sayIn } from './storefront-text/say-in';
import { FORM_MESSAGES } from '../forms/validate';
import { subscriptionTerms } from './subscription-text';

describe('the storefront text catalogue (issue 32)', () => {
  it('has every text in every language, each with the places its English has', async () => {
    for (const language of STOREFRONT_LANGUAGES) {
      const text = await loadStorefrontText(language);
      for (const key of Object.keys(EN) as (keyof typeof EN)[]) {
        expect(text[key], `${language} ${key}`).not.toBe('');
        expect(text[key].match(/\{\w+\}/g) ?? [], `${language} ${key}`).toEqual(EN[key].match(/\{\w+\}/g) ?? []);
      }
    }
    expect((await loadStorefrontText('fr'))['product.addToCart']).toBe('Ajouter au panier');
  });

  it('keeps the page texts, the form texts, the purchase texts and the system pages apart, each key in one part', () => {
    const parts = [EN_PAGE, EN_FORMS, EN_PURCHASE, EN_SYSTEM_PAGES].map((part) => Object.keys(part));
    expect(parts.flat().length).toBe(Object.keys(EN).length);
  });

  it('has exactly the English keys in every language: none missing, none left over', async () => {
    const keys = Object.keys(EN).sort();
    for (const language of STOREFRONT_LANGUAGES) {
      const text = await loadStorefrontText(language);
      expect(Object.keys(text).sort(), language).toEqual(keys);
      for (const key of keys)
        expect(typeof (text as Record<string, unknown>)[key], `${language} ${key}`).toBe('string');
    }
  });

  it('translates the cart totals and the checkout, keeping the English the spec and the tests name', async () => {
    expect([EN['totals.subtotal'], EN['totals.total'], EN['cart.checkout'], EN['checkout.place']]).toEqual([
      'Subtotal',
      'Total',
      'Checkout',
      'Place order',
    ]);
    const fr = await loadStorefrontText('fr');
    expect([fr['totals.subtotal'], fr['cart.checkout'], fr['checkout.place'], fr['checkout.summary']]).toEqual([
      'Sous-total',
      'Passer au paiement',
      'Passer la commande',
      'Récapitulatif de la commande',
    ]);
    expect(fill(fr['checkout.placeAmount'], { amount: '$12.00' })).toBe('Passer la commande · $12.00');
  });

  it('says the checkout’s English messages in the shopper’s language, and a message it does not know as it is', async () => {
    const fr = await loadStorefrontText('fr');
    expect(CHECKOUT_MESSAGES.required).toBe('Required');
    expect(sayIn(fr, CHECKOUT_MESSAGES.required)).toBe('Obligatoire');
    expect(sayIn(fr, CHECKOUT_MESSAGES.formIncomplete)).toBe('Complétez ou corrigez les informations ci-dessus');
    expect(sayIn(EN, CHECKOUT_MESSAGES.formIncomplete)).toBe('Update the missing or invalid information above');
    expect(sayIn(fr, 'Your card was declined.')).toBe('Your card was declined.');
  });

  it('picks the language of a locale, English for one it does not have', () => {
    expect(storefrontLanguage('fr-FR')).toBe('fr');
    expect(storefrontLanguage('de_DE')).toBe('de');
    expect(storefrontLanguage('ja-JP')).toBe('en');
  });

  it('fills places, keeps a merchant’s own text and names languages in themselves', () => {
    expect(fill('Removed {title} from your cart.', { title: 'Mug' })).toBe('Removed Mug from your cart.');
    expect(merchantOr('Add To Cart', 'product.addToCart', { ...EN, 'product.addToCart': 'Ajouter au panier' })).toBe(
      'Ajouter au panier',
    );
    expect(merchantOr('Buy now', 'product.addToCart', { ...EN, 'product.addToCart': 'Ajouter au panier' })).toBe(
      'Buy now',
    );
    expect(languageName('fr-FR')).toBe('Français (France)');
    expect(languageName('de-DE')).toBe('Deutsch (Deutschland)');
    expect(languageName('es-ES')).toBe('Español de España');
  });

  it('says the spec’s form messages and a subscription’s terms in the page’s language', async () => {
    const fr = await loadStorefrontText('fr');
    expect(sayIn(fr, FORM_MESSAGES.email)).toBe(fr['form.email']);
    const weekly = { billingPeriod: { value: 1, unit: 'WEEK' as const }, numBillingCycles: 0 };
    expect(subscriptionTerms(EN, weekly, '$19.00')).toBe('$19.00 every week, until you cancel');
    expect(subscriptionTerms(fr, weekly, '19,00 $US')).toBe('19,00 $US chaque semaine, jusqu’à résiliation');
  });
});
