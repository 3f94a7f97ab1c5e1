/**
 * The header's English words, part of the page texts (en-page.ts): apart, so the page script that marks the signed-in
 * Account link (src/client/account-link.ts) carries its label without the page texts' other words.
 */
export const EN_HEADER = {
  'header.menu': 'Menu',
  'header.search': 'Search',
  'header.searchLabel': 'Search the store',
  'header.account': 'Account',
  'header.accountSignedIn': 'Account, signed in',
} as const;
