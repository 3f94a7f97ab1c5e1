/**
 * The one way the store's pages and the console build a call to the worker: JSON asked for, a body
 * sent as JSON, and the crumb on every state change (CSRF double submit, docs/security.md). Sending
 * it is the caller's: src/client/api.ts sends a blip's call once more, src/console/ui/api.ts does not.
 */
import { CSRF_HEADER } from '../cookies';
import { crumb } from './crumb';

/** For a call sent another way (the console's file uploads: progress needs XMLHttpRequest). */
export { CSRF_HEADER };

/** The request of a `method` call sending `body` (none when undefined) and `headers` (an Idempotency-Key) besides. */
export async function jsonRequest(
  method: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<RequestInit> {
  return {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { [CSRF_HEADER]: await crumb() }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  };
}
