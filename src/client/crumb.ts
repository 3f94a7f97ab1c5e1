/**
 * The crumb a state-changing call echoes (CSRF double submit, docs/security.md). Store pages set no
 * cookie (every visitor gets the same cached bytes), so a visitor without one asks the worker for
 * it once per page, before the first call that needs it.
 */
import { CRUMB_PATH } from '../cookies';
import { readStoreCookie } from './cookies';

let asked: Promise<unknown> | null = null;

export async function crumb(): Promise<string> {
  const held = readStoreCookie('crumb');
  if (held !== null) return held;
  asked ??= fetch(CRUMB_PATH).catch(() => null);
  await asked;
  return readStoreCookie('crumb') ?? '';
}
