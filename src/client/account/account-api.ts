/** The account page's calls: the session, and calls made as the signed-in shopper (with the session's xsrf token). */
import { XSRF_HEADER } from '../../accounts/messages';
import type { AnswerOf, Call } from '../../api/route';
import { storefrontRoutes as api } from '../../api/storefront';
import { apiCall } from '../api';

export type AccountSession = AnswerOf<typeof api.accountSession>;

export type SignedInSession = Extract<AccountSession, { authenticated: true }>;

/** The xsrf token a signed-in session's calls send; none signed out. */
export function xsrfOf(session: AccountSession | null): string | undefined {
  return session?.authenticated === true ? session.xsrfToken : undefined;
}

/** What each section of the account page is given (src/client/account/sections.ts lists them). */
export interface AccountSectionProps {
  session: SignedInSession;
}

/** A response whose body, when it is `ok`, is the route's answer `A` (its own `json()` first, so a call reads that). */
export type Answered<A> = { json(): Promise<A> } & Response;

/** A call of the account API (a route of src/api at its path), sent the route's body type, with the xsrf token when there is a session. */
export function accountCall<A, B>(
  { method, path }: Call<A, B>,
  body?: NoInfer<B>,
  xsrf?: string,
): Promise<Answered<A>> {
  return apiCall(method, path, body, xsrf === undefined ? {} : { [XSRF_HEADER]: xsrf }) as Promise<Answered<A>>;
}

export async function readSession(): Promise<AccountSession> {
  return (await accountCall(api.accountSession.at())).json();
}

/** The server's per-field messages of a 400, if it sent any. */
export async function fieldErrors(res: Response): Promise<Record<string, string>> {
  const body = (await res
    .clone()
    .json()
    .catch(() => null)) as { errors?: Record<string, string> } | null;
  return body?.errors ?? {};
}
