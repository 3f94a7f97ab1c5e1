/**
 * What the local instalment information page says, per provider locale: how paying in four works,
 * in the locale's language. A real provider serves its own page; this one stands in for it in
 * development and tests, so its text reads as the provider's would.
 */
import type { InstalmentProvider } from './instalments';

export interface InstalmentInfoText {
  heading: string;
  steps: readonly string[];
  terms: string;
}

const ENGLISH = (brand: string, age: string): InstalmentInfoText => ({
  heading: `Pay in 4 interest-free payments with ${brand}`,
  steps: [
    `Choose ${brand} at checkout.`,
    'Pay the first of four equal payments today.',
    'The other three are taken from your card every two weeks.',
  ],
  terms: `No interest and no fees when you pay on time. You must be over ${age} and hold a debit or credit card issued in the country of your order. Late fees and eligibility criteria apply.`,
});

const FRENCH: InstalmentInfoText = {
  heading: 'Payez en 4 versements sans intérêts avec Afterpay',
  steps: [
    'Choisissez Afterpay au moment de payer.',
    'Payez aujourd’hui le premier de quatre versements égaux.',
    'Les trois autres sont prélevés sur votre carte toutes les deux semaines.',
  ],
  terms:
    'Aucun intérêt ni frais si vous payez à temps. Vous devez être majeur et détenir une carte de débit ou de crédit émise au Canada. Des frais de retard et des critères d’admissibilité s’appliquent.',
};

const TEXTS: Readonly<Record<InstalmentProvider, Readonly<Record<string, InstalmentInfoText>>>> = {
  afterpay: {
    en_US: ENGLISH('Afterpay', '18'),
    en_CA: ENGLISH('Afterpay', 'the age of majority'),
    fr_CA: FRENCH,
    en_AU: ENGLISH('Afterpay', '18'),
    en_NZ: ENGLISH('Afterpay', '18'),
  },
  clearpay: { en_GB: ENGLISH('Clearpay', '18') },
};

export function instalmentInfoText(provider: InstalmentProvider, locale: string): InstalmentInfoText | undefined {
  return TEXTS[provider][locale];
}
