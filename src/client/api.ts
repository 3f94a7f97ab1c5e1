/** A JSON call to the store's API from the page: JSON in and out, and the crumb on every state change (CSRF). */
import { readCookie } from './cookies';

export function apiCall(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'X-CSRF-Token': readCookie('crumb') ?? '' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
