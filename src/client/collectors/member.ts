/**
 * The signed-in member analytics names (engine spec §3: the hit's member account id and locale, the older tracker's
 * `memberAccountId` and `member_locale`): the account id the `SiteUserInfo` cookie carries (spec §1), and the account's
 * language as the page's script read it (src/client/account-language.ts announces the read; census-events.ts).
 */
import { announcedAccountLanguage } from '../census-events';
import { readStoreCookie } from '../cookies';

/** How long a page view waits for the account's language before it is sent without it. */
const LOCALE_WAIT_MS = 1000;

/** The signed-in account's id, or null when nobody is signed in (or the cookie does not say who). */
export function memberAccountId(): string | null {
  const info = readStoreCookie('siteUserInfo');
  if (info === null) return null;
  try {
    const { authenticated, siteUserId } = JSON.parse(info) as { authenticated?: unknown; siteUserId?: unknown };
    return authenticated === true && typeof siteUserId === 'string' && siteUserId !== '' ? siteUserId : null;
  } catch {
    return null;
  }
}

/** The signed-in member with the account's language (null when the account chose none), or null when signed out. */
export async function currentMember(): Promise<{ accountId: string; locale: string | null } | null> {
  const accountId = memberAccountId();
  if (accountId === null) return null;
  const waited = new Promise<null>((resolve) => setTimeout(() => resolve(null), LOCALE_WAIT_MS));
  return { accountId, locale: await Promise.race([announcedAccountLanguage(), waited]) };
}
