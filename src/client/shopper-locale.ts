/** The locale islands format money with: the signed-in account's language, else the site's. */
import { useEffect, useState } from 'react';
import { accountLanguage } from './account-language';

/**
 * The locale an island formats with: the site's while hydrating (as the server rendered it), then
 * the account's once known.
 */
export function useShopperLocale(siteLocale: string): string {
  const [locale, setLocale] = useState(siteLocale);
  useEffect(() => {
    let live = true;
    void accountLanguage().then((language) => {
      if (live && language !== null) setLocale(language);
    });
    return () => {
      live = false;
    };
  }, [siteLocale]);
  return locale;
}
