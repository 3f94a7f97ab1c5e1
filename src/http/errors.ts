/**
 * The one error a route answers with: `ApiError` carries the status and the body of docs/contracts.md
 * (`{ error, ...extra }`), and src/worker.ts's `onError` writes it. Routes throw it, never build an
 * error response themselves.
 */
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** API responses are JSON; an error is `{ "error": message }` (docs/contracts.md). */
export interface ErrorBody {
  error: string;
}

export type ErrorStatus = 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 429 | 500 | 502 | 503;

/** What an error answer carries beside its message: the spec's extra fields, and headers such as Retry-After. */
export interface ErrorOptions {
  extra?: Readonly<Record<string, unknown>>;
  headers?: Readonly<Record<string, string>>;
}

/** A refusal: `status` with `{ error: message, ...extra }` (extra fields where the spec has them: `errors`, `crumbFail`, …). */
export class ApiError extends HTTPException {
  readonly body: ErrorBody & Readonly<Record<string, unknown>>;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: ErrorStatus | ContentfulStatusCode, message: string, options: ErrorOptions = {}) {
    super(status, { message });
    this.body = { error: message, ...options.extra };
    this.headers = options.headers ?? {};
  }

  /** The answer on its own, for an app without the worker's `onError` (a route area tested alone): the same shape. */
  override getResponse(): Response {
    return Response.json(this.body, { status: this.status, headers: this.headers });
  }
}
