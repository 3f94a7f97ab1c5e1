/**
 * Whom a shopper's email is written for: the language of the page they acted on (the checkout, the sign-up form), else
 * their account's, else the site's; its dates in the store's time zone (src/commerce/email-text.ts).
 */
import type { EmailLocale } from '../../commerce/email-text';
import type { Site } from '../../site/model/schema';

export function shopperEmailLocale(site: Site, ...choices: (string | null | undefined)[]): EmailLocale {
  const locale = choices.find((choice): choice is string => typeof choice === 'string' && choice !== '');
  return { locale: locale ?? site.website.language, timeZone: site.website.timeZone };
}
