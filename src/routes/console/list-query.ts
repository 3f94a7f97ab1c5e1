/**
 * The query parameters the console's paged lists share (orders, customers): the search text, checked
 * against the one search limit, and the keyset cursor. A bad value is a 400 with the same words everywhere.
 */
import type { Context } from 'hono';
import { SEARCH_MAX_LENGTH, SEARCH_TOO_LONG } from '../../commerce/order-search';
import { apiError, type AppEnv } from '../shared/http';

export const LIST_QUERY_MESSAGES = { badCursor: 'cursor is not valid', queryTooLong: SEARCH_TOO_LONG } as const;

export function searchQueryOf(c: Context<AppEnv>): string {
  const query = (c.req.query('q') ?? '').trim();
  if (query.length > SEARCH_MAX_LENGTH) apiError(400, SEARCH_TOO_LONG);
  return query;
}

export function cursorOf(c: Context<AppEnv>): number | null {
  const raw = c.req.query('cursor');
  if (raw === undefined || raw === '') return null;
  const cursor = Number(raw);
  if (!Number.isSafeInteger(cursor)) apiError(400, LIST_QUERY_MESSAGES.badCursor);
  return cursor;
}
