/**
 * The crumb a state-changing call echoes (CSRF double submit, docs/security.md). Store pages set no
 * cookie (every visitor gets the same cached bytes), so a page that finds none asks the worker for
 * one, once. A crumb that disappears later (cookies cleared) is not replaced: the call fails with
 * crumbFail and the shopper is told to reload, as the spec says.
 */
import { CRUMB_PATH } from '../cookies';
import { readStoreCookie } from './cookies';

let asked: Promise<unknown> | null = null;

export async function crumb(): Promise<string> {
  const held = readStoreCookie('crumb');
  asked ??= held !== null ? Promise.resolve() : fetch(CRUMB_PATH).catch(() => null);
  if (held !== null) return held;
  await asked;
  return readStoreCookie('crumb') ?? '';
}
