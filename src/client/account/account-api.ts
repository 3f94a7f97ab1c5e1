/** The account page's calls: the session, and calls made as the signed-in shopper (with the session's xsrf token). */
import { XSRF_HEADER } from '../../accounts/messages';
import { apiCall } from '../api';

export const ACCOUNT_API = '/api/site-users/account';

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

/** A call under the account API, with the xsrf token when there is a session. */
export function accountCall(method: string, path: string, body?: unknown, xsrf?: string): Promise<Response> {
  return apiCall(method, `${ACCOUNT_API}${path}`, body, xsrf === undefined ? {} : { [XSRF_HEADER]: xsrf });
}

export async function readSession(): Promise<AccountSession> {
  return (await (await accountCall('GET', '/session')).json()) as AccountSession;
}

/** The server's per-field messages of a 400, if it sent any. */
export async function fieldErrors(res: Response): Promise<Record<string, string>> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { errors?: Record<string, string> } | null;
  return body?.errors ?? {};
}
