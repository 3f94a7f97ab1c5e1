/** The merchant signed in to the console: read from, and ended at, the merchant session (`api.merchantSession`). */
import { api } from '../api';
import type { ConsoleSession } from './sections';
import { consoleApi } from './ui/api';

export async function currentSession(): Promise<ConsoleSession | null> {
  const answer = await consoleApi(api.merchantSession.at());
  if (!answer.authenticated) return null;
  const { email, roles, roleNames, websiteId, can } = answer;
  return { email, roles, roleNames, websiteId, can };
}

export function signOut(): Promise<unknown> {
  return consoleApi(api.merchantSignOut.at(), {});
}
