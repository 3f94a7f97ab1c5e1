/** The merchant signed in to the console: read from, and ended at, /api/merchant/session. */
import type { ConsoleSession } from './sections';
import { consoleApi } from './ui/api';

export const MERCHANT_SESSION = '/api/merchant/session';

type SessionAnswer = ({ authenticated: true } & ConsoleSession) | { authenticated: false };

export async function currentSession(): Promise<ConsoleSession | null> {
  const answer = await consoleApi<SessionAnswer>('GET', MERCHANT_SESSION);
  if (!answer.authenticated) return null;
  const { email, roles, roleNames, websiteId, can } = answer;
  return { email, roles, roleNames, websiteId, can };
}

export function signOut(): Promise<unknown> {
  return consoleApi('DELETE', MERCHANT_SESSION, {});
}
