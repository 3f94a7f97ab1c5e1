/**
 * A JSON call to the store's API from the page, as `jsonRequest` (./request.ts) builds it. A call that can be sent
 * twice with one effect is sent once more when the network lost it or the store was unavailable for a moment (a
 * Durable Object resetting during a deploy answers 503, docs/contracts.md), so a blip is a short wait rather than
 * "Please try again".
 */
import { CART_MESSAGES } from '../commerce/cart';
import { jsonRequest } from './request';

/** Unavailable for now: the store's 503 and a gateway's 502 or 504 in front of it. */
const TRANSIENT = [502, 503, 504];

/** The wait before the one resend. */
export const RESEND_AFTER_MS = 1000;

export async function apiCall(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const send = async () => fetch(path, await jsonRequest(method, body, headers));
  // Sent twice, these have the effect of once: a read, a PUT (it sets what it names: a quantity, an address) and a POST
  // carrying an Idempotency-Key (an add to the cart, placing an order), which the store answers the same for the same key.
  if (method !== 'GET' && method !== 'PUT' && !('Idempotency-Key' in headers)) return send();
  const first = await send().catch(() => null);
  if (first !== null && !TRANSIENT.includes(first.status)) return first;
  await new Promise((resolve) => setTimeout(resolve, RESEND_AFTER_MS));
  return send();
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
