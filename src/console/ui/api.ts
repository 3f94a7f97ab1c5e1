/**
 * The console's one way to call the worker: the request `jsonRequest` builds (the storefront's too),
 * sent once (a failed save says so and is the merchant's to repeat), and every failure as an
 * `ApiError` with the server's message (and its per-field messages, when the call names the fields
 * at fault). A 401 also tells the shell, which shows the sign-in again.
 */
import type { Call } from '../../api';
import { jsonRequest } from '../../client/request';

export const API_MESSAGES = {
  network: 'Network error',
  server: 'Something went wrong',
} as const;

/** Fired on `window` when a call finds the merchant signed out. */
export const SIGNED_OUT_EVENT = 'console:signed-out';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

interface ErrorAnswer {
  error?: unknown;
  fields?: unknown;
}

function fieldsOf(value: unknown): Record<string, string> | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  const entries = Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string');
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

/** Makes `call` (a route of src/api at its path), sending `body` (and `headers`, e.g. an Idempotency-Key); answers what the route answers. */
export async function consoleApi<T, B = unknown>(
  { method, path }: Call<T, B>,
  body?: B,
  headers: Record<string, string> = {},
): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, await jsonRequest(method, body, headers));
  } catch {
    throw new ApiError(0, API_MESSAGES.network);
  }
  const answer = (await res.json().catch(() => null)) as unknown;
  if (res.ok) return answer as T;
  if (res.status === 401) window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  const { error, fields } = (answer ?? {}) as ErrorAnswer;
  const message = res.status < 500 && typeof error === 'string' ? error : API_MESSAGES.server;
  throw new ApiError(res.status, message, fieldsOf(fields));
}

/** What to show for any failure: an ApiError's message, else the generic one. */
export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : API_MESSAGES.server;
}
