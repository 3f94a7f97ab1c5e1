/**
 * The token of an emailed link the account page was opened with (`/account?verify=…` or
 * `?reset=…`), taken out of the address bar at once so it is not kept in history or shared by copying the URL.
 */
import { pageQuery } from '../dom';

interface PageHistory {
  history?: { replaceState(data: unknown, unused: string, url: string): void };
  location?: { pathname: string };
}

export type LinkToken = { kind: 'verify' | 'reset'; token: string } | null;

export function takeLinkToken(): LinkToken {
  const query = pageQuery();
  const kind = query.has('verify') ? 'verify' : query.has('reset') ? 'reset' : null;
  if (kind === null) return null;
  const page = globalThis as unknown as PageHistory;
  page.history?.replaceState(null, '', page.location?.pathname ?? '/account');
  return { kind, token: query.get(kind) ?? '' };
}
