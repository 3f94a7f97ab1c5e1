/** A BCP 47 language tag, as the site model and the storefront's calls accept one (a store's languages, the account's language, the page's language an email is written in). */
import { z } from 'zod';

export const languageTag = z
  .string()
  .min(2)
  .max(35)
  .refine((tag) => {
    try {
      return Intl.getCanonicalLocales(tag).length === 1;
    } catch {
      return false;
    }
  }, 'must be a BCP 47 language tag');
