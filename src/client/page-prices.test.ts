import { describe, expect, it } from 'vitest';
import { formatMoney } from '../commerce/money';
import { DE } from '../commerce/storefront-text/de';
import { EN } from '../commerce/storefront-text/en';
import { FR } from '../commerce/storefront-text/fr';
import { engineWordsIn, pricesIn } from './page-prices';

describe('pricesIn', () => {
  it("rewrites the site's prices in the page's language with formatMoney, and leaves other text as it is", () => {
    expect(pricesIn('from $19.00', 'USD', 'en-US', 'fr-FR')).toBe(`from ${formatMoney(1900, 'USD', 'fr-FR')}`);
    expect(pricesIn('$1,234.50 <span class="original-price">$2,000.00</span>', 'USD', 'en-US', 'de-DE')).toBe(
      `${formatMoney(123450, 'USD', 'de-DE')} <span class="original-price">${formatMoney(200000, 'USD', 'de-DE')}</span>`,
    );
    expect(formatMoney(1900, 'USD', 'fr-FR')).toMatch(/^19,00\s\$US$/);
    // A French site's euros read back and written in English.
    expect(pricesIn(formatMoney(765000, 'EUR', 'fr-FR'), 'EUR', 'fr-FR', 'en-US')).toBe('€7,650.00');
    expect(pricesIn('¥3,200', 'JPY', 'en-US', 'es-ES')).toBe(formatMoney(3200, 'JPY', 'es-ES'));
    expect(pricesIn('12 items, size 40', 'USD', 'en-US', 'fr-FR')).toBe('12 items, size 40');
    expect(pricesIn('$19.00', 'USD', 'en-US', 'en-US')).toBe('$19.00');
  });
});

describe('engineWordsIn', () => {
  it("says the template engine's English words of a price block in the catalogue's, and leaves anything else", () => {
    const price = formatMoney(1900, 'USD', 'fr-FR');
    expect(engineWordsIn(`${price} every week`, FR)).toBe(`${price} chaque semaine`);
    expect(engineWordsIn(`from ${price} every 2 months`, FR)).toBe(`à partir de ${price} tous les 2 mois`);
    expect(engineWordsIn(`from ${price}`, FR)).toBe(`à partir de ${price}`);
    expect(engineWordsIn('Sale Price:', FR)).toBe('Prix soldé :');
    expect(engineWordsIn('Original Price:', DE)).toBe(DE['product.originalPrice']);
    expect(engineWordsIn('sale', FR)).toBe('promo');
    // A merchant's own wording is not the engine's English.
    expect(engineWordsIn('Only today', FR)).toBe('Only today');
    expect(engineWordsIn(`${price} every week`, EN)).toBe(`${price} every week`);
  });
});
