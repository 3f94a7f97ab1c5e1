/**
 * The texts of the emails a shopper receives, in the language they used when the email was caused
 * (issue 32, journey 8): English (`email-text/en.ts`, which names the keys), French, German and Spanish,
 * English for any other. Apart from the storefront catalogue (storefront-text.ts) because only the worker sends
 * emails: the browser never loads these. Dates are written in the store's time zone, money in the shopper's locale.
 */
import { sendOnText } from './gift-cards';
import { formatMoney } from './money';
import type { SubscriptionPlan } from './subscriptions';
import { storefrontLanguage, type StorefrontLanguage } from './storefront-languages';
import { fill } from './storefront-text';
import { EMAIL_DE } from './email-text/de';
import { EMAIL_EN, type EmailKey, type EmailTexts } from './email-text/en';
import { EMAIL_ES } from './email-text/es';
import { EMAIL_FR } from './email-text/fr';
import { subscriptionBilling } from './subscription-text';
import { DE } from './storefront-text/de';
import { EN } from './storefront-text/en';
import { ES } from './storefront-text/es';
import { FR } from './storefront-text/fr';

export type { EmailKey } from './email-text/en';

const TEXTS: Readonly<Record<StorefrontLanguage, EmailTexts>> = {
  en: EMAIL_EN,
  fr: EMAIL_FR,
  de: EMAIL_DE,
  es: EMAIL_ES,
};
/** The storefront's own words the emails share (a subscription's terms), so a page and an email never word them apart. */
const STOREFRONT = { en: EN, fr: FR, de: DE, es: ES } as const;

/** Whom an email is written for: their locale (a BCP 47 tag: its language picks the texts) and the store's time zone. */
export interface EmailLocale {
  locale: string;
  timeZone: string;
}

/** An email written before the shopper's language was kept (an older order): the site's default as it was, English in UTC. */
export const FORMER_EMAIL_LOCALE: EmailLocale = { locale: 'en-US', timeZone: 'UTC' };

/** The store's time zone when it is one the runtime knows, else UTC (a date is never refused for its zone). */
function knownZone(timeZone: string): string {
  let known = knownZones.get(timeZone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      known = timeZone;
    } catch {
      known = 'UTC';
    }
    knownZones.set(timeZone, known);
  }
  return known;
}

const knownZones = new Map<string, string>();

const MOMENT: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/** A date formatter with the texts it wrote, by the minute: the finest a day or a moment is written to. */
interface KeptDateFormat {
  format: Intl.DateTimeFormat;
  byMinute: Map<number, string>;
}

/**
 * A date's formatter for a locale and zone, kept: building one costs far more than formatting with it, and the orders
 * object writes a placed order's emails on its one thread (as money.ts keeps its number formats).
 */
function dateFormat(locale: string, timeZone: string, moment: boolean): KeptDateFormat {
  const key = `${locale}|${timeZone}|${moment}`;
  let kept = dateFormats.get(key);
  if (kept === undefined) {
    const format = new Intl.DateTimeFormat(locale, moment ? { ...MOMENT, timeZone } : { dateStyle: 'full', timeZone });
    kept = { format, byMinute: new Map() };
    dateFormats.set(key, kept);
  }
  return kept;
}

const dateFormats = new Map<string, KeptDateFormat>();
/** Minutes written kept per formatter (a burst of orders shares its placing minute and its links' end). */
const MINUTES_KEPT = 64;

/**
 * `at` written by `kept`, formatted once a minute: formatting a moment costs more than the rest of a confirmation's
 * text, and every time zone in use is a whole number of minutes off UTC, so a minute is written the same throughout.
 */
function writtenAt(kept: KeptDateFormat, at: number): string {
  const minute = Math.floor(at / 60_000);
  let text = kept.byMinute.get(minute);
  if (text === undefined) {
    text = kept.format.format(at);
    if (kept.byMinute.size >= MINUTES_KEPT) kept.byMinute.clear();
    kept.byMinute.set(minute, text);
  }
  return text;
}

const moneyTexts = new Map<string, string>();
/** Amounts written kept (a store's prices and totals repeat from order to order). */
const AMOUNTS_KEPT = 1_024;

/** formatMoney's text, kept by locale, currency and amount: formatting costs more than the whole line it is written in. */
function writtenMoney(units: number, currency: string, locale: string): string {
  const key = `${locale}|${currency}|${units}`;
  let text = moneyTexts.get(key);
  if (text === undefined) {
    text = formatMoney(units, currency, locale);
    if (moneyTexts.size >= AMOUNTS_KEPT) moneyTexts.clear();
    moneyTexts.set(key, text);
  }
  return text;
}

/**
 * An email's texts for `to`: `say(key, values)` fills the `{name}` places; money as its locale writes it; `date` a day
 * ('Friday, December 4, 2026'), `dateTime` a moment ('December 4, 2026 at 9:05 AM EST'), both in the store's time zone;
 * `day` a calendar day the shopper chose ('2026-12-04', a gift card's send date) in the same words.
 */
export function emailText(to: EmailLocale) {
  const language = storefrontLanguage(to.locale);
  const texts = TEXTS[language];
  const timeZone = knownZone(to.timeZone);
  const say = (key: EmailKey, values: Readonly<Record<string, string | number>> = {}): string =>
    fill(texts[key], values);
  return {
    /** The language the email is in (`<html lang>` of its page in the development mailbox): the locale, or English when it has no texts of its own. */
    lang: to.locale.split('-')[0]?.toLowerCase() === language ? to.locale : 'en',
    say,
    money: (units: number, currency: string): string => writtenMoney(units, currency, to.locale),
    date: (at: number): string => writtenAt(dateFormat(to.locale, timeZone, false), at),
    dateTime: (at: number): string => writtenAt(dateFormat(to.locale, timeZone, true), at),
    day: (day: string): string => sendOnText(day, to.locale),
    /** 'Billed every week, until you cancel' in the email's language. */
    billing: (plan: SubscriptionPlan): string => subscriptionBilling(STOREFRONT[language], plan),
  };
}

export type EmailText = ReturnType<typeof emailText>;
