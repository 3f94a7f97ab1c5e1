/** A JSON call to the store's API from the page: JSON in and out, and the crumb on every state change (CSRF). */
import { CART_MESSAGES } from '../commerce/cart';
import { crumb } from './crumb';

export async function apiCall(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(path, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(method === 'GET' ? {} : { 'X-CSRF-Token': await crumb() }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** What a failed call tells the shopper: the 429 message, the server's own message for other 4xx, else `fallback`. */
export function failureText(status: number, body: unknown, fallback: string): string {
  if (status === 429) return CART_MESSAGES.tryAgain;
  const error = (body as { error?: unknown } | null)?.error;
  return status < 500 && typeof error === 'string' ? error : fallback;
}

/** `failureText` of a response whose body has not been read. */
export async function responseFailure(res: Response, fallback: string): Promise<string> {
  return failureText(res.status, await res.json().catch(() => null), fallback);
}
