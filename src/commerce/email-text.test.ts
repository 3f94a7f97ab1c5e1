import { describe, expect, it, vi } from 'vitest';
import { emailText } from './email-text';
import { EMAIL_DE } from './email-text/de';
import { EMAIL_EN } from './email-text/en';
import { EMAIL_ES } from './email-text/es';
import { EMAIL_FR } from './email-text/fr';
import { verificationEmail } from '../accounts/emails';

const NEW_YORK = 'America/New_York';
// 2026-12-05 03:30 UTC: still the 4th in New York.
const LATE_EVENING = Date.UTC(2026, 11, 5, 3, 30);

describe('the email texts by language (issue 32, journey 8)', () => {
  it('has every text in French, German and Spanish, each with the places its English has', () => {
    for (const [language, texts] of Object.entries({ fr: EMAIL_FR, de: EMAIL_DE, es: EMAIL_ES })) {
      expect(Object.keys(texts).sort(), language).toEqual(Object.keys(EMAIL_EN).sort());
      for (const key of Object.keys(EMAIL_EN) as (keyof typeof EMAIL_EN)[]) {
        expect(texts[key], `${language} ${key}`).not.toBe('');
        const places = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
        expect(places(texts[key]), `${language} ${key}`).toEqual(places(EMAIL_EN[key]));
      }
    }
  });

  it('picks the texts by the locale’s language, English for a language it does not have', () => {
    const order = { order: 'Order #1001' };
    expect(emailText({ locale: 'fr-FR', timeZone: 'UTC' }).say('order.fulfilledSubject', order)).toBe(
      'Order #1001 expédiée',
    );
    expect(emailText({ locale: 'de-DE', timeZone: 'UTC' }).say('order.total', { amount: 'x' })).toBe('Gesamt: x');
    expect(emailText({ locale: 'ja-JP', timeZone: 'UTC' }).say('order.confirmedSubject', order)).toBe(
      'Order #1001 confirmed',
    );
  });

  it('writes money in the locale and dates in the store’s time zone, not UTC', () => {
    const fr = emailText({ locale: 'fr-FR', timeZone: NEW_YORK });
    expect(fr.money(7600, 'USD')).toBe('76,00\u00a0$US');
    expect(fr.date(LATE_EVENING)).toBe('vendredi 4 décembre 2026');
    expect(fr.dateTime(LATE_EVENING)).toBe('4 décembre 2026 à 22:30 UTC−5');
    const en = emailText({ locale: 'en-US', timeZone: NEW_YORK });
    expect(en.date(LATE_EVENING)).toBe('Friday, December 4, 2026');
    expect(en.dateTime(LATE_EVENING)).toBe('December 4, 2026 at 10:30 PM EST');
    // A zone the runtime does not know writes UTC rather than failing the email.
    expect(emailText({ locale: 'en-US', timeZone: 'Mars/Olympus' }).date(LATE_EVENING)).toBe(
      'Saturday, December 5, 2026',
    );
  });

  it('builds a date formatter once per locale and zone, not per email (the orders object writes them on its one thread)', () => {
    const write = () => {
      const text = emailText({ locale: 'es-ES', timeZone: 'Europe/Madrid' });
      return [text.date(LATE_EVENING), text.dateTime(LATE_EVENING)];
    };
    const first = write();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    try {
      for (let i = 0; i < 3; i++) expect(write()).toEqual(first);
      expect(built).not.toHaveBeenCalled();
    } finally {
      built.mockRestore();
    }
  });

  it('formats a minute once per locale and zone: the emails of a burst of orders reuse its text (issue 34)', () => {
    const text = emailText({ locale: 'de-DE', timeZone: NEW_YORK });
    const first = [text.date(LATE_EVENING), text.dateTime(LATE_EVENING)];
    // `format` is a getter giving the bound function: each use reads it once.
    const formatted = vi.spyOn(Intl.DateTimeFormat.prototype as { readonly format: unknown }, 'format', 'get');
    try {
      // Later in the same minute: the same words, not formatted again.
      for (let i = 0; i < 3; i++)
        expect([text.date(LATE_EVENING + 59_000), text.dateTime(LATE_EVENING + 1_000 * i)]).toEqual(first);
      expect(formatted).not.toHaveBeenCalled();
      // The next minute is written anew, in the store's zone.
      expect(text.dateTime(LATE_EVENING + 60_000)).toBe('4. Dezember 2026 um 22:31 GMT-5');
      expect(formatted).toHaveBeenCalledTimes(1);
    } finally {
      formatted.mockRestore();
    }
  });

  it('formats an amount once per locale and currency: an order’s lines and totals repeat the store’s prices (issue 34)', () => {
    const text = emailText({ locale: 'de-DE', timeZone: 'UTC' });
    const first = text.money(123_456, 'EUR');
    const formatted = vi.spyOn(Intl.NumberFormat.prototype as { readonly format: unknown }, 'format', 'get');
    try {
      for (let i = 0; i < 3; i++) expect(text.money(123_456, 'EUR')).toBe(first);
      expect(formatted).not.toHaveBeenCalled();
      expect(text.money(123_457, 'EUR')).toBe('1.234,57\u00a0€');
      expect(emailText({ locale: 'en-US', timeZone: 'UTC' }).money(123_456, 'EUR')).toBe('€1,234.56');
      expect(formatted).toHaveBeenCalledTimes(2);
    } finally {
      formatted.mockRestore();
    }
  });

  it('words a subscription’s terms as the storefront does, in the email’s language', () => {
    const plan = { billingPeriod: { value: 2, unit: 'WEEK' as const }, numBillingCycles: 0 };
    expect(emailText({ locale: 'en-US', timeZone: 'UTC' }).billing(plan)).toBe(
      'Billed every 2 weeks, until you cancel',
    );
    expect(emailText({ locale: 'fr-FR', timeZone: 'UTC' }).billing(plan)).toBe(
      'Facturé toutes les 2 semaines, jusqu’à résiliation',
    );
  });

  it('writes the account emails in the shopper’s language, the English as it was', () => {
    const link = 'https://shop.example/account?verify=abc';
    const en = verificationEmail('a@example.com', 'Studio Goods', link, { locale: 'en-US', timeZone: 'UTC' });
    expect(en.subject).toBe('Verify your email for Studio Goods');
    expect(en.text).toBe(
      `Welcome to Studio Goods.\n\nOpen this link to verify your email address:\n${link}\n\nThe link works once, for 24 hours. If you did not create an account, ignore this email.\n`,
    );
    const fr = verificationEmail('a@example.com', 'Studio Goods', link, { locale: 'fr-FR', timeZone: 'UTC' });
    expect(fr.subject).toBe('Confirmez votre adresse e-mail pour Studio Goods');
    expect(fr.text).toContain(`Ouvrez ce lien pour confirmer votre adresse e-mail :\n${link}\n`);
  });
});
