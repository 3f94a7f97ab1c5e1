/**
 * What a step that may refuse answers: the value, or a domain error code with the message the user reads.
 * The Durable Objects' methods and the site's edits (src/site/edits/edits.ts) answer it; a step that hands on
 * more than its value puts it beside the value (an edit's changed site, the content version an edit made), so
 * every caller asks `ok` and reads `value` alike. Neither chooses an HTTP status: the route that calls one maps
 * each code to a status.
 */
export type Done<T> = { ok: true; value: T };
export type Refused<E extends string> = { ok: false; error: E; message: string };
export type Result<T, E extends string> = Done<T> | Refused<E>;

export function refused<E extends string>(error: E, message: string): Refused<E> {
  return { ok: false, error, message };
}
