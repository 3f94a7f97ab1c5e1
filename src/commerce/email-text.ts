/**
 * The texts of the emails a shopper receives, in the language they used when the email was caused
 * (issue 32, journey 8): English, French, German and Spanish, English for any other. Apart from the
 * storefront catalogue (storefront-text.ts) because only the worker sends emails: the browser never loads these.
 */
import { formatMoney } from './money';
import { storefrontLanguage, type StorefrontLanguage } from './storefront-languages';
import { fill } from './storefront-text';
import { chargeDateText, SUBSCRIPTION_MESSAGES } from './subscriptions';

const EN = {
  'subscription.pausedSubject': 'Your subscription is paused',
  'subscription.paused': 'Your subscription to {title} is paused. You will not be charged until you resume it.',
  'subscription.resumedSubject': 'Your subscription is resumed',
  'subscription.resumed': 'Your subscription to {title} is active again. Next charge: {amount} on {date}.',
  'subscription.cancelledSubject': SUBSCRIPTION_MESSAGES.cancelledSubject,
  'subscription.cancelled': 'Your subscription to {title} is cancelled. You will not be charged again.',
} as const;

type EmailKey = keyof typeof EN;

const TEXTS: Readonly<Record<StorefrontLanguage, Readonly<Record<EmailKey, string>>>> = {
  en: EN,
  fr: {
    'subscription.pausedSubject': 'Votre abonnement est en pause',
    'subscription.paused':
      'Votre abonnement à {title} est en pause. Vous ne serez pas débité tant que vous ne l’aurez pas repris.',
    'subscription.resumedSubject': 'Votre abonnement a repris',
    'subscription.resumed':
      'Votre abonnement à {title} est de nouveau actif. Prochain prélèvement : {amount} le {date}.',
    'subscription.cancelledSubject': 'Votre abonnement est résilié',
    'subscription.cancelled': 'Votre abonnement à {title} est résilié. Vous ne serez plus débité.',
  },
  de: {
    'subscription.pausedSubject': 'Ihr Abonnement ist pausiert',
    'subscription.paused':
      'Ihr Abonnement für {title} ist pausiert. Bis Sie es fortsetzen, wird Ihnen nichts berechnet.',
    'subscription.resumedSubject': 'Ihr Abonnement läuft wieder',
    'subscription.resumed': 'Ihr Abonnement für {title} ist wieder aktiv. Nächste Abbuchung: {amount} am {date}.',
    'subscription.cancelledSubject': 'Ihr Abonnement ist gekündigt',
    'subscription.cancelled': 'Ihr Abonnement für {title} ist gekündigt. Ihnen wird nichts mehr berechnet.',
  },
  es: {
    'subscription.pausedSubject': 'Tu suscripción está en pausa',
    'subscription.paused': 'Tu suscripción a {title} está en pausa. No se te cobrará hasta que la reanudes.',
    'subscription.resumedSubject': 'Tu suscripción se ha reanudado',
    'subscription.resumed': 'Tu suscripción a {title} vuelve a estar activa. Próximo cobro: {amount} el {date}.',
    'subscription.cancelledSubject': 'Tu suscripción está cancelada',
    'subscription.cancelled': 'Tu suscripción a {title} está cancelada. No se te volverá a cobrar.',
  },
};

/** An email's texts in `locale`'s language: `say(key, values)` fills the `{name}` places; money and dates as that locale writes them. */
export function emailText(locale: string) {
  const texts = TEXTS[storefrontLanguage(locale)];
  return {
    say: (key: EmailKey, values: Readonly<Record<string, string>> = {}): string => fill(texts[key], values),
    money: (units: number, currency: string): string => formatMoney(units, currency, locale),
    date: (at: number): string => chargeDateText(at, locale),
  };
}
