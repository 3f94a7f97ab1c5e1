/** The account page's calls: the session, and calls made as the signed-in shopper (with the session's xsrf token). */
import { XSRF_HEADER } from '../../accounts/messages';
import type { Call } from '../../api/route';
import { storefrontRoutes as api } from '../../api/storefront';
import { apiCall } from '../api';

export interface AccountSession {
  authenticated: boolean;
  email?: string;
  xsrfToken?: string;
  language?: string | null;
  verified?: boolean;
}

export type SignedInSession = AccountSession & { authenticated: true; email: string; xsrfToken: string };

/** What each section of the account page is given (src/client/account/sections.ts lists them). */
export interface AccountSectionProps {
  session: SignedInSession;
}

/** A call of the account API (a route of src/api at its path), with the xsrf token when there is a session. */
export function accountCall({ method, path }: Call, body?: unknown, xsrf?: string): Promise<Response> {
  return apiCall(method, path, body, xsrf === undefined ? {} : { [XSRF_HEADER]: xsrf });
}

export async function readSession(): Promise<AccountSession> {
  return (await (await accountCall(api.accountSession.at())).json()) as AccountSession;
}

/** The server's per-field messages of a 400, if it sent any. */
export async function fieldErrors(res: Response): Promise<Record<string, string>> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { errors?: Record<string, string> } | null;
  return body?.errors ?? {};
}
