/**
 * A JSON call to the store's API from the page: JSON in and out, and the crumb on every state change (CSRF). A call
 * that can be sent twice with one effect is sent once more when the network lost it or the store was unavailable for
 * a moment (a Durable Object resetting during a deploy answers 503, docs/contracts.md), so a blip is a short wait
 * rather than "Please try again".
 */
import { CART_MESSAGES } from '../commerce/cart';
import { crumb } from './crumb';

/** Unavailable for now: the store's 503 (with Retry-After) and a gateway's 502 or 504 in front of it. */
const TRANSIENT = new Set([502, 503, 504]);

/** The wait before the one resend: Retry-After when it says less, so the shopper is never kept waiting long. */
export const RESEND_AFTER_MS = 1000;

/**
 * Sent twice, these have the effect of once: a read, a PUT (it sets what it names: a quantity, an address), and a
 * POST carrying an Idempotency-Key (placing an order), which the store answers the same for the same key.
 */
function resendable(method: string, headers: Record<string, string>): boolean {
  return (
    method === 'GET' ||
    method === 'PUT' ||
    Object.keys(headers).some((name) => name.toLowerCase() === 'idempotency-key')
  );
}

function resendDelay(res: Response | null): number {
  const seconds = Number(res?.headers.get('retry-after') ?? Number.NaN);
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds * 1000, RESEND_AFTER_MS) : RESEND_AFTER_MS;
}

export async function apiCall(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  const send = async () =>
    fetch(path, {
      method,
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(method === 'GET' ? {} : { 'X-CSRF-Token': await crumb() }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  if (!resendable(method, headers)) return send();
  let first: Response | null = null;
  try {
    first = await send();
    if (!TRANSIENT.has(first.status)) return first;
  } catch {
    // lost on the way: sent once more below
  }
  await new Promise((resolve) => setTimeout(resolve, resendDelay(first)));
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
