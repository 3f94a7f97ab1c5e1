/**
 * The console's store settings as edits of the site's shell (applied in the website's SiteContent
 * object like every edit): the store's details (the website's title and `storeDetails`), its
 * policies, the header's settings (its code left to the code-injection check), the footer's (its code kept as it
 * is) and the home popup.
 * Each answers `{ changed }` and leaves the site as it was when nothing changes.
 */
import type { EditResult } from './edits';
import type {
  FooterSettingsInput,
  HeaderSettingsInput,
  Policies,
  PopupSettingsInput,
  StoreDetails,
} from '../editor/store-settings';
import type { ShellInput } from '../model/schema';

export type StoreSettingsChange =
  | { part: 'details'; details: StoreDetails }
  | { part: 'policies'; policies: Policies }
  | { part: 'header'; header: Required<HeaderSettingsInput> }
  | { part: 'footer'; footer: Required<FooterSettingsInput> }
  | { part: 'popup'; popup: Required<PopupSettingsInput> };

/** The popup a store without one gets when the merchant first saves it (its newsletter sign-up's form id). */
export const NEW_POPUP_ID = 'promo-popup';

const EMPTY_POLICIES: Policies = { refund: '', privacy: '', terms: '' };

function changedShell(site: ShellInput, next: ShellInput): EditResult<{ changed: boolean }> {
  return JSON.stringify(next) === JSON.stringify(site)
    ? { ok: true, site, value: { changed: false } }
    : { ok: true, site: next, value: { changed: true } };
}

export function setStoreSettings(site: ShellInput, change: StoreSettingsChange): EditResult<{ changed: boolean }> {
  const details = site.storeDetails;
  switch (change.part) {
    case 'details': {
      const { name, ...rest } = change.details;
      return changedShell(site, {
        ...site,
        website: { ...site.website, siteTitle: name },
        storeDetails: { ...rest, policies: details?.policies ?? EMPTY_POLICIES },
      });
    }
    case 'policies':
      return changedShell(site, {
        ...site,
        storeDetails: {
          logo: details?.logo ?? null,
          contactEmail: details?.contactEmail ?? '',
          address: details?.address,
          policies: change.policies,
        },
      });
    case 'header':
      return changedShell(site, {
        ...site,
        header: { html: change.header.html, announcement: change.header.announcement, social: change.header.social },
      });
    case 'footer':
      return changedShell(site, {
        ...site,
        footer: { html: site.footer?.html ?? '', text: change.footer.text, links: change.footer.links },
      });
    case 'popup':
      return changedShell(site, {
        ...site,
        promoPopup: { delayMs: 1500, id: NEW_POPUP_ID, ...site.promoPopup, ...change.popup },
      });
  }
}
