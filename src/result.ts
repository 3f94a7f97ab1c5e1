/**
 * What a step that may refuse answers: the value, or a domain error code with the message the user reads.
 * The Durable Objects' methods and the site's edits (src/site/edits/edits.ts) answer it;
 * neither chooses an HTTP status: the route that calls one maps each code to a status.
 */
export type Refused<E extends string> = { ok: false; error: E; message: string };
export type Result<T, E extends string> = { ok: true; value: T } | Refused<E>;

export function refused<E extends string>(error: E, message: string): Refused<E> {
  return { ok: false, error, message };
}
